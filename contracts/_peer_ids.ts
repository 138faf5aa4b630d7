/**
 * Transport-ID bookkeeping for the RPC peer: the IDs it hands out and the IDs
 * the other side has named.
 *
 * @module
 */

/** What {@linkcode IncomingIds.admit} decided about a request's ID. */
export type Admission = "new" | "cancelled" | "reused" | "full";

/** The IDs of one counted run: `<prefix>-<n>` for every `n` in `[from, next)`. */
interface Run {
  readonly from: number;
  next: number;
}

/** A counter in the canonical base-36 form {@linkcode createIdSource} writes: no sign, no leading zero. */
const counterForm = /^(?:0|[1-9a-z][0-9a-z]{0,9})$/;

/** Split `<prefix>-<counter>` into its parts, or `undefined` for any other ID. */
function counted(id: string): { prefix: string; n: number } | undefined {
  const dash = id.lastIndexOf("-");
  if (dash < 0) return undefined;
  const tail = id.slice(dash + 1);
  if (!counterForm.test(tail)) return undefined;
  const n = parseInt(tail, 36);
  return Number.isSafeInteger(n) ? { prefix: id.slice(0, dash), n } : undefined;
}

/**
 * Every transport ID the other side has named on this connection: its
 * requests, kept for the whole connection so a reused ID is caught even after
 * the request completed, and cancels that arrived before their request, kept
 * so the request is answered without running. Both count against one
 * capacity, and reaching it is reported rather than evicting an ID, because an
 * evicted ID could be replayed.
 *
 * IDs are remembered exactly, but compactly where they allow it: IDs of the
 * form `<prefix>-<n>` (a base-36 counter, as {@linkcode createIdSource}
 * makes them) that arrive in counting order are kept as one run per prefix,
 * an interval of counters, which is one entry against the capacity however
 * long it grows. Any other ID, or a counted one out of order, is one entry
 * of its own. So a sender that counts (every Leash peer does) can use one
 * connection for as long as both ends live, while a sender of arbitrary IDs
 * still meets the spec's cap, and no ID is ever forgotten: a run only says
 * "all of these were seen", which is exactly true.
 */
export class IncomingIds {
  readonly #capacity: number;
  readonly #runs = new Map<string, Run>();
  readonly #requests = new Set<string>();
  readonly #earlyCancels = new Set<string>();

  /** Remember at most `capacity` entries (single IDs and runs). */
  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** How many entries count against the capacity now. */
  get size(): number {
    return this.#runs.size + this.#requests.size + this.#earlyCancels.size;
  }

  /**
   * Take a request's ID: `"new"` when first seen (now remembered),
   * `"cancelled"` when a cancel for it came first (now remembered),
   * `"reused"` when a request already used it, `"full"` when remembering it
   * would pass the capacity (not remembered).
   */
  admit(id: string): Admission {
    if (this.has(id)) return "reused";
    if (this.#earlyCancels.delete(id)) {
      // Its cancel's entry is handed over, so this cannot pass the capacity.
      this.#remember(id, true);
      return "cancelled";
    }
    return this.#remember(id, false) ? "new" : "full";
  }

  /**
   * Note a cancel for an ID no request has used yet. Returns `false` when
   * remembering it would pass the capacity. A cancel for a completed request
   * is the caller's business: check {@linkcode IncomingIds.has} first.
   */
  cancelEarly(id: string): boolean {
    if (this.#earlyCancels.has(id)) return true;
    if (this.size >= this.#capacity) return false;
    this.#earlyCancels.add(id);
    return true;
  }

  /** Whether a request has used `id` on this connection. */
  has(id: string): boolean {
    if (this.#requests.has(id)) return true;
    const parts = counted(id);
    if (parts === undefined) return false;
    const run = this.#runs.get(parts.prefix);
    return run !== undefined && parts.n >= run.from && parts.n < run.next;
  }

  /** Forget everything; only for a closed connection, which takes no more IDs. */
  clear(): void {
    this.#runs.clear();
    this.#requests.clear();
    this.#earlyCancels.clear();
  }

  /**
   * Remember an unseen request ID: extend its run when it is the run's next
   * counter, else start a run or keep it alone. `freed` says one entry was
   * just given back for it. Returns `false` (remembering nothing) when a new
   * entry would pass the capacity.
   */
  #remember(id: string, freed: boolean): boolean {
    const parts = counted(id);
    const run = parts === undefined ? undefined : this.#runs.get(parts.prefix);
    if (parts !== undefined && run !== undefined && parts.n === run.next) {
      run.next++;
      // Counters kept alone because they came early join the run when it reaches them.
      for (let id = `${parts.prefix}-${run.next.toString(36)}`; this.#requests.delete(id);) {
        run.next++;
        id = `${parts.prefix}-${run.next.toString(36)}`;
      }
      return true;
    }
    if (!freed && this.size >= this.#capacity) return false;
    if (parts !== undefined && run === undefined) {
      this.#runs.set(parts.prefix, { from: parts.n, next: parts.n + 1 });
    } else {
      this.#requests.add(id);
    }
    return true;
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
