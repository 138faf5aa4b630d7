/**
 * `browser.observe` with `until`: wait, bounded, for text to appear or go
 * away, for an element to reach a state or for the network to go idle,
 * then answer the observation.
 *
 * Each look at the condition is short and runs in the tab's queue, so an
 * action on the same tab is never held up by a wait; between looks the
 * wait sleeps until the page's `page.changed` hint or a short poll (most
 * changes a page makes itself send no hint), at most until the deadline.
 * When the condition holds, the observation is read and answered. When time
 * runs out, one observation is read anyway (so the books hold it) and the
 * answer is `TIMEOUT` whose detail carries its cursor: observe with that
 * `since` to see what did change.
 *
 * Text is matched by the page as an action's `expect.textPresent` is, and
 * an element's states are checked as its `expect.element` is (its ref must
 * name an element of a live document, else `STALE_TARGET` at once); a look
 * the page refuses (its document was being replaced) does not count either
 * way. The network is idle when no request the page started in the
 * last minute is still open (long-lived ones left out), as `page.settle`
 * counts them. A dialog that opens meanwhile ends the wait with
 * `DIALOG_OPEN`, like every other call.
 *
 * @module
 */
import { z } from "zod";
import { delay } from "../../../contracts/delay.ts";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import type { Observation } from "../../../contracts/methods/mod.ts";
import { defaultUntilMs, type Until } from "../../../contracts/methods/until.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { BrokerState } from "../../authority/state.ts";
import { isPageRefusal } from "../act/faults.ts";
import { checkExpectation } from "../act/expectation.ts";
import { PageObjects } from "../act/page_objects.ts";
import type { ResolveRef } from "../act/types.ts";
import { staleTarget } from "../stale_target.ts";
import { leaseCdp } from "../lease_calls.ts";
import { settleLease } from "../page/settle.ts";

/** Longest sleep between two looks: changes without a hint are seen this soon. */
export const untilPollMs = 250;

/** How long one look at the network may take. */
const networkLookMs = 300;

/** A request started longer ago than this is not counted (the provider forgets it too). */
const networkSinceMs = 60_000;

/** How a wait reaches the tab: its queue, and the page's hints. */
export interface UntilRun {
  state: BrokerState;
  /** Run `work` in the tab's queue. */
  onTab<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** What a ref of a live document of the lease names, for `until.element`. */
  resolveRef: ResolveRef;
  /** Read the observation to answer (in the queue). */
  observe(signal: AbortSignal): Promise<Observation>;
  now: () => number;
}

/** Whether the page shows `needle`; `undefined` when the page would not say. */
async function showsText(
  held: OwnedLease,
  needle: string,
  signal: AbortSignal,
): Promise<boolean | undefined> {
  const objects = new PageObjects(leaseCdp(held), signal);
  try {
    return await objects.run(
      "textPresent",
      await objects.document(),
      [{ value: needle }],
      z.boolean(),
    );
  } catch (error) {
    signal.throwIfAborted();
    if (isLeashError(error, "DIALOG_OPEN") || !isPageRefusal(error)) throw error;
    return undefined;
  } finally {
    await objects.release();
  }
}

/** Whether the page has no request open; `undefined` when the provider gave no answer. */
async function networkIdle(held: OwnedLease, signal: AbortSignal): Promise<boolean | undefined> {
  const answer = await settleLease(
    held,
    { timeoutMs: networkLookMs, sinceMs: networkSinceMs },
    signal,
  );
  return answer === undefined ? undefined : answer.requests === 0;
}

/** One look: whether every condition of `until` holds now. */
async function holds(
  held: OwnedLease,
  until: Until,
  resolveRef: ResolveRef,
  signal: AbortSignal,
): Promise<boolean> {
  if (until.textPresent !== undefined) {
    if (await showsText(held, until.textPresent, signal) !== true) return false;
  }
  if (until.textGone !== undefined) {
    if (await showsText(held, until.textGone, signal) !== false) return false;
  }
  if (until.element !== undefined) {
    const { element } = until;
    const checked = await checkExpectation(leaseCdp(held), { element }, resolveRef, {
      signal,
      timeoutMs: 0,
    });
    if (checked.status !== "verified") return false;
  }
  if (until.networkIdle === true) {
    if (await networkIdle(held, signal) !== true) return false;
  }
  return true;
}

/** Sleep `ms`, or less when the page sends a change hint; rejects when `signal` aborts. */
async function sleepOrHint(
  state: BrokerState,
  leaseId: string,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  const woken = new AbortController();
  const unsubscribe = state.onPageChanged(leaseId, () => woken.abort());
  try {
    await delay(ms, AbortSignal.any([signal, woken.signal]));
  } catch (error) {
    signal.throwIfAborted();
    if (!woken.signal.aborted) throw error;
  } finally {
    unsubscribe();
  }
}

/**
 * Wait until `until` holds on `held`'s page, then answer the observation
 * (see the module doc); `TIMEOUT` with the last observation's cursor when
 * the bound runs out first.
 */
export async function observeUntil(
  held: OwnedLease,
  until: Until,
  run: UntilRun,
  signal: AbortSignal,
): Promise<Observation> {
  const ref = until.element?.ref;
  if (ref !== undefined && await run.resolveRef(ref) === undefined) {
    throw staleTarget(`${ref} names no element of a live document`);
  }
  const deadline = run.now() + (until.timeoutMs ?? defaultUntilMs);
  for (let pass = 0;; pass++) {
    const look = (work: AbortSignal) => holds(held, until, run.resolveRef, work);
    if (await run.onTab(look)) return await run.onTab(run.observe);
    const left = deadline - run.now();
    if (left <= 0) break;
    await sleepOrHint(
      run.state,
      held.lease.leaseId,
      Math.min(50 * 2 ** pass, untilPollMs, left),
      signal,
    );
  }
  const last = await run.onTab(run.observe);
  throw new LeashError("TIMEOUT", { detail: { reason: "notYet", cursor: last.cursor } });
}
