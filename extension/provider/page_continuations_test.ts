import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { LeaseRecord } from "./context.ts";
import { type PageContinuation, PageContinuations } from "./page_continuations.ts";

function record(leaseId: string, signal = new AbortController().signal): LeaseRecord {
  return {
    leaseId,
    fence: 1,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://shop.example" },
    clientName: "c",
    grantedAt: 0,
    signal,
  };
}

function isStaleCursor(error: unknown): boolean {
  return isLeashError(error) && error.code === "STALE_CURSOR";
}

Deno.test("continuations are capped in all, oldest dropped first", () => {
  const continuations = new PageContinuations({ total: 2 });
  const first = record("l1");
  const continuation: PageContinuation = {
    record: first,
    frameId: "f",
    loaderId: "x",
    root: null,
    after: 1,
    path: [],
  };
  const oldest = continuations.issue(continuation);
  continuations.issue({ ...continuation, record: record("l2") });
  continuations.issue({ ...continuation, record: record("l3") });
  assert.equal(continuations.size, 2);
  assert.throws(
    () => continuations.take(oldest, { record: first, frameId: "f", root: null }),
    isStaleCursor,
  );
});
