/**
 * Observation cursors. Every observation gets a fresh opaque cursor; the
 * book remembers what that observation covered so a later `since` can be
 * answered with a delta. A cursor is honoured only for the same lease, the
 * same document epoch and an equal scope; anything else — including a
 * cursor the book never issued or has since evicted — is `STALE_CURSOR`,
 * never a delta against the wrong baseline. Cursors may be used more than
 * once. The book is bounded per lease and in total, least recently used
 * first.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { ObservationScope } from "../../../contracts/methods/mod.ts";
import { freshToken, randomToken } from "./_token.ts";
import type { Row } from "./rows.ts";
import { scopeKey } from "./scope.ts";

/** What one cursor remembers. */
export interface CursorRecord {
  leaseId: string;
  documentEpoch: string;
  scope: ObservationScope;
  /** Every row of the scope, not only those the budget showed. */
  rows: readonly Row[];
}

/** What a `since` must match. */
export interface CursorExpectation {
  leaseId: string;
  documentEpoch: string;
  scope: ObservationScope;
}

/** Options for a {@linkcode CursorBook}. */
export interface CursorBookOptions {
  /** Cursors kept per lease (default 8). */
  perLease?: number;
  /** Cursors kept in all (default 64): each holds up to one read's rows. */
  total?: number;
  /** Makes cursor tokens (default: 12 random base32 characters). Tests pass a counter. */
  token?: () => string;
}

interface Entry extends CursorRecord {
  key: string;
}

/**
 * Remembered observations, by cursor.
 *
 * @example
 * ```ts
 * const book = new CursorBook();
 * const cursor = book.record({ leaseId: "l", documentEpoch: "d", scope: { kind: "page" }, rows: [] });
 * book.baseline(cursor, { leaseId: "l", documentEpoch: "d", scope: { kind: "page" } }).rows; // []
 * ```
 */
export class CursorBook {
  /** Least recently used first. */
  readonly #entries = new Map<string, Entry>();
  readonly #perLease: number;
  readonly #total: number;
  readonly #token: () => string;

  constructor(options: CursorBookOptions = {}) {
    this.#perLease = options.perLease ?? 8;
    this.#total = options.total ?? 64;
    this.#token = options.token ?? (() => randomToken());
  }

  /** How many cursors the book holds. */
  get size(): number {
    return this.#entries.size;
  }

  /** Remember an observation; returns its new cursor. */
  record(record: CursorRecord): string {
    const cursor = freshToken(this.#token, (token) => this.#entries.has(token));
    this.#entries.set(cursor, { ...record, key: scopeKey(record.scope) });
    this.#evict(record.leaseId);
    return cursor;
  }

  /**
   * The observation `cursor` names, if it matches `expected` exactly.
   * Throws `LeashError("STALE_CURSOR")` otherwise.
   */
  baseline(cursor: string, expected: CursorExpectation): CursorRecord {
    const entry = this.#entries.get(cursor);
    if (entry === undefined) throw stale("the cursor is unknown or was evicted");
    if (entry.leaseId !== expected.leaseId) throw stale("the cursor belongs to another lease");
    if (entry.documentEpoch !== expected.documentEpoch) {
      throw stale("the cursor belongs to another document");
    }
    if (entry.key !== scopeKey(expected.scope)) throw stale("the cursor belongs to another scope");
    this.#entries.delete(cursor);
    this.#entries.set(cursor, entry);
    const { key: _key, ...record } = entry;
    return record;
  }

  /** The most recent cursor of `leaseId` for this document and scope, if any is kept. */
  latest(leaseId: string, documentEpoch: string, scope: ObservationScope): string | undefined {
    const key = scopeKey(scope);
    let found: string | undefined;
    for (const [cursor, entry] of this.#entries) {
      if (entry.leaseId === leaseId && entry.documentEpoch === documentEpoch && entry.key === key) {
        found = cursor;
      }
    }
    return found;
  }

  /** Drop every cursor of `leaseId`. */
  forget(leaseId: string): void {
    for (const [cursor, entry] of this.#entries) {
      if (entry.leaseId === leaseId) this.#entries.delete(cursor);
    }
  }

  #evict(leaseId: string): void {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.leaseId === leaseId) count++;
    for (const [cursor, entry] of this.#entries) {
      if (count <= this.#perLease) break;
      if (entry.leaseId !== leaseId) continue;
      this.#entries.delete(cursor);
      count--;
    }
    for (const cursor of this.#entries.keys()) {
      if (this.#entries.size <= this.#total) break;
      this.#entries.delete(cursor);
    }
  }
}

function stale(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot apply the cursor: ${reason}`),
  });
}
