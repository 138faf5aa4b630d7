/**
 * The Broker's calls on one provider link, at most `limits.maxInFlight` on
 * the wire at once; the rest wait their turn, first come first served.
 * The link's peer refuses a call past that bound with `QUEUE_FULL` at once,
 * and one action alone sends up to seven reads together (a click's scroll,
 * box and look): several agents acting at the same moment on tabs of one
 * browser reached the bound, and an agent's call failed for another's
 * burst. A call that finds a slot free goes out at once, in the order it
 * was made, as before; one that waits keeps its place behind those before
 * it, so a session's commands still reach the page in the order they were
 * sent. A wait ends with the call's own time bound (`QUEUE_FULL`: nothing
 * was sent) or its signal (its abort reason, as the peer gives it).
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { abortError, type RequestOptions } from "../../contracts/peer.ts";

/** A call waiting for a slot. */
interface Waiter {
  start: () => void;
  fail: (error: LeashError) => void;
}

/** A first-come, first-served bound on calls in flight. */
export class LinkSlots {
  readonly #capacity: number;
  #busy = 0;
  readonly #waiting: Waiter[] = [];

  constructor(capacity: number = limits.maxInFlight) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError("Cannot bound a link: its capacity must be a positive integer");
    }
    this.#capacity = capacity;
  }

  /** Calls in flight now. */
  get busy(): number {
    return this.#busy;
  }

  /** Calls waiting for a slot now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Run `send` in a slot: at once when one is free and nobody waits, else
   * after those before it; the slot is freed when its answer settles. A
   * wait past `options.timeoutMs` rejects `QUEUE_FULL`, and one whose
   * signal aborts rejects with the abort's reason (`CANCELLED` when that is
   * no `LeashError`); neither calls `send`.
   */
  run<T>(send: (options?: RequestOptions) => Promise<T>, options?: RequestOptions): Promise<T> {
    if (this.#busy < this.#capacity && this.#waiting.length === 0) {
      return this.#sendIn(send, options);
    }
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const began = performance.now();
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waiter: Waiter = {
        start: () => {
          leave();
          const timeoutMs = options?.timeoutMs === undefined
            ? undefined
            : Math.max(1, Math.round(options.timeoutMs - (performance.now() - began)));
          this.#sendIn(send, timeoutMs === undefined ? options : { ...options, timeoutMs })
            .then(resolve, reject);
        },
        fail: (error) => {
          leave();
          const at = this.#waiting.indexOf(waiter);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(abortError(signal!));
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      if (options?.timeoutMs !== undefined) {
        timer = setTimeout(() => waiter.fail(new LeashError("QUEUE_FULL")), options.timeoutMs);
      }
      this.#waiting.push(waiter);
    });
  }

  #sendIn<T>(send: (options?: RequestOptions) => Promise<T>, options?: RequestOptions) {
    this.#busy++;
    let sent: Promise<T>;
    try {
      sent = send(options);
    } catch (error) {
      sent = Promise.reject(error);
    }
    return sent.finally(() => {
      this.#busy--;
      this.#waiting.shift()?.start();
    });
  }
}
