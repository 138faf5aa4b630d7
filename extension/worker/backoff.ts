/**
 * Reconnection delays: exponential with jitter, capped, reset by a success.
 *
 * @module
 */

/** Options for {@linkcode Backoff}. */
export interface BackoffOptions {
  /** The first delay. Default 500 ms. */
  initialMs?: number;
  /** The longest delay. Default 30 s, the period of the reconnect alarm. */
  maxMs?: number;
  /** A number in [0, 1); jitter spreads reconnects of many profiles. Default `Math.random`. */
  random?: () => number;
}

/**
 * Delays that double from `initialMs` up to `maxMs`, each shortened by up to
 * a fifth at random.
 *
 * @example
 * ```ts
 * const backoff = new Backoff({ random: () => 0 });
 * backoff.next(); // 500
 * backoff.next(); // 1000
 * backoff.reset();
 * ```
 */
export class Backoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #random: () => number;
  #attempt = 0;

  constructor(options: BackoffOptions = {}) {
    this.#initialMs = options.initialMs ?? 500;
    this.#maxMs = options.maxMs ?? 30_000;
    this.#random = options.random ?? Math.random;
    if (!(this.#initialMs > 0) || !(this.#maxMs >= this.#initialMs)) {
      throw new RangeError("Cannot create backoff: need 0 < initialMs <= maxMs");
    }
  }

  /** The delay before the next attempt. */
  next(): number {
    const base = Math.min(this.#maxMs, this.#initialMs * 2 ** Math.min(this.#attempt, 30));
    this.#attempt++;
    return Math.round(base * (1 - 0.2 * this.#random()));
  }

  /** Start over after a successful connection. */
  reset(): void {
    this.#attempt = 0;
  }
}
