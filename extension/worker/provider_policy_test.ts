import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { memoryTransportPair } from "../../contracts/testing/memory_transport.ts";
import { settle } from "../testing/fake_port.ts";
import { exceedsUtf8, ProviderPolicyTransport } from "./provider_policy.ts";

function setup(options: ConstructorParameters<typeof ProviderPolicyTransport>[1] = {}) {
  const [inner, remote] = memoryTransportPair();
  const policy = new ProviderPolicyTransport(inner, options);
  const received: unknown[] = [];
  let closed = 0;
  policy.onmessage = (message) => received.push(message);
  policy.onclose = () => closed++;
  const fromRemote: unknown[] = [];
  remote.onmessage = (message) => fromRemote.push(message);
  policy.start();
  remote.start();
  return { policy, remote, received, fromRemote, closed: () => closed };
}

function request(id: string) {
  return { type: "request", id, method: "tabs.list", params: {} };
}

Deno.test("the 33rd concurrent operation closes the connection instead of queueing", async () => {
  const violations: string[] = [];
  const { policy, remote, received, closed } = setup({ onViolation: (v) => violations.push(v) });
  for (let i = 0; i < 32; i++) remote.send(request(`r${i}`));
  await settle();
  assert.equal(policy.operations, 32);
  assert.equal(closed(), 0);
  remote.send(request("r32"));
  await settle();
  assert.equal(received.length, 32);
  assert.equal(closed(), 1);
  assert.deepEqual(violations, ["too-many-operations"]);
});

Deno.test("a sent response frees its operation slot", async () => {
  const { policy, remote, closed } = setup({ maxOperations: 2 });
  remote.send(request("a"));
  remote.send(request("b"));
  await settle();
  policy.send({ type: "response", id: "a", ok: false, code: "CANCELLED" });
  remote.send(request("c"));
  await settle();
  assert.equal(policy.operations, 2);
  assert.equal(closed(), 0);
});

Deno.test("a success response over the cap throws RESULT_TOO_LARGE and sends nothing", async () => {
  const { policy, remote, fromRemote } = setup({ maxResponseBytes: 100 });
  remote.send(request("big"));
  await settle();
  const big = { type: "response", id: "big", ok: true, value: "x".repeat(200) };
  assert.throws(() => policy.send(big), (error) => isLeashError(error, "RESULT_TOO_LARGE"));
  assert.equal(policy.operations, 1);
  // The peer then answers with the code, which fits and frees the slot.
  policy.send({ type: "response", id: "big", ok: false, code: "RESULT_TOO_LARGE" });
  await settle();
  assert.deepEqual(fromRemote, [{
    type: "response",
    id: "big",
    ok: false,
    code: "RESULT_TOO_LARGE",
  }]);
  assert.equal(policy.operations, 0);
});

Deno.test("the response cap counts UTF-8 bytes, not characters", () => {
  const { policy } = setup({ maxResponseBytes: 300 });
  // 100 characters of three bytes each: 300 bytes of text plus the envelope.
  const value = "€".repeat(100);
  assert.throws(
    () => policy.send({ type: "response", id: "x", ok: true, value }),
    (error) => isLeashError(error, "RESULT_TOO_LARGE"),
  );
});

Deno.test("exceedsUtf8 counts multi-byte and astral characters", () => {
  assert.equal(exceedsUtf8("abc", 3), false);
  assert.equal(exceedsUtf8("abcd", 3), true);
  assert.equal(exceedsUtf8("é", 1), true);
  assert.equal(exceedsUtf8("é", 2), false);
  assert.equal(exceedsUtf8("😀", 3), true);
  assert.equal(exceedsUtf8("😀", 4), false);
});
