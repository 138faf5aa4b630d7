import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import { fakeProvider, fakeSession, settle } from "../authority/_fake_peers.ts";
import { silentLogger } from "../../local/log.ts";
import { BrokerState } from "../authority/state.ts";
import { createHandlerDeps } from "./context.ts";
import { leaseHandlers } from "./lease.ts";

const context = () => ({ id: "r", signal: new AbortController().signal });

function setup(url = "https://example.com/page", accessMode?: "personal") {
  const state = new BrokerState(silentLogger, { accessMode });
  const pageUrl = { current: url };
  const cdpCalls: Array<{ lease: LeaseToken; method: string }> = [];
  const provider = fakeProvider(state, {
    instance: "i",
    onCdp: ({ lease, method }) => {
      cdpCalls.push({ lease, method });
      return { frameTree: { frame: { id: "f", loaderId: "l", url: pageUrl.current } } };
    },
  });
  const handlersFor = (conn: string) => {
    const session = fakeSession(state, conn);
    return leaseHandlers(
      createHandlerDeps({ state, session: () => session, providerTimeoutMs: 1_000 }),
    );
  };
  return { state, provider, pageUrl, cdpCalls, alice: handlersFor("c1"), bob: handlersFor("c2") };
}

Deno.test("release ends the caller's lease, then answers false; another's lease is LEASE_NOT_FOUND", async () => {
  const { state, alice, bob } = setup();
  const lease = await alice["browser.claim"]({ sessionId: "s", instance: "i" }, context());
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  await assert.rejects(
    async () => await bob["browser.release"](handle, context()),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
  await assert.rejects(
    async () => await alice["browser.release"]({ ...handle, sessionId: "other" }, context()),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
  assert.ok(state.leases.get(lease.leaseId), "nobody else can end it");
  assert.deepEqual(await alice["browser.release"](handle, context()), { released: true });
  assert.deepEqual(await alice["browser.release"](handle, context()), { released: false });
  await assert.rejects(
    async () => await bob["browser.release"](handle, context()),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
});

Deno.test("validateLease is valid while the tab shows the lease's origin and asks the provider with the fence", async () => {
  const { state, provider, cdpCalls, alice } = setup();
  const lease = await alice["browser.claim"]({ sessionId: "s", instance: "i" }, context());
  assert.deepEqual(
    await alice["browser.validateLease"]({ sessionId: "s", leaseId: lease.leaseId }, context()),
    { valid: true },
  );
  assert.deepEqual(cdpCalls, [{ lease: provider.grants[0].lease, method: "Page.getFrameTree" }]);
  assert.ok(state.leases.get(lease.leaseId));
  assert.equal(provider.grants.length, 1, "validation never claims again");
});

Deno.test("validateLease ends the lease with ORIGIN_CHANGED when the tab left the origin", async () => {
  const { state, provider, pageUrl, alice } = setup();
  const lease = await alice["browser.claim"]({ sessionId: "s", instance: "i" }, context());
  pageUrl.current = "https://elsewhere.test/";
  await assert.rejects(
    async () =>
      await alice["browser.validateLease"]({ sessionId: "s", leaseId: lease.leaseId }, context()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.equal(state.leases.get(lease.leaseId), undefined);
  await settle();
  assert.deepEqual(provider.revoked.map((token) => token.leaseId), [lease.leaseId]);
});

Deno.test("validateLease of a tab lease needs an HTTP(S) page", async () => {
  const { pageUrl, alice } = setup("https://example.com/", "personal");
  const lease = await alice["browser.claim"](
    { sessionId: "s", instance: "i", scope: "tab" },
    context(),
  );
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  pageUrl.current = "https://another.test/";
  assert.deepEqual(await alice["browser.validateLease"](handle, context()), { valid: true });
  pageUrl.current = "chrome://settings/";
  await assert.rejects(
    async () => await alice["browser.validateLease"](handle, context()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
});

Deno.test("releaseSession counts the caller's leases and leaves other sessions alone", async () => {
  const { state, alice, bob } = setup();
  await alice["browser.claim"]({ sessionId: "s", instance: "i", tab: "t1" }, context());
  await alice["browser.claim"]({ sessionId: "s", instance: "i", tab: "t2" }, context());
  const bobs = await bob["browser.claim"]({ sessionId: "s", instance: "i", tab: "t3" }, context());
  assert.deepEqual(await bob["browser.releaseSession"]({ sessionId: "x" }, context()), {
    released: 0,
  });
  assert.deepEqual(await alice["browser.releaseSession"]({ sessionId: "s" }, context()), {
    released: 2,
  });
  assert.deepEqual(state.leases.list().map((lease) => lease.leaseId), [bobs.leaseId]);
});
