import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { silentLogger } from "../../local/log.ts";
import { fakeProvider, fakeSession } from "./_fake_peers.ts";
import type { LeaseHandle } from "../../contracts/methods/common.ts";
import { requireLease } from "./owned_lease.ts";
import { BrokerState } from "./state.ts";

const live = () => new AbortController().signal;

async function setup(onCdp?: Parameters<typeof fakeProvider>[1]["onCdp"]) {
  const state = new BrokerState(silentLogger);
  const owner = fakeSession(state, "c1");
  const stranger = fakeSession(state, "c2");
  const provider = fakeProvider(state, { instance: "i", onCdp });
  const lease = await state.claims.claim("c1", { sessionId: "s", instance: "i", tab: "t" }, live());
  const holder = (session: typeof owner) => ({
    requireLease: (handle: LeaseHandle) =>
      requireLease(state, handle, { session, providerTimeoutMs: 1_000 }),
  });
  return { state, owner, provider, lease, asOwner: holder(owner), asStranger: holder(stranger) };
}

Deno.test("requireLease gives the owner its lease and fence, and anyone else LEASE_NOT_FOUND", async () => {
  const { state, lease, asOwner, asStranger } = await setup();
  const held = asOwner.requireLease({ sessionId: "s", leaseId: lease.leaseId });
  assert.equal(held.lease, state.leases.get(lease.leaseId));
  assert.deepEqual(held.token, { leaseId: lease.leaseId, fence: held.lease.fence });
  for (
    const [who, handle] of [
      [asStranger, { sessionId: "s", leaseId: lease.leaseId }],
      [asOwner, { sessionId: "other", leaseId: lease.leaseId }],
      [asOwner, { sessionId: "s", leaseId: "no-such-lease" }],
    ] as const
  ) {
    assert.throws(
      () => who.requireLease(handle),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
  }
});

Deno.test("a provider's STALE_LEASE or ORIGIN_CHANGED under a lease ends it and is rethrown", async () => {
  for (
    const [code, why] of [["STALE_LEASE", "stale"], ["ORIGIN_CHANGED", "origin-changed"]] as const
  ) {
    const { state, owner, lease, asOwner } = await setup(() => code);
    const ended: string[] = [];
    state.onLeaseEnded((_lease, reason) => ended.push(reason));
    const held = asOwner.requireLease({ sessionId: "s", leaseId: lease.leaseId });
    await assert.rejects(
      held.call("cdp", { lease: held.token, method: "Page.getFrameTree", params: {} }, live()),
      (error) => isLeashError(error, code),
    );
    assert.equal(state.leases.get(lease.leaseId), undefined);
    assert.deepEqual(ended, [why]);
    assert.deepEqual(owner.events, [{ sessionId: "s", leaseId: lease.leaseId }]);
  }
});

Deno.test("another provider error leaves the lease live", async () => {
  const { state, lease, asOwner } = await setup(() => "CDP_FORBIDDEN");
  const held = asOwner.requireLease({ sessionId: "s", leaseId: lease.leaseId });
  await assert.rejects(
    held.call("cdp", { lease: held.token, method: "Page.getFrameTree", params: {} }, live()),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.ok(state.leases.get(lease.leaseId));
});

Deno.test("a result that arrives after the lease ended is dropped with LEASE_NOT_FOUND", async () => {
  let end = () => {};
  const { state, lease, asOwner } = await setup(() => {
    end();
    return {};
  });
  end = () => state.leases.end(lease.leaseId, "revoked-by-provider");
  const held = asOwner.requireLease({ sessionId: "s", leaseId: lease.leaseId });
  await assert.rejects(
    held.call("cdp", { lease: held.token, method: "Page.getFrameTree", params: {} }, live()),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
});
