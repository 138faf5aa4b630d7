/**
 * Coalesced `page.changed` hints: many browser signals for one lease within
 * a short window become one event with the lease's next sequence number.
 *
 * @module
 */

import { globalTimers, type Timers } from "./timers.ts";

/** Options for {@linkcode PageChangeCoalescer}. */
export interface CoalescerOptions {
  /** The window over which signals merge. Default 100 ms. */
  delayMs?: number;
  timers?: Timers;
}

/**
 * One lease's page-change hints. The first signal in a quiet period starts a
 * timer; when it fires, `emit` gets the next sequence (1, 2, …). Signals
 * before it fires merge into that one event.
 *
 * @example
 * ```ts
 * const sent: number[] = [];
 * const coalescer = new PageChangeCoalescer((sequence) => sent.push(sequence));
 * coalescer.notify();
 * coalescer.notify(); // merged with the first
 * coalescer.dispose();
 * ```
 */
export class PageChangeCoalescer {
  readonly #emit: (sequence: number) => void;
  readonly #delayMs: number;
  readonly #timers: Timers;
  #sequence = 0;
  #timer: number | undefined;
  #disposed = false;

  constructor(emit: (sequence: number) => void, options: CoalescerOptions = {}) {
    this.#emit = emit;
    this.#delayMs = options.delayMs ?? 100;
    this.#timers = options.timers ?? globalTimers;
  }

  /** The last sequence emitted; 0 before the first. */
  get sequence(): number {
    return this.#sequence;
  }

  /** Note that the page changed. */
  notify(): void {
    if (this.#disposed || this.#timer !== undefined) return;
    this.#timer = this.#timers.setTimeout(() => this.#fire(), this.#delayMs);
  }

  /** Stop for good; a pending hint is dropped (the lease ended). */
  dispose(): void {
    this.#disposed = true;
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #fire(): void {
    this.#timer = undefined;
    if (this.#disposed) return;
    this.#sequence++;
    this.#emit(this.#sequence);
  }
}
