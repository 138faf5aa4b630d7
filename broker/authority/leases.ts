/**
 * The lease table: every live or reserved lease, its owning connection and
 * session, its instance and its fencing token. A claim first reserves a
 * lease (a budget slot, a lease ID and a fence, assigned before the provider
 * is asked) and activates it once the provider granted. Live and reserved
 * leases count against the one Broker-wide lease budget; a full budget
 * refuses with `QUEUE_FULL` and never ends an existing lease to make room.
 * Whoever ends a lease learns about it through `onEnded`, which the Broker
 * state uses to tell the owner and the provider.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Lease, LeaseScope, LeaseToken } from "../../contracts/methods/common.ts";
import type { Admission, Release } from "./admission.ts";

/** Why a lease ended. */
export type LeaseEnd =
  /** The owning session released it (`browser.release`, `browser.releaseSession`). */
  | "released"
  /**
   * The owning session released it and asked for its tab to be closed: the
   * one who ends it sends the provider `lease.revoke` with `closeTab` itself.
   */
  | "closed"
  /** The same session claimed the same tab again and the newer lease replaced it. */
  | "superseded"
  /** The owning client connection closed. */
  | "owner-gone"
  /** The provider's connection closed. */
  | "provider-gone"
  /** The provider said it ended (`lease.revoked`: Stop, tab closed, debugger detached, …). */
  | "revoked-by-provider"
  /** The provider said the tab navigated out of the lease's scope (`lease.revoked`, `navigated`). */
  | "navigated"
  /** The provider refused the lease's fence (`STALE_LEASE`) or no longer has its tab. */
  | "stale"
  /** The tab left the lease's origin (`ORIGIN_CHANGED`). */
  | "origin-changed"
  /** The Broker is stopping. */
  | "shutdown";

/** Whether a lease that ended for `why` ended because its tab left the leased origin. */
export function leftOrigin(why: LeaseEnd): boolean {
  return why === "navigated" || why === "origin-changed";
}

/** Who owns a lease: a session inside one client connection. */
export interface LeaseOwner {
  /** The owning connection's short id. */
  owner: string;
  /** The client-chosen session inside the owning connection. */
  sessionId: string;
}

/** One live lease as the Broker holds it. */
export interface LeaseRecord extends LeaseOwner {
  leaseId: string;
  /** The instance whose provider holds the tab. */
  instance: string;
  tab: string;
  scope: LeaseScope;
  /** Grows with every lease, so a provider can tell a stale holder from the current one. */
  fence: number;
  /** ISO-8601 UTC. */
  grantedAt: string;
}

/** What a caller supplies to add a live lease directly; the table assigns the ID and fence. */
export type LeaseGrant = Omit<LeaseRecord, "leaseId" | "fence" | "grantedAt">;

/** What a claim knows before the provider answers. */
export interface LeaseRequest extends LeaseOwner {
  instance: string;
  /** The tab the claim names; `undefined` for the instance's active tab. */
  tab?: string;
}

/** A reserved lease: budget, ID and fence taken, not granted yet. */
export interface LeaseReservation extends Readonly<LeaseRequest> {
  readonly leaseId: string;
  readonly fence: number;
  /** The token the provider is asked to grant. */
  readonly token: LeaseToken;
}

/** The part of a provider's grant the table records. */
export interface GrantedScope {
  tab: string;
  scope: LeaseScope;
}

/**
 * Ended leases remembered, with why they ended, so their owner's late
 * `release` is answered `false`, not an error, and an action that was under
 * way when its lease ended can say why.
 */
const rememberedEnded = 1_024;

interface Held {
  lease: LeaseRecord;
  release: Release;
}

/** Live and reserved leases, by lease ID. */
export class LeaseTable {
  /** Called once for each live lease that ends, after it left the table. */
  onEnded?: (lease: LeaseRecord, why: LeaseEnd) => void;

  readonly #admission: Admission;
  readonly #live = new Map<string, Held>();
  readonly #reserved = new Map<string, { reservation: LeaseReservation; release: Release }>();
  /** Recently ended lease IDs with their owner key and why they ended, oldest first. */
  readonly #ended = new Map<string, { owner: string; why: LeaseEnd }>();
  #lastFence = 0;

  constructor(admission: Admission) {
    this.#admission = admission;
  }

  /**
   * Reserve a lease for a claim: a budget slot, a fresh lease ID and the
   * next fence. Throws `LeashError("QUEUE_FULL")` when the lease budget
   * (live plus reserved) is spent.
   */
  reserve(request: LeaseRequest): LeaseReservation {
    const release = this.#admission.tryAcquire("leases");
    if (release === undefined) throw new LeashError("QUEUE_FULL");
    const leaseId = crypto.randomUUID();
    const fence = ++this.#lastFence;
    const reservation: LeaseReservation = {
      owner: request.owner,
      sessionId: request.sessionId,
      instance: request.instance,
      tab: request.tab,
      leaseId,
      fence,
      token: { leaseId, fence },
    };
    this.#reserved.set(leaseId, { reservation, release });
    return reservation;
  }

  /**
   * Turn a reservation into a live lease, keeping its slot, ID and fence.
   * Throws when the reservation is no longer held (cancelled or activated).
   */
  activate(reservation: LeaseReservation, granted: GrantedScope): LeaseRecord {
    const held = this.#reserved.get(reservation.leaseId);
    if (held === undefined || held.reservation !== reservation) {
      throw new Error(`Cannot activate lease ${reservation.leaseId}: it is not reserved`);
    }
    this.#reserved.delete(reservation.leaseId);
    const lease: LeaseRecord = {
      leaseId: reservation.leaseId,
      sessionId: reservation.sessionId,
      owner: reservation.owner,
      instance: reservation.instance,
      tab: granted.tab,
      scope: granted.scope,
      fence: reservation.fence,
      grantedAt: new Date().toISOString(),
    };
    this.#live.set(lease.leaseId, { lease, release: held.release });
    return lease;
  }

  /** Give up a reservation and its slot; does nothing when it is no longer reserved. */
  cancel(reservation: LeaseReservation): void {
    const held = this.#reserved.get(reservation.leaseId);
    if (held === undefined || held.reservation !== reservation) return;
    this.#reserved.delete(reservation.leaseId);
    held.release();
  }

  /**
   * Add a live lease without a claim (reserve and activate at once). Throws
   * `LeashError("QUEUE_FULL")` when the lease budget is spent.
   */
  add(grant: LeaseGrant): LeaseRecord {
    const reservation = this.reserve(grant);
    return this.activate(reservation, grant);
  }

  /** The live lease `leaseId`. */
  get(leaseId: string): LeaseRecord | undefined {
    return this.#live.get(leaseId)?.lease;
  }

  /** The live lease `leaseId` when `owner` holds it; another owner's lease looks absent. */
  owned(leaseId: string, owner: LeaseOwner): LeaseRecord | undefined {
    const lease = this.get(leaseId);
    return lease !== undefined && sameOwner(lease, owner) ? lease : undefined;
  }

  /** Whether `leaseId` was a lease of `owner` that ended recently. */
  endedFor(leaseId: string, owner: LeaseOwner): boolean {
    return this.endedWhy(leaseId, owner) !== undefined;
  }

  /** Why `leaseId`, a lease of `owner`, ended; `undefined` unless it ended recently. */
  endedWhy(leaseId: string, owner: LeaseOwner): LeaseEnd | undefined {
    const ended = this.#ended.get(leaseId);
    return ended?.owner === ownerKey(owner) ? ended.why : undefined;
  }

  /** Live leases on `tab` of `instance`. */
  onTab(instance: string, tab: string): LeaseRecord[] {
    return this.list().filter((lease) => lease.instance === instance && lease.tab === tab);
  }

  /** Reservations that named `tab` of `instance`. */
  reservedOnTab(instance: string, tab: string): LeaseReservation[] {
    return [...this.#reserved.values()]
      .map((held) => held.reservation)
      .filter((reservation) => reservation.instance === instance && reservation.tab === tab);
  }

  /** Every live lease, oldest first. */
  list(): LeaseRecord[] {
    return [...this.#live.values()].map((held) => held.lease);
  }

  /** End one live lease; returns it when it was live. */
  end(leaseId: string, why: LeaseEnd): LeaseRecord | undefined {
    const held = this.#live.get(leaseId);
    if (held === undefined) return undefined;
    this.#live.delete(leaseId);
    held.release();
    this.#remember(held.lease, why);
    this.onEnded?.(held.lease, why);
    return held.lease;
  }

  /** End every live lease `matches` selects; returns them. */
  endWhere(matches: (lease: LeaseRecord) => boolean, why: LeaseEnd): LeaseRecord[] {
    const ended: LeaseRecord[] = [];
    for (const { lease } of [...this.#live.values()]) {
      if (matches(lease) && this.end(lease.leaseId, why) !== undefined) ended.push(lease);
    }
    return ended;
  }

  /** How many leases are live. */
  get size(): number {
    return this.#live.size;
  }

  /** How many leases are reserved by claims still waiting. */
  get reserved(): number {
    return this.#reserved.size;
  }

  #remember(lease: LeaseRecord, why: LeaseEnd): void {
    this.#ended.set(lease.leaseId, { owner: ownerKey(lease), why });
    if (this.#ended.size <= rememberedEnded) return;
    const oldest = this.#ended.keys().next();
    if (oldest.done !== true) this.#ended.delete(oldest.value);
  }
}

/** Whether `a` and `b` are the same session of the same connection. */
export function sameOwner(a: LeaseOwner, b: LeaseOwner): boolean {
  return a.owner === b.owner && a.sessionId === b.sessionId;
}

/** A lease as its owning client sees it: without the fence. */
export function publicLease(lease: LeaseRecord): Lease {
  return {
    leaseId: lease.leaseId,
    sessionId: lease.sessionId,
    instance: lease.instance,
    tab: lease.tab,
    scope: lease.scope,
    grantedAt: lease.grantedAt,
  };
}

function ownerKey(owner: LeaseOwner): string {
  return JSON.stringify([owner.owner, owner.sessionId]);
}
