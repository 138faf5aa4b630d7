import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { LeaseGrant } from "../provider/context.ts";
import { LeaseTable } from "./lease_table.ts";

function grant(overrides: Partial<LeaseGrant> = {}): LeaseGrant {
  return {
    leaseId: "l1",
    fence: 5,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://example.com" },
    clientName: "client",
    grantedAt: 0,
    ...overrides,
  };
}

const stale = (error: unknown) => isLeashError(error, "STALE_LEASE");

Deno.test("check() accepts only the exact fence on the granting connection", () => {
  const table = new LeaseTable();
  table.grant(grant());
  assert.equal(table.check({ leaseId: "l1", fence: 5 }, 1).tabId, 7);
  assert.throws(() => table.check({ leaseId: "l1", fence: 4 }, 1), stale);
  assert.throws(() => table.check({ leaseId: "l1", fence: 6 }, 1), stale);
  assert.throws(() => table.check({ leaseId: "l1", fence: 5 }, 2), stale);
  assert.throws(() => table.check({ leaseId: "other", fence: 5 }, 1), stale);
});

Deno.test("a newer grant with a higher fence supersedes the old one", () => {
  const table = new LeaseTable();
  const first = table.grant(grant()).record;
  const second = table.grant(grant({ fence: 9 }));
  assert.equal(second.superseded, first);
  assert.equal(first.signal.aborted, true);
  assert.throws(() => table.check({ leaseId: "l1", fence: 5 }, 1), stale);
  assert.equal(table.check({ leaseId: "l1", fence: 9 }, 1), second.record);
  assert.equal(table.size, 1);
});

Deno.test("a grant with the same or a lower fence is stale", () => {
  const table = new LeaseTable();
  table.grant(grant());
  assert.throws(() => table.checkGrant({ leaseId: "l1", fence: 5 }), stale);
  assert.throws(() => table.grant(grant({ fence: 3 })), stale);
  table.checkGrant({ leaseId: "l1", fence: 6 });
});

Deno.test("end() removes the lease at once and aborts its work", () => {
  let changes = 0;
  const table = new LeaseTable(() => changes++);
  const record = table.grant(grant()).record;
  assert.equal(table.end("l1", { fence: 4 }), undefined);
  assert.equal(table.end("l1"), record);
  assert.equal(record.signal.aborted, true);
  assert.throws(() => table.check({ leaseId: "l1", fence: 5 }, 1), stale);
  assert.equal(table.end("l1"), undefined);
  assert.equal(changes, 2);
});

Deno.test("leases are found by tab and by connection", () => {
  const table = new LeaseTable();
  table.grant(grant());
  table.grant(grant({ leaseId: "l2", tabId: 8, generation: 2 }));
  assert.deepEqual(table.onTab(7).map((r) => r.leaseId), ["l1"]);
  assert.deepEqual(table.ofGeneration(2).map((r) => r.leaseId), ["l2"]);
  assert.deepEqual(table.list().map((r) => r.leaseId), ["l1", "l2"]);
});

Deno.test("a call on a lease that ended because its tab left the scope is answered ORIGIN_CHANGED", () => {
  const table = new LeaseTable();
  table.grant(grant());
  table.grant(grant({ leaseId: "l2" }));
  table.end("l1", { reason: new LeashError("ORIGIN_CHANGED") });
  table.end("l2", { reason: new LeashError("STALE_LEASE") });
  // The exact grant on its connection learns why; anyone else only that it is stale.
  assert.throws(
    () => table.check({ leaseId: "l1", fence: 5 }, 1),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.throws(() => table.check({ leaseId: "l1", fence: 4 }, 1), stale);
  assert.throws(() => table.check({ leaseId: "l1", fence: 5 }, 2), stale);
  assert.throws(() => table.check({ leaseId: "l2", fence: 5 }, 1), stale);
  // A newer grant under the same ID makes the old fence plainly stale.
  table.grant(grant({ fence: 6 }));
  assert.throws(() => table.check({ leaseId: "l1", fence: 5 }, 1), stale);
});

Deno.test("the leases that left their scope are remembered within a bound", () => {
  const table = new LeaseTable();
  for (let index = 0; index < 100; index++) {
    table.grant(grant({ leaseId: `l${index}` }));
    table.end(`l${index}`, { reason: new LeashError("ORIGIN_CHANGED") });
  }
  assert.throws(() => table.check({ leaseId: "l0", fence: 5 }, 1), stale);
  assert.throws(
    () => table.check({ leaseId: "l99", fence: 5 }, 1),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
});
