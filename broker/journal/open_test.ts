import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { Journal } from "./journal.ts";
import { JournalOpenError } from "./open_error.ts";
import { readAudit } from "./audit_view.ts";
import { runOnce } from "./_run_once.ts";
import { tempJournal } from "./_testing.ts";

const holder = new URL("./_lock_holder.ts", import.meta.url).pathname;

function openError(run: () => unknown): JournalOpenError {
  try {
    run();
  } catch (error) {
    if (error instanceof JournalOpenError) return error;
    throw error;
  }
  throw new Error("expected a JournalOpenError");
}

/** Run `test` while a child process holds `path` in `mode`. */
async function whileHeld(mode: "journal" | "sqlite", path: string, test: () => void) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", holder, mode, path],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const { value } = await reader.read();
    assert.match(value ?? "", /holding/);
    test();
  } finally {
    await child.stdin.close();
    reader.releaseLock();
    await child.stdout.cancel().catch(() => {});
    assert.equal((await child.status).code, 0);
  }
}

Deno.test("a file of random bytes is refused as not a SQLite database and left untouched", async () => {
  const { dir, path } = await tempJournal();
  const garbage = crypto.getRandomValues(new Uint8Array(8192));
  await Deno.writeFile(path, garbage);
  const error = openError(() => Journal.open(path));
  assert.equal(error.problem, "not-a-database");
  assert.equal(error.message, `Cannot open journal ${path}: the file is not a SQLite database`);
  assert.deepEqual(await Deno.readFile(path), garbage);
  assert.equal(openError(() => readAudit(path, 10)).problem, "not-a-database");
  assert.deepEqual(await Deno.readFile(path), garbage);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a journal with damaged pages is refused as corrupted and left untouched", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  for (let i = 0; i < 200; i++) runOnce(journal, `r${i}`);
  journal.close();
  const bytes = await Deno.readFile(path);
  const pageSize = 4096;
  assert.ok(bytes.length > 3 * pageSize);
  bytes.fill(0xa5, pageSize, 3 * pageSize);
  await Deno.writeFile(path, bytes);
  const error = openError(() => Journal.open(path));
  assert.equal(error.problem, "corrupted");
  assert.match(error.message, /^Cannot open journal .*: the database file is corrupted/);
  assert.deepEqual(await Deno.readFile(path), bytes);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a journal another Broker has open is refused as locked", async () => {
  const { dir, path } = await tempJournal();
  Journal.open(path).close();
  await whileHeld("journal", path, () => {
    const error = openError(() => Journal.open(path));
    assert.equal(error.problem, "locked");
    assert.match(error.message, /^Cannot open journal .*: it is locked by another process/);
  });
  Journal.open(path).close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a journal whose SQLite lock another process holds is refused as locked, not lost", async () => {
  const { dir, path } = await tempJournal();
  const first = Journal.open(path);
  runOnce(first, "kept");
  first.close();
  await whileHeld("sqlite", path, () => {
    const error = openError(() => Journal.open(path, { busyTimeoutMs: 50 }));
    assert.equal(error.problem, "locked");
    assert.equal(error.message, `Cannot open journal ${path}: it is locked by another process`);
  });
  const again = Journal.open(path);
  assert.equal(again.begin(runOnce.intent("kept")).kind, "recovery-required");
  again.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a journal from a newer schema is refused, not downgraded", async () => {
  const { dir, path } = await tempJournal();
  Journal.open(path).close();
  const db = new DatabaseSync(path);
  db.exec("PRAGMA user_version = 99");
  db.close();
  const error = openError(() => Journal.open(path));
  assert.equal(error.problem, "newer-schema");
  assert.match(error.message, /schema version 99; this build knows up to 1/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("reading a journal that does not exist says so and creates nothing", async () => {
  const { dir, path } = await tempJournal();
  assert.equal(openError(() => readAudit(path, 10)).problem, "missing");
  assert.deepEqual([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});
