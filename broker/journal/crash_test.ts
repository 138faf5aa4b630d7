import assert from "node:assert/strict";
import { Journal } from "./journal.ts";
import { readAudit } from "./audit_view.ts";
import { sampleIntent, tempJournal } from "./_testing.ts";

const child = new URL("./_crash_child.ts", import.meta.url).pathname;

/** Run the crash fixture until it kills itself at `point`. */
async function crashAt(path: string, point: string): Promise<void> {
  const { code, signal, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", child, path, point],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(
    signal,
    "SIGKILL",
    `the child exited with ${code}: ${new TextDecoder().decode(stderr)}`,
  );
}

const cases = [
  { point: "before-begin", expected: "new", dispatched: undefined },
  { point: "after-begin", expected: "uncertain", dispatched: false },
  { point: "after-dispatch", expected: "uncertain", dispatched: true },
  { point: "after-complete", expected: "recovery-required", dispatched: true },
] as const;

for (const { point, expected, dispatched } of cases) {
  Deno.test(`a Broker killed ${point.replace("-", " ")} answers an exact retry with ${expected}`, async () => {
    const { dir, path } = await tempJournal();
    await crashAt(path, point);

    const audit = readAudit(path, 10);
    const journal = Journal.open(path);
    try {
      const retry = journal.begin(sampleIntent("crash"));
      assert.equal(retry.kind, expected);
      if (retry.kind === "uncertain" || retry.kind === "recovery-required") {
        assert.equal(retry.meta.dispatched, dispatched);
      }
      if (retry.kind === "uncertain") assert.notEqual(retry.meta.recoveredAt, null);
      assert.equal(journal.recovered, expected === "uncertain" ? 1 : 0);
      assert.equal(
        journal.begin(sampleIntent("crash", { documentEpoch: "other" })).kind,
        "conflict",
      );
    } finally {
      journal.close();
    }
    // Before a Broker restarts, the audit shows the intent with no outcome; after, as restarted.
    if (expected === "uncertain") {
      assert.match(audit[0].summary, /^pending/);
      const [after] = readAudit(path, 10);
      assert.equal(after.restarted, true);
      assert.equal(after.dispatched, dispatched);
      assert.match(after.summary, /^uncertain \(no outcome recorded; Broker restarted/);
    }
    await Deno.remove(dir, { recursive: true });
  });
}
