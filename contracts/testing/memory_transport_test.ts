import assert from "node:assert/strict";
import { isLeashError } from "../errors.ts";
import { limits } from "../limits.ts";
import { memoryTransportPair } from "./memory_transport.ts";
import type { Transport } from "../transport.ts";

function record(transport: Transport): { messages: unknown[]; closes: () => number } {
  const messages: unknown[] = [];
  let closes = 0;
  transport.onmessage = (message) => messages.push(message);
  transport.onclose = () => closes++;
  return { messages, closes: () => closes };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("memoryTransportPair() delivers asynchronously, in order, without sharing objects", async () => {
  const [a, b] = memoryTransportPair();
  const seenA = record(a);
  const seenB = record(b);
  a.start();
  b.start();
  const sent = { nested: { list: [1, 2, 3] }, gone: undefined };
  a.send(sent);
  a.send("second");
  b.send(null);
  assert.deepEqual(seenB.messages, [], "delivery must not be synchronous");
  await tick();
  assert.deepEqual(seenB.messages, [{ nested: { list: [1, 2, 3] } }, "second"]);
  assert.notEqual(seenB.messages[0], sent);
  assert.deepEqual(seenA.messages, [null]);
});

Deno.test("memoryTransportPair() holds messages until the receiver starts", async () => {
  const [a, b] = memoryTransportPair();
  const seenB = record(b);
  a.start();
  a.send(1);
  await tick();
  assert.deepEqual(seenB.messages, []);
  b.start();
  await tick();
  assert.deepEqual(seenB.messages, [1]);
});

Deno.test("memoryTransportPair() closing one end closes both, once each", async () => {
  const [a, b] = memoryTransportPair();
  const seenA = record(a);
  const seenB = record(b);
  a.start();
  b.start();
  a.send("before close");
  a.close();
  a.close();
  await tick();
  assert.deepEqual(seenB.messages, ["before close"]);
  b.close();
  await tick();
  assert.equal(seenA.closes(), 1);
  assert.equal(seenB.closes(), 1);
  assert.throws(() => a.send(1), (error) => isLeashError(error, "CONNECTION_LOST"));
  assert.throws(() => b.send(1), (error) => isLeashError(error, "CONNECTION_LOST"));
});

Deno.test("memoryTransportPair() refuses a message over the frame cap", () => {
  const [a] = memoryTransportPair();
  assert.throws(
    () => a.send("x".repeat(limits.maxFrameBytes)),
    (error) => isLeashError(error, "RESULT_TOO_LARGE"),
  );
  assert.throws(() => a.send(undefined), TypeError);
});

Deno.test("memoryTransportPair() reports a throwing onmessage and closes", async () => {
  const [a, b] = memoryTransportPair();
  const errors: Error[] = [];
  let closes = 0;
  b.onmessage = () => {
    throw new Error("Cannot handle message: test");
  };
  b.onerror = (error) => errors.push(error);
  b.onclose = () => closes++;
  a.start();
  b.start();
  a.send(1);
  a.send(2);
  await tick();
  assert.equal(errors.length, 1);
  assert.equal(closes, 1);
});
