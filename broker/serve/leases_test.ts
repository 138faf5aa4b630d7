import assert from "node:assert/strict";
import { Admission } from "./admission.ts";
import { type LeaseEnd, LeaseTable } from "./leases.ts";

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
