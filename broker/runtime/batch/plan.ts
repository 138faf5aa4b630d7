/**
 * One `browser.batch` plan on a leased page, inside the tab's queue (one
 * slot for the whole plan) and the whole-plan journal entry's `perform`.
 * For each step, in order:
 *
 * 1. the client is asked `browser.approveBatchStep` for exactly this index;
 *    anything but `{allowed:true}` ends the plan before the step;
 * 2. the step runs as its own journaled action under its deterministic
 *    child fence (`intent.ts`), with its own intent, dispatch mark,
 *    verification and outcome — the same `runJournaled` and act engine as
 *    `browser.act`; its first input also marks the plan dispatched;
 * 3. a result that is not `verified`, or a document change before the last
 *    step, ends the plan after it.
 *
 * The steps after the one that ended the plan are skipped: they never run,
 * and nothing runs them later — an exact retry of the plan is answered from
 * the plan's own journal entry (its result, `RECOVERY_REQUIRED` or
 * `OUTCOME_UNKNOWN`), never by resuming it. No step reads the page on its
 * own; the plan reads it once at its end, so the last step's result
 * carries one delta for the whole plan.
 *
 * @module
 */
import { type ErrorCode, toErrorCode } from "../../../contracts/errors.ts";
import type { ActResult, BatchResult, BatchStop } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { type Journal, runJournaled } from "../../journal/mod.ts";
import { actOnLease, observationAfter } from "../act/act.ts";
import type { IntentContext } from "../act/intent.ts";
import type { SettleBook } from "../page/settle.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { isBatchResult, type JournaledResult } from "../services.ts";
import { approveStep, type AskApproval } from "./approval.ts";
import { type BatchParams, stepIntent, stepParams } from "./intent.ts";

/** What one plan runs with. */
export interface PlanRun {
  held: OwnedLease;
  journal: Journal<JournaledResult>;
  books: ObserveBooks;
  settle: SettleBook;
  /** The step intents' journal scope and lease view (the plan's own). */
  intentContext: IntentContext;
  ask: AskApproval;
  /** Throws unless the caller may still act on the lease (before and after each step). */
  authorize(): void;
  /** Marks the whole plan dispatched; called right before a step's first input. */
  beforeDispatch(): void;
  /** The tab queue's signal, already bounded by the plan's shared deadline. */
  signal: AbortSignal;
  /** When the shared deadline passes, in `Date.now()` milliseconds. */
  deadline: number;
  /** How long one approval may take (within the deadline). */
  approvalMs: number;
}

/** How one step ended: its result, or why it has none. */
type StepEnd =
  | { kind: "result"; result: ActResult }
  | { kind: "failed"; stop: BatchStop };

/** The wire code a step's failure ends the plan with; the shared deadline passing is `TIMEOUT`. */
function stepCode(error: unknown): ErrorCode {
  if (error instanceof DOMException && error.name === "TimeoutError") return "TIMEOUT";
  if (error instanceof DOMException && error.name === "AbortError") return "CANCELLED";
  return toErrorCode(error);
}

async function runStep(params: BatchParams, index: number, run: PlanRun): Promise<StepEnd> {
  let dispatched = false;
  try {
    const answer = await runJournaled(run.journal, stepIntent(params, index, run.intentContext), {
      signal: run.signal,
      authorize: run.authorize,
      perform: async (stepBeforeDispatch) => {
        const result = await actOnLease(run.held, run.books, stepParams(params, index), {
          beforeDispatch: () => {
            run.beforeDispatch();
            stepBeforeDispatch();
            dispatched = true;
          },
          signal: run.signal,
          settle: run.settle,
          observe: false,
          // Only the last step's text entry is followed by a read of the page.
          typedHold: index === params.request.steps.length - 1,
        });
        return { status: result.status, result };
      },
    });
    // A step's fence is its own: only an action's result is ever recorded under it.
    if (isBatchResult(answer)) {
      throw new TypeError("Cannot run a batch step: its fence holds a plan");
    }
    return { kind: "result", result: answer };
  } catch (error) {
    return {
      kind: "failed",
      stop: { index, reason: "failed", code: stepCode(error), dispatched },
    };
  }
}

/** The plan's status: verified only when every step ran verified; uncertain when any may have. */
function planStatus(steps: readonly ActResult[], stop: BatchStop | undefined, total: number) {
  if (steps.some((step) => step.status === "uncertain")) return "uncertain";
  if (stop?.reason === "failed" && stop.dispatched === true) return "uncertain";
  if (steps.length === total && steps.every((step) => step.status === "verified")) {
    return "verified";
  }
  return "unverified";
}

/** Run the plan (see the module doc) and build its result. Call it inside the tab's queue. */
export async function runPlan(params: BatchParams, run: PlanRun): Promise<BatchResult> {
  const { steps } = params.request;
  const last = steps.length - 1;
  const results: ActResult[] = [];
  let stop: BatchStop | undefined;
  for (let index = 0; index <= last; index++) {
    const timeoutMs = Math.min(run.approvalMs, run.deadline - Date.now());
    const refused = await approveStep(run.ask, { approvalId: params.approvalId, index }, {
      timeoutMs,
      signal: run.signal,
    });
    if (refused !== undefined) {
      stop = { index, reason: refused };
      break;
    }
    const end = await runStep(params, index, run);
    if (end.kind === "failed") {
      stop = end.stop;
      break;
    }
    results.push(end.result);
    if (index === last) break;
    // A new document is named first: the refs of every later step are dead with the old one.
    if (end.result.documentChanged) {
      stop = { index, reason: "document-changed" };
      break;
    }
    if (end.result.status !== "verified") {
      stop = { index, reason: end.result.status };
      break;
    }
  }
  const ranWithoutResult = stop?.reason === "failed" ? 1 : 0;
  const skipped = steps.length - results.length - ranWithoutResult;
  if (results.length > 0) {
    // One read of the page for the whole plan: a delta against the observation made before it.
    const { observation, dialog } = await observationAfter(
      run.held,
      run.books,
      run.signal,
      undefined,
    );
    const final = results[results.length - 1];
    results[results.length - 1] = {
      ...final,
      observation,
      documentEpoch: observation?.documentEpoch ?? final.documentEpoch,
      ...(dialog === undefined ? {} : { dialog }),
    };
  }
  return {
    requestId: params.request.requestId,
    status: planStatus(results, stop, steps.length),
    completed: results.length,
    skipped,
    steps: results,
    ...(stop === undefined ? {} : { stop }),
  };
}
