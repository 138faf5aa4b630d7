import assert from "node:assert/strict";
import type { ActResult, BatchResult } from "../../contracts/methods/mod.ts";
import { formatBatch } from "./format_batch.ts";

function step(status: ActResult["status"], documentChanged = false): ActResult {
  return {
    requestId: "batch:0",
    status,
    documentChanged,
    documentEpoch: documentChanged ? "d2" : "d1",
    observation: null,
  };
}

Deno.test("a verified plan lists every step on one line, then the plan's observation", () => {
  const result: BatchResult = {
    requestId: "p1",
    status: "verified",
    completed: 2,
    skipped: 0,
    steps: [step("verified"), step("verified")],
  };
  assert.equal(
    formatBatch(result, 2, { requestId: "p1", documentEpoch: "d1" }),
    "batch verified  2/2 steps  requestId: p1\nsteps: 1 verified, 2 verified\n" +
      "(no observation came back; observe to see the page)",
  );
});

Deno.test("a plan stopped by a document change names it, and the skipped steps", () => {
  const result: BatchResult = {
    requestId: "leash-x",
    status: "verified",
    completed: 3,
    skipped: 2,
    steps: [step("verified"), step("verified"), step("verified", true)],
    stop: { index: 2, reason: "document-changed" },
  };
  const text = formatBatch(result, 5, { documentEpoch: "d1" });
  assert.equal(
    text.split("\n").slice(0, 3).join("\n"),
    "batch verified  3/5 steps  epoch: d2\n" +
      "steps: 1 verified, 2 verified, 3 verified (document changed), 4 skipped, 5 skipped\n" +
      "stopped at step 3: the document changed; steps 4–5 skipped (never run, never resumed)",
  );
});

Deno.test("a denied or failed step is named, with the code and whether input was sent", () => {
  const denied: BatchResult = {
    requestId: "p",
    status: "unverified",
    completed: 1,
    skipped: 2,
    steps: [step("verified")],
    stop: { index: 1, reason: "denied" },
  };
  assert.match(
    formatBatch(denied, 3, { documentEpoch: "d1" }),
    /\nsteps: 1 verified, 2 denied, 3 skipped\nstopped at step 2: its approval was refused; steps 2–3 skipped/,
  );
  const failed: BatchResult = {
    requestId: "p",
    status: "uncertain",
    completed: 0,
    skipped: 1,
    steps: [],
    stop: { index: 0, reason: "failed", code: "TIMEOUT", dispatched: true },
  };
  assert.equal(
    formatBatch(failed, 2, { documentEpoch: "d1" }),
    "batch uncertain  0/2 steps  requestId: p (retry only with this ID)\n" +
      "steps: 1 failed TIMEOUT, 2 skipped\n" +
      "stopped at step 1: it failed TIMEOUT after input was sent; step 2 skipped (never run, never resumed)",
  );
});
