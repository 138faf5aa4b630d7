/**
 * `runJournaled`: the whole journal protocol around one action, so the
 * `browser.act` handler stays a few lines. It turns each
 * {@linkcode BeginDecision} into an answer, waits for a running duplicate,
 * records dispatch from the action engine's `beforeDispatch` hook, records
 * the outcome, and re-checks authority before any result (fresh or cached)
 * is delivered.
 *
 * @module
 */
import { type ErrorCode, LeashError, toErrorCode } from "../../contracts/errors.ts";
import { crashAt } from "./crash_points.ts";
import type { Journal } from "./journal.ts";
import type { Completion, Intent } from "./types.ts";

/** What {@linkcode runJournaled} needs from the handler. */
export interface JournaledAction<R> {
  /** Cancels waiting for a running duplicate (and is the handler's to pass to the engine). */
  signal?: AbortSignal;
  /**
   * Throw the authority error (`LEASE_NOT_FOUND`, `STALE_LEASE`, …) unless
   * the caller may still act on, and read, the lease. Called before a new
   * action runs and again before any result is delivered.
   */
  authorize(): void | Promise<void>;
  /**
   * Perform the action, calling `beforeDispatch` right before the first
   * input (pass it to `performAction`). Throwing means nothing was
   * dispatched unless `beforeDispatch` already returned.
   */
  perform(beforeDispatch: () => void): Promise<Completion<R>>;
  /**
   * Whether the lease ended because its page left the leased origin. Asked
   * only when `authorize` refused the result of an action that dispatched
   * input: the action then most likely took the page there.
   */
  leftOrigin?(): boolean;
}

function settledOrAborted(settled: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return settled;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    settled.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/**
 * Run `action` under `intent`'s fence and resolve with its result, or throw
 * the `LeashError` to answer:
 *
 * - changed payload under the same request ID → `REQUEST_CONFLICT`;
 * - completed, result no longer cached → `RECOVERY_REQUIRED`;
 * - dispatched, and the lease ended because the page left its origin →
 *   `ORIGIN_CHANGED`, recorded so that every exact retry gets it too;
 * - outcome unknown (a crash, or a failure after dispatch) → `OUTCOME_UNKNOWN`;
 * - the same request still running here → waits for it, then answers as
 *   for a completed request (an exact retry gets the same result).
 *
 * A request that fails is recorded with its wire code (and whether input
 * was dispatched) before the error passes through.
 */
export async function runJournaled<R>(
  journal: Journal<R>,
  intent: Intent,
  action: JournaledAction<R>,
): Promise<R> {
  for (;;) {
    action.signal?.throwIfAborted();
    crashAt("before-intent");
    const decision = journal.begin(intent);
    switch (decision.kind) {
      case "conflict":
        throw new LeashError("REQUEST_CONFLICT");
      case "recovery-required":
        throw new LeashError("RECOVERY_REQUIRED");
      case "uncertain":
        throw new LeashError("OUTCOME_UNKNOWN");
      case "in-progress":
        await settledOrAborted(decision.settled, action.signal);
        continue;
      case "cached":
        await action.authorize();
        return decision.result;
      case "answered":
        throw new LeashError(decision.code);
      case "new":
        return await runNew(journal, decision.entryId, action);
    }
  }
}

/** The wire code recorded for a failed action; an abort records why it was aborted. */
function failureCode(error: unknown): ErrorCode {
  if (error instanceof DOMException && error.name === "TimeoutError") return "TIMEOUT";
  if (error instanceof DOMException && error.name === "AbortError") return "CANCELLED";
  return toErrorCode(error);
}

async function runNew<R>(journal: Journal<R>, entryId: number, action: JournaledAction<R>) {
  let dispatched = false;
  let completion: Completion<R>;
  try {
    await action.authorize();
    completion = await action.perform(() => {
      crashAt("after-intent");
      journal.markDispatched(entryId);
      dispatched = true;
    });
  } catch (error) {
    try {
      journal.fail(entryId, failureCode(error), { dispatched });
    } catch {
      // The entry keeps no outcome, so retries are told it is uncertain; the action's error wins.
    }
    throw error;
  }
  crashAt("after-dispatch");
  // The lease may have ended while the action ran; its page data is then not delivered.
  const refusal = await refusalOf(action);
  if (refusal !== undefined && dispatched && action.leftOrigin?.() === true) {
    // The input ran and the page left the origin: say so, so the caller claims the new
    // origin instead of stopping, and never sends it again (an exact retry is told the same).
    journal.complete(entryId, completion, { answer: "ORIGIN_CHANGED" });
    crashAt("after-outcome");
    throw new LeashError("ORIGIN_CHANGED", { cause: refusal });
  }
  journal.complete(entryId, completion);
  crashAt("after-outcome");
  if (refusal === undefined) return completion.result;
  // The lease ended otherwise (Stop, release, disconnect), but input may have reached the page.
  // Answer as an exact retry would, so the caller observes before acting again, instead of
  // "claim again" and a second, new request.
  if (dispatched) throw new LeashError("RECOVERY_REQUIRED", { cause: refusal });
  throw refusal;
}

/** What `action.authorize()` throws now, or `undefined` when the caller may have the result. */
async function refusalOf<R>(action: JournaledAction<R>): Promise<unknown> {
  try {
    await action.authorize();
    return undefined;
  } catch (error) {
    return error;
  }
}
