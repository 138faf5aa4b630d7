/**
 * Test fixture: a Broker stand-in that journals request `crash` and kills
 * itself with SIGKILL at `point`: `before-begin`, `after-begin`,
 * `after-dispatch` or `after-complete`.
 *
 * @module
 */
import { Journal } from "./journal.ts";
import { sampleIntent } from "./_testing.ts";

const [path, point] = Deno.args;
const die = (at: string) => {
  if (point === at) Deno.kill(Deno.pid, "SIGKILL");
};
const journal = Journal.open(path);
die("before-begin");
const decision = journal.begin(sampleIntent("crash"));
if (decision.kind !== "new") throw new Error(`expected a new entry, got ${decision.kind}`);
die("after-begin");
journal.markDispatched(decision.entryId);
die("after-dispatch");
journal.complete(decision.entryId, { status: "verified", result: { requestId: "crash" } });
die("after-complete");
throw new Error(`unknown crash point ${point}`);
