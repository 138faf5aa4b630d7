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
import type { FrameBinding } from "../../../contracts/methods/frames.ts";
import { randomHexToken, TokenStore } from "../../../contracts/token_store.ts";

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
  /**
   * For a walk of a child frame: its public ID and the five-field binding
   * of its document; absent for the leased top-level document.
   */
  frame?: { frameId: string; binding: FrameBinding };
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
  readonly #tokens: TokenStore<Continuation>;

  constructor(options: ContinuationBookOptions = {}) {
    this.#tokens = new TokenStore({
      groupOf: (continuation) => continuation.leaseId,
      perGroup: options.perLease ?? 8,
      total: options.total ?? 256,
      ttlMs: options.ttlMs ?? 60_000,
      now: options.now,
      token: () => randomHexToken("pc-"),
    });
  }

  /** How many continuations are usable or not yet dropped. */
  get size(): number {
    return this.#tokens.size;
  }

  /** Keep `continuation` and return the token that stands for it. */
  issue(continuation: Continuation): string {
    return this.#tokens.issue(continuation);
  }

  /**
   * Use `token` once: what it stands for, if `request` names its lease and
   * (when it names one) its root. Its lease's request spends the token
   * whatever the answer; another lease's leaves it alone. Throws
   * `LeashError("STALE_CURSOR")` otherwise.
   */
  take(token: string, request: ContinuationRequest): Continuation {
    const continuation = this.#tokens.get(token);
    if (continuation === undefined) {
      throw stale("the continuation is unknown, expired or already used");
    }
    if (continuation.leaseId !== request.leaseId) throw stale("it belongs to another lease");
    this.#tokens.take(token);
    if (request.rootRef !== undefined && request.rootRef !== continuation.root?.ref) {
      throw stale("it belongs to another root");
    }
    return continuation;
  }

  /** Drop every continuation of `leaseId` (release, revocation, disconnect). */
  forgetLease(leaseId: string): void {
    this.#tokens.forget((continuation) => continuation.leaseId === leaseId);
  }
}
