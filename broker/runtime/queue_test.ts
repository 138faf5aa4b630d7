import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { TabQueues } from "./queue.ts";

const tab = { instance: "i", tab: "i:1" };
const other = { instance: "i", tab: "i:2" };

/** Work that records its start and waits until `finish()`. */
function gated(log: string[], name: string) {
  const gate = Promise.withResolvers<string>();
  return {
    work: (signal: AbortSignal) => {
      log.push(`start ${name}`);
      signal.addEventListener("abort", () => gate.reject(signal.reason), { once: true });
      return gate.promise;
    },
    finish: () => gate.resolve(name),
  };
}

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

Deno.test("work on one tab runs one at a time in arrival order; another tab does not wait", async () => {
  const queues = new TabQueues();
  const log: string[] = [];
  const [a, b, c] = ["a", "b", "c"].map((name) => gated(log, name));
  const first = queues.run(tab, "l", a.work);
  const second = queues.run(tab, "l", b.work);
  const elsewhere = queues.run(other, "l", c.work);
  await settle();
  assert.deepEqual(log, ["start a", "start c"]);
  assert.equal(queues.pending(tab), 2);
  b.finish();
  await settle();
  assert.deepEqual(log, ["start a", "start c"], "b waits for a even when ready");
  a.finish();
  assert.equal(await first, "a");
  assert.equal(await second, "b");
  assert.deepEqual(log, ["start a", "start c", "start b"]);
  c.finish();
  assert.equal(await elsewhere, "c");
  assert.equal(queues.pending(tab), 0);
});

Deno.test("work whose caller aborts while it waits leaves the queue and never runs", async () => {
  const queues = new TabQueues();
  const log: string[] = [];
  const [a, b, c] = ["a", "b", "c"].map((name) => gated(log, name));
  const caller = new AbortController();
  const first = queues.run(tab, "l", a.work);
  const cancelled = queues.run(tab, "l", b.work, caller.signal);
  const third = queues.run(tab, "l", c.work);
  caller.abort(new Error("gone"));
  await assert.rejects(cancelled, /gone/);
  assert.equal(queues.pending(tab), 2);
  a.finish();
  c.finish();
  assert.deepEqual(await Promise.all([first, third]), ["a", "c"]);
  assert.deepEqual(log, ["start a", "start c"]);
  await assert.rejects(queues.run(tab, "l", a.work, caller.signal), /gone/);
});

Deno.test("a lease that ends fails its waiting work and aborts its running work; others go on", async () => {
  const queues = new TabQueues();
  const log: string[] = [];
  const [a, b, c] = ["a", "b", "c"].map((name) => gated(log, name));
  const running = queues.run(tab, "ended", a.work);
  const waiting = queues.run(tab, "ended", b.work);
  const survivor = queues.run(tab, "live", c.work);
  await settle();
  queues.endLease("ended");
  await assert.rejects(waiting, (error) => isLeashError(error, "LEASE_NOT_FOUND"));
  await assert.rejects(running, (error) => isLeashError(error, "LEASE_NOT_FOUND"));
  c.finish();
  assert.equal(await survivor, "c");
  assert.deepEqual(log, ["start a", "start c"]);
});

Deno.test("work that throws, even synchronously, frees the tab for the next", async () => {
  const queues = new TabQueues();
  const broken = queues.run(tab, "l", () => {
    throw new TypeError("broken");
  });
  const next = queues.run(tab, "l", () => Promise.resolve("next"));
  await assert.rejects(broken, TypeError);
  assert.equal(await next, "next");
});
