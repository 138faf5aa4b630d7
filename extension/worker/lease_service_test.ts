import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import type { LeaseGrant } from "../provider/context.ts";

function grant(overrides: Partial<LeaseGrant> = {}): LeaseGrant {
  return {
    leaseId: "l1",
    fence: 1,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://example.com" },
    clientName: "client",
    grantedAt: 0,
    ...overrides,
  };
}

const live = () => new AbortController().signal;

Deno.test("Stop ends the lease, tells the Broker and detaches", async () => {
  const { leases, events, debuggerControl } = fakeProvider();
  await leases.grant(grant(), live());
  assert.equal(await leases.end("l1", "stop"), true);
  assert.deepEqual(events, [`revoked 1 {"leaseId":"l1","reason":"stop"}`]);
  assert.deepEqual(debuggerControl.log, ["attach 7", "detach 7"]);
  assert.equal(await leases.end("l1", "stop"), false);
});

Deno.test("a Broker revoke or a lost connection ends leases without an event", async () => {
  const { leases, events } = fakeProvider();
  await leases.grant(grant(), live());
  await leases.grant(grant({ leaseId: "l2", tabId: 8 }), live());
  await leases.grant(grant({ leaseId: "l3", tabId: 9, generation: 2 }), live());
  assert.equal(await leases.end("l1", "broker"), true);
  await leases.endGeneration(1);
  assert.deepEqual(events, []);
  assert.equal(leases.check({ leaseId: "l3", fence: 1 }, 2).leaseId, "l3");
});

Deno.test("navigating out of an origin lease's origin ends it as navigated", async () => {
  const { leases, events } = fakeProvider();
  const record = await leases.grant(grant(), live());
  leases.navigated(7, "https://example.com/next");
  assert.equal(record.signal.aborted, false);
  leases.navigated(7, "https://evil.example/");
  await Promise.resolve();
  assert.equal(record.signal.aborted, true);
  assert.ok(isLeashError(record.signal.reason, "ORIGIN_CHANGED"));
  assert.deepEqual(events, [`revoked 1 {"leaseId":"l1","reason":"navigated"}`]);
  // A call arriving after the end is told the same, whichever the Broker hears first.
  assert.throws(
    () => leases.check({ leaseId: "l1", fence: 1 }, 1),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
});

Deno.test("a tab lease survives a new origin but not a non-web page", async () => {
  const { leases, events } = fakeProvider();
  const record = await leases.grant(grant({ scope: { kind: "tab" } }), live());
  leases.navigated(7, "https://other.example/");
  assert.equal(record.signal.aborted, false);
  leases.navigated(7, "chrome://settings/");
  assert.equal(record.signal.aborted, true);
  assert.deepEqual(events, [`revoked 1 {"leaseId":"l1","reason":"navigated"}`]);
});

Deno.test("a debugger detach names why: the person cancelled, or the tab closed", async () => {
  const { leases, events } = fakeProvider();
  await leases.grant(grant(), live());
  await leases.grant(grant({ leaseId: "l2", tabId: 8 }), live());
  leases.detached(7, "canceled_by_user");
  leases.detached(8, "target_closed");
  await Promise.resolve();
  assert.deepEqual(events, [
    `revoked 1 {"leaseId":"l1","reason":"debugger-detached"}`,
    `revoked 1 {"leaseId":"l2","reason":"tab-closed"}`,
  ]);
});

Deno.test("page changes are coalesced per lease with a growing sequence", async () => {
  const { leases, events, timers } = fakeProvider();
  await leases.grant(grant(), live());
  leases.pageChanged(7);
  leases.pageChanged(7);
  leases.navigated(7, "https://example.com/again");
  timers.fireAll();
  leases.pageChanged(7);
  timers.fireAll();
  leases.pageChanged(99);
  assert.deepEqual(events, [
    `changed 1 {"tab":"inst:7","leaseId":"l1","sequence":1}`,
    `changed 1 {"tab":"inst:7","leaseId":"l1","sequence":2}`,
  ]);
  await leases.end("l1", "broker");
  leases.pageChanged(7);
  assert.equal(timers.size, 0);
});

Deno.test("a grant whose request ended while attaching leaves nothing attached", async () => {
  const { leases, debuggerControl } = fakeProvider();
  const controller = new AbortController();
  controller.abort(new Error("cancelled"));
  await assert.rejects(leases.grant(grant(), controller.signal), /cancelled/);
  assert.deepEqual(debuggerControl.log, ["attach 7", "detach 7"]);
  assert.throws(() => leases.check({ leaseId: "l1", fence: 1 }, 1));
});

Deno.test("assertInScope ends a lease whose tab left its origin", async () => {
  const { leases, events } = fakeProvider();
  const record = await leases.grant(grant(), live());
  leases.assertInScope(record, "https://example.com/deep?x=1");
  assert.throws(
    () => leases.assertInScope(record, "https://elsewhere.example/"),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  await Promise.resolve();
  assert.deepEqual(events, [`revoked 1 {"leaseId":"l1","reason":"navigated"}`]);
});

Deno.test("a tab opened by a leased tab's page is told to each lease on the opener, and no other", async () => {
  const { leases, events } = fakeProvider();
  await grantShopLease(leases);
  leases.tabOpened(7, 9);
  leases.tabOpened(8, 10);
  assert.deepEqual(events.filter((event) => event.startsWith("tab-opened")), [
    'tab-opened 1 {"leaseId":"l1","tab":"inst:9"}',
  ]);
});
