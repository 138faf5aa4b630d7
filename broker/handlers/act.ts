/**
 * `browser.act`: one fenced, journaled action, in the tab's queue.
 *
 * The order matters:
 * 1. The intent is handed to the journal first, before any check of the
 *    lease can throw, so an exact retry of an earlier request is answered
 *    from the journal — the cached result, `RECOVERY_REQUIRED` after a
 *    restart or a purge, `OUTCOME_UNKNOWN` for an intent without an
 *    outcome, `REQUEST_CONFLICT` for a changed payload — never with a
 *    second dispatch. (A request on a lease this Broker does not know is
 *    recorded with the instance and tab `unknown` and fails
 *    `LEASE_NOT_FOUND`.)
 * 2. Inside the journal's `perform`, and only there: the lease must be the
 *    caller's, then the act engine (`broker/runtime/act/act.ts`) checks the
 *    epoch and ref, acts, and calls the journal's dispatch mark right
 *    before the first input.
 * 3. The journal re-checks the lease before the result is delivered. When
 *    it ended because the page left the leased origin (the provider's
 *    `lease.revoked` said `navigated`, or it answered `ORIGIN_CHANGED`), an
 *    action that dispatched input is answered `ORIGIN_CHANGED`: it ran, and
 *    most likely took the page there.
 *
 * Tabs the page opened while the action ran (`lease.tab-opened` events that
 * arrived before its result) are the result's `opened`.
 *
 * With `frame`, the action is a click in a same-origin child document
 * (`broker/runtime/frames/act_frame.ts`), journaled the same way; the
 * durable payload includes the frame.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ActResult, ClientMethods } from "../../contracts/methods/mod.ts";
import { leftOrigin } from "../authority/leases.ts";
import type { OwnedLease } from "../authority/owned_lease.ts";
import { runJournaled } from "../journal/mod.ts";
import { actOnLease, type ActParams } from "../runtime/act/act.ts";
import { actIntent } from "../runtime/act/intent.ts";
import { actInFrame } from "../runtime/frames/act_frame.ts";
import { isReservedRequestId } from "../runtime/batch/intent.ts";
import { onTab } from "../runtime/lease_calls.ts";
import { isBatchResult } from "../runtime/services.ts";
import { type HandlerDeps, runtimeOf } from "./context.ts";

/** The caller's live lease, or `undefined` where `requireLease` would refuse. */
function liveLease(deps: HandlerDeps, params: ActParams): OwnedLease | undefined {
  try {
    return deps.requireLease(params);
  } catch {
    return undefined;
  }
}

/** `result` with the tabs its lease's page opened since `mark` (popups), when there are any. */
function withOpened(
  deps: HandlerDeps,
  { leaseId, mark }: { leaseId: string; mark: number },
  result: ActResult,
): ActResult {
  const opened = deps.state.openedTabs.since(leaseId, mark);
  return opened.length === 0 ? result : { ...result, opened };
}

/** The handler for `browser.act`. */
export function actHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.act"> {
  return {
    "browser.act": async (params, { signal }) => {
      // `batch:` request IDs are the fences of batch steps; a caller may not take one.
      if (isReservedRequestId(params.requestId)) throw new LeashError("INVALID_PARAMS");
      const runtime = runtimeOf(deps);
      // Read once: once this connection closes the session is gone, and an action that ran
      // must still have its outcome recorded.
      const session = deps.session();
      const intent = actIntent(params, {
        journalScope: session.journalScope,
        held: liveLease(deps, params),
        books: runtime.books,
      });
      const answer = await runJournaled(runtime.journal, intent, {
        signal,
        authorize: () => {
          deps.requireLease(params);
        },
        leftOrigin: () => {
          const owner = { owner: session.conn, sessionId: params.sessionId };
          const why = deps.leases.endedWhy(params.leaseId, owner);
          return why !== undefined && leftOrigin(why);
        },
        perform: async (beforeDispatch) => {
          const held = deps.requireLease(params);
          const { leaseId } = held.lease;
          const opened = { leaseId, mark: deps.state.openedTabs.mark(leaseId) };
          if (params.frame !== undefined) {
            const result = withOpened(
              deps,
              opened,
              await onTab(
                runtime,
                held,
                signal,
                (work) => actInFrame(held, runtime.books, params, { beforeDispatch, signal: work }),
              ),
            );
            return { status: result.status, result };
          }
          runtime.settle.watch(deps.state, held.lease.leaseId);
          const result = withOpened(
            deps,
            opened,
            await onTab(
              runtime,
              held,
              signal,
              (work) =>
                actOnLease(held, runtime.books, params, {
                  beforeDispatch,
                  signal: work,
                  settle: runtime.settle,
                }),
            ),
          );
          return { status: result.status, result };
        },
      });
      // A batch plan's payload never hashes like an action's, so its result cannot come back here.
      if (isBatchResult(answer)) throw new LeashError("REQUEST_CONFLICT");
      return answer;
    },
  };
}
