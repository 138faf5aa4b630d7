import assert from "node:assert/strict";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { SettleBook, settleLease, settleOwed } from "./settle.ts";

/** A lease whose provider answers `page.settle` with `answer` and records the requests. */
function leaseAnswering(answer: () => Promise<unknown>) {
  const requests: unknown[] = [];
  const held = {
    lease: { leaseId: "l1" },
    token: { leaseId: "l1", fence: 1 },
    call: (method: string, params: unknown) => {
      assert.equal(method, "page.settle");
      requests.push(params);
      return answer();
    },
  } as unknown as OwnedLease;
  return { held, requests };
}

const settled = { settled: true, waitedMs: 120, requests: 0, mutating: false, animating: false };
const live = () => new AbortController().signal;

Deno.test("settleLease asks the provider with the default quiet interval and the bounds given", async () => {
  const { held, requests } = leaseAnswering(() => Promise.resolve(settled));
  assert.deepEqual(await settleLease(held, { timeoutMs: 700, sinceMs: 12.6 }, live()), settled);
  assert.deepEqual(requests, [{
    lease: { leaseId: "l1", fence: 1 },
    request: { quietMs: 100, timeoutMs: 700, sinceMs: 13 },
  }]);
});

Deno.test("settleLease reads the page anyway when the provider fails, and rethrows only an abort", async () => {
  const failing = leaseAnswering(() => Promise.reject(new Error("UNSUPPORTED")));
  assert.equal(await settleLease(failing.held, { timeoutMs: 700, sinceMs: 0 }, live()), undefined);
  const aborted = new AbortController();
  aborted.abort(new Error("stop"));
  await assert.rejects(settleLease(failing.held, { timeoutMs: 700, sinceMs: 0 }, aborted.signal));
});

Deno.test("SettleBook owes an observation a wait only for a recent change not yet waited out", () => {
  let now = 10_000;
  const book = new SettleBook({ now: () => now, owedForMs: 5_000 });
  assert.equal(book.owed("l1"), undefined, "a quiet page owes nothing");
  book.changed("l1", 9_700);
  book.changed("l1", 9_900);
  assert.equal(book.owed("l1"), 300, "the earliest change counts");
  book.waited("l1");
  assert.equal(book.owed("l1"), undefined);
  book.changed("l1");
  now += 5_001;
  assert.equal(book.owed("l1"), undefined, "a change that old is past waiting for");
  book.changed("l1");
  book.forget("l1");
  assert.equal(book.owed("l1"), undefined);
});

Deno.test("settleOwed waits once for an owed change and not at all for a quiet page", async () => {
  const now = 10_000;
  const book = new SettleBook({ now: () => now });
  const { held, requests } = leaseAnswering(() => Promise.resolve(settled));
  await settleOwed(held, book, live());
  assert.equal(requests.length, 0);
  book.changed("l1", 9_800);
  await settleOwed(held, book, live());
  await settleOwed(held, book, live());
  assert.deepEqual(requests, [{
    lease: { leaseId: "l1", fence: 1 },
    request: { quietMs: 100, timeoutMs: 1_000, sinceMs: 200 },
  }]);
});
