import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import type { AdmissionCaps } from "./admission.ts";
import { defaultClientName } from "./claims.ts";
import { fakeProvider, grantFor, hang, settle } from "./_fake_peers.ts";
import { silentLogger } from "../../local/log.ts";
import { BrokerState } from "./state.ts";

function stateWith(
  options: { accessMode?: AccessMode; caps?: Partial<AdmissionCaps>; grantTimeoutMs?: number } = {},
) {
  return new BrokerState(silentLogger, options);
}

const live = () => new AbortController().signal;

Deno.test("a claim sends a fresh lease ID and fence to the provider and returns the lease without the fence", async () => {
  const state = stateWith();
  const provider = fakeProvider(state, { instance: "i" });
  const lease = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "i:1" },
    live(),
  );
  assert.deepEqual(provider.grants, [{
    lease: { leaseId: lease.leaseId, fence: 1 },
    tab: "i:1",
    scope: "origin",
    clientName: defaultClientName,
  }]);
  assert.equal("fence" in lease, false);
  assert.deepEqual(lease.scope, { kind: "origin", origin: "https://example.com" });
  assert.equal(state.leases.get(lease.leaseId)?.fence, 1);
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 1);
});

Deno.test("an unknown instance is INSTANCE_NOT_FOUND and takes no slot", async () => {
  const state = stateWith();
  await assert.rejects(
    state.claims.claim("c1", { sessionId: "s", instance: "missing" }, live()),
    (error) => isLeashError(error, "INSTANCE_NOT_FOUND"),
  );
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 0);
});

Deno.test("tab scope is UNSUPPORTED in restricted mode and granted in personal mode", async () => {
  const restricted = stateWith();
  const asked = fakeProvider(restricted, { instance: "i" });
  await assert.rejects(
    restricted.claims.claim("c1", { sessionId: "s", instance: "i", scope: "tab" }, live()),
    (error) => isLeashError(error, "UNSUPPORTED"),
  );
  assert.equal(asked.grants.length, 0, "the provider is never asked");

  const personal = stateWith({ accessMode: "personal" });
  fakeProvider(personal, { instance: "i" });
  const lease = await personal.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", scope: "tab" },
    live(),
  );
  assert.deepEqual(lease.scope, { kind: "tab" });
});

Deno.test("the pending-claim budget refuses the next claim with QUEUE_FULL and the waiting ones go on", async () => {
  const state = stateWith({ caps: { claims: 2 } });
  const provider = fakeProvider(state, { instance: "i", onGrant: hang });
  const waiting = [1, 2].map((n) =>
    state.claims.claim("c1", { sessionId: "s", instance: "i", tab: `i:${n}` }, live())
      .catch((error) => error)
  );
  await assert.rejects(
    state.claims.claim("c2", { sessionId: "s", instance: "i", tab: "i:3" }, live()),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  await settle();
  assert.equal(provider.grants.length, 2);
  assert.equal(state.claims.size, 2);
  assert.deepEqual(provider.cancels, []);
  provider.close();
  for (const outcome of await Promise.all(waiting)) {
    assert.ok(isLeashError(outcome, "INSTANCE_NOT_FOUND"));
  }
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 0);
});

Deno.test("a waiting claim's reserved lease counts against the lease budget", async () => {
  const state = stateWith({ caps: { leases: 2 } });
  let hold = false;
  fakeProvider(state, {
    instance: "i",
    onGrant: (params, signal) => hold ? hang(params, signal) : grantFor(params),
  });
  const first = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "i:1" },
    live(),
  );
  hold = true;
  const controller = new AbortController();
  const pending = state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "i:2" },
    controller.signal,
  ).catch((error) => error);
  await assert.rejects(
    state.claims.claim("c2", { sessionId: "s", instance: "i", tab: "i:3" }, live()),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  assert.ok(state.leases.get(first.leaseId), "the live lease is untouched");
  controller.abort();
  assert.ok(isLeashError(await pending, "CANCELLED"));
  assert.equal(state.admission.used("leases"), 1);
});

Deno.test("a provider's refusal reaches the caller, frees both slots and withdraws nothing", async () => {
  for (const code of ["CLAIM_DENIED", "CLAIM_TIMEOUT", "TAB_NOT_FOUND"] as const) {
    const state = stateWith();
    const scripted = fakeProvider(state, {
      instance: "i",
      onGrant: () => {
        throw new LeashError(code);
      },
    });
    await assert.rejects(
      state.claims.claim("c1", { sessionId: "s", instance: "i" }, live()),
      (error) => isLeashError(error, code),
    );
    await settle();
    assert.deepEqual(scripted.revoked, []);
    assert.equal(state.admission.used("claims"), 0);
    assert.equal(state.admission.used("leases"), 0);
  }
});

Deno.test("an aborted claim cancels the grant at the provider and withdraws its fence", async () => {
  const state = stateWith();
  const provider = fakeProvider(state, { instance: "i", onGrant: hang });
  const controller = new AbortController();
  const claim = state.claims.claim("c1", { sessionId: "s", instance: "i" }, controller.signal)
    .catch((error) => error);
  await settle();
  controller.abort();
  assert.ok(isLeashError(await claim, "CANCELLED"));
  await settle();
  const [granted] = provider.grants;
  assert.deepEqual(provider.cancels, [granted.lease]);
  assert.deepEqual(provider.revoked, [granted.lease]);
  assert.equal(state.admission.used("leases"), 0);
});

Deno.test("a grant past the Broker's deadline is TIMEOUT, cancelled and withdrawn", async () => {
  const state = stateWith({ grantTimeoutMs: 10 });
  const provider = fakeProvider(state, { instance: "i", onGrant: hang });
  await assert.rejects(
    state.claims.claim("c1", { sessionId: "s", instance: "i" }, live()),
    (error) => isLeashError(error, "TIMEOUT"),
  );
  await settle();
  assert.equal(provider.cancels.length, 1);
  assert.deepEqual(provider.revoked, provider.cancels);
});

Deno.test("a grant that breaks the rules is withdrawn and answered INTERNAL", async () => {
  const cases = [
    { name: "another tab", tab: "i:1", answer: { tab: "i:2" } },
    { name: "tab scope in restricted mode", tab: undefined, answer: { scope: { kind: "tab" } } },
    { name: "a URL outside the origin", tab: undefined, answer: { url: "https://other.test/" } },
    {
      name: "a non-web origin",
      tab: undefined,
      answer: { scope: { kind: "origin", origin: "chrome://settings" }, url: "chrome://settings/" },
    },
  ] as const;
  for (const { name, tab, answer } of cases) {
    const state = stateWith();
    const provider = fakeProvider(state, {
      instance: "i",
      onGrant: (params) => ({ ...grantFor(params), ...answer }),
    });
    await assert.rejects(
      state.claims.claim("c1", { sessionId: "s", instance: "i", tab }, live()),
      (error) => isLeashError(error, "INTERNAL"),
      name,
    );
    await settle();
    assert.deepEqual(provider.revoked, [provider.grants[0].lease], name);
    assert.equal(state.leases.size, 0, name);
  }
});

Deno.test("a tab held or claimed by another session is TAB_LEASED before the person is asked", async () => {
  const state = stateWith();
  let hold = false;
  const provider = fakeProvider(state, {
    instance: "i",
    onGrant: (params, signal) => hold ? hang(params, signal) : grantFor(params),
  });
  await state.claims.claim("c1", { sessionId: "a", instance: "i", tab: "i:1" }, live());
  for (const [conn, sessionId] of [["c1", "b"], ["c2", "a"]]) {
    await assert.rejects(
      state.claims.claim(conn, { sessionId, instance: "i", tab: "i:1" }, live()),
      (error) => isLeashError(error, "TAB_LEASED"),
    );
  }
  hold = true;
  const controller = new AbortController();
  const waiting = state.claims.claim(
    "c1",
    { sessionId: "a", instance: "i", tab: "i:2" },
    controller.signal,
  ).catch((error) => error);
  await assert.rejects(
    state.claims.claim("c2", { sessionId: "x", instance: "i", tab: "i:2" }, live()),
    (error) => isLeashError(error, "TAB_LEASED"),
  );
  assert.equal(provider.grants.length, 2);
  controller.abort();
  await waiting;
});

Deno.test("a grant on the active tab that another session holds is withdrawn as TAB_LEASED", async () => {
  const state = stateWith();
  const provider = fakeProvider(state, { instance: "i" });
  await state.claims.claim("c1", { sessionId: "a", instance: "i", tab: "i:active" }, live());
  await assert.rejects(
    state.claims.claim("c2", { sessionId: "b", instance: "i" }, live()),
    (error) => isLeashError(error, "TAB_LEASED"),
  );
  await settle();
  assert.deepEqual(provider.revoked, [provider.grants[1].lease]);
  assert.equal(state.leases.size, 1);
});

Deno.test("the same session claiming its tab again supersedes the old lease with a higher fence", async () => {
  const state = stateWith();
  const provider = fakeProvider(state, { instance: "i" });
  const ended: string[] = [];
  state.onLeaseEnded((lease, why) => ended.push(`${lease.leaseId}:${why}`));
  const old = await state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "i:1" }, live());
  const renewed = await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "i:1" },
    live(),
  );
  const oldFence = provider.grants[0].lease.fence;
  const newFence = state.leases.get(renewed.leaseId)?.fence;
  assert.ok(newFence !== undefined && newFence > oldFence);
  assert.equal(state.leases.get(old.leaseId), undefined);
  assert.deepEqual(ended, [`${old.leaseId}:superseded`]);
  await settle();
  assert.deepEqual(provider.revoked, [{ leaseId: old.leaseId, fence: oldFence }]);
});

Deno.test("a session's older grant arriving after its newer one is withdrawn as STALE_LEASE", async () => {
  const state = stateWith();
  const release: Array<() => void> = [];
  const provider = fakeProvider(state, {
    instance: "i",
    onGrant: (params) => new Promise((resolve) => release.push(() => resolve(grantFor(params)))),
  });
  const older = state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "i:1" }, live())
    .catch((error) => error);
  const newer = state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "i:1" }, live());
  await settle();
  release[1]();
  const lease = await newer;
  release[0]();
  assert.ok(isLeashError(await older, "STALE_LEASE"));
  await settle();
  assert.deepEqual(provider.revoked, [provider.grants[0].lease]);
  assert.deepEqual(state.leases.list().map((l) => l.leaseId), [lease.leaseId]);
});

Deno.test("a claim's capture wish reaches the provider's grant, and nothing when it asks for none", async () => {
  const state = stateWith();
  const provider = fakeProvider(state, { instance: "i" });
  await state.claims.claim(
    "c1",
    { sessionId: "s", instance: "i", tab: "i:1", capture: true },
    live(),
  );
  await state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "i:2" }, live());
  assert.equal(provider.grants[0].capture, true);
  assert.equal("capture" in provider.grants[1], false);
  provider.close();
});
