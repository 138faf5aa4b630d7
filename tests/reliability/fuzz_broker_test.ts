/**
 * The real Broker process fed hostile streams over its real socket, while a
 * scripted provider stays registered and a watchdog client keeps asking:
 *
 * 1. hostile byte streams (the frame fuzzer's), each followed by the end of
 *    input: the peer gets only whole frames of valid envelopes, at most one
 *    response per request it really sent, and is closed;
 * 2. the same streams left open: every such peer is closed by the Broker
 *    itself, at the latest when its hello window passes;
 * 3. authenticated peers sending seeded mutations of every client method's
 *    params (and, last, a mutated envelope of another kind): every request
 *    gets exactly one response until a protocol violation closes the peer;
 *    every lease they won ends when they go.
 *
 * Then every budget is whole again (64 sockets, 64 leases), the watchdog
 * never missed an answer, and nothing was logged at error level.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { FrameDecoder } from "../../contracts/framing.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { limits } from "../../contracts/limits.ts";
import { clientMethods } from "../../contracts/methods/mod.ts";
import { methodSamples } from "../../contracts/testing/samples.ts";
import { mutants } from "../../contracts/testing/mutate.ts";
import { specClientHello } from "../integration/_hellos.ts";
import { until } from "../integration/_in_process.ts";
import { ScriptedProvider } from "../integration/_scripted_provider.ts";
import { BrokerChild, mib } from "./_broker_child.ts";
import { byteCases, chunksOf } from "./_byte_streams.ts";
import { envelopesIn, HostileSocket, pooled } from "./_peers.ts";
import { RecordingPeer } from "./_recording_peer.ts";
import { Watchdog } from "./_watchdog.ts";
import { figure, seedFor, sized } from "./_size.ts";

/** The instance the method samples name, so mutated claims can reach the provider. */
const instance = "chrome-1";

/** Request IDs our own stream carried, up to the first frame the Broker could not read. */
function requestIdsIn(bytes: Uint8Array): Set<string> {
  const ids = new Set<string>();
  const decoder = new FrameDecoder();
  try {
    decoder.pushEach(bytes, (message) => {
      if (typeof message !== "object" || message === null || Array.isArray(message)) return;
      if (Reflect.get(message, "type") !== "request") return;
      const id = Reflect.get(message, "id");
      if (typeof id === "string") ids.add(id);
    });
  } catch {
    // The rest never reached the Broker's dispatcher.
  }
  return ids;
}

/** Check one hostile peer's output: whole frames, valid envelopes, answers only to what it asked. */
function checkOutput(bytes: Uint8Array, sent: Uint8Array, token: string, label: string): number {
  const envelopes = envelopesIn(bytes);
  const asked = requestIdsIn(sent);
  const answered = new Set<string>();
  for (const envelope of envelopes) {
    assert.equal(envelope.type, "response", `${label}: only responses reach a stranger`);
    if (envelope.type !== "response") continue;
    assert.ok(asked.has(envelope.id), `${label}: a response to ${envelope.id}, never asked`);
    assert.ok(!answered.has(envelope.id), `${label}: two responses to ${envelope.id}`);
    answered.add(envelope.id);
  }
  assert.ok(!new TextDecoder().decode(bytes).includes(token), `${label}: the token leaked`);
  return envelopes.length;
}

/** Mutated requests for every client method, from the method samples. */
function mutatedRequests(seed: number, perMethod: number): Array<Record<string, JsonValue>> {
  const requests: Array<Record<string, JsonValue>> = [];
  let n = 0;
  for (const method of Object.keys(clientMethods)) {
    const sample = Object.entries(methodSamples).find(([name]) => name === method)?.[1];
    assert.ok(sample !== undefined);
    const params: JsonValue = JSON.parse(JSON.stringify(sample.params));
    requests.push({ type: "request", id: `q${n++}`, method, params });
    for (const mutant of mutants(params, { seed: seed + n, count: perMethod })) {
      const value = mutant.value;
      // Requests whose params are no object are envelope violations; the byte fuzz covers those.
      if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
      requests.push({ type: "request", id: `q${n++}`, method, params: value });
    }
  }
  return requests;
}

/** A last envelope that is not a request, mutated: some are violations that close the peer. */
function mutatedTail(seed: number): JsonValue {
  const goldens: JsonValue[] = [
    { type: "cancel", id: "q1" },
    { type: "response", id: "nobody", ok: true, value: { allowed: true } },
    {
      type: "event",
      event: "page.changed",
      value: { tab: "chrome-1:7", leaseId: "l", sequence: 1 },
    },
  ];
  const [mutant] = mutants(goldens[seed % goldens.length], { seed, count: 1 });
  return mutant.value;
}

/**
 * A client on `runtimeDir`, connecting again while the Broker refuses the
 * socket (`CONNECTION_LOST` at the hello) for at most `withinMs`.
 */
async function connectAdmitted(runtimeDir: string, withinMs: number): Promise<LeashClient> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await LeashClient.connect({ runtimeDir });
    } catch (error) {
      if (!isLeashError(error, "CONNECTION_LOST") || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

Deno.test("the Broker process survives hostile streams on its socket and keeps serving the peers it already has", async () => {
  const seed = seedFor(0xb20c);
  await using broker = await BrokerChild.start();
  const token = await broker.token();
  const provider = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token,
    instanceId: instance,
  });
  const watchdog = await Watchdog.start(
    broker.dirs.runtimeDir,
    (ids) => ids.length === 1 && ids[0] === instance ? undefined : `instances were ${ids}`,
  );
  const before = await broker.memory();

  // 1. Hostile streams, then the end of input.
  const streams = [...byteCases({ seed, count: sized(600, 40_000) })];
  let answered = 0;
  await pooled(streams, 32, async (stream, index) => {
    const peer = await HostileSocket.connect(broker.socketPath);
    await peer.write(chunksOf(stream.bytes, stream.cuts));
    await peer.closeWrite();
    const label = `${stream.kind} stream #${index} (seed ${seed})`;
    assert.ok(await peer.closedWithin(10_000), `${label}: the Broker closed it`);
    answered += checkOutput(peer.received(), stream.bytes, token, label);
    peer.close();
  });

  // 2. The same kinds of streams, left open: the Broker closes them by itself.
  const open = [...byteCases({ seed: seed + 1, count: sized(112, 1_120) })];
  const wave = 56;
  for (let from = 0; from < open.length; from += wave) {
    await Promise.all(
      open.slice(from, from + wave).map(async (stream, i) => {
        const peer = await HostileSocket.connect(broker.socketPath);
        await peer.write(chunksOf(stream.bytes, stream.cuts));
        const label = `open ${stream.kind} stream #${from + i} (seed ${seed})`;
        // The hello window is 3 s from accept; the rest is slack for a loaded machine.
        assert.ok(await peer.closedWithin(limits.handshakeMs + 5_000), `${label}: closed`);
        checkOutput(peer.received(), stream.bytes, token, label);
        peer.close();
      }),
    );
  }

  // 3. Authenticated peers with mutated requests for every client method.
  const peers = sized(48, 2_000);
  let requests = 0;
  let violations = 0;
  await pooled(Array.from({ length: peers }, (_, i) => i), 16, async (i) => {
    const peer = await RecordingPeer.connect(broker.socketPath);
    const welcome = await peer.request("hello", "hello", specClientHello(token));
    assert.equal(welcome?.type === "response" && welcome.ok, true, "authenticated");
    const batch = mutatedRequests(seed + i * 1_000, 4);
    for (const request of batch) await peer.send(request);
    requests += batch.length;
    const label = `authenticated peer ${i} (seed ${seed})`;
    assert.ok(
      await peer.settled(batch.map((r) => String(r.id))),
      `${label}: every request answered`,
    );
    assert.deepEqual(peer.problems, [], label);
    assert.equal(peer.closed, false, `${label}: well-formed requests never close it`);
    await peer.send(mutatedTail(seed + i));
    await peer.send({ type: "request", id: "last", method: "browser.instances", params: {} });
    await peer.settled(["last"]);
    if (peer.closed) violations++;
    else assert.equal(peer.responses.get("last")?.type, "response");
    assert.deepEqual(peer.problems, [], label);
    peer.close();
  });
  await until(() => provider.live.size === 0, "every lease of a gone peer ended", 10_000);
  const granted = provider.grants.length;

  // Every budget is whole again: 62 more sockets (with the provider and the
  // watchdog, the 64 allowed) and 64 leases.
  // The Broker gives a socket's slot back once it reads that socket's end, which on a
  // busy machine can trail the peer's close by a moment: the budget must be whole
  // again soon, not at once.
  const clients = await Promise.all(
    Array.from(
      { length: limits.maxSockets - 2 },
      () => connectAdmitted(broker.dirs.runtimeDir, 5_000),
    ),
  );
  for (const client of clients) {
    assert.equal((await client.call("browser.instances", {})).length, 1);
  }
  const leases = [];
  for (let i = 0; i < limits.maxLeases; i++) {
    leases.push(
      await clients[i % 2].call("browser.claim", { sessionId: "s", instance, tab: `t${i}` }),
    );
  }
  for (const [i, lease] of leases.entries()) {
    await clients[i % 2].call("browser.release", { sessionId: "s", leaseId: lease.leaseId });
  }
  for (const client of clients) client.close();

  const report = await watchdog.stop();
  assert.deepEqual(report.failures, []);
  assert.ok(report.answers > 0);
  const after = await broker.memory();
  provider.close();
  assert.ok(await broker.alive(), "the Broker is still running");
  const events = broker.eventCounts();
  assert.equal(broker.stderr.includes('"level":"error"'), false, "nothing logged at error level");
  // A full provider link delays a revoke; it never drops one.
  assert.equal(/lease-revoke-failed|grant-withdraw-failed/.test(broker.stderr), false);
  assert.equal(broker.stderr.includes(token), false);
  figure(
    "fuzz broker",
    `${streams.length + open.length} hostile streams and ${requests} mutated requests from ` +
      `${peers} authenticated peers (seed ${seed}), 0 crashes, 0 hangs, ` +
      `${answered} answers to strangers all whole frames, ${violations} peers closed for violations, ` +
      `${granted} leases won and all ended, watchdog ${report.answers} answers on one connection / 0 failures, ` +
      `handshake timeouts ${events.get("handshake-timeout") ?? 0}, ` +
      `RSS ${mib(before.rssKiB)} → ${mib(after.rssKiB)} (peak ${
        mib(after.peakKiB)
      }), lost: nothing`,
  );
});
