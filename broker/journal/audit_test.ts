import assert from "node:assert/strict";
import { dirname } from "node:path";
import { connectionJournalScope, Journal } from "./mod.ts";
import { readAudit } from "./audit_view.ts";
import { runJournal } from "./audit.ts";
import { summarizeAction } from "./summary.ts";
import { sampleIntent, tempJournal } from "./_testing.ts";

const cli = new URL("./_journal_cli.ts", import.meta.url).pathname;
const password = "hunter2-correct-horse";

/**
 * A short demo session: a fill, a click, a click that took the page off its
 * origin, a stale click, a running one and a legacy client's.
 */
function demoSession(journal: Journal): void {
  const fill = journal.begin(sampleIntent("fill-1", {
    clientName: "codex",
    action: summarizeAction({ kind: "fill", ref: "e3", text: password }, { name: "Password" }),
  }));
  assert.equal(fill.kind, "new");
  if (fill.kind !== "new") return;
  journal.markDispatched(fill.entryId);
  journal.complete(fill.entryId, { status: "verified", result: { typed: password } });

  const click = journal.begin(sampleIntent("click-1", { clientName: "codex" }));
  if (click.kind !== "new") return;
  journal.markDispatched(click.entryId);
  journal.complete(click.entryId, { status: "unverified", result: null });

  const away = journal.begin(sampleIntent("click-4"));
  if (away.kind !== "new") return;
  journal.markDispatched(away.entryId);
  journal.complete(away.entryId, { status: "uncertain", result: null }, {
    answer: "ORIGIN_CHANGED",
  });

  const stale = journal.begin(sampleIntent("click-2"));
  if (stale.kind !== "new") return;
  journal.fail(stale.entryId, "STALE_TARGET", { dispatched: false });

  const running = journal.begin(sampleIntent("click-3"));
  if (running.kind === "new") journal.markDispatched(running.entryId);

  journal.begin(sampleIntent("legacy-1", { journalScope: connectionJournalScope("conn-9") }));
}

async function captured(run: () => Promise<number>): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...parts: unknown[]) => lines.push(parts.join(" "));
  try {
    const code = await run();
    return { code, out: lines.join("\n") };
  } finally {
    console.log = log;
  }
}

Deno.test("the audit lists who did what where and how it ended, never the typed text", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  demoSession(journal);
  journal.close();
  Journal.open(path).close(); // a Broker restarted
  const { code, out } = await captured(() => runJournal(["--state-dir", dirname(path)]));
  assert.equal(code, 0);
  assert.match(out, /TIME +CLIENT +WHERE +ACTION +OUTCOME/);
  assert.match(
    out,
    /aaaaaaaa \(codex\) +chrome-1 tab 7 https:\/\/shop\.example +fill e3 "Password" \(21 characters\) +verified/,
  );
  assert.match(out, /click e12 "Submit" +unverified/);
  assert.match(out, /failed STALE_TARGET \(nothing dispatched\)/);
  assert.match(out, /uncertain, then the page left the leased origin \(ORIGIN_CHANGED\)/);
  assert.match(out, /uncertain \(no outcome recorded; Broker restarted; input was dispatched\)/);
  assert.match(out, /connection-local .* nothing was dispatched\)/);
  assert.ok(!out.includes(password), "typed text never reaches the audit");
  const onDisk = new TextDecoder().decode(await Deno.readFile(path));
  assert.ok(onDisk.includes("Password"), "the file holds the summary");
  assert.ok(!onDisk.includes(password), "but neither the typed text nor the cached result");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("leash journal --json prints records, oldest first, limited", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  demoSession(journal);
  journal.close();
  const { out } = await captured(() =>
    runJournal(["--state-dir", dirname(path), "--json", "--limit", "3"])
  );
  const parsed: unknown = JSON.parse(out);
  assert.ok(typeof parsed === "object" && parsed !== null && "entries" in parsed);
  const records = readAudit(path, 3);
  assert.deepEqual(parsed, { journal: path, entries: records });
  assert.deepEqual(records.map((record) => record.outcome), ["failed", null, null]);
  assert.equal(records[0].code, "STALE_TARGET");
  assert.equal(records[2].client, "connection-local");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("leash journal reads with read permission only while a Broker writes", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  try {
    demoSession(journal);
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", `--allow-read=${dir}`, cli, "--state-dir", dir, "--json"],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const printed = new TextDecoder().decode(stdout);
    assert.match(printed, /"summary": "pending \(no outcome recorded yet; input was dispatched\)"/);
    assert.match(printed, /"client": "connection-local"/);
    // The writer is unaffected and keeps its fences.
    assert.equal(journal.begin(sampleIntent("click-3")).kind, "in-progress");
  } finally {
    journal.close();
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("leash journal without a journal says so; bad arguments are usage errors", async () => {
  const { dir } = await tempJournal();
  const { code, out } = await captured(() => runJournal(["--state-dir", dir]));
  assert.equal(code, 0);
  assert.match(out, /no actions recorded yet/);
  await assert.rejects(runJournal(["--limit", "0"]), /Cannot use --limit 0/);
  await assert.rejects(runJournal(["--bogus"]), /bogus/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the audit cleans terminal escapes a page put into an element name", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path);
  journal.begin(sampleIntent("r1", {
    action: summarizeAction({ kind: "click", ref: "e1" }, { name: "Buy\u001b]0;pwned\u0007 now" }),
  }));
  journal.close();
  const [record] = readAudit(path, 1);
  assert.equal(record.action.description, '"Buy ]0;pwned now"');
  await Deno.remove(dir, { recursive: true });
});
