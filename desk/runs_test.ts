import assert from "node:assert/strict";
import { webAgentLimits } from "../contracts/desk/limits.ts";
import { maxRunsPerConnection, RunTable } from "./runs.ts";

Deno.test("a run idle for exactly its limit lives; one millisecond more and it is over", () => {
  const runs = new RunTable();
  const run = runs.start("workspace-context", "ws_000000000001", 0);
  assert.ok(run !== undefined);
  assert.equal(runs.get(run.id, webAgentLimits.idleMs)?.id, run.id);
  assert.equal(runs.get(run.id, webAgentLimits.idleMs + 1), undefined);
  // Gone for good: time going back does not bring it back.
  assert.equal(runs.get(run.id, 0), undefined);
});

Deno.test("run IDs are minted by the host, never reused, and a connection holds a bounded number", () => {
  const runs = new RunTable();
  const ids = new Set<string>();
  for (let index = 0; index < maxRunsPerConnection; index++) {
    const run = runs.start("browser-only", undefined, 0);
    assert.ok(run !== undefined);
    ids.add(run.id);
  }
  assert.equal(ids.size, maxRunsPerConnection);
  assert.equal(runs.start("browser-only", undefined, 0), undefined);
  const [first] = ids;
  assert.equal(runs.stop(first), true);
  assert.equal(runs.stop(first), false);
  assert.ok(runs.start("browser-only", undefined, 0) !== undefined);
});
