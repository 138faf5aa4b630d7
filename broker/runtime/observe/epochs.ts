/**
 * Document epochs: an opaque, unguessable name for one document of one
 * lease, and the ref table that lives exactly as long as it. Each
 * (lease, frame) has one current document; a new loader ID for that frame
 * mints a new epoch and retires the old one with its refs, so an action
 * aimed at the old document finds nothing to resolve — even if the loader
 * ID comes back (a back/forward cache restore), it gets a fresh epoch.
 *
 * @module
 */
import { freshToken } from "../../../contracts/token_store.ts";
import { randomToken } from "./_token.ts";
import { RefTable, type RefTarget } from "./refs.ts";

/** Where an epoch came from. */
export interface EpochOrigin {
  leaseId: string;
  frameId: string;
  loaderId: string;
}

/** Where a ref lives and what it names. */
export interface LocatedRef extends EpochOrigin {
  documentEpoch: string;
  target: RefTarget;
}

/** Options for an {@linkcode EpochBook}. */
export interface EpochBookOptions {
  /** Makes epoch tokens (default: 12 random base32 characters). Tests pass a counter. */
  token?: () => string;
  /** Refs per epoch (default: {@linkcode RefTable}'s bound). */
  maxRefs?: number;
  /** Documents (frames) remembered per lease; the least recently used goes first (default 32). */
  maxDocumentsPerLease?: number;
}

interface Document extends EpochOrigin {
  epoch: string;
  refs: RefTable;
}

interface LeaseEntry {
  /** By frame ID, least recently used first. */
  frames: Map<string, Document>;
  /** One ref counter for all the lease's documents, so refs never repeat within a lease. */
  lastRef: number;
}

/**
 * The document epochs of every lease.
 *
 * @example
 * ```ts
 * const book = new EpochBook();
 * const epoch = book.epochFor("lease-1", "frame-A", "loader-1");
 * book.refTable(epoch)?.refFor(42, { role: "button", name: "Pay" });
 * ```
 */
export class EpochBook {
  readonly #leases = new Map<string, LeaseEntry>();
  readonly #epochs = new Map<string, Document>();
  readonly #token: () => string;
  readonly #maxRefs: number | undefined;
  readonly #maxDocuments: number;

  constructor(options: EpochBookOptions = {}) {
    this.#token = options.token ?? (() => randomToken());
    this.#maxRefs = options.maxRefs;
    this.#maxDocuments = options.maxDocumentsPerLease ?? 32;
  }

  /**
   * The epoch of the document `loaderId` in `frameId` of `leaseId`: the same
   * string while the loader stays, a new one when it changes.
   */
  epochFor(leaseId: string, frameId: string, loaderId: string): string {
    let lease = this.#leases.get(leaseId);
    if (lease === undefined) {
      lease = { frames: new Map(), lastRef: 0 };
      this.#leases.set(leaseId, lease);
    }
    const known = lease.frames.get(frameId);
    if (known !== undefined) {
      lease.frames.delete(frameId);
      if (known.loaderId === loaderId) {
        lease.frames.set(frameId, known);
        return known.epoch;
      }
      this.#epochs.delete(known.epoch);
    }
    const entry = lease;
    const epoch = freshToken(this.#token, (token) => this.#epochs.has(token));
    const document: Document = {
      leaseId,
      frameId,
      loaderId,
      epoch,
      refs: new RefTable({ maxRefs: this.#maxRefs, allocate: () => ++entry.lastRef }),
    };
    lease.frames.set(frameId, document);
    this.#epochs.set(epoch, document);
    for (const [oldestFrame, oldest] of lease.frames) {
      if (lease.frames.size <= this.#maxDocuments) break;
      lease.frames.delete(oldestFrame);
      this.#epochs.delete(oldest.epoch);
    }
    return epoch;
  }

  /** The current epoch of `frameId` in `leaseId`, if one was issued. */
  current(leaseId: string, frameId: string): string | undefined {
    return this.#leases.get(leaseId)?.frames.get(frameId)?.epoch;
  }

  /** Where a live epoch came from; undefined once it is retired or forgotten. */
  describe(documentEpoch: string): EpochOrigin | undefined {
    const document = this.#epochs.get(documentEpoch);
    if (document === undefined) return undefined;
    return { leaseId: document.leaseId, frameId: document.frameId, loaderId: document.loaderId };
  }

  /** The ref table of a live epoch. */
  refTable(documentEpoch: string): RefTable | undefined {
    return this.#epochs.get(documentEpoch)?.refs;
  }

  /**
   * What `ref` names in `documentEpoch`, only if that epoch is live and
   * belongs to `leaseId`. The action engine calls this, then re-verifies the
   * node's current role and name against the result.
   */
  resolve(leaseId: string, documentEpoch: string, ref: string): RefTarget | undefined {
    const document = this.#epochs.get(documentEpoch);
    if (document === undefined || document.leaseId !== leaseId) return undefined;
    return document.refs.resolve(ref);
  }

  /**
   * The ref of the node the page drew in place of `ref`'s in `documentEpoch`
   * (see `RefTable.redrawnAs`), only if that epoch is live and belongs to
   * `leaseId`.
   */
  redrawnAs(leaseId: string, documentEpoch: string, ref: string): string | undefined {
    const document = this.#epochs.get(documentEpoch);
    if (document === undefined || document.leaseId !== leaseId) return undefined;
    return document.refs.redrawnAs(ref);
  }

  /**
   * The live document of `leaseId` that holds `ref`, for requests that name
   * a ref without an epoch (`rootRef`). Refs never repeat within a lease, so
   * at most one live document holds it.
   */
  locate(leaseId: string, ref: string): LocatedRef | undefined {
    const lease = this.#leases.get(leaseId);
    if (lease === undefined) return undefined;
    for (const document of lease.frames.values()) {
      const target = document.refs.resolve(ref);
      if (target !== undefined) {
        return {
          leaseId,
          frameId: document.frameId,
          loaderId: document.loaderId,
          documentEpoch: document.epoch,
          target,
        };
      }
    }
    return undefined;
  }

  /** Drop every epoch and ref of `leaseId` (release, revocation, disconnect). */
  forget(leaseId: string): void {
    const lease = this.#leases.get(leaseId);
    if (lease === undefined) return;
    for (const document of lease.frames.values()) this.#epochs.delete(document.epoch);
    this.#leases.delete(leaseId);
  }
}
