/**
 * Reading the page's {@linkcode DomSignals} beside an accessibility read:
 * one `DOMSnapshot.captureSnapshot` of the tab, inside the same leased read
 * (fenced and checked like it), bounded in time and skipped on pages so
 * large that it would cost more than the read itself. It never fails the
 * read: a snapshot that fails, times out or is malformed leaves the read
 * to the accessibility tree alone, and says so.
 *
 * @module
 */
import { type DomSignals, reduceSnapshot, signalStyles } from "./dom_signals.ts";
import type { ProviderContext } from "./context.ts";
import { untilAborted } from "./guard.ts";
import type { LeasedRead } from "./leased_read.ts";

/** Bounds on the signals read. */
export const signalBounds = {
  /**
   * Above this many accessibility nodes the snapshot is skipped: its cost
   * grows with the DOM, and a page this large is read in windows anyway.
   */
  maxAxNodes: 15_000,
  /** The longest the snapshot may take before the read goes on without it. */
  timeoutMs: 3_000,
} as const;

/** Less time than this left for the snapshot, and it is not tried. */
const minBudgetMs = 200;

/** The signals, or why there are none: `skipped` (too large) or `failed`. */
export type SignalsRead =
  | { signals: DomSignals; missing?: undefined }
  | { signals?: undefined; missing: "skipped" | "failed" };

/**
 * Read the signals of `read`'s tab, whose accessibility read returned
 * `axNodes` nodes. The snapshot gets at most half the time left before
 * `deadline`, so the read still finishes within its own bound on a slow
 * machine; with too little left it is skipped.
 */
export async function readSignals(
  context: ProviderContext,
  read: LeasedRead,
  axNodes: number,
  deadline: number,
  bounds: { maxAxNodes: number; timeoutMs: number } = signalBounds,
): Promise<SignalsRead> {
  const budget = Math.min(bounds.timeoutMs, (deadline - context.now()) / 2);
  if (axNodes > bounds.maxAxNodes || budget < minBudgetMs) return { missing: "skipped" };
  const within = AbortSignal.any([read.signal, AbortSignal.timeout(budget)]);
  let answer: unknown;
  try {
    answer = await untilAborted(
      context.browser.sendCommand(read.record.tabId, "DOMSnapshot.captureSnapshot", {
        computedStyles: [...signalStyles],
        // Scroll and client sizes: what a scroller hides (`NodeSignals.scrollable`).
        includeDOMRects: true,
      }),
      within,
    );
  } catch (error) {
    // The read itself ended (cancel, lease end, its deadline): that is the read's answer.
    if (read.signal.aborted) throw error;
    return { missing: "failed" };
  }
  const signals = reduceSnapshot(answer);
  return signals === undefined ? { missing: "failed" } : { signals };
}
