/**
 * The Broker's own continuations for `browser.readPage`. The provider's
 * continuation never leaves the Broker: the client gets an opaque,
 * unguessable token that stands for it, bound to one lease, one document
 * (epoch, frame and loader) and one root. A token works once; a reused,
 * unknown, expired or evicted token, or one presented for another lease or
 * root, is `STALE_CURSOR` — never a fresh read of something broader. The
 * caller checks the document; {@linkcode ContinuationBook.forgetLease}
 * invalidates a lease's tokens when it ends.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";

/** The root a window walk covers: the element a `rootRef` named. */
export interface WalkRoot {
  ref: string;
  backendNodeId: number;
}

/** What one continuation stands for. */
export interface Continuation {
  leaseId: string;
  documentEpoch: string;
  /** The document the walk reads, as the provider named it. */
  frameId: string;
  loaderId: string;
  /** `null` for the whole document. */
  root: WalkRoot | null;
  /** The provider's continuation for the next window. */
  provider: string;
}

/** What the request that presents a continuation names. */
export interface ContinuationRequest {
  leaseId: string;
  /** The request's `rootRef`; when given it must be the walk's root. */
  rootRef?: string;
}

/** Options for a {@linkcode ContinuationBook}. */
export interface ContinuationBookOptions {
  /** How long a continuation stays usable; default 60 s. */
  ttlMs?: number;
  /** Milliseconds since the epoch; injected by tests. Default `Date.now`. */
  now?: () => number;
  /** Continuations kept per lease, oldest dropped first; default 8. */
  perLease?: number;
  /** Continuations kept in all, oldest dropped first; default 256. */
  total?: number;
}

interface Entry extends Continuation {
  issuedAt: number;
}

/** Unguessable: 128 random bits as 32 hex digits, with a prefix that names what it is. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pc-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function stale(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot continue the read: ${reason}`),
  });
}

/**
 * Issued continuations, by token.
 *
 * @example
 * ```ts
 * const book = new ContinuationBook();
 * const token = book.issue({
 *   leaseId: "l", documentEpoch: "d", frameId: "f", loaderId: "x", root: null, provider: "p1",
 * });
 * book.take(token, { leaseId: "l" }).provider; // "p1"
 * book.take(token, { leaseId: "l" }); // throws STALE_CURSOR: already used
 * ```
 */
export class ContinuationBook {
  /** Oldest first. */
  readonly #entries = new Map<string, Entry>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #perLease: number;
  readonly #total: number;

  constructor(options: ContinuationBookOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#perLease = options.perLease ?? 8;
    this.#total = options.total ?? 256;
  }

  /** How many continuations are usable or not yet dropped. */
  get size(): number {
    return this.#entries.size;
  }

  /** Keep `continuation` and return the token that stands for it. */
  issue(continuation: Continuation): string {
    this.#dropExpired();
    let token = newToken();
    while (this.#entries.has(token)) token = newToken();
    this.#entries.set(token, { ...continuation, issuedAt: this.#now() });
    this.#bound(continuation.leaseId);
    return token;
  }

  /**
   * Use `token` once: what it stands for, if `request` names its lease and
   * (when it names one) its root. Its lease's request spends the token
   * whatever the answer; another lease's leaves it alone. Throws
   * `LeashError("STALE_CURSOR")` otherwise.
   */
  take(token: string, request: ContinuationRequest): Continuation {
    const entry = this.#entries.get(token);
    if (entry === undefined) throw stale("the continuation is unknown or was already used");
    if (entry.leaseId !== request.leaseId) throw stale("it belongs to another lease");
    this.#entries.delete(token);
    if (this.#now() - entry.issuedAt > this.#ttlMs) throw stale("it expired");
    if (request.rootRef !== undefined && request.rootRef !== entry.root?.ref) {
      throw stale("it belongs to another root");
    }
    const { issuedAt: _issuedAt, ...continuation } = entry;
    return continuation;
  }

  /** Drop every continuation of `leaseId` (release, revocation, disconnect). */
  forgetLease(leaseId: string): void {
    for (const [token, entry] of this.#entries) {
      if (entry.leaseId === leaseId) this.#entries.delete(token);
    }
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [token, entry] of this.#entries) {
      if (now - entry.issuedAt > this.#ttlMs) this.#entries.delete(token);
    }
  }

  #bound(leaseId: string): void {
    let count = 0;
    for (const entry of this.#entries.values()) if (entry.leaseId === leaseId) count++;
    for (const [token, entry] of this.#entries) {
      if (count <= this.#perLease) break;
      if (entry.leaseId !== leaseId) continue;
      this.#entries.delete(token);
      count--;
    }
    for (const token of this.#entries.keys()) {
      if (this.#entries.size <= this.#total) break;
      this.#entries.delete(token);
    }
  }
}
