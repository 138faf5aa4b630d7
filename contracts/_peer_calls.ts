/**
 * The RPC peer's outgoing calls waiting for a response, with their deadlines
 * and abort signals.
 *
 * @module
 */
import { LeashError } from "./errors.ts";

/** How a waiting call is settled. */
export interface Settle {
  /** Validate a success value against the method's result schema and settle with it. */
  readonly accept: (value: unknown) => void;
  readonly reject: (error: LeashError) => void;
}

/** Timers take a signed 32-bit delay; a longer one would fire at once. */
const maxTimerMs = 2_147_483_647;

interface PendingCall extends Settle {
  timer: ReturnType<typeof setTimeout> | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/**
 * Calls by transport ID. A call leaves through {@linkcode PendingCalls.take}
 * (its response came, or it is given up), which also stops its timer and
 * abort listener, so nothing outlives the call.
 */
export class PendingCalls {
  readonly #calls = new Map<string, PendingCall>();
  readonly #giveUp: (id: string, error: LeashError) => void;
  readonly #onTimeout = (id: string) => this.#giveUp(id, new LeashError("TIMEOUT"));

  /** `giveUp` runs when a call's deadline passes or its signal aborts. */
  constructor(giveUp: (id: string, error: LeashError) => void) {
    this.#giveUp = giveUp;
  }

  /** Calls waiting now. */
  get size(): number {
    return this.#calls.size;
  }

  /** Wait for `id`; a non-finite `timeoutMs` sets no deadline. */
  add(id: string, settle: Settle, timeoutMs: number, signal: AbortSignal | undefined): void {
    const call: PendingCall = {
      accept: settle.accept,
      reject: settle.reject,
      timer: undefined,
      signal,
      onAbort: undefined,
    };
    if (Number.isFinite(timeoutMs)) {
      call.timer = setTimeout(this.#onTimeout, Math.min(timeoutMs, maxTimerMs), id);
    }
    if (signal !== undefined) {
      call.onAbort = () => this.#giveUp(id, abortError(signal));
      signal.addEventListener("abort", call.onAbort, { once: true });
    }
    this.#calls.set(id, call);
  }

  /** Stop waiting for `id`; `undefined` when nobody waits for it. */
  take(id: string): Settle | undefined {
    const call = this.#calls.get(id);
    if (call === undefined) return undefined;
    this.#calls.delete(id);
    release(call);
    return call;
  }

  /** Stop waiting for every call, rejecting each with its own `CONNECTION_LOST`. */
  rejectAll(): void {
    for (const call of this.#calls.values()) {
      release(call);
      call.reject(new LeashError("CONNECTION_LOST"));
    }
    this.#calls.clear();
  }
}

function release(call: PendingCall): void {
  if (call.timer !== undefined) clearTimeout(call.timer);
  if (call.onAbort !== undefined) call.signal?.removeEventListener("abort", call.onAbort);
}

/**
 * The local error for an aborted call: a `LeashError` reason (a lease ended,
 * Stop, a deadline) survives as is; anything else becomes `CANCELLED`, with
 * the reason kept only as the local `cause`.
 */
export function abortError(signal: AbortSignal): LeashError {
  const reason: unknown = signal.reason;
  return reason instanceof LeashError ? reason : new LeashError("CANCELLED", { cause: reason });
}

/** The error a caller sees when its request could not be sent. */
export function sendError(error: unknown): LeashError {
  return error instanceof LeashError ? error : new LeashError("INTERNAL", { cause: error });
}
