/**
 * Budgets and their edges over real sockets: 32 requests in flight per
 * connection, cancel reaching a slow provider, 64 sockets including
 * unauthenticated ones, 16 providers, and the cleanup a disconnect causes.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { specClientHello } from "./_hellos.ts";
import { type InProcessBroker, startInProcess, until } from "./_in_process.ts";
import { isRecord, RawSocket } from "./_raw_socket.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const instance = "opaque-instance";

function providerFor(env: InProcessBroker, instanceId = instance, holdTabs = false) {
  return ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId,
    holdTabs,
  });
}

/** A tab lease put straight into the table, as a granted claim would. */
function leaseFor(env: InProcessBroker, owner: string, leased: string, sessionId = "s") {
  return env.broker.state.leases.add({
    sessionId,
    owner,
    instance: leased,
    tab: `${leased}:1`,
    scope: { kind: "tab" },
  });
}

Deno.test("the 33rd concurrent request on one connection is answered QUEUE_FULL", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env, instance, true);
  const socket = await RawSocket.connect(env.socketPath);
  await socket.request("h", "hello", specClientHello(env.token));
  for (let i = 0; i < limits.maxInFlight; i++) {
    await socket.send({
      type: "request",
      id: `t${i}`,
      method: "browser.tabs",
      params: { instance },
    });
  }
  await until(() => provider.started === limits.maxInFlight, "32 calls at the provider");
  const overflow = await socket.request("t32", "browser.tabs", { instance });
  assert.deepEqual(overflow, { type: "response", id: "t32", ok: false, code: "QUEUE_FULL" });
  provider.releaseHeld();
  const answered = new Set<string>();
  while (answered.size < limits.maxInFlight) {
    const message = await socket.next();
    assert.ok(isRecord(message) && message.ok === true && typeof message.id === "string");
    answered.add(message.id);
  }
  socket.close();
  provider.close();
});

Deno.test("a cancel aborts the slow handler and reaches the provider", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env, instance, true);
  const socket = await RawSocket.connect(env.socketPath);
  await socket.request("h", "hello", specClientHello(env.token));
  await socket.send({ type: "request", id: "slow", method: "browser.tabs", params: { instance } });
  await until(() => provider.started === 1, "the call at the provider");
  await socket.send({ type: "cancel", id: "slow" });
  assert.deepEqual(await socket.next(), {
    type: "response",
    id: "slow",
    ok: false,
    code: "CANCELLED",
  });
  await until(() => provider.cancelled === 1, "the provider's handler aborted");

  // The SDK's AbortSignal takes the same path.
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const controller = new AbortController();
  const call = client.call("browser.tabs", { instance }, { signal: controller.signal }).catch((e) =>
    e
  );
  await until(() => provider.started === 2, "the second call at the provider");
  controller.abort();
  assert.ok(isLeashError(await call, "CANCELLED"));
  await until(() => provider.cancelled === 2, "the provider's second handler aborted");
  client.close();
  socket.close();
  provider.close();
});

Deno.test("200 unauthenticated sockets at once: the excess is closed, an authenticated client keeps getting answers", async () => {
  await using env = await startInProcess({ handshakeMs: 1_000 });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const flood = Array.from({ length: 200 }, () => RawSocket.connect(env.socketPath));
  const answers = Array.from({ length: 20 }, () => client.call("browser.instances", {}));
  const sockets = await Promise.all(flood);
  for (const answer of await Promise.all(answers)) assert.deepEqual(answer, []);
  // The client holds one slot, so 63 flood sockets fit and 137 are closed on accept.
  await until(
    () => env.lines.filter((line) => line.includes('"socket-refused"')).length === 137,
    "137 refused sockets",
  );
  assert.equal(env.broker.state.admission.used("sockets"), limits.maxSockets);
  assert.deepEqual(await client.call("browser.instances", {}), []);
  // When the window passes the unauthenticated ones go, and new clients fit again.
  await until(() => env.broker.state.admission.used("sockets") === 1, "the flood gone");
  const late = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  assert.deepEqual(await late.call("browser.instances", {}), []);
  for (const socket of sockets) socket.close();
  late.close();
  client.close();
});

Deno.test("the 17th provider is QUEUE_FULL and a duplicate instance INSTANCE_CONFLICT; registered ones stay", async () => {
  await using env = await startInProcess();
  const connect = (id: string) => providerFor(env, id);
  const providers = await Promise.all(
    Array.from({ length: limits.maxProviders }, (_, i) => connect(`instance-${i}`)),
  );
  await assert.rejects(connect("instance-extra"), (error) => isLeashError(error, "QUEUE_FULL"));
  await assert.rejects(
    connect("instance-0"),
    (error) => isLeashError(error, "INSTANCE_CONFLICT"),
  );
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  assert.equal((await client.call("browser.instances", {})).length, limits.maxProviders);
  providers[0].close();
  await until(() => env.broker.state.registry.size === limits.maxProviders - 1, "one gone");
  const replacement = await connect("instance-0");
  assert.equal((await client.call("browser.instances", {})).length, limits.maxProviders);
  for (const provider of [...providers, replacement]) provider.close();
  client.close();
});

Deno.test("a second browser with a connected instance ID is INSTANCE_CONFLICT; the first stays listed and serves claims", async () => {
  await using env = await startInProcess();
  const first = await providerFor(env);
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const [listed] = await client.call("browser.instances", {});
  await assert.rejects(providerFor(env), (error) => isLeashError(error, "INSTANCE_CONFLICT"));
  assert.ok(
    env.lines.some((line) =>
      line.includes('"provider-refused"') && line.includes('"INSTANCE_CONFLICT"')
    ),
  );
  assert.deepEqual(await client.call("browser.instances", {}), [listed]);
  const lease = await client.call("browser.claim", {
    sessionId: "s",
    instance,
    tab: "instance:1",
    clientName: "capacity test",
  });
  assert.equal(first.grants.length, 1);
  assert.equal(first.live.has(lease.leaseId), true);
  first.close();
  client.close();
});

Deno.test("a provider disconnect removes its instance and ends its leases, told to the owning session only", async () => {
  await using env = await startInProcess();
  const { state } = env.broker;
  const first = await providerFor(env, "one");
  const second = await providerFor(env, "two");
  const alice = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const bob = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const [aliceConn, bobConn] = state.sessions.list().map((session) => session.conn);
  const aliceLease = leaseFor(env, aliceConn, "one", "s-a");
  const bobLease = leaseFor(env, bobConn, "two", "s-b");

  first.close();
  const aliceEvents = alice.events();
  assert.deepEqual((await aliceEvents.next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "s-a", leaseId: aliceLease.leaseId },
  });
  assert.deepEqual((await alice.call("browser.instances", {})).map((i) => i.id), ["two"]);
  assert.equal(state.leases.get(aliceLease.leaseId), undefined);

  // Bob's first event is about his own lease: he never heard about Alice's.
  second.close();
  assert.deepEqual((await bob.events().next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "s-b", leaseId: bobLease.leaseId },
  });
  assert.equal(state.leases.size, 0);
  assert.equal(state.admission.used("leases"), 0);
  alice.close();
  bob.close();
});

Deno.test("a provider's lease.revoked ends only its own instance's lease", async () => {
  await using env = await startInProcess();
  const { state } = env.broker;
  const one = await providerFor(env, "one");
  const two = await providerFor(env, "two");
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const [{ conn }] = state.sessions.list();
  const lease = leaseFor(env, conn, "one");
  two.emit("lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  await two.sync();
  assert.ok(state.leases.get(lease.leaseId), "another instance's provider cannot end it");
  one.emit("lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  assert.deepEqual((await client.events().next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "s", leaseId: lease.leaseId },
  });
  assert.equal(state.leases.size, 0);
  assert.deepEqual(one.revoked, [], "the provider that ended it is not asked to again");
  client.close();
  one.close();
  two.close();
});

Deno.test("a client disconnect ends its leases and withdraws them from the provider", async () => {
  await using env = await startInProcess();
  const { state } = env.broker;
  const provider = await providerFor(env);
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const [{ conn }] = state.sessions.list();
  const lease = leaseFor(env, conn, instance);
  client.close();
  await until(() => provider.revoked.length === 1, "lease.revoke at the provider");
  assert.deepEqual(provider.revoked, [{ leaseId: lease.leaseId, fence: lease.fence }]);
  assert.equal(state.leases.size, 0);
  provider.close();
});
