/**
 * The continuations of `ax.page` walks. A continuation is opaque, works
 * once and is bound to the lease grant (lease, fence, connection), the
 * document (frame and loader) and the root; it holds identities only, never
 * page text. Reused, unknown, expired, or for another lease, grant, frame or
 * root: `STALE_CURSOR`. The end of the grant (Stop, release, disconnect,
 * navigation out of scope) drops its continuations.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseRecord } from "./context.ts";
import { abortReason } from "./guard.ts";

/** Bounds on the continuations kept. */
export const continuationDefaults = {
  /** How long a continuation stays usable. */
  ttlMs: 60_000,
  /** Continuations kept per lease, oldest dropped first. */
  perLease: 8,
  /** Continuations kept in all, oldest dropped first. */
  total: 128,
} as const;

/** Where a walk stands after a window: identities only, never page text. */
export interface PageContinuation {
  /** The lease grant the walk runs under. */
  record: LeaseRecord;
  frameId: string;
  loaderId: string;
  /** The backend node ID the walk is rooted at; `null` for the whole document. */
  root: number | null;
  /** The backend node ID of the last row sent. */
  after: number;
  /** The backend node IDs of that row's projected ancestors, outermost first. */
  path: readonly number[];
}

/** What a request that presents a continuation names. */
export interface ContinuationRequest {
  record: LeaseRecord;
  frameId: string;
  root: number | null;
}

/** Options for {@linkcode PageContinuations}. */
export interface PageContinuationsOptions {
  /** Default {@linkcode continuationDefaults}`.ttlMs`. */
  ttlMs?: number;
  /** Default {@linkcode continuationDefaults}`.perLease`. */
  perLease?: number;
  /** Default {@linkcode continuationDefaults}`.total`. */
  total?: number;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

interface Entry extends PageContinuation {
  issuedAt: number;
}

/** `STALE_CURSOR`, the wire's code for a continuation that cannot be used. */
export function staleContinuation(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot continue the walk: ${reason}`),
  });
}

/** 128 random bits as hex, with a prefix that says what the token is. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ap-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The continuations of one connection, by token. A lease's continuations go
 * when its grant ends (its signal aborts).
 *
 * @example
 * ```ts
 * const continuations = new PageContinuations();
 * const token = continuations.issue({ record, frameId: "f", loaderId: "l", root: null, after: 9, path: [1] });
 * continuations.take(token, { record, frameId: "f", root: null }).after; // 9
 * continuations.take(token, { record, frameId: "f", root: null }); // throws STALE_CURSOR
 * ```
 */
export class PageContinuations {
  /** Oldest first. */
  readonly #entries = new Map<string, Entry>();
  readonly #watched = new WeakSet<AbortSignal>();
  readonly #ttlMs: number;
  readonly #perLease: number;
  readonly #total: number;
  readonly #now: () => number;

  constructor(options: PageContinuationsOptions = {}) {
    this.#ttlMs = options.ttlMs ?? continuationDefaults.ttlMs;
    this.#perLease = options.perLease ?? continuationDefaults.perLease;
    this.#total = options.total ?? continuationDefaults.total;
    this.#now = options.now ?? Date.now;
  }

  /** Continuations kept (usable or not yet dropped). */
  get size(): number {
    return this.#entries.size;
  }

  /** Keep `continuation` and return the token that stands for it; the grant's end throws. */
  issue(continuation: PageContinuation): string {
    const signal = continuation.record.signal;
    if (signal.aborted) throw abortReason(signal);
    if (!this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#forget(continuation.record), { once: true });
    }
    this.#dropExpired();
    let token = newToken();
    while (this.#entries.has(token)) token = newToken();
    this.#entries.set(token, { ...continuation, issuedAt: this.#now() });
    this.#bound(continuation.record.leaseId);
    return token;
  }

  /**
   * Use `token` once. A request of the token's lease spends it whatever the
   * answer; another lease's leaves it alone. Throws `STALE_CURSOR` unless it
   * is live and of the request's grant, frame and root.
   */
  take(token: string, request: ContinuationRequest): PageContinuation {
    const entry = this.#entries.get(token);
    if (entry === undefined) {
      throw staleContinuation("the continuation is unknown or was already used");
    }
    if (entry.record.leaseId !== request.record.leaseId) {
      throw staleContinuation("it belongs to another lease");
    }
    this.#entries.delete(token);
    if (entry.record !== request.record) throw staleContinuation("it belongs to another grant");
    if (this.#now() - entry.issuedAt > this.#ttlMs) throw staleContinuation("it expired");
    if (entry.frameId !== request.frameId) throw staleContinuation("it belongs to another frame");
    if (entry.root !== request.root) throw staleContinuation("it belongs to another root");
    const { issuedAt: _issuedAt, ...continuation } = entry;
    return continuation;
  }

  #forget(record: LeaseRecord): void {
    for (const [token, entry] of this.#entries) {
      if (entry.record === record) this.#entries.delete(token);
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
    for (const entry of this.#entries.values()) if (entry.record.leaseId === leaseId) count++;
    for (const [token, entry] of this.#entries) {
      if (count <= this.#perLease) break;
      if (entry.record.leaseId !== leaseId) continue;
      this.#entries.delete(token);
      count--;
    }
    for (const token of this.#entries.keys()) {
      if (this.#entries.size <= this.#total) break;
      this.#entries.delete(token);
    }
  }
}
