/**
 * Public frame IDs: a short, opaque name per (lease, provider frame), so the
 * provider's frame identities never reach a client. An ID is minted the
 * first time a lease's inventory shows a frame and names that frame for the
 * rest of the lease; it is never given to another frame of the lease.
 *
 * @module
 */
import { maxFrames } from "../../../contracts/methods/frames.ts";

/** Frames remembered per lease; past it the least recently listed go (their IDs retire). */
const maxFramesPerLease = maxFrames * 4;

interface LeaseFrames {
  /** Provider frame ID → public ID, least recently listed first. */
  bySource: Map<string, string>;
  /** Public ID → provider frame ID. */
  byPublic: Map<string, string>;
  /** The last number minted, so a retired ID is never minted again. */
  last: number;
}

/**
 * The public frame IDs of every lease.
 *
 * @example
 * ```ts
 * const ids = new FrameIdBook();
 * ids.publicId("lease-1", "8F3A…"); // "f0"
 * ids.sourceId("lease-1", "f0"); // "8F3A…"
 * ```
 */
export class FrameIdBook {
  readonly #leases = new Map<string, LeaseFrames>();

  /** The public ID of provider frame `sourceId` in `leaseId`, minted on first sight. */
  publicId(leaseId: string, sourceId: string): string {
    let lease = this.#leases.get(leaseId);
    if (lease === undefined) {
      lease = { bySource: new Map(), byPublic: new Map(), last: -1 };
      this.#leases.set(leaseId, lease);
    }
    const known = lease.bySource.get(sourceId);
    if (known !== undefined) {
      lease.bySource.delete(sourceId);
      lease.bySource.set(sourceId, known);
      return known;
    }
    const id = `f${++lease.last}`;
    lease.bySource.set(sourceId, id);
    lease.byPublic.set(id, sourceId);
    for (const [oldSource, oldId] of lease.bySource) {
      if (lease.bySource.size <= maxFramesPerLease) break;
      lease.bySource.delete(oldSource);
      lease.byPublic.delete(oldId);
    }
    return id;
  }

  /** The provider frame public ID `id` of `leaseId` names, if it was minted and is not retired. */
  sourceId(leaseId: string, id: string): string | undefined {
    return this.#leases.get(leaseId)?.byPublic.get(id);
  }

  /** Drop every ID of `leaseId`. */
  forget(leaseId: string): void {
    this.#leases.delete(leaseId);
  }
}
