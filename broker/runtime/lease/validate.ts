/**
 * `browser.validateLease`'s check: the leased tab's main document, read
 * through the fenced `cdp` seam, must still be inside the lease's scope;
 * outside it the lease ends with `ORIGIN_CHANGED`. It never renews a lease
 * and reads no page content.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import { inLeaseScope } from "../../../contracts/scope.ts";
import type { LeaseTable } from "../../authority/leases.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { readDocument } from "../document.ts";
import { leaseCdp } from "../lease_calls.ts";

/** Resolve when `held`'s tab is still in scope; else end the lease and throw `ORIGIN_CHANGED`. */
export async function checkLeaseScope(
  held: OwnedLease,
  leases: LeaseTable,
  signal: AbortSignal,
): Promise<void> {
  const document = await readDocument(leaseCdp(held), signal);
  if (!inLeaseScope(held.lease.scope, document.url)) {
    leases.end(held.lease.leaseId, "origin-changed");
    throw new LeashError("ORIGIN_CHANGED");
  }
}
