/**
 * Floods against the real Broker process while an incumbent session holds a
 * lease and a watchdog client keeps asking: unauthenticated socket floods
 * far beyond the 64-socket cap, hello storms with wrong tokens, and requests
 * past every budget (in flight, providers, pending claims, leases,
 * remembered transport IDs, buffered output). Each refusal must be the
 * documented one; the incumbent's lease, the registered providers and the
 * watchdog's answers must never be touched; and the Broker's resident
 * memory, read from `/proc`, must stay bounded. The memory bound is a leak
 * guard against a warmed-up baseline, not a speed test.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { specClientHello, specProviderHello } from "../integration/_hellos.ts";
import { startInProcess, until } from "../integration/_in_process.ts";
import { type GrantAnswer, ScriptedProvider } from "../integration/_scripted_provider.ts";
import { BrokerChild, mib, mibChange } from "./_broker_child.ts";
import { HostileSocket, longId } from "./_peers.ts";
import { RecordingPeer } from "./_recording_peer.ts";
import { Watchdog } from "./_watchdog.ts";
import { figure, sized, stress } from "./_size.ts";

/** A flood's figures, for the summary line. */
type Figures = Record<string, number | string>;

/** The world every flood runs in. */
interface World {
  broker: BrokerChild;
  token: string;
  provider: ScriptedProvider;
  /** The browsers claims wait on: they hold every grant until `releaseGrants()`. */
  claims: ScriptedProvider;
  claims2: ScriptedProvider;
  holder: ScriptedProvider;
  incumbent: LeashClient;
  leaseId: string;
}

async function enter(broker: BrokerChild): Promise<World> {
  const token = await broker.token();
  const provider = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token,
    instanceId: "flood-1",
  });
  // Claims wait on browsers of their own; one browser takes at most 16 waiting claims.
  const [claims, claims2] = await Promise.all(
    ["claims-1", "claims-2"].map((instanceId) =>
      ScriptedProvider.connect({
        socketPath: broker.socketPath,
        token,
        instanceId,
        onGrant: (): GrantAnswer => ({ kind: "hold" }),
      })
    ),
  );
  const holder = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token,
    instanceId: "holder",
    holdTabs: true,
  });
  const incumbent = await LeashClient.connect({ runtimeDir: broker.dirs.runtimeDir });
  const lease = await incumbent.call("browser.claim", {
    sessionId: "incumbent",
    instance: "flood-1",
    tab: "incumbent-tab",
  });
  return {
    broker,
    token,
    provider,
    claims,
    claims2,
    holder,
    incumbent,
    leaseId: lease.leaseId,
  };
}

/** The incumbent's lease is untouched: live at the provider and valid at the Broker. */
async function assertIncumbent(world: World, after: string): Promise<void> {
  assert.ok(world.provider.live.has(world.leaseId), `after ${after}: the provider holds the lease`);
  const valid = await world.incumbent.call("browser.validateLease", {
    sessionId: "incumbent",
    leaseId: world.leaseId,
  });
  assert.deepEqual(valid, { valid: true }, `after ${after}: the lease is valid`);
}

/** Hundreds of connects beyond the cap, held open: the excess is refused, the rest timed out. */
async function socketFlood(world: World, total: number): Promise<Figures> {
  const burst = 300;
  let closedByBroker = 0;
  const refusedBefore = world.broker.eventCounts().get("socket-refused") ?? 0;
  for (let from = 0; from < total; from += burst) {
    const sockets = await Promise.all(
      Array.from(
        { length: Math.min(burst, total - from) },
        () => HostileSocket.connect(world.broker.socketPath),
      ),
    );
    // Held open and silent: refused ones close at once, admitted ones when the window passes.
    const closed = await Promise.all(
      sockets.map((socket) => socket.closedWithin(limits.handshakeMs + 5_000)),
    );
    closedByBroker += closed.filter(Boolean).length;
    for (const socket of sockets) socket.close();
  }
  assert.equal(closedByBroker, total, "the Broker closed every silent socket itself");
  const refused = (world.broker.eventCounts().get("socket-refused") ?? 0) - refusedBefore;
  assert.ok(refused > 0, "sockets beyond the cap were refused on accept");
  await assertIncumbent(world, "the socket flood");
  return { sockets: total, refused, timedOut: total - refused };
}

/** Many sockets, each trying wrong tokens as fast as it is answered: none gets in. */
async function helloStorm(world: World, total: number): Promise<Figures> {
  const sockets = 48;
  const perSocket = Math.ceil(total / sockets);
  const near = world.token.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
  // Schema-valid hellos may be retried inside the window; a schema-invalid one closes.
  const wrongTokens = [near, "0".repeat(64), "x", world.token.toUpperCase(), "f".repeat(256)];
  let refused = 0;
  await Promise.all(Array.from({ length: sockets }, async (_, s) => {
    const peer = await RecordingPeer.connect(world.broker.socketPath);
    for (let i = 0; i < perSocket && !peer.closed; i++) {
      const hello = specClientHello(wrongTokens[(s + i) % wrongTokens.length]);
      const answer = await peer.request(`h${i}`, "hello", hello);
      if (answer === undefined) break;
      assert.deepEqual(answer, {
        type: "response",
        id: `h${i}`,
        ok: false,
        code: "UNAUTHENTICATED",
      });
      refused++;
    }
    if (!peer.closed) {
      const denied = await peer.request("after", "browser.instances", {});
      if (denied !== undefined) {
        assert.deepEqual(denied, {
          type: "response",
          id: "after",
          ok: false,
          code: "HANDSHAKE_REQUIRED",
        });
      }
    }
    if (!peer.closed) {
      const last = { ...specClientHello(""), role: "admin" };
      const answer = await peer.request("last", "hello", last);
      if (answer !== undefined) {
        assert.deepEqual(answer, {
          type: "response",
          id: "last",
          ok: false,
          code: "UNAUTHENTICATED",
        });
        refused++;
        assert.ok(await peer.closedWithin(5_000), "a schema-invalid hello closes the socket");
      }
    }
    assert.deepEqual(peer.problems, []);
    assert.ok(
      peer.received.every((envelope) => envelope.type !== "response" || envelope.ok === false),
      "no welcome for a wrong token",
    );
    peer.close();
  }));
  assert.ok(refused > 0);
  await assertIncumbent(world, "the hello storm");
  return { hellos: refused };
}

/** A connection at 32 requests in flight: every request beyond is QUEUE_FULL, none lost. */
async function inFlightFlood(world: World, extra: number): Promise<Figures> {
  const peer = await RecordingPeer.connect(world.broker.socketPath);
  await peer.request("h", "hello", specClientHello(world.token));
  const held = Array.from({ length: limits.maxInFlight }, (_, i) => ({
    type: "request",
    id: `held${i}`,
    method: "browser.tabs",
    params: { instance: "holder" },
  }));
  const startedBefore = world.holder.started;
  await peer.sendAll(held);
  await until(
    () => world.holder.started - startedBefore === limits.maxInFlight,
    "32 calls at the provider",
  );
  const over = Array.from({ length: extra }, (_, i) => ({
    type: "request",
    id: `over${i}`,
    method: "browser.tabs",
    params: { instance: "holder" },
  }));
  await peer.sendAll(over);
  assert.ok(await peer.settled(over.map((request) => request.id)));
  for (const request of over) {
    assert.deepEqual(peer.responses.get(request.id), {
      type: "response",
      id: request.id,
      ok: false,
      code: "QUEUE_FULL",
    });
  }
  await assertIncumbent(world, "requests past the in-flight cap");
  world.holder.releaseHeld();
  assert.ok(await peer.settled(held.map((request) => request.id)));
  for (const request of held) assert.equal(peer.responses.get(request.id)?.type, "response");
  assert.ok(
    held.every((request) => {
      const response = peer.responses.get(request.id);
      return response?.type === "response" && response.ok;
    }),
    "the 32 held requests were all answered once they could be",
  );
  assert.deepEqual(peer.problems, []);
  peer.close();
  return { held: held.length, refused: extra };
}

/** 16 providers registered: every further provider hello is QUEUE_FULL and nobody is displaced. */
async function providerFlood(world: World, extra: number): Promise<Figures> {
  const registered = (await world.incumbent.call("browser.instances", {})).length;
  const more = await Promise.all(
    Array.from({ length: limits.maxProviders - registered }, (_, i) =>
      ScriptedProvider.connect({
        socketPath: world.broker.socketPath,
        token: world.token,
        instanceId: `extra-${i}`,
      })),
  );
  let refused = 0;
  for (let from = 0; from < extra; from += 16) {
    const attempts = Array.from({ length: Math.min(16, extra - from) }, async (_, i) => {
      const peer = await RecordingPeer.connect(world.broker.socketPath);
      const answer = await peer.request(
        "h",
        "hello",
        specProviderHello(world.token, `over-${from + i}`),
      );
      assert.deepEqual(answer, { type: "response", id: "h", ok: false, code: "QUEUE_FULL" });
      peer.close();
    });
    await Promise.all(attempts);
    refused += attempts.length;
  }
  const instances = await world.incumbent.call("browser.instances", {});
  assert.equal(instances.length, limits.maxProviders);
  assert.ok(instances.some((instance) => instance.id === "flood-1"));
  await assertIncumbent(world, "the provider flood");
  for (const provider of more) provider.close();
  while ((await world.incumbent.call("browser.instances", {})).length > registered) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { registered: limits.maxProviders, refused };
}

/** 32 claims waiting for the person: every further claim is QUEUE_FULL; the 32 then succeed. */
async function claimFlood(world: World, extra: number): Promise<Figures> {
  const clients = await Promise.all(
    [0, 1].map(() => LeashClient.connect({ runtimeDir: world.broker.dirs.runtimeDir })),
  );
  const providers = [world.claims, world.claims2];
  const asked = () => providers.reduce((sum, provider) => sum + provider.grants.length, 0);
  const grantsBefore = asked();
  const waiting = Array.from(
    { length: limits.maxPendingClaims },
    (_, i) =>
      clients[i % 2].call("browser.claim", {
        sessionId: "w",
        instance: `claims-${(i % 2) + 1}`,
        tab: `w${i}`,
      }),
  );
  await until(() => asked() - grantsBefore === limits.maxPendingClaims, "32 grants asked");
  const late = await LeashClient.connect({ runtimeDir: world.broker.dirs.runtimeDir });
  let refused = 0;
  for (let from = 0; from < extra; from += 30) {
    const calls = Array.from(
      { length: Math.min(30, extra - from) },
      (_, i) =>
        late.call("browser.claim", {
          sessionId: "late",
          instance: from % 60 === 0 ? "flood-1" : "claims-1",
          tab: `late${from + i}`,
        }).then(
          () => "granted",
          (error) => isLeashError(error, "QUEUE_FULL") ? "refused" : `${error}`,
        ),
    );
    for (const outcome of await Promise.all(calls)) {
      assert.equal(outcome, "refused");
      refused++;
    }
  }
  assert.equal(
    asked() - grantsBefore,
    limits.maxPendingClaims,
    "no refused claim reached a provider",
  );
  assert.deepEqual(providers.flatMap((provider) => provider.grantCancels), []);
  await assertIncumbent(world, "the claim flood");
  for (const provider of providers) provider.releaseGrants();
  const leases = await Promise.all(waiting);
  assert.equal(new Set(leases.map((lease) => lease.leaseId)).size, limits.maxPendingClaims);
  for (const [i, lease] of leases.entries()) {
    await clients[i % 2].call("browser.release", { sessionId: "w", leaseId: lease.leaseId });
  }
  for (const client of [...clients, late]) client.close();
  return { waiting: limits.maxPendingClaims, refused };
}

/** 64 live leases: every further claim is QUEUE_FULL and no lease ends. */
async function leaseFlood(world: World, extra: number): Promise<Figures> {
  const client = await LeashClient.connect({ runtimeDir: world.broker.dirs.runtimeDir });
  const leases = [];
  for (let i = 0; i < limits.maxLeases - 1; i++) {
    leases.push(
      await client.call("browser.claim", { sessionId: "l", instance: "flood-1", tab: `l${i}` }),
    );
  }
  const live = [...world.provider.live.keys()].sort();
  const other = await LeashClient.connect({ runtimeDir: world.broker.dirs.runtimeDir });
  let refused = 0;
  for (let from = 0; from < extra; from += 30) {
    const calls = Array.from(
      { length: Math.min(30, extra - from) },
      (_, i) =>
        other.call("browser.claim", { sessionId: "o", instance: "flood-1", tab: `o${from + i}` })
          .then(
            () => "granted",
            (error) => isLeashError(error, "QUEUE_FULL") ? "refused" : String(error),
          ),
    );
    for (const outcome of await Promise.all(calls)) {
      assert.equal(outcome, "refused");
      refused++;
    }
  }
  assert.deepEqual([...world.provider.live.keys()].sort(), live, "no lease ended or was added");
  assert.equal(live.length, limits.maxLeases);
  await assertIncumbent(world, "the lease flood");
  for (const lease of leases) {
    await client.call("browser.release", { sessionId: "l", leaseId: lease.leaseId });
  }
  client.close();
  other.close();
  return { live: limits.maxLeases, refused };
}

/**
 * Connections that use up their 10,000 remembered transport IDs: each
 * request is answered once, then the next ID closes the connection.
 * Unauthenticated requests, authenticated requests with the longest IDs
 * allowed, and early cancels with those IDs all count. None of these IDs
 * has the counted form `<prefix>-<n>`, which the Broker keeps as one run
 * (`provider_link_test.ts` shows a counting sender passing the cap).
 */
async function rememberedIdFlood(world: World, connections: number): Promise<Figures> {
  let answered = 0;
  const exhaust = async (c: number) => {
    const peer = await RecordingPeer.connect(world.broker.socketPath);
    const kind = c % 3 === 0 ? "unauthenticated" : c % 3 === 1 ? "client" : "cancels";
    if (kind !== "unauthenticated") await peer.request("h", "hello", specClientHello(world.token));
    const count = limits.rememberedIds - (kind === "unauthenticated" ? 0 : 1);
    // Short IDs before the hello, so the answers fit the 3-second window and the output budget.
    const ids = Array.from(
      { length: count },
      (_, i) => kind === "unauthenticated" ? `u${i}` : longId(`c${c}.`, i),
    );
    if (kind === "cancels") {
      for (let from = 0; from < count; from += 1_000) {
        await peer.sendAll(ids.slice(from, from + 1_000).map((id) => ({ type: "cancel", id })));
      }
    } else {
      const method = kind === "client" ? "browser.release" : "browser.instances";
      const params = kind === "client" ? { sessionId: "s", leaseId: "none" } : {};
      const batch = kind === "client" ? 1_000 : count;
      for (let from = 0; from < count; from += batch) {
        const slice = ids.slice(from, from + batch);
        await peer.sendAll(slice.map((id) => ({ type: "request", id, method, params })));
        assert.ok(await peer.settled(slice, 60_000), `${kind}: every remembered request answered`);
      }
      // Requests past 32 in flight are QUEUE_FULL; each one is still answered exactly once.
      const codes = kind === "client" ? ["LEASE_NOT_FOUND", "QUEUE_FULL"] : ["HANDSHAKE_REQUIRED"];
      for (const id of ids) {
        const response = peer.responses.get(id);
        assert.ok(
          response?.type === "response" && !response.ok && codes.includes(response.code),
          `${kind}: ${JSON.stringify(response)}`,
        );
      }
      answered += ids.length;
    }
    assert.equal(peer.closed, false, `${kind}: 10,000 IDs are still remembered, not too many`);
    const last = longId(`x${c}-`, 0);
    await peer.send({ type: "request", id: last, method: "browser.instances", params: {} });
    assert.ok(await peer.closedWithin(10_000), `${kind}: the 10,001st ID closes the connection`);
    assert.equal(peer.responses.has(last), false, `${kind}: and is not answered`);
    assert.deepEqual(peer.problems, []);
    peer.close();
  };
  const all = Array.from({ length: connections }, (_, c) => c);
  // A stranger's 10,000 must be answered inside its 3-second window: one at a time.
  for (const c of all.filter((c) => c % 3 === 0)) await exhaust(c);
  await Promise.all(all.filter((c) => c % 3 !== 0).map(exhaust));
  await assertIncumbent(world, "the remembered-ID flood");
  return { connections, ids: connections * limits.rememberedIds, answered };
}

/** One round of every flood at `scale` (1 is the CI size). */
async function everyFlood(world: World, scale: number): Promise<Record<string, Figures>> {
  return {
    sockets: await socketFlood(world, 300 * scale),
    hellos: await helloStorm(world, 1_000 * scale),
    inFlight: await inFlightFlood(world, 200 * scale),
    providers: await providerFlood(world, 40 * scale),
    claims: await claimFlood(world, 60 * scale),
    leases: await leaseFlood(world, 60 * scale),
    ids: await rememberedIdFlood(world, Math.min(3 * scale, 30)),
  };
}

Deno.test("floods past every budget leave existing control untouched and the Broker's memory bounded", async () => {
  await using broker = await BrokerChild.start();
  const world = await enter(broker);
  const watchdog = await Watchdog.start(broker.dirs.runtimeDir);
  const start = await broker.memory();

  // Two rounds warm the heap, the JIT and the allocator up; memory is judged after them.
  const scale = stress ? 3 : 1;
  await everyFlood(world, scale);
  await everyFlood(world, scale);
  const warm = await broker.memory();
  const rounds = sized(1, 30);
  let figures: Record<string, Figures> = {};
  let middle = warm;
  for (let round = 0; round < rounds; round++) {
    figures = await everyFlood(world, scale);
    if (round === Math.floor(rounds / 2) - 1) middle = await broker.memory();
  }
  const end = await broker.memory();

  const report = await watchdog.stop();
  assert.deepEqual(report.failures, []);
  assert.ok(report.answers > 0);
  assert.ok(await broker.alive());
  assert.equal(broker.stderr.includes('"level":"error"'), false, "nothing logged at error level");
  // A leak guard, generous on purpose: a steady load must not keep growing the Broker. RSS
  // keeps its high-water mark, so a long run is judged over its second half only.
  const growth = end.rssKiB - warm.rssKiB;
  const judged = stress ? end.rssKiB - middle.rssKiB : growth;
  assert.ok(judged < 64 * 1024, `RSS grew ${mib(judged)} over the measured rounds`);
  const parts = Object.entries(figures).map(([name, values]) =>
    `${name} {${Object.entries(values).map(([key, value]) => `${key} ${value}`).join(", ")}}`
  );
  figure(
    "floods",
    `${rounds + 2} rounds, last: ${parts.join("; ")}; ` +
      `incumbent lease and registered providers kept, ` +
      `watchdog ${report.answers} answers on one connection / 0 failures, evicted: nothing, ` +
      `RSS start ${mib(start.rssKiB)}, warm ${mib(warm.rssKiB)}, end ${mib(end.rssKiB)} ` +
      `(${mibChange(growth)} after warm-up${
        stress ? `, ${mibChange(end.rssKiB - middle.rssKiB)} over the second half` : ""
      }, peak ${mib(end.peakKiB)}), lost: nothing`,
  );
  world.incumbent.close();
  world.provider.close();
  world.claims.close();
  world.claims2.close();
  world.holder.close();
});

Deno.test({
  name: "claims waiting on one browser leave room for the calls of its existing leases",
  // Found by this suite: with the Broker-wide claim cap (32) equal to the link's in-flight
  // cap (32), claims waiting on one browser could take every slot of its provider link and
  // starve calls for its existing leases. One provider now takes at most 16 waiting claims;
  // the rest of a 32-claim flood is refused QUEUE_FULL.
  fn: async () => {
    await using env = await startInProcess();
    let hold = false;
    const provider = await ScriptedProvider.connect({
      socketPath: env.socketPath,
      token: env.token,
      onGrant: (): GrantAnswer => hold ? { kind: "hold" } : { kind: "grant" },
    });
    const owner = await LeashClient.connect({ runtimeDir: env.runtimeDir });
    const instance = "opaque-instance";
    const lease = await owner.call("browser.claim", { sessionId: "s", instance, tab: "mine" });
    hold = true;
    const claimers = await Promise.all(
      [0, 1].map(() => LeashClient.connect({ runtimeDir: env.runtimeDir })),
    );
    const waiting = Array.from(
      { length: limits.maxPendingClaims },
      (_, i) =>
        claimers[i % 2].call("browser.claim", { sessionId: "c", instance, tab: `t${i}` }).catch(
          () => undefined,
        ),
    );
    await until(
      () => provider.grants.length === limits.maxPendingClaimsPerProvider + 1,
      "16 grants asked",
    );
    try {
      assert.deepEqual(
        await owner.call("browser.validateLease", { sessionId: "s", leaseId: lease.leaseId }),
        { valid: true },
      );
    } finally {
      provider.releaseGrants();
      await Promise.all(waiting);
      for (const client of [owner, ...claimers]) client.close();
      provider.close();
    }
  },
});
