import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import { type Continuation, ContinuationBook } from "./continuations.ts";

const walk = (leaseId = "l", root: Continuation["root"] = null): Continuation => ({
  leaseId,
  documentEpoch: "d",
  frameId: "f",
  loaderId: "x",
  root,
  provider: `provider-for-${leaseId}`,
});

const staleCursor = (error: unknown) => isLeashError(error, "STALE_CURSOR");

Deno.test("a continuation works once and names what it stands for, not the provider's token", () => {
  const book = new ContinuationBook();
  const token = book.issue(walk());
  assert.match(token, /^pc-[0-9a-f]{32}$/);
  assert.ok(!token.includes("provider"));
  assert.deepEqual(book.take(token, { leaseId: "l" }), walk());
  assert.throws(() => book.take(token, { leaseId: "l" }), staleCursor);
  assert.throws(() => book.take("pc-never-issued", { leaseId: "l" }), staleCursor);
});

Deno.test("another lease's request is refused without spending the owner's continuation", () => {
  const book = new ContinuationBook();
  const token = book.issue(walk("mine"));
  assert.throws(() => book.take(token, { leaseId: "theirs" }), staleCursor);
  assert.equal(book.take(token, { leaseId: "mine" }).provider, "provider-for-mine");
});

Deno.test("a continuation presented with another root, or after it expired, is refused", () => {
  let now = 0;
  const book = new ContinuationBook({ ttlMs: 1_000, now: () => now });
  const rooted = book.issue(walk("l", { ref: "e4", backendNodeId: 40 }));
  assert.throws(() => book.take(rooted, { leaseId: "l", rootRef: "e5" }), staleCursor);
  const again = book.issue(walk("l", { ref: "e4", backendNodeId: 40 }));
  assert.equal(book.take(again, { leaseId: "l", rootRef: "e4" }).root?.backendNodeId, 40);
  const whole = book.issue(walk());
  assert.throws(() => book.take(whole, { leaseId: "l", rootRef: "e4" }), staleCursor);
  const late = book.issue(walk());
  now = 1_001;
  assert.throws(() => book.take(late, { leaseId: "l" }), staleCursor);
});

Deno.test("a lease's continuations go when it ends, and the book stays bounded", () => {
  const book = new ContinuationBook({ perLease: 2, total: 3 });
  const [a, b, c] = [1, 2, 3].map(() => book.issue(walk("l")));
  assert.equal(book.size, 2);
  assert.throws(() => book.take(a, { leaseId: "l" }), staleCursor, "the oldest was dropped");
  const d = book.issue(walk("m"));
  const e = book.issue(walk("n"));
  assert.equal(book.size, 3);
  assert.throws(() => book.take(b, { leaseId: "l" }), staleCursor, "the oldest overall went");
  book.forgetLease("m");
  assert.throws(() => book.take(d, { leaseId: "m" }), staleCursor);
  assert.equal(book.take(c, { leaseId: "l" }).leaseId, "l");
  assert.equal(book.take(e, { leaseId: "n" }).leaseId, "n");
});
