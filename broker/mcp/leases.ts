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
  /** The epoch each ref shown on it was issued in, oldest first (bounded). */
  refEpochs?: Map<string, string>;
  /** The cursor of the last observation shown on it, by scope ({@linkcode scopeKey}). */
  cursors?: Map<string, string>;
  /** The child frame each ref shown from a frame observation lives in (bounded like `refEpochs`). */
  refFrames?: Map<string, string>;
}

/** What names an observation's scope for `since: "last"`: its query, root and frame. */
export interface ScopeParts {
  query?: string;
  rootRef?: string;
  frame?: { frameId: string };
}

/** One string per scope: the whole page is `""`. */
export function scopeKey(scope: ScopeParts): string {
  if (scope.query === undefined && scope.rootRef === undefined && scope.frame === undefined) {
    return "";
  }
  return JSON.stringify([scope.query ?? null, scope.rootRef ?? null, scope.frame?.frameId ?? null]);
}

/** Scopes whose last cursor is kept per lease; the least recently shown go first. */
const cursorsKept = 16;

/** Refs remembered per lease for {@linkcode LeaseBook.epochFor}; the oldest go first. */
export const refEpochsKept = 20_000;

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

const noLeaseNote =
  "This call needs a lease and this session holds no live lease: claim one with browser_claim.";
const severalLeasesNote =
  "This session holds more than one live lease: name the one you mean with leaseId.";

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

  /**
   * The ID of the one live lease, for a call that names none; with none or
   * several there is nothing safe to choose, so the call is refused.
   */
  sole(): string {
    const live = this.live();
    if (live.length === 1) return live[0].leaseId;
    throw new NotedError("INVALID_PARAMS", live.length === 0 ? noLeaseNote : severalLeasesNote);
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
    this.noteObservation(leaseId, epoch);
  }

  /**
   * Remember what an observation (or a window, or an action's result)
   * showed on a live lease: its epoch, and the epoch of each ref in it.
   */
  noteObservation(
    leaseId: string,
    epoch: string,
    nodes: readonly { ref: string | null }[] = [],
    cursor?: { scope: ScopeParts; cursor: string },
  ): void {
    const entry = this.#entries.get(leaseId);
    if (entry === undefined || entry.ended !== undefined) return;
    entry.epoch = epoch;
    this.#note(entry, epoch, nodes, cursor);
  }

  /**
   * Remember what an observation of a child frame showed: its cursor and
   * the epoch of each of its refs, but not as the page's epoch, which an
   * action without a ref goes on being fenced with.
   */
  noteFrameObservation(
    leaseId: string,
    epoch: string,
    nodes: readonly { ref: string | null }[],
    cursor: { scope: ScopeParts; cursor: string },
  ): void {
    const entry = this.#entries.get(leaseId);
    if (entry === undefined || entry.ended !== undefined) return;
    this.#note(entry, epoch, nodes, cursor);
    const frameId = cursor.scope.frame?.frameId;
    if (frameId === undefined) return;
    const frames = entry.refFrames ??= new Map();
    for (const { ref } of nodes) {
      if (ref === null) continue;
      frames.delete(ref);
      frames.set(ref, frameId);
    }
    for (const ref of frames.keys()) {
      if (frames.size <= refEpochsKept) break;
      frames.delete(ref);
    }
  }

  /**
   * The child frame `ref` was shown in on `leaseId`, when a frame
   * observation showed it: an action on it goes to that frame.
   */
  frameFor(leaseId: string, ref: string | undefined): string | undefined {
    if (ref === undefined) return undefined;
    return this.#entries.get(leaseId)?.refFrames?.get(ref);
  }

  #note(
    entry: LeaseEntry,
    epoch: string,
    nodes: readonly { ref: string | null }[],
    cursor: { scope: ScopeParts; cursor: string } | undefined,
  ): void {
    if (cursor !== undefined) {
      const cursors = entry.cursors ??= new Map();
      const key = scopeKey(cursor.scope);
      cursors.delete(key);
      cursors.set(key, cursor.cursor);
      for (const oldest of cursors.keys()) {
        if (cursors.size <= cursorsKept) break;
        cursors.delete(oldest);
      }
    }
    const refs = entry.refEpochs ??= new Map();
    for (const { ref } of nodes) {
      if (ref === null) continue;
      refs.delete(ref);
      refs.set(ref, epoch);
    }
    for (const ref of refs.keys()) {
      if (refs.size <= refEpochsKept) break;
      refs.delete(ref);
    }
  }

  /**
   * The epoch an action on `leaseId` is fenced with when its caller names
   * none: the epoch of the observation this session showed `ref` in (refs
   * never repeat within a lease, so a ref names one document), else the
   * epoch last shown. Either is exactly what the caller could have copied
   * from what it read; the Broker still judges it stale or live.
   */
  epochFor(leaseId: string, ref: string | undefined): string | undefined {
    const entry = this.#entries.get(leaseId);
    if (entry === undefined) return undefined;
    return (ref === undefined ? undefined : entry.refEpochs?.get(ref)) ?? entry.epoch;
  }

  /** The cursor of the last observation of `scope` shown on `leaseId`, for `since: "last"`. */
  lastCursor(leaseId: string, scope: ScopeParts): string | undefined {
    return this.#entries.get(leaseId)?.cursors?.get(scopeKey(scope));
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
