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
import { randomHexToken, TokenStore } from "../../contracts/token_store.ts";
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

/** `STALE_CURSOR`, the wire's code for a continuation that cannot be used. */
export function staleContinuation(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", {
    cause: new Error(`Cannot continue the walk: ${reason}`),
  });
}

/**
 * The continuations of one connection, by token. A lease's continuations go
 * when its grant ends (its signal aborts).
 *
 * @example
 * ```ts
 * function continueOnce(record: PageContinuation["record"]) {
 *   const continuations = new PageContinuations();
 *   const token = continuations.issue({ record, frameId: "f", loaderId: "l", root: null, after: 9, path: [1] });
 *   continuations.take(token, { record, frameId: "f", root: null }).after; // 9
 *   continuations.take(token, { record, frameId: "f", root: null }); // throws STALE_CURSOR
 * }
 * ```
 */
export class PageContinuations {
  readonly #watched = new WeakSet<AbortSignal>();
  readonly #tokens: TokenStore<PageContinuation>;

  constructor(options: PageContinuationsOptions = {}) {
    this.#tokens = new TokenStore({
      groupOf: (continuation) => continuation.record.leaseId,
      perGroup: options.perLease ?? continuationDefaults.perLease,
      total: options.total ?? continuationDefaults.total,
      ttlMs: options.ttlMs ?? continuationDefaults.ttlMs,
      now: options.now,
      token: () => randomHexToken("ap-"),
    });
  }

  /** Continuations kept (usable or not yet dropped). */
  get size(): number {
    return this.#tokens.size;
  }

  /** Keep `continuation` and return the token that stands for it; the grant's end throws. */
  issue(continuation: PageContinuation): string {
    const signal = continuation.record.signal;
    if (signal.aborted) throw abortReason(signal);
    if (!this.#watched.has(signal)) {
      this.#watched.add(signal);
      signal.addEventListener("abort", () => this.#forget(continuation.record), { once: true });
    }
    return this.#tokens.issue(continuation);
  }

  /**
   * Use `token` once. A request of the token's lease spends it whatever the
   * answer; another lease's leaves it alone. Throws `STALE_CURSOR` unless it
   * is live and of the request's grant, frame and root.
   */
  take(token: string, request: ContinuationRequest): PageContinuation {
    const continuation = this.#tokens.get(token);
    if (continuation === undefined) {
      throw staleContinuation("the continuation is unknown, expired or already used");
    }
    if (continuation.record.leaseId !== request.record.leaseId) {
      throw staleContinuation("it belongs to another lease");
    }
    this.#tokens.take(token);
    if (continuation.record !== request.record) {
      throw staleContinuation("it belongs to another grant");
    }
    if (continuation.frameId !== request.frameId) {
      throw staleContinuation("it belongs to another frame");
    }
    if (continuation.root !== request.root) throw staleContinuation("it belongs to another root");
    return continuation;
  }

  #forget(record: LeaseRecord): void {
    this.#tokens.forget((continuation) => continuation.record === record);
  }
}
