/**
 * The lease table: every live or reserved lease, its owning connection,
 * its instance and its fencing token. It counts against the Broker-wide
 * lease budget; a full budget refuses with `QUEUE_FULL` and never ends an
 * existing lease to make room. Whoever ends a lease learns about it through
 * `onEnded`, which the server uses to tell the owner and the provider.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import type { Admission, Release } from "./admission.ts";

/** Why a lease ended. */
export type LeaseEnd =
  | "released"
  | "owner-gone"
  | "provider-gone"
  | "revoked-by-provider"
  | "shutdown";

/** One lease as the Broker holds it. */
export interface LeaseRecord {
  leaseId: string;
  /** The client-chosen session inside the owning connection. */
  sessionId: string;
  /** The owning connection's short id. */
  owner: string;
  /** The instance whose provider holds the tab. */
  instance: string;
  tab: string;
  scope: LeaseScope;
  /** Grows with every lease, so a provider can tell a stale holder from the current one. */
  fence: number;
  /** ISO-8601 UTC. */
  grantedAt: string;
}

/** What a caller supplies to add a lease; the table assigns the ID and fence. */
export type LeaseGrant = Omit<LeaseRecord, "leaseId" | "fence" | "grantedAt">;

/** Live leases, by lease ID. */
export class LeaseTable {
  /** Called once for each lease that ends, after it left the table. */
  onEnded?: (lease: LeaseRecord, why: LeaseEnd) => void;

  readonly #admission: Admission;
  readonly #leases = new Map<string, { lease: LeaseRecord; release: Release }>();
  #lastFence = 0;

  constructor(admission: Admission) {
    this.#admission = admission;
  }

  /** Add a lease. Throws `LeashError("QUEUE_FULL")` when the lease budget is spent. */
  add(grant: LeaseGrant): LeaseRecord {
    const release = this.#admission.tryAcquire("leases");
    if (release === undefined) throw new LeashError("QUEUE_FULL");
    const lease: LeaseRecord = {
      ...grant,
      leaseId: crypto.randomUUID(),
      fence: ++this.#lastFence,
      grantedAt: new Date().toISOString(),
    };
    this.#leases.set(lease.leaseId, { lease, release });
    return lease;
  }

  /** The lease `leaseId`. */
  get(leaseId: string): LeaseRecord | undefined {
    return this.#leases.get(leaseId)?.lease;
  }

  /** End one lease; returns it when it was live. */
  end(leaseId: string, why: LeaseEnd): LeaseRecord | undefined {
    const held = this.#leases.get(leaseId);
    if (held === undefined) return undefined;
    this.#leases.delete(leaseId);
    held.release();
    this.onEnded?.(held.lease, why);
    return held.lease;
  }

  /** End every lease `matches` selects; returns them. */
  endWhere(matches: (lease: LeaseRecord) => boolean, why: LeaseEnd): LeaseRecord[] {
    const ended: LeaseRecord[] = [];
    for (const { lease } of [...this.#leases.values()]) {
      if (matches(lease) && this.end(lease.leaseId, why) !== undefined) ended.push(lease);
    }
    return ended;
  }

  /** How many leases are live. */
  get size(): number {
    return this.#leases.size;
  }
}
