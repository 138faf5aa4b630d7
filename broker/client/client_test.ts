import { clientRequiredCapabilities, runtimeCapabilities } from "../../contracts/capabilities.ts";
import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { Hello, Welcome } from "../../contracts/hello.ts";
import { type JsonObject, JsonObjectSchema } from "../../contracts/json.ts";
import { memoryTransportPair } from "../../contracts/testing/memory_transport.ts";
import { defineMethod } from "../../contracts/methods/define.ts";
import { handshakeMethods } from "../../contracts/methods/mod.ts";
import { Peer } from "../../contracts/peer.ts";
import { LeashClient } from "./client.ts";

/** A stand-in Broker that answers the hello with `answer` and records what it got. */
function fakeBroker(answer: (hello: JsonObject) => Promise<unknown> | unknown) {
  const [ours, theirs] = memoryTransportPair();
  const seen: JsonObject[] = [];
  // The fake answers any shape, so the client's own checks are what is tested.
  const local = {
    hello: defineMethod({
      ...handshakeMethods.hello,
      params: JsonObjectSchema,
      result: JsonObjectSchema,
    }),
  };
  const peer = new Peer({
    transport: theirs,
    local,
    remote: {},
    handlers: {
      hello: async (params) => {
        seen.push(params);
        const value = await answer(params);
        if (value instanceof LeashError) throw value;
        return JsonObjectSchema.parse(value);
      },
    },
  });
  return { transport: ours, seen, peer };
}

const welcome = (capabilities: string[]): Welcome => ({
  version: 1,
  connectionEpoch: "e",
  capabilities,
});

Deno.test("the client hello carries bootstrap 1, version 1, the token, a 64-character journal key and every served runtime capability", async () => {
  const broker = fakeBroker(() => welcome([...runtimeCapabilities]));
  const client = await LeashClient.over(broker.transport, { token: "t" });
  const [hello] = broker.seen;
  assert.deepEqual(
    { ...hello, journalKey: "" },
    {
      bootstrap: 1,
      versions: [1],
      role: "client",
      token: "t",
      journalKey: "",
      requiredCapabilities: [...clientRequiredCapabilities],
    } satisfies Hello,
  );
  assert.match(String(hello.journalKey), /^[0-9a-f]{64}$/);
  assert.equal(client.journalKey, hello.journalKey);
  assert.equal(client.personalMode, false);
  client.close();
  broker.peer.close();
});

Deno.test("a welcome missing a required capability is refused with PROTOCOL_MISMATCH", async () => {
  const broker = fakeBroker(() => welcome(["runtime.v1"]));
  await assert.rejects(
    LeashClient.over(broker.transport, {
      token: "t",
      requiredCapabilities: ["runtime.v1", "runtime.batch.v1"],
    }),
    (error) => isLeashError(error, "PROTOCOL_MISMATCH"),
  );
  assert.equal(await broker.peer.closed, "CONNECTION_LOST");
});

Deno.test("a malformed welcome is INVALID_RESULT and the connection closes", async () => {
  const broker = fakeBroker(() => ({ ...welcome(["runtime.v1"]), token: "leak" }));
  await assert.rejects(
    LeashClient.over(broker.transport, { token: "t" }),
    (error) => isLeashError(error, "INVALID_RESULT"),
  );
  await broker.peer.closed;
});

Deno.test("a refused hello surfaces the Broker's code", async () => {
  const broker = fakeBroker(() => new LeashError("UNAUTHENTICATED"));
  await assert.rejects(
    LeashClient.over(broker.transport, { token: "t" }),
    (error) => isLeashError(error, "UNAUTHENTICATED"),
  );
  await broker.peer.closed;
});

Deno.test("no welcome within the handshake timeout is TIMEOUT", async () => {
  const { promise: never, resolve } = Promise.withResolvers<unknown>();
  const broker = fakeBroker(() => never);
  await assert.rejects(
    LeashClient.over(broker.transport, { token: "t", handshakeTimeoutMs: 20 }),
    (error) => isLeashError(error, "TIMEOUT"),
  );
  await broker.peer.closed;
  resolve(undefined);
});
