/**
 * Broker-wide admission: fixed budgets for sockets (including peers that
 * have not said hello), providers, live or reserved leases, and pending
 * claims. A full budget refuses the newcomer; nothing already admitted is
 * ever evicted to make room.
 *
 * @module
 */
import { limits } from "../../contracts/limits.ts";

/** A budget kind. */
export type AdmissionKind = "sockets" | "providers" | "leases" | "claims";

/** The capacity of each budget. */
export type AdmissionCaps = Record<AdmissionKind, number>;

/** The protocol's defaults. */
export const defaultAdmissionCaps: Readonly<AdmissionCaps> = {
  sockets: limits.maxSockets,
  providers: limits.maxProviders,
  leases: limits.maxLeases,
  claims: limits.maxPendingClaims,
};

/** Gives back one admitted slot. Calling it again does nothing. */
export type Release = () => void;

/** Counts admitted slots against fixed caps. */
export class Admission {
  readonly #caps: AdmissionCaps;
  readonly #used: AdmissionCaps = { sockets: 0, providers: 0, leases: 0, claims: 0 };

  constructor(caps: Partial<AdmissionCaps> = {}) {
    this.#caps = { ...defaultAdmissionCaps, ...caps };
  }

  /** Take one slot of `kind`, or `undefined` when the budget is spent. */
  tryAcquire(kind: AdmissionKind): Release | undefined {
    if (this.#used[kind] >= this.#caps[kind]) return undefined;
    this.#used[kind]++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#used[kind]--;
    };
  }

  /** Slots of `kind` in use. */
  used(kind: AdmissionKind): number {
    return this.#used[kind];
  }

  /** The cap of `kind`. */
  cap(kind: AdmissionKind): number {
    return this.#caps[kind];
  }
}
