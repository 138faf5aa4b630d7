import assert from "node:assert/strict";
import type { BatchStep } from "../../contracts/methods/mod.ts";
import { ApprovalBook } from "./batch.ts";

const steps: BatchStep[] = [
  { action: { kind: "click", ref: "e1" } },
  { action: { kind: "fill", ref: "e2", text: "Ada" } },
  { action: { kind: "click", ref: "e3" } },
];

Deno.test("approvals are answered strictly in order, from the client's own copy of the plan", async () => {
  const book = new ApprovalBook();
  const shown: unknown[] = [];
  const plan = structuredClone(steps);
  const { approvalId, end } = book.open(plan, ({ index, step, total }) => {
    shown.push({ index, step, total });
    return true;
  });
  // A later change to the caller's array changes nothing that is approved.
  plan[1] = { action: { kind: "navigate", url: "https://evil.example/" } };
  assert.deepEqual(await book.answer({ approvalId, index: 0 }), { allowed: true });
  assert.deepEqual(await book.answer({ approvalId, index: 1 }), { allowed: true });
  assert.deepEqual(shown, [
    { index: 0, step: steps[0], total: 3 },
    { index: 1, step: steps[1], total: 3 },
  ]);
  end();
  // Once the call settled, its context is gone.
  assert.deepEqual(await book.answer({ approvalId, index: 2 }), { allowed: false });
});

Deno.test("a stale or skipped index is refused without asking, and spends the plan", async () => {
  for (const wrong of [0, 2]) {
    const book = new ApprovalBook();
    let asked = 0;
    const { approvalId } = book.open(steps, () => ++asked > 0);
    assert.deepEqual(await book.answer({ approvalId, index: 0 }), { allowed: true });
    assert.deepEqual(await book.answer({ approvalId, index: wrong }), { allowed: false });
    // The right index afterwards is refused too: the plan ended.
    assert.deepEqual(await book.answer({ approvalId, index: 1 }), { allowed: false });
    assert.equal(asked, 1);
  }
});

Deno.test("another connection's approval ID is refused, and so is an index past the plan", async () => {
  const mine = new ApprovalBook();
  const theirs = new ApprovalBook();
  const { approvalId } = mine.open(steps.slice(0, 1), () => true);
  assert.deepEqual(await theirs.answer({ approvalId, index: 0 }), { allowed: false });
  assert.deepEqual(await mine.answer({ approvalId, index: 0 }), { allowed: true });
  assert.deepEqual(await mine.answer({ approvalId, index: 1 }), { allowed: false });
});

Deno.test("a callback that throws or answers anything but true denies the step", async () => {
  const book = new ApprovalBook();
  const first = book.open(steps, () => {
    throw new Error("no");
  });
  assert.deepEqual(await book.answer({ approvalId: first.approvalId, index: 0 }), {
    allowed: false,
  });
  const second = book.open(steps, () => "yes" as unknown as boolean);
  assert.deepEqual(await book.answer({ approvalId: second.approvalId, index: 0 }), {
    allowed: false,
  });
});
