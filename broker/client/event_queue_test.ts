import assert from "node:assert/strict";
import { EventQueue } from "./event_queue.ts";

Deno.test("EventQueue yields pushed items in order, then ends", async () => {
  const queue = new EventQueue<number>();
  queue.push(1);
  const waiting = queue.next();
  queue.push(2);
  queue.push(3);
  queue.end();
  queue.push(4);
  const seen = [(await waiting).value];
  for await (const item of queue) seen.push(item);
  assert.deepEqual(seen, [1, 2, 3]);
});

Deno.test("EventQueue drops the oldest unread item when full", async () => {
  const queue = new EventQueue<number>(2);
  queue.push(1);
  queue.push(2);
  queue.push(3);
  queue.end();
  assert.equal(queue.dropped, 1);
  assert.deepEqual(await Array.fromAsync(queue), [2, 3]);
});

Deno.test("EventQueue allows one waiting reader at a time", async () => {
  const queue = new EventQueue<number>();
  const first = queue.next();
  await assert.rejects(queue.next(), /another reader is waiting/);
  queue.end();
  assert.equal((await first).done, true);
});
