/**
 * How leases end over real sockets: release, releaseSession, disconnects,
 * the provider's own revocation, validation against the tab's origin, and
 * that nobody but the owning session can touch or even see a lease.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import type { PageChange } from "../../broker/authority/state.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { type InProcessBroker, startInProcess, until } from "./_in_process.ts";
import { type GrantAnswer, ScriptedProvider } from "./_scripted_provider.ts";

const instance = "opaque-instance";

function providerFor(env: InProcessBroker, instanceId = instance, onGrant?: () => GrantAnswer) {
  return ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId,
    onGrant,
  });
}

function clientOf(env: InProcessBroker) {
  return LeashClient.connect({ runtimeDir: env.runtimeDir });
}

Deno.test("release ends the caller's lease, tells it and the provider; a repeat answers false", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance });
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  assert.deepEqual(await client.call("browser.release", handle), { released: true });
  assert.deepEqual((await client.events().next()).value, {
    event: "browser.lease-revoked",
    value: handle,
  });
  await until(() => provider.revoked.length === 1, "the withdrawal");
  assert.deepEqual(provider.revoked, [provider.grants[0].lease]);
  assert.deepEqual(await client.call("browser.release", handle), { released: false });
  await assert.rejects(
    client.call("browser.release", { sessionId: "s", leaseId: "never-granted" }),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
  client.close();
  provider.close();
});

Deno.test("releaseSession ends the session's leases and pending claims, cancelling them at the provider", async () => {
  await using env = await startInProcess();
  let hold = false;
  const provider = await providerFor(
    env,
    instance,
    () => hold ? { kind: "hold" } : { kind: "grant" },
  );
  const client = await clientOf(env);
  const mine = await client.call("browser.claim", { sessionId: "s", instance, tab: "t1" });
  const sibling = await client.call("browser.claim", { sessionId: "z", instance, tab: "t2" });
  hold = true;
  const pending = client.call("browser.claim", { sessionId: "s", instance, tab: "t3" })
    .catch((error) => error);
  await until(() => provider.grants.length === 3, "the pending grant asked");

  assert.deepEqual(await client.call("browser.releaseSession", { sessionId: "s" }), {
    released: 2,
  });
  assert.ok(isLeashError(await pending, "CANCELLED"));
  const pendingToken = provider.grants[2].lease;
  await until(() => provider.grantCancels.length === 1, "the cancel at the provider");
  assert.deepEqual(provider.grantCancels, [pendingToken]);
  await until(() => provider.revoked.length === 2, "both withdrawn");
  assert.deepEqual(
    new Set(provider.revoked.map((token) => token.leaseId)),
    new Set([mine.leaseId, pendingToken.leaseId]),
  );
  assert.deepEqual(env.broker.state.leases.list().map((lease) => lease.leaseId), [
    sibling.leaseId,
  ]);
  client.close();
  provider.close();
});

Deno.test("a client disconnect cancels its pending claim at the provider and ends its leases", async () => {
  await using env = await startInProcess();
  let hold = false;
  const provider = await providerFor(
    env,
    instance,
    () => hold ? { kind: "hang" } : { kind: "grant" },
  );
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance, tab: "t1" });
  hold = true;
  const pending = client.call("browser.claim", { sessionId: "s", instance, tab: "t2" })
    .catch((error) => error);
  await until(() => provider.grants.length === 2, "the pending grant asked");
  client.close();
  assert.ok(isLeashError(await pending, "CONNECTION_LOST"));
  await until(() => provider.grantCancels.length === 1, "the cancel at the provider");
  assert.deepEqual(provider.grantCancels, [provider.grants[1].lease]);
  await until(() => provider.revoked.length === 2, "both withdrawn");
  assert.ok(provider.revoked.some((token) => token.leaseId === lease.leaseId));
  const { state } = env.broker;
  assert.equal(state.leases.size, 0);
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 0);
  provider.close();
});

Deno.test("a provider disconnect fails its pending claims with INSTANCE_NOT_FOUND, not 'reconnect'", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env, instance, () => ({ kind: "hang" }));
  const client = await clientOf(env);
  const pending = client.call("browser.claim", { sessionId: "s", instance }).catch((e) => e);
  await until(() => provider.grants.length === 1, "the grant asked");
  provider.close();
  const outcome = await pending;
  assert.ok(isLeashError(outcome, "INSTANCE_NOT_FOUND"), `${outcome}`);
  assert.equal(env.broker.state.admission.used("leases"), 0);
  client.close();
});

Deno.test("a call under a lease whose browser goes away mid-call is answered LEASE_NOT_FOUND, not CONNECTION_LOST", async () => {
  await using env = await startInProcess();
  let asked = 0;
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: instance,
    // Hold the call at the provider until the browser leaves.
    beforeAnswer: () => {
      asked++;
      return new Promise<void>(() => {});
    },
  });
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance });
  const pending = client.call("browser.validateLease", { sessionId: "s", leaseId: lease.leaseId })
    .catch((error) => error);
  await until(() => asked === 1, "the call held at the provider");
  provider.close();
  // The client's own connection is fine: "reconnect" would mislead; its lease is what ended.
  const answer = await pending;
  assert.ok(isLeashError(answer, "LEASE_NOT_FOUND"), `${answer}`);
  assert.deepEqual(await client.call("browser.instances", {}), []);
  client.close();
});

Deno.test("a provider's lease.revoked reaches the owning connection only", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const alice = await clientOf(env);
  const bob = await clientOf(env);
  const aliceLease = await alice.call("browser.claim", { sessionId: "a", instance, tab: "t1" });
  const bobLease = await bob.call("browser.claim", { sessionId: "b", instance, tab: "t2" });
  provider.emit("lease.revoked", { leaseId: aliceLease.leaseId, reason: "stop" });
  assert.deepEqual((await alice.events().next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "a", leaseId: aliceLease.leaseId },
  });
  assert.deepEqual(
    await alice.call("browser.release", { sessionId: "a", leaseId: aliceLease.leaseId }),
    {
      released: false,
    },
  );
  // Bob's first event is about his own lease: he never heard about Alice's.
  provider.emit("lease.revoked", { leaseId: bobLease.leaseId, reason: "tab-closed" });
  assert.deepEqual((await bob.events().next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "b", leaseId: bobLease.leaseId },
  });
  assert.deepEqual(provider.revoked, [], "the provider that ended them is not asked to again");
  alice.close();
  bob.close();
  provider.close();
});

Deno.test("a provider cannot revoke or signal another instance's lease", async () => {
  await using env = await startInProcess();
  const one = await providerFor(env, "one");
  const two = await providerFor(env, "two");
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance: "one" });
  const heard: PageChange[] = [];
  env.broker.state.onPageChanged(lease.leaseId, (change) => heard.push(change));

  two.emit("lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  two.emit("page.changed", { tab: lease.tab, leaseId: lease.leaseId, sequence: 1 });
  await two.sync();
  assert.ok(env.broker.state.leases.get(lease.leaseId), "the lease is still live");
  assert.deepEqual(heard, []);
  assert.deepEqual(
    await client.call("browser.validateLease", { sessionId: "s", leaseId: lease.leaseId }),
    { valid: true },
  );

  one.emit("page.changed", { tab: lease.tab, leaseId: lease.leaseId, sequence: 2 });
  await one.sync();
  assert.deepEqual(heard, [{ tab: lease.tab, leaseId: lease.leaseId, sequence: 2 }]);
  client.close();
  one.close();
  two.close();
});

Deno.test("another connection or session cannot release or validate a lease: LEASE_NOT_FOUND", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const owner = await clientOf(env);
  const stranger = await clientOf(env);
  const lease = await owner.call("browser.claim", { sessionId: "s", instance });
  const attempts = [
    [stranger, { sessionId: "s", leaseId: lease.leaseId }],
    [owner, { sessionId: "other", leaseId: lease.leaseId }],
  ] as const;
  for (const [client, handle] of attempts) {
    for (const method of ["browser.release", "browser.validateLease"] as const) {
      await assert.rejects(
        client.call(method, handle),
        (error) => isLeashError(error, "LEASE_NOT_FOUND"),
        method,
      );
    }
  }
  assert.deepEqual(provider.cdpCalls, [], "a stranger's validation never reaches the provider");
  assert.deepEqual(provider.revoked, []);
  assert.deepEqual(
    await owner.call("browser.validateLease", { sessionId: "s", leaseId: lease.leaseId }),
    { valid: true },
  );
  owner.close();
  stranger.close();
  provider.close();
});

Deno.test("validateLease asks the provider with the fence and ends the lease with ORIGIN_CHANGED off-origin", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance });
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  assert.deepEqual(await client.call("browser.validateLease", handle), { valid: true });
  assert.deepEqual(provider.cdpCalls, [{
    lease: provider.grants[0].lease,
    method: "Page.getFrameTree",
    params: {},
  }]);

  provider.navigate(lease.leaseId, "https://elsewhere.example/login");
  await assert.rejects(
    client.call("browser.validateLease", handle),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual((await client.events().next()).value, {
    event: "browser.lease-revoked",
    value: handle,
  });
  await until(() => provider.revoked.length === 1, "the withdrawal");
  assert.deepEqual(provider.revoked, [provider.grants[0].lease]);
  await assert.rejects(
    client.call("browser.validateLease", handle),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
  client.close();
  provider.close();
});

Deno.test("validateLease of a lease the provider no longer holds is STALE_LEASE and ends it", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await clientOf(env);
  const lease = await client.call("browser.claim", { sessionId: "s", instance });
  provider.live.delete(lease.leaseId);
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  await assert.rejects(
    client.call("browser.validateLease", handle),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  assert.deepEqual((await client.events().next()).value, {
    event: "browser.lease-revoked",
    value: handle,
  });
  assert.equal(env.broker.state.leases.size, 0);
  client.close();
  provider.close();
});
