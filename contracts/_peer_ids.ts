/**
 * Transport-ID bookkeeping for the RPC peer: the IDs it hands out and the IDs
 * the other side has named.
 *
 * @module
 */

/** What {@linkcode IncomingIds.admit} decided about a request's ID. */
export type Admission = "new" | "cancelled" | "reused" | "full";

/**
 * Every transport ID the other side has named on this connection: its
 * requests, kept for the whole connection so a reused ID is caught even after
 * the request completed, and cancels that arrived before their request, kept
 * so the request is answered without running. Both count against one
 * capacity, and reaching it is reported rather than evicting an ID, because an
 * evicted ID could be replayed.
 */
export class IncomingIds {
  readonly #capacity: number;
  readonly #requests = new Set<string>();
  readonly #earlyCancels = new Set<string>();

  /** Remember at most `capacity` IDs. */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /**
   * Take a request's ID: `"new"` when first seen (now remembered),
   * `"cancelled"` when a cancel for it came first (now remembered),
   * `"reused"` when a request already used it, `"full"` when remembering it
   * would pass the capacity (not remembered).
   */
  admit(id: string): Admission {
    if (this.#requests.has(id)) return "reused";
    if (this.#earlyCancels.delete(id)) {
      this.#requests.add(id);
      return "cancelled";
    }
    if (this.#requests.size + this.#earlyCancels.size >= this.#capacity) return "full";
    this.#requests.add(id);
    return "new";
  }

  /**
   * Note a cancel for an ID no request has used yet. Returns `false` when
   * remembering it would pass the capacity. A cancel for a completed request
   * is the caller's business: check {@linkcode IncomingIds.has} first.
   */
  cancelEarly(id: string): boolean {
    if (this.#earlyCancels.has(id)) return true;
    if (this.#requests.size + this.#earlyCancels.size >= this.#capacity) return false;
    this.#earlyCancels.add(id);
    return true;
  }

  /** Whether a request has used `id` on this connection. */
  has(id: string): boolean {
    return this.#requests.has(id);
  }

  /** Forget everything; only for a closed connection, which takes no more IDs. */
  clear(): void {
    this.#requests.clear();
    this.#earlyCancels.clear();
  }
}

/**
 * A source of outgoing transport IDs: a short random prefix per peer, so IDs
 * from different connections are told apart in diagnostics, then a counter,
 * so no ID repeats on a connection.
 */
export function createIdSource(): () => string {
  const prefix = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  let counter = 0;
  return () => `${prefix}-${(counter++).toString(36)}`;
}
