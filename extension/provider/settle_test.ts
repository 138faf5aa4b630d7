import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { settlePageFunction } from "../../contracts/methods/page_functions.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { answerMargin, settlePage, settlePollMs, type Sleep } from "./settle.ts";

const lease = { leaseId: "l1", fence: 1 };

/** A provider with one leased tab and a clock that only the fake sleep moves. */
async function setup() {
  const provider = fakeProvider();
  let now = 10_000;
  provider.context.now = () => now;
  provider.browser.addTab({ id: 7, url: "https://shop.example/" });
  await grantShopLease(provider.leases, lease);
  // Time passes only for a sleep that runs to its end: one cut short (its signal aborted by the
  // time it would end) leaves the clock alone.
  const sleep: Sleep = (ms, signal) =>
    new Promise((resolve, reject) => {
      signal.throwIfAborted();
      setTimeout(() => {
        if (signal.aborted) return reject(signal.reason);
        now += ms;
        resolve();
      }, 0);
    });
  return {
    ...provider,
    sleep,
    advance: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

const probe = (value: { quiet: boolean; mutating: boolean; animating: boolean }) => ({
  result: { type: "object", value },
});
const quiet = probe({ quiet: true, mutating: false, animating: false });
const request = { quietMs: 100, timeoutMs: 1_000, sinceMs: 40 };
const live = () => new AbortController().signal;

Deno.test("page.settle on a quiet page runs the page function once and answers settled", async () => {
  const { context, browser, sleep } = await setup();
  browser.respond = () => quiet;
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, true);
  assert.deepEqual(browser.commands.map((command) => command.method), ["Runtime.evaluate"]);
  const params = browser.commands[0].params ?? {};
  assert.equal(params.awaitPromise, true);
  assert.equal(params.returnByValue, true);
  assert.equal(
    params.expression,
    `(${settlePageFunction}).call(document, 100, ${1000 - answerMargin(1000)}, 40)`,
  );
});

Deno.test("page.settle waits for requests started since the change, not older ones", async () => {
  const { context, browser, sleep } = await setup();
  const asked: number[] = [];
  let open = 3;
  context.requests = {
    open: (tabId, since) => {
      assert.equal(tabId, 7);
      asked.push(since);
      return open > 0 ? open-- : 0;
    },
  };
  browser.respond = () => quiet;
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, true);
  // Every look counts from the change, 40 ms before the wait began.
  assert.ok(asked.every((since) => since === 10_000 - 40), String(asked));
  assert.equal(result.waitedMs, 3 * settlePollMs);
  assert.equal(browser.commands.length, 1, "the DOM is probed once the requests are done");
});

Deno.test("page.settle goes round again when a request starts while the DOM went quiet", async () => {
  const { context, browser, sleep } = await setup();
  const answers = [0, 1, 0, 0];
  context.requests = { open: () => answers.shift() ?? 0 };
  browser.respond = () => quiet;
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, true);
  assert.equal(browser.commands.length, 2);
});

Deno.test("page.settle is cut at the bound by a request that never ends, and says so", async () => {
  const { context, browser, sleep } = await setup();
  context.requests = { open: () => 2 };
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.deepEqual(result, {
    settled: false,
    waitedMs: 1_000,
    requests: 2,
    mutating: false,
    animating: false,
  });
  assert.equal(browser.commands.length, 0);
});

Deno.test("page.settle reports a page still mutating when the page function ran to its bound", async () => {
  const { context, browser, sleep, advance } = await setup();
  browser.respond = (_method, params) => {
    // The page function waits out the time it was given, and answers before the bound.
    advance(Number(String(params?.expression).match(/, (\d+), \d+\)$/)?.[1]));
    return probe({ quiet: false, mutating: true, animating: true });
  };
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, false);
  assert.equal(result.mutating, true);
  assert.equal(result.animating, true);
  assert.ok(result.waitedMs >= 1_000 - answerMargin(1_000) && result.waitedMs <= 1_000);
});

Deno.test("page.settle stops waiting for a page function that never answers, at its own bound", async () => {
  const { context, browser, sleep } = await setup();
  browser.respond = () => new Promise(() => {});
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, false);
  // Nothing is known of a page that gave no answer: no reason is made up.
  assert.equal(result.mutating, false);
  assert.equal(result.waitedMs, 1_000);
});

Deno.test("page.settle keeps what an earlier look saw when the last one gives no answer in time", async () => {
  const { context, browser, sleep, advance } = await setup();
  let calls = 0;
  browser.respond = (_method, params) => {
    calls++;
    if (calls > 1) return new Promise(() => {});
    advance(Number(String(params?.expression).match(/, (\d+), \d+\)$/)?.[1]));
    return probe({ quiet: false, mutating: true, animating: false });
  };
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(calls, 2);
  assert.equal(result.settled, false);
  assert.equal(result.mutating, true, "the first look saw the DOM changing");
});

Deno.test("page.settle tries again when the page function fails, until the bound", async () => {
  const { context, browser, sleep } = await setup();
  let calls = 0;
  browser.respond = () => {
    calls++;
    if (calls < 3) throw new Error('{"code":-32000,"message":"Execution context was destroyed."}');
    return quiet;
  };
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, true);
  assert.equal(calls, 3);
});

Deno.test("page.settle answers STALE_LEASE for a stale fence and CANCELLED when aborted", async () => {
  const { context, sleep } = await setup();
  await assert.rejects(
    settlePage(context, { lease: { ...lease, fence: 2 }, request }, { signal: live(), sleep }),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  const aborted = new AbortController();
  aborted.abort();
  context.requests = { open: () => 1 };
  await assert.rejects(
    settlePage(context, { lease, request }, { signal: aborted.signal, sleep }),
    (error) => isLeashError(error, "CANCELLED"),
  );
});

Deno.test("page.settle asks again shortly when the page answered early that it is not quiet", async () => {
  const { context, browser, sleep } = await setup();
  // A hidden document answers after one task: twice still changing, then quiet.
  const answers = [
    probe({ quiet: false, mutating: true, animating: false }),
    probe({ quiet: false, mutating: true, animating: false }),
    quiet,
  ];
  browser.respond = () => answers.shift();
  const result = await settlePage(context, { lease, request }, { signal: live(), sleep });
  assert.equal(result.settled, true);
  assert.equal(browser.commands.length, 3);
  assert.equal(result.waitedMs, 2 * settlePollMs);
});

Deno.test("page.settle with holdMs is not settled before it passed, and waits for a request that starts meanwhile", async () => {
  const { context, browser, sleep } = await setup();
  const began = 10_000;
  let clock = () => 0;
  // A search the page starts on a timer 300 ms after the wait began, answered at 600 ms.
  context.requests = {
    open: () => {
      const at = clock() - began;
      return at >= 300 && at < 600 ? 1 : 0;
    },
  };
  browser.respond = () => quiet;
  clock = context.now;
  const held = await settlePage(
    context,
    { lease, request: { ...request, holdMs: 500 } },
    { signal: live(), sleep },
  );
  assert.equal(held.settled, true);
  assert.ok(held.waitedMs >= 600, `settled after ${held.waitedMs} ms, before the search ended`);
  assert.equal(browser.commands.length, 2, "the DOM is probed again after the search");
  // Without the hold the same page counts as settled at once.
  const { context: plain, browser: quick, sleep: plainSleep } = await setup();
  plain.requests = context.requests;
  clock = plain.now;
  quick.respond = () => quiet;
  const early = await settlePage(plain, { lease, request }, { signal: live(), sleep: plainSleep });
  assert.equal(early.settled, true);
  assert.equal(early.waitedMs, 0);
});

Deno.test("answerMargin() leaves a quarter of the wait for the answer, between 30 and 150 ms", () => {
  assert.equal(answerMargin(60), 30);
  assert.equal(answerMargin(400), 100);
  assert.equal(answerMargin(1_000), 150);
});
