/**
 * Malformed input closes the peer that sent it and nobody else: garbage,
 * zero-length and oversize frames, bad UTF-8, malformed envelopes and a
 * reused transport ID.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { limits } from "../../contracts/limits.ts";
import { specClientHello } from "./_hellos.ts";
import { type InProcessBroker, startInProcess } from "./_in_process.ts";
import { frame, RawSocket } from "./_raw_socket.ts";

function prefix(length: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, length, true);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const cases: Array<{ name: string; bytes: Uint8Array; afterHello?: boolean }> = [
  { name: "a zero-length frame", bytes: prefix(0) },
  { name: "an oversize length prefix", bytes: prefix(limits.maxFrameBytes + 1) },
  { name: "a frame that is not JSON", bytes: concat(prefix(5), new TextEncoder().encode("{nope")) },
  { name: "a frame of bad UTF-8", bytes: concat(prefix(3), new Uint8Array([0x22, 0xff, 0x22])) },
  { name: "JSON that is no envelope", bytes: frame({ hello: "world" }) },
  {
    name: "a request with an extra envelope field",
    bytes: frame({ type: "request", id: "r1", method: "hello", params: {}, extra: 1 }),
  },
  {
    name: "garbage after a good hello",
    bytes: new TextEncoder().encode("GET / HTTP/1.1\r\n\r\n"),
    afterHello: true,
  },
];

async function assertOthersUnaffected(env: InProcessBroker, client: LeashClient) {
  assert.deepEqual(await client.call("browser.instances", {}), []);
  const fresh = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  assert.deepEqual(await fresh.call("browser.instances", {}), []);
  fresh.close();
}

for (const { name, bytes, afterHello } of cases) {
  Deno.test(`${name} closes that peer while other clients keep working`, async () => {
    await using env = await startInProcess({ handshakeMs: 10_000 });
    const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
    const socket = await RawSocket.connect(env.socketPath);
    if (afterHello) await socket.request("h1", "hello", specClientHello(env.token));
    await socket.sendBytes(bytes);
    assert.equal(await socket.closedWithin(2_000), true);
    await assertOthersUnaffected(env, client);
    client.close();
  });
}

Deno.test("a reused transport ID closes the connection without answering twice", async () => {
  await using env = await startInProcess({ handshakeMs: 10_000 });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const socket = await RawSocket.connect(env.socketPath);
  await socket.request("h1", "hello", specClientHello(env.token));
  const first = await socket.request("r1", "browser.instances", {});
  assert.deepEqual(first, { type: "response", id: "r1", ok: true, value: [] });
  await socket.send({ type: "request", id: "r1", method: "browser.instances", params: {} });
  assert.equal(await socket.closedWithin(2_000), true, "closed, with no second response first");
  // The hello's ID counts too: it was remembered like any other.
  const other = await RawSocket.connect(env.socketPath);
  await other.request("h1", "hello", specClientHello(env.token));
  await other.send({ type: "request", id: "h1", method: "browser.instances", params: {} });
  assert.equal(await other.closedWithin(2_000), true);
  await assertOthersUnaffected(env, client);
  client.close();
});
