import assert from "node:assert/strict";
import { Admission } from "./admission.ts";
import { type LeaseEnd, LeaseTable, leftOrigin, publicLease } from "./leases.ts";

const grant = (owner: string, instance: string) => ({
  sessionId: "s",
  owner,
  instance,
  tab: `${instance}:1`,
  scope: { kind: "tab" } as const,
});

Deno.test("leases get growing fences and a full lease budget refuses without ending any", () => {
  const table = new LeaseTable(new Admission({ leases: 2 }));
  const a = table.add(grant("c1", "i1"));
  const b = table.add(grant("c1", "i1"));
  assert.ok(b.fence > a.fence);
  assert.notEqual(a.leaseId, b.leaseId);
  assert.throws(() => table.add(grant("c2", "i2")), { code: "QUEUE_FULL" });
  assert.equal(table.size, 2);
});

Deno.test("ending leases frees their budget and reports each once", () => {
  const admission = new Admission({ leases: 3 });
  const table = new LeaseTable(admission);
  const ended: Array<[string, LeaseEnd]> = [];
  table.onEnded = (lease, why) => ended.push([lease.leaseId, why]);
  const a = table.add(grant("c1", "i1"));
  const b = table.add(grant("c2", "i1"));
  const c = table.add(grant("c2", "i2"));
  assert.deepEqual(
    table.endWhere((lease) => lease.instance === "i1", "provider-gone").map((l) => l.leaseId),
    [
      a.leaseId,
      b.leaseId,
    ],
  );
  assert.equal(table.end(a.leaseId, "released"), undefined);
  assert.equal(table.end(c.leaseId, "released")?.leaseId, c.leaseId);
  assert.deepEqual(ended, [
    [a.leaseId, "provider-gone"],
    [b.leaseId, "provider-gone"],
    [c.leaseId, "released"],
  ]);
  assert.equal(admission.used("leases"), 0);
});

Deno.test("a reservation takes a budget slot, an ID and a fence before it is granted", () => {
  const admission = new Admission({ leases: 2 });
  const table = new LeaseTable(admission);
  const live = table.add(grant("c1", "i1"));
  const reserved = table.reserve({ owner: "c1", sessionId: "s", instance: "i1", tab: "i1:2" });
  assert.ok(reserved.fence > live.fence);
  assert.deepEqual(reserved.token, { leaseId: reserved.leaseId, fence: reserved.fence });
  assert.equal(table.get(reserved.leaseId), undefined, "a reservation is not a live lease");
  assert.equal(table.reserved, 1);
  assert.throws(
    () => table.reserve({ owner: "c2", sessionId: "s", instance: "i1" }),
    { code: "QUEUE_FULL" },
  );
  assert.deepEqual(table.reservedOnTab("i1", "i1:2"), [reserved]);

  const lease = table.activate(reserved, { tab: "i1:2", scope: { kind: "tab" } });
  assert.equal(lease.fence, reserved.fence);
  assert.equal(table.get(lease.leaseId), lease);
  assert.equal(table.reserved, 0);
  assert.equal(admission.used("leases"), 2, "activation keeps the reserved slot");
  assert.throws(() => table.activate(reserved, { tab: "i1:2", scope: { kind: "tab" } }));
});

Deno.test("a cancelled reservation gives its slot back and its fence is never reused", () => {
  const admission = new Admission({ leases: 1 });
  const table = new LeaseTable(admission);
  const first = table.reserve({ owner: "c1", sessionId: "s", instance: "i1" });
  table.cancel(first);
  table.cancel(first);
  assert.equal(admission.used("leases"), 0);
  const second = table.reserve({ owner: "c1", sessionId: "s", instance: "i1" });
  assert.ok(second.fence > first.fence);
  assert.throws(() => table.activate(first, { tab: "t", scope: { kind: "tab" } }));
});

Deno.test("owned() hides another connection's or session's lease", () => {
  const table = new LeaseTable(new Admission());
  const lease = table.add(grant("c1", "i1"));
  assert.equal(table.owned(lease.leaseId, { owner: "c1", sessionId: "s" }), lease);
  assert.equal(table.owned(lease.leaseId, { owner: "c2", sessionId: "s" }), undefined);
  assert.equal(table.owned(lease.leaseId, { owner: "c1", sessionId: "other" }), undefined);
});

Deno.test("an ended lease is remembered for its owner only", () => {
  const table = new LeaseTable(new Admission());
  const lease = table.add(grant("c1", "i1"));
  assert.equal(table.endedFor(lease.leaseId, { owner: "c1", sessionId: "s" }), false);
  table.end(lease.leaseId, "revoked-by-provider");
  assert.equal(table.endedFor(lease.leaseId, { owner: "c1", sessionId: "s" }), true);
  assert.equal(table.endedFor(lease.leaseId, { owner: "c2", sessionId: "s" }), false);
  assert.equal(table.endedFor(lease.leaseId, { owner: "c1", sessionId: "t" }), false);
});

Deno.test("an ended lease remembers why it ended, for its owner only", () => {
  const table = new LeaseTable(new Admission());
  const owner = { owner: "c1", sessionId: "s" };
  const away = table.add(grant("c1", "i1"));
  const stopped = table.add(grant("c1", "i1"));
  assert.equal(table.endedWhy(away.leaseId, owner), undefined);
  table.end(away.leaseId, "navigated");
  table.end(stopped.leaseId, "revoked-by-provider");
  assert.equal(table.endedWhy(away.leaseId, owner), "navigated");
  assert.equal(table.endedWhy(away.leaseId, { owner: "c2", sessionId: "s" }), undefined);
  assert.equal(table.endedWhy(stopped.leaseId, owner), "revoked-by-provider");
  const ends: LeaseEnd[] = ["navigated", "origin-changed", "revoked-by-provider", "stale"];
  assert.deepEqual(ends.filter(leftOrigin), ["navigated", "origin-changed"]);
});

Deno.test("the public lease leaves the fence out", () => {
  const table = new LeaseTable(new Admission());
  const lease = table.add(grant("c1", "i1"));
  const shown = publicLease(lease);
  assert.equal("fence" in shown, false);
  assert.equal("owner" in shown, false);
  assert.equal(shown.leaseId, lease.leaseId);
});
