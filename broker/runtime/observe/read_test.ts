import assert from "node:assert/strict";
import { type AxReadRequest, maxAxNodes } from "../../../contracts/methods/mod.ts";
import { defaultMaxTokens } from "./budget.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { n, tree } from "./_test_utils.ts";
import { ObserveBooks } from "./observe.ts";
import { observeLease, readRows } from "./read.ts";

/** A lease whose provider answers every `ax.read` with a small page, telling `asked` the request. */
function leaseReading(asked: (request: AxReadRequest) => void): OwnedLease {
  return {
    lease: { leaseId: "l1" },
    token: { leaseId: "l1", fence: 1 },
    call: (method: string, params: { request: AxReadRequest }) => {
      assert.equal(method, "ax.read");
      asked(params.request);
      return Promise.resolve({
        frameId: "F",
        loaderId: "L",
        url: "https://shop.example/",
        title: "Shop",
        nodes: tree(n("RootWebArea", "Shop", [n("button", "Pay")])),
        cut: null,
      });
    },
  } as unknown as OwnedLease;
}

Deno.test("a read covers the default budget's rows unless no delta can follow", () => {
  const defaultRows = Math.ceil(defaultMaxTokens / 3);
  assert.equal(readRows(undefined), defaultRows);
  // The read after an action is smaller in tokens, yet covers the rows a delta compares.
  assert.equal(readRows(1_500), defaultRows);
  assert.equal(readRows(1_500, true), 500);
  assert.equal(readRows(30_000), Math.min(maxAxNodes, 10_000));
  assert.equal(readRows(10_000_000, true), maxAxNodes);
});

Deno.test("a read covers the rows of the observation a delta may be against, when that is known", () => {
  const defaultRows = Math.ceil(defaultMaxTokens / 3);
  assert.equal(readRows(1_500, false, 500), 500);
  assert.equal(readRows(1_500, false, 2_000), 2_000);
  assert.equal(readRows(undefined, false, 500), defaultRows);
  assert.equal(readRows(1_500, true, 2_000), 500);
});

Deno.test("after a navigation's short read, the read after the next action asks for the same bound", async () => {
  const asked: number[] = [];
  const held = leaseReading((request) => asked.push(request.maxNodes ?? -1));
  const books = new ObserveBooks();
  const signal = new AbortController().signal;
  const page = { kind: "page" } as const;
  const defaultRows = Math.ceil(defaultMaxTokens / 3);
  // A navigation's own observation reads only what its budget shows.
  await observeLease(held, books, { scope: page, maxTokens: 1_500, newDocument: true }, signal);
  // The next action's read compares with it: it reads as far, so the walk behind it is reused.
  await observeLease(held, books, { scope: page, maxTokens: 1_500, sinceLatest: true }, signal);
  // An observation with the default budget reads the default's rows; the action after it too.
  await observeLease(held, books, { scope: page }, signal);
  await observeLease(held, books, { scope: page, maxTokens: 1_500, sinceLatest: true }, signal);
  assert.deepEqual(asked, [500, 500, defaultRows, defaultRows]);
});

Deno.test("only a whole observation asks the read for what is in view past its bound", async () => {
  const asked: (boolean | undefined)[] = [];
  const held = leaseReading((request) => asked.push(request.view));
  const books = new ObserveBooks();
  const signal = new AbortController().signal;
  const page = { kind: "page" } as const;
  const whole = await observeLease(held, books, { scope: page }, signal);
  // A delta's rows scrolled into view would read as added.
  await observeLease(held, books, { scope: page, since: whole.cursor }, signal);
  await observeLease(held, books, { scope: page, sinceLatest: true }, signal);
  await observeLease(held, books, { scope: page, newDocument: true, maxTokens: 1_500 }, signal);
  assert.deepEqual(asked, [true, undefined, undefined, true]);
});
