/**
 * The private token put where it has no place, by peers that reached the
 * socket: in a transport ID, in request params (a claim's client name and
 * reason, an observe query, an action's request ID or text, a hello's
 * journal key), and in a result the Broker would send. Nothing carrying it
 * is judged, journaled or forwarded, and no frame holding it leaves the
 * Broker; the connection survives everything but a token in a transport ID,
 * which cannot be answered without echoing it.
 */
import assert from "node:assert/strict";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { specClientHello } from "./_hellos.ts";
import { startInProcess } from "./_in_process.ts";
import { closedMark, isRecord, RawSocket } from "./_raw_socket.ts";
import { instance, runtimeWorld } from "./_runtime_world.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

/** Every frame until the socket closes or nothing comes for `quietMs`, and whether it closed. */
async function drain(socket: RawSocket, quietMs: number) {
  const frames: unknown[] = [];
  while (true) {
    const next = await socket.next(quietMs);
    if (next === closedMark) return { frames, closed: true };
    if (next === undefined) return { frames, closed: false };
    frames.push(next);
  }
}

Deno.test("requests whose params hold the token are INVALID_PARAMS; nothing reaches the provider or the journal, and the connection serves on", async () => {
  await using world = await runtimeWorld();
  const token = world.env.token;
  const observation = await world.client.call("browser.observe", world.handle);
  const click = { kind: "click" as const, ref: refOf(observation, "button", "Place order") };
  const fill = { kind: "fill" as const, ref: refOf(observation, "textbox", "Full name"), text: "" };
  const before = {
    grants: world.provider.grants.length,
    leased: [...world.provider.leasedCalls],
    cdp: world.provider.cdpCalls.length,
  };
  const act = { ...world.handle, documentEpoch: observation.documentEpoch };
  const client = world.client;
  const refused = [
    () => client.call("browser.claim", { sessionId: "t", instance, clientName: token }),
    () => client.call("browser.claim", { sessionId: "t", instance, reason: `see ${token}` }),
    () => client.call("browser.claim", { sessionId: token, instance }),
    () => client.call("browser.observe", { ...world.handle, query: token }),
    () => client.call("browser.act", { ...act, requestId: `r-${token}`, action: click }),
    () =>
      client.call("browser.act", { ...act, requestId: "r-1", action: { ...fill, text: token } }),
    () =>
      client.call("browser.act", {
        ...act,
        requestId: "r-2",
        action: click,
        expect: { textPresent: `${token}!` },
      }),
    () => client.call("browser.tabs", { instance: token }),
  ];
  for (const [index, call] of refused.entries()) {
    await assert.rejects(call(), (error) => isLeashError(error, "INVALID_PARAMS"), `call ${index}`);
  }
  assert.deepEqual(
    {
      grants: world.provider.grants.length,
      leased: world.provider.leasedCalls,
      cdp: world.provider.cdpCalls.length,
    },
    before,
    "nothing reached the provider",
  );
  assert.deepEqual(readAudit(world.env.broker.runtime.journal.path, 100), []);
  // The same connection still serves, and the refused action's request ID was never used.
  await client.call("browser.act", { ...act, requestId: "r-1", action: click });
  const logged = world.env.lines.filter((line) => line.includes('"token-in-request"'));
  assert.equal(logged.length, refused.length);
  assert.ok(!world.env.lines.some((line) => line.includes(token)), "the token is never logged");
});

Deno.test("a hello that holds the token outside its token field is INVALID_PARAMS, and a clean hello after it is welcomed", async () => {
  await using env = await startInProcess({ handshakeMs: 2_000 });
  const socket = await RawSocket.connect(env.socketPath);
  const tainted = { ...specClientHello(env.token), journalKey: env.token };
  assert.deepEqual(await socket.request("h1", "hello", tainted), {
    type: "response",
    id: "h1",
    ok: false,
    code: "INVALID_PARAMS",
  });
  const welcome = await socket.request("h2", "hello", specClientHello(env.token));
  assert.ok(isRecord(welcome) && welcome.ok === true, JSON.stringify(welcome));
  assert.equal(env.broker.state.sessions.list()[0]?.journalScope, "a".repeat(64));
  socket.close();
});

Deno.test("a frame whose transport ID holds the token closes its connection unanswered, before or after the hello; other peers keep working", async () => {
  await using env = await startInProcess({ handshakeMs: 2_000 });
  const provider = await ScriptedProvider.connect({ socketPath: env.socketPath, token: env.token });
  const bystander = await RawSocket.connect(env.socketPath);
  await bystander.request("h", "hello", specClientHello(env.token));
  const ids = [env.token, `req-${env.token}`, `${env.token}\u00e9`];
  const frames = [
    ...ids.map((id) => ({ type: "request", id, method: "browser.instances", params: {} })),
    { type: "cancel", id: `c-${env.token}` },
    { type: "response", id: `r-${env.token}`, ok: true, value: null },
  ];
  for (const [index, frame] of frames.entries()) {
    for (const authenticated of [false, true]) {
      const socket = await RawSocket.connect(env.socketPath);
      if (authenticated) await socket.request("h", "hello", specClientHello(env.token));
      await socket.send(frame);
      assert.deepEqual(await drain(socket, 10_000), { frames: [], closed: true }, `frame ${index}`);
    }
  }
  const closes = env.lines.filter((line) =>
    line.includes('"event":"closed"') && line.includes('"reason":"INVALID_PARAMS"')
  );
  assert.equal(closes.length, frames.length * 2);
  const listed = await bystander.request("r", "browser.instances", {});
  assert.ok(isRecord(listed) && Array.isArray(listed.value), JSON.stringify(listed));
  assert.deepEqual(listed.value.map((entry) => isRecord(entry) && entry.id), ["opaque-instance"]);
  assert.ok(!env.lines.some((line) => line.includes(env.token)), "the token is never logged");
  bystander.close();
  provider.close();
});

Deno.test("a result that would hold the token is answered INVALID_PARAMS instead, and the connection serves on", async () => {
  // Personal mode, where the Broker relays tab titles at all.
  await using env = await startInProcess({ handshakeMs: 2_000, accessMode: "personal" });
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    tabs: [{ tab: "instance:1", active: true, title: `Token: ${env.token}` }],
  });
  const socket = await RawSocket.connect(env.socketPath);
  await socket.request("h", "hello", specClientHello(env.token));
  assert.deepEqual(await socket.request("t", "browser.tabs", { instance: "opaque-instance" }), {
    type: "response",
    id: "t",
    ok: false,
    code: "INVALID_PARAMS",
  });
  const listed = await socket.request("i", "browser.instances", {});
  assert.ok(isRecord(listed) && listed.ok === true, JSON.stringify(listed));
  assert.ok(env.lines.some((line) => line.includes('"token-in-outgoing-frame"')));
  socket.close();
  provider.close();
});
