import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { fakeProvider, fakeSession, grantFor, hang, settle } from "./_fake_peers.ts";
import { JsonLogger, silentLogger } from "../../local/log.ts";
import { BrokerState, type PageChange } from "./state.ts";

const live = () => new AbortController().signal;

Deno.test("page.changed reaches the lease's listeners only from the lease's own provider", async () => {
  const state = new BrokerState(silentLogger);
  fakeProvider(state, { instance: "one" });
  fakeProvider(state, { instance: "two" });
  const lease = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "one", tab: "t1" },
    live(),
  );
  const other = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "one", tab: "t2" },
    live(),
  );
  const heard: PageChange[] = [];
  const heardOther: PageChange[] = [];
  const stop = state.onPageChanged(lease.leaseId, (change) => heard.push(change));
  state.onPageChanged(other.leaseId, (change) => heardOther.push(change));

  state.providerEvent("two", "page.changed", { tab: "t1", leaseId: lease.leaseId, sequence: 1 });
  state.providerEvent("one", "page.changed", { tab: "t9", leaseId: lease.leaseId, sequence: 2 });
  state.providerEvent("one", "page.changed", { tab: "t1", leaseId: "unknown", sequence: 3 });
  state.providerEvent("one", "page.changed", { tab: "t1", leaseId: lease.leaseId, sequence: 4 });
  assert.deepEqual(heard, [{ tab: "t1", leaseId: lease.leaseId, sequence: 4 }]);
  assert.deepEqual(heardOther, []);

  stop();
  state.providerEvent("one", "page.changed", { tab: "t1", leaseId: lease.leaseId, sequence: 5 });
  assert.equal(heard.length, 1);
});

Deno.test("a lease's page listeners go when the lease ends, and a listener that throws harms nobody", async () => {
  const state = new BrokerState(silentLogger);
  fakeProvider(state, { instance: "one" });
  const lease = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "one", tab: "t1" },
    live(),
  );
  const heard: number[] = [];
  state.onPageChanged(lease.leaseId, () => {
    throw new Error("listener bug");
  });
  state.onPageChanged(lease.leaseId, (change) => heard.push(change.sequence));
  state.providerEvent("one", "page.changed", { tab: "t1", leaseId: lease.leaseId, sequence: 1 });
  assert.deepEqual(heard, [1]);
  state.providerEvent("one", "lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  assert.equal(state.onPageChanged(lease.leaseId, () => heard.push(-1))(), undefined);
  state.providerEvent("one", "page.changed", { tab: "t1", leaseId: lease.leaseId, sequence: 2 });
  assert.deepEqual(heard, [1]);
});

Deno.test("lease.revoked from another instance's provider ends nothing", async () => {
  const state = new BrokerState(silentLogger);
  const session = fakeSession(state, "c1");
  fakeProvider(state, { instance: "one" });
  const two = fakeProvider(state, { instance: "two" });
  const lease = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "one", tab: "t1" },
    live(),
  );
  state.providerEvent("two", "lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  assert.ok(state.leases.get(lease.leaseId));
  assert.deepEqual(session.events, []);
  state.providerEvent("one", "lease.revoked", { leaseId: lease.leaseId, reason: "stop" });
  assert.equal(state.leases.get(lease.leaseId), undefined);
  assert.deepEqual(session.events, [{ sessionId: "s", leaseId: lease.leaseId }]);
  await settle();
  assert.deepEqual(two.revoked, []);
});

Deno.test("lease.revoked for a navigation ends the lease as navigated, without a revoke back", async () => {
  const lines: string[] = [];
  const state = new BrokerState(new JsonLogger({ write: (line) => lines.push(line) }));
  const session = fakeSession(state, "c1");
  const provider = fakeProvider(state, { instance: "one" });
  const ended: string[] = [];
  state.onLeaseEnded((_lease, why) => ended.push(why));
  const owner = { owner: "c1", sessionId: "s" };
  for (const reason of ["navigated", "stop"] as const) {
    const lease = await state.claims.claim(
      "c1",
      { sessionId: "s", instance: "one", tab: `t-${reason}` },
      live(),
    );
    state.providerEvent("one", "lease.revoked", { leaseId: lease.leaseId, reason });
    assert.equal(state.leases.get(lease.leaseId), undefined);
    assert.equal(
      state.leases.endedWhy(lease.leaseId, owner),
      reason === "navigated" ? "navigated" : "revoked-by-provider",
    );
  }
  assert.deepEqual(ended, ["navigated", "revoked-by-provider"]);
  // The log says why each ended, and what the provider gave as its reason.
  const logged = lines.map((line) => JSON.parse(line))
    .filter((line) => line.event.startsWith("lease-"))
    .map(({ event, conn, why, reason }) => [event, conn, why ?? reason]);
  assert.deepEqual(logged, [
    ["lease-revoked-by-provider", undefined, "navigated"],
    ["lease-ended", "c1", "navigated"],
    ["lease-revoked-by-provider", undefined, "stop"],
    ["lease-ended", "c1", "revoked-by-provider"],
  ]);
  assert.equal(session.events.length, 2);
  await settle();
  assert.deepEqual(provider.revoked, [], "the provider ended them itself");
});

Deno.test("releaseSession ends that session's leases and waiting claims only, and counts both", async () => {
  const state = new BrokerState(silentLogger);
  const session = fakeSession(state, "c1");
  fakeSession(state, "c2");
  let hold = false;
  const provider = fakeProvider(state, {
    instance: "i",
    onGrant: (params, signal) =>
      hold ? hang(params, signal) : Promise.resolve({
        tab: params.tab ?? "t",
        scope: { kind: "origin", origin: "https://example.com" },
        url: "https://example.com/",
      }),
  });
  const mine = await state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "t1" }, live());
  const sibling = await state.claims.claim(
    "c1",
    { sessionId: "z", instance: "i", tab: "t2" },
    live(),
  );
  const stranger = await state.claims.claim(
    "c2",
    { sessionId: "s", instance: "i", tab: "t3" },
    live(),
  );
  hold = true;
  const waiting = state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "t4" }, live())
    .catch((error) => error);
  await settle();

  assert.equal(state.releaseSession({ owner: "c1", sessionId: "s" }), 2);
  assert.ok(isLeashError(await waiting, "CANCELLED"));
  assert.equal(state.leases.get(mine.leaseId), undefined);
  assert.ok(state.leases.get(sibling.leaseId));
  assert.ok(state.leases.get(stranger.leaseId));
  assert.deepEqual(session.events, [{ sessionId: "s", leaseId: mine.leaseId }]);
  await settle();
  assert.equal(provider.cancels.length, 1);
  const revokedIds = provider.revoked.map((token) => token.leaseId);
  assert.ok(revokedIds.includes(mine.leaseId));
  assert.ok(revokedIds.includes(provider.cancels[0].leaseId), "the cancelled grant is withdrawn");
  assert.equal(state.releaseSession({ owner: "c1", sessionId: "s" }), 0);
});

Deno.test("a leaving client's waiting claims fail and its leases end; a leaving provider's too", async () => {
  const state = new BrokerState(silentLogger);
  fakeSession(state, "c1");
  const provider = fakeProvider(state, { instance: "i", onGrant: hang });
  const claim = state.claims.claim("c1", { sessionId: "s", instance: "i" }, live())
    .catch((error) => error);
  await settle();
  state.clientGone("c1");
  assert.ok(isLeashError(await claim, "CONNECTION_LOST"));
  await settle();
  assert.equal(provider.cancels.length, 1);

  fakeSession(state, "c2");
  const second = state.claims.claim("c2", { sessionId: "s", instance: "i" }, live())
    .catch((error) => error);
  await settle();
  state.providerGone(provider.entry.conn);
  // The claimant's own connection is fine: what is gone is the browser it asked.
  assert.ok(isLeashError(await second, "INSTANCE_NOT_FOUND"));
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 0);
});

Deno.test("shutdown fails waiting claims and ends every lease without asking providers", async () => {
  const state = new BrokerState(silentLogger);
  const session = fakeSession(state, "c1");
  let hold = false;
  const provider = fakeProvider(state, {
    instance: "i",
    onGrant: (params, signal) =>
      hold ? hang(params, signal) : Promise.resolve({
        tab: params.tab ?? "t",
        scope: { kind: "origin", origin: "https://example.com" },
        url: "https://example.com/",
      }),
  });
  const lease = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "t1" },
    live(),
  );
  hold = true;
  const claim = state.claims.claim("c1", { sessionId: "s", instance: "i" }, live())
    .catch((error) => error);
  await settle();
  state.shutdown();
  assert.ok(isLeashError(await claim, "CONNECTION_LOST"));
  assert.equal(state.leases.size, 0);
  assert.deepEqual(session.events, [{ sessionId: "s", leaseId: lease.leaseId }]);
  await settle();
  assert.ok(!provider.revoked.some((token) => token.leaseId === lease.leaseId));
});

Deno.test("a lease that ends while its provider's link is full is revoked there once room frees", async () => {
  const state = new BrokerState(silentLogger);
  fakeSession(state, "c1");
  const provider = fakeProvider(state, {
    instance: "i",
    onGrant: (params, signal) => params.lease.fence > 1 ? hang(params, signal) : grantFor(params),
  });
  const lease = await state.claims.claim("c1", { sessionId: "s", instance: "i" }, live());
  // Fill the link: every call it may carry waits at the provider.
  const holding = new AbortController();
  const held = Array.from(
    { length: limits.maxInFlight },
    (_, i) =>
      provider.entry.link.request("lease.grant", {
        lease: { leaseId: `held-${i}`, fence: 100 + i },
        scope: "origin",
        clientName: "agent",
      }, { signal: holding.signal }).catch((error) => error),
  );
  await settle();
  assert.equal(provider.grants.length, 1 + limits.maxInFlight);

  state.clientGone("c1");
  await settle();
  assert.equal(provider.revoked.length, 0, "no room on the link yet");
  holding.abort();
  await Promise.all(held);
  const deadline = Date.now() + 5_000;
  while (provider.revoked.length === 0 && Date.now() < deadline) await settle();
  assert.deepEqual(provider.revoked.map((token) => token.leaseId), [lease.leaseId]);
  provider.close();
});
