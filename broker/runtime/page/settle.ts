/**
 * Waiting for a leased page's own reaction before it is read (the
 * provider's `page.settle`), and when to wait.
 *
 * An action waits after its input, before its observation is read: up to
 * its `settleMs` (default `settleDefaults.timeoutMs`), counting requests and
 * animations from the moment its input was dispatched. An observation
 * waits only when a change is owed a wait: a `page.changed` hint, an
 * action that skipped its wait (`settleMs: 0`), or one whose wait was cut
 * with requests still open (they will end; mutations may not), heard less
 * than {@linkcode settleBookDefaults.owedForMs} ago and not yet waited out.
 * A quiet page therefore costs an observation nothing, and a page that
 * never stops changing costs each change one bound, not one per read.
 *
 * @module
 */
import type { SettleResult } from "../../../contracts/methods/mod.ts";
import { settleDefaults } from "../../../contracts/methods/page.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { BrokerState, Unsubscribe } from "../../authority/state.ts";

/** What the Broker adds to the provider's bound before it stops waiting itself. */
export const settleGraceMs = 2_000;

/** One wait: its bound, how long ago the change it waits out began, and its least length. */
export interface SettleWait {
  timeoutMs: number;
  sinceMs: number;
  /** The wait is not settled before this many ms (see `SettleRequestSchema`). */
  holdMs?: number;
}

/**
 * Wait for `held`'s page to settle. Resolves with the provider's answer, or
 * `undefined` when there was none (the wait then simply did not happen:
 * the page is read as it is). Rejects only when `signal` aborts.
 */
export async function settleLease(
  held: OwnedLease,
  wait: SettleWait,
  signal: AbortSignal,
): Promise<SettleResult | undefined> {
  const timeoutMs = Math.min(10_000, Math.max(0, Math.round(wait.timeoutMs)));
  const sinceMs = Math.min(60_000, Math.max(0, Math.round(wait.sinceMs)));
  // Bounded on this side too: a provider that never answers cannot hold the tab queue.
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs + settleGraceMs)]);
  try {
    return await held.call("page.settle", {
      lease: held.token,
      request: {
        quietMs: settleDefaults.quietMs,
        timeoutMs,
        sinceMs,
        ...(wait.holdMs === undefined ? {} : { holdMs: wait.holdMs }),
      },
    }, bounded);
  } catch {
    signal.throwIfAborted();
    return undefined;
  }
}

/**
 * Before an observation of `held`'s page: wait out the change it owes a
 * wait, if any ({@linkcode SettleBook.owed}), with the default bound.
 */
export async function settleOwed(
  held: OwnedLease,
  book: SettleBook,
  signal: AbortSignal,
): Promise<void> {
  const { leaseId } = held.lease;
  const sinceMs = book.owed(leaseId);
  if (sinceMs === undefined) return;
  await settleLease(held, { timeoutMs: settleDefaults.timeoutMs, sinceMs }, signal);
  book.waited(leaseId);
}

/** Bounds of a {@linkcode SettleBook}. */
export const settleBookDefaults = {
  /** A change older than this is past waiting for: the page had the time. */
  owedForMs: 5_000,
} as const;

/** Options for {@linkcode SettleBook}. */
export interface SettleBookOptions {
  now?: () => number;
  owedForMs?: number;
}

/** Per lease: the earliest change not yet waited out, and the hint subscription. */
interface Owed {
  since: number | undefined;
  unsubscribe: Unsubscribe | undefined;
}

/** Which leases' pages owe an observation a wait (see the module doc). One per Broker. */
export class SettleBook {
  readonly #now: () => number;
  readonly #owedForMs: number;
  readonly #leases = new Map<string, Owed>();

  constructor(options: SettleBookOptions = {}) {
    this.#now = options.now ?? (() => performance.now());
    this.#owedForMs = options.owedForMs ?? settleBookDefaults.owedForMs;
  }

  /** The Broker's clock, as the book reads it. */
  now(): number {
    return this.#now();
  }

  /** Hear `leaseId`'s `page.changed` hints from now on (once per lease; ends with it). */
  watch(state: BrokerState, leaseId: string): void {
    const entry = this.#entry(leaseId);
    if (entry.unsubscribe !== undefined) return;
    entry.unsubscribe = state.onPageChanged(leaseId, () => this.changed(leaseId));
  }

  /** A change of `leaseId`'s page at `at` (default now) that nothing waited out. */
  changed(leaseId: string, at: number = this.#now()): void {
    const entry = this.#entry(leaseId);
    if (entry.since === undefined || entry.since > at) entry.since = at;
  }

  /** A wait on `leaseId`'s page ended (settled or cut): what changed before it is paid. */
  waited(leaseId: string): void {
    const entry = this.#leases.get(leaseId);
    if (entry !== undefined) entry.since = undefined;
  }

  /** How long ago the change an observation of `leaseId` should wait out began, if one is owed. */
  owed(leaseId: string): number | undefined {
    const since = this.#leases.get(leaseId)?.since;
    if (since === undefined) return undefined;
    const ago = this.#now() - since;
    if (ago <= this.#owedForMs) return ago;
    this.waited(leaseId);
    return undefined;
  }

  /** Drop what is kept for `leaseId`: call when a lease ends. */
  forget(leaseId: string): void {
    this.#leases.get(leaseId)?.unsubscribe?.();
    this.#leases.delete(leaseId);
  }

  #entry(leaseId: string): Owed {
    let entry = this.#leases.get(leaseId);
    if (entry === undefined) {
      entry = { since: undefined, unsubscribe: undefined };
      this.#leases.set(leaseId, entry);
    }
    return entry;
  }
}
