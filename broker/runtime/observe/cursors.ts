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
import { TokenStore } from "../../../contracts/token_store.ts";
import { randomToken } from "./_token.ts";
import type { Row } from "./rows.ts";
import { scopeKey } from "./scope.ts";

/** What one cursor remembers. */
export interface CursorRecord {
  leaseId: string;
  documentEpoch: string;
  scope: ObservationScope;
  /** Every row of the scope, not only those the budget showed. */
  rows: readonly Row[];
  /** The page's title then: a lean delta leaves the header out only when it is unchanged. */
  title?: string;
  /** The page's URL then, for the same reason. */
  url?: string;
  /**
   * The bound of the page read it came from (`ax.read`'s `maxNodes`), when
   * it was one: a read that a delta compares with it covers at least that.
   */
  readRows?: number;
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
  readonly #tokens: TokenStore<Entry>;

  constructor(options: CursorBookOptions = {}) {
    this.#tokens = new TokenStore({
      groupOf: (entry) => entry.leaseId,
      perGroup: options.perLease ?? 8,
      total: options.total ?? 64,
      token: options.token ?? (() => randomToken()),
    });
  }

  /** How many cursors the book holds. */
  get size(): number {
    return this.#tokens.size;
  }

  /** Remember an observation; returns its new cursor. */
  record(record: CursorRecord): string {
    return this.#tokens.issue({ ...record, key: scopeKey(record.scope) });
  }

  /**
   * The observation `cursor` names, if it matches `expected` exactly.
   * Throws `LeashError("STALE_CURSOR")` otherwise.
   */
  baseline(cursor: string, expected: CursorExpectation): CursorRecord {
    const entry = this.#tokens.get(cursor);
    if (entry === undefined) throw stale("the cursor is unknown or was evicted");
    if (entry.leaseId !== expected.leaseId) throw stale("the cursor belongs to another lease");
    if (entry.documentEpoch !== expected.documentEpoch) {
      throw stale("the cursor belongs to another document");
    }
    if (entry.key !== scopeKey(expected.scope)) throw stale("the cursor belongs to another scope");
    this.#tokens.touch(cursor);
    const { key: _key, ...record } = entry;
    return record;
  }

  /** The most recent cursor of `leaseId` for this document and scope, if any is kept. */
  latest(leaseId: string, documentEpoch: string, scope: ObservationScope): string | undefined {
    const key = scopeKey(scope);
    return this.#tokens.newest((entry) =>
      entry.leaseId === leaseId && entry.documentEpoch === documentEpoch && entry.key === key
    );
  }

  /**
   * The bound of the read behind the most recent kept observation of
   * `leaseId` in `scope`, of whichever document: what the read after an
   * action must cover for its delta (a read of another document has no
   * delta, and a larger bound costs it only time).
   */
  latestReadRows(leaseId: string, scope: ObservationScope): number | undefined {
    const key = scopeKey(scope);
    const cursor = this.#tokens.newest((entry) => entry.leaseId === leaseId && entry.key === key);
    return cursor === undefined ? undefined : this.#tokens.get(cursor)?.readRows;
  }

  /**
   * The kept observations of `leaseId` for this document and scope, the
   * most recent first: what the reader was shown before.
   */
  history(leaseId: string, documentEpoch: string, scope: ObservationScope): CursorRecord[] {
    const key = scopeKey(scope);
    return this.#tokens.values((entry) =>
      entry.leaseId === leaseId && entry.documentEpoch === documentEpoch && entry.key === key
    );
  }

  /** Drop every cursor of `leaseId`. */
  forget(leaseId: string): void {
    this.#tokens.forget((entry) => entry.leaseId === leaseId);
  }
}

function stale(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot apply the cursor: ${reason}`),
  });
}
