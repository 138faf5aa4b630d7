/**
 * `browser.batch`: 1 to 8 steps as one fenced plan, each step approved by
 * the calling client (`browser.approveBatchStep`, on this connection).
 *
 * The order is `browser.act`'s (`act.ts`), once for the whole plan:
 * 1. a caller's request ID starting `batch:` is refused `INVALID_PARAMS`
 *    (those are the steps' fences);
 * 2. the whole-plan intent goes to the journal before any check of the
 *    lease can throw, so an exact retry is answered from it — the cached
 *    result, `RECOVERY_REQUIRED`, `OUTCOME_UNKNOWN` — and a changed plan
 *    under the same ID is `REQUEST_CONFLICT`, never a second run;
 * 3. inside the journal's `perform`: the lease must be the caller's, then
 *    the plan takes one tab-queue slot and runs its steps
 *    (`broker/runtime/batch/plan.ts`) under the shared deadline;
 * 4. the journal re-checks the lease before the result is delivered.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { leftOrigin } from "../authority/leases.ts";
import type { OwnedLease } from "../authority/owned_lease.ts";
import { crashAt } from "../journal/crash_points.ts";
import { runJournaled } from "../journal/mod.ts";
import { isReservedRequestId, planIntent } from "../runtime/batch/intent.ts";
import { runPlan } from "../runtime/batch/plan.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { isBatchResult } from "../runtime/services.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** The caller's live lease, or `undefined` where `requireLease` would refuse. */
function liveLease(deps: HandlerDeps, handle: { sessionId: string; leaseId: string }) {
  try {
    return deps.requireLease(handle);
  } catch {
    return undefined;
  }
}

/** The handler for `browser.batch`. */
export function batchHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.batch"> {
  return {
    "browser.batch": async (params, { signal }) => {
      if (isReservedRequestId(params.request.requestId)) throw new LeashError("INVALID_PARAMS");
      const ask = deps.approveBatchStep;
      if (ask === undefined) throw new LeashError("UNSUPPORTED");
      const runtime = runtimeOf(deps);
      const handle = { sessionId: params.sessionId, leaseId: params.request.leaseId };
      // Read once: after this connection closes, the session is gone, and the plan's end is
      // still recorded (a lost connection is one of the ways a plan ends).
      const session = deps.session();
      const intentContext = {
        journalScope: session.journalScope,
        held: liveLease(deps, handle),
        books: runtime.books,
      };
      const authorize = () => {
        deps.requireLease(handle);
      };
      const answer = await runJournaled(runtime.journal, planIntent(params, intentContext), {
        signal,
        authorize,
        leftOrigin: () => {
          const owner = { owner: session.conn, sessionId: params.sessionId };
          const why = deps.leases.endedWhy(handle.leaseId, owner);
          return why !== undefined && leftOrigin(why);
        },
        perform: async (beforeDispatch) => {
          const held: OwnedLease = deps.requireLease(handle);
          runtime.settle.watch(deps.state, held.lease.leaseId);
          const deadlineMs = runtime.batchDeadlineMs;
          const deadline = Date.now() + deadlineMs;
          const bounded = AbortSignal.any([signal, AbortSignal.timeout(deadlineMs)]);
          const result = await onTab(runtime, held, bounded, (work) =>
            runPlan(params, {
              held,
              journal: runtime.journal,
              books: runtime.books,
              settle: runtime.settle,
              intentContext: { ...intentContext, held },
              ask,
              authorize,
              beforeDispatch,
              signal: work,
              deadline,
              approvalMs: runtime.batchApprovalMs,
            }));
          crashAt("batch-before-outcome");
          return { status: result.status, result };
        },
      });
      crashAt("batch-after-outcome");
      // An action's payload never hashes like a plan's, so its result cannot come back here.
      if (!isBatchResult(answer)) throw new LeashError("REQUEST_CONFLICT");
      return answer;
    },
  };
}
