/**
 * Full results of completed actions, kept briefly so an exact retry gets the
 * same answer back. Bounded by count, serialized size and age (the spec's
 * 128 entries / 8 MiB / 120 s); the oldest go first. It lives in memory only,
 * so page data never reaches the disk and a restart empties it.
 *
 * @module
 */
import { limits } from "../../contracts/limits.ts";

/** The cache's bounds. */
export interface ResultCacheLimits {
  entries: number;
  bytes: number;
  /** Milliseconds a result stays after it was stored. */
  ageMs: number;
}

/** The spec's bounds, from `limits.resultCache*`. */
export const defaultResultCacheLimits: ResultCacheLimits = {
  entries: limits.resultCacheEntries,
  bytes: limits.resultCacheBytes,
  ageMs: limits.resultCacheMs,
};

interface Slot<R> {
  result: R;
  leaseId: string;
  bytes: number;
  storedAt: number;
}

const encoder = new TextEncoder();

/** The UTF-8 size of `value` as JSON: what the cache counts against its byte bound. */
export function serializedSize(value: unknown): number {
  return encoder.encode(JSON.stringify(value) ?? "null").byteLength;
}

/** Results by journal entry ID, oldest first. */
export class ResultCache<R> {
  readonly #limits: ResultCacheLimits;
  readonly #now: () => number;
  // A Map iterates in insertion order, and entries are only ever appended, so the first is oldest.
  readonly #slots = new Map<number, Slot<R>>();
  #bytes = 0;

  constructor(limits: ResultCacheLimits, now: () => number) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Entries held now (after dropping expired ones). */
  get size(): number {
    this.#expire();
    return this.#slots.size;
  }

  /** Serialized bytes held now (after dropping expired ones). */
  get bytes(): number {
    this.#expire();
    return this.#bytes;
  }

  /**
   * Keep `result` for `entryId`, evicting the oldest entries until the bounds
   * hold. A result larger than the whole byte bound is not kept at all.
   */
  put(entryId: number, leaseId: string, result: R): void {
    this.delete(entryId);
    const bytes = serializedSize(result);
    if (bytes > this.#limits.bytes || this.#limits.entries < 1) return;
    this.#expire();
    for (const [oldest] of this.#slots) {
      if (
        this.#slots.size < this.#limits.entries && this.#bytes + bytes <= this.#limits.bytes
      ) break;
      this.delete(oldest);
    }
    this.#slots.set(entryId, { result, leaseId, bytes, storedAt: this.#now() });
    this.#bytes += bytes;
  }

  /** The result kept for `entryId`, or `undefined` when it was never kept or is gone. */
  lookup(entryId: number): { result: R } | undefined {
    this.#expire();
    const slot = this.#slots.get(entryId);
    return slot === undefined ? undefined : { result: slot.result };
  }

  /** Drop `entryId`'s result. */
  delete(entryId: number): void {
    const slot = this.#slots.get(entryId);
    if (slot === undefined) return;
    this.#slots.delete(entryId);
    this.#bytes -= slot.bytes;
  }

  /** Drop every result of `leaseId`; returns how many were dropped. */
  purgeLease(leaseId: string): number {
    let dropped = 0;
    for (const [entryId, slot] of this.#slots) {
      if (slot.leaseId !== leaseId) continue;
      this.delete(entryId);
      dropped++;
    }
    return dropped;
  }

  /** Drop everything. */
  clear(): void {
    this.#slots.clear();
    this.#bytes = 0;
  }

  #expire(): void {
    const cutoff = this.#now() - this.#limits.ageMs;
    for (const [entryId, slot] of this.#slots) {
      if (slot.storedAt > cutoff) break;
      this.delete(entryId);
    }
  }
}
