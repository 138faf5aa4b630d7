/**
 * The leases this agent session was granted, as far as this process knows:
 * which connection each was granted on, whether it ended and why, and the
 * document epoch last seen on it. The Broker stays the authority (it
 * answers `LEASE_NOT_FOUND` for an ended lease); the book lets a tool say
 * *why* a lease ended, and lets `leash shell` default to the one live lease.
 *
 * @module
 */
import type { Lease } from "../../contracts/methods/common.ts";
import { NotedError } from "./errors.ts";

/** Why a lease ended, as this process learnt it. */
export type ClientLeaseEnd = "released" | "revoked" | "left-origin" | "connection-lost" | "renewed";

/** One lease in the book. */
export interface LeaseEntry {
  leaseId: string;
  /** The lease as granted; absent for a lease only an event named. */
  lease?: Lease;
  /** The connection generation it was granted on. */
  generation: number;
  ended?: ClientLeaseEnd;
  /** The document epoch of the last observation, action or window on it. */
  epoch?: string;
}

const notes: Record<ClientLeaseEnd, string> = {
  released: "This lease ended because it was released.",
  revoked:
    "The Broker ended this lease (the person pressed Stop, the tab left the leased origin or closed, or it was released).",
  "left-origin":
    "This lease ended when the tab left the leased origin; an action that took it there ran and is not sent again. Claim the tab again with browser_claim for its new origin if you still need it.",
  "connection-lost":
    "This lease ended when the connection to the Broker was lost; leases never survive reconnection.",
  renewed:
    "This lease ended when the connection to the Broker was renewed before its transport-ID cap; leases never survive reconnection.",
};

/** The note a tool adds when a call names a lease that ended for `why`. */
export function leaseEndNote(why: ClientLeaseEnd): string {
  return notes[why];
}

/** Ended entries kept so a late call can still be told why; the oldest go first. */
const endedKept = 256;

/** The session's leases. */
export class LeaseBook {
  readonly #entries = new Map<string, LeaseEntry>();

  /** Record a granted lease on connection `generation`. */
  granted(lease: Lease, generation: number): void {
    this.#entries.delete(lease.leaseId);
    this.#entries.set(lease.leaseId, { leaseId: lease.leaseId, lease, generation });
  }

  /**
   * Mark a lease ended; the first reason stays, except that `left-origin`
   * (learnt from an answer) refines `revoked` (the Broker's event names no
   * reason). An unknown ID is recorded as ended too.
   */
  end(leaseId: string, why: ClientLeaseEnd, generation = -1): void {
    const entry = this.#entries.get(leaseId);
    if (entry === undefined) this.#entries.set(leaseId, { leaseId, generation, ended: why });
    else if (entry.ended === "revoked" && why === "left-origin") entry.ended = why;
    else entry.ended ??= why;
    this.#trim();
  }

  /** Mark every live lease of connection `generation` ended. */
  endGeneration(generation: number, why: ClientLeaseEnd): void {
    for (const entry of this.#entries.values()) {
      if (entry.generation === generation) entry.ended ??= why;
    }
    this.#trim();
  }

  /** The entry for `leaseId`. */
  get(leaseId: string): LeaseEntry | undefined {
    return this.#entries.get(leaseId);
  }

  /** Throw `LEASE_NOT_FOUND` with the reason when `leaseId` is known to have ended. */
  assertNotEnded(leaseId: string): void {
    const ended = this.#entries.get(leaseId)?.ended;
    if (ended !== undefined) throw new NotedError("LEASE_NOT_FOUND", leaseEndNote(ended));
  }

  /** Live leases, oldest grant first. */
  live(): Lease[] {
    const leases: Lease[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.ended === undefined && entry.lease !== undefined) leases.push(entry.lease);
    }
    return leases;
  }

  /** How many live leases connection `generation` holds. */
  liveOn(generation: number): number {
    let count = 0;
    for (const entry of this.#entries.values()) {
      if (entry.generation === generation && entry.ended === undefined) count++;
    }
    return count;
  }

  /** Remember the document epoch last seen on a live lease. */
  noteEpoch(leaseId: string, epoch: string): void {
    const entry = this.#entries.get(leaseId);
    if (entry !== undefined && entry.ended === undefined) entry.epoch = epoch;
  }

  #trim(): void {
    let ended = 0;
    for (const entry of this.#entries.values()) if (entry.ended !== undefined) ended++;
    for (const [leaseId, entry] of this.#entries) {
      if (ended <= endedKept) return;
      if (entry.ended === undefined) continue;
      this.#entries.delete(leaseId);
      ended--;
    }
  }
}
