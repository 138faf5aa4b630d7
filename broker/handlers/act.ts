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
 *    caller's; the `documentEpoch` must be a live epoch of this lease and
 *    the ref must name an element of it, else `STALE_TARGET`; the action
 *    engine then compares the epoch's loader with the tab's current one
 *    (`STALE_TARGET` before anything is sent), hit-tests, and calls the
 *    journal's dispatch mark right before the first input.
 * 3. The result: the engine's status (`uncertain` is a result, not an
 *    error), whether the document changed, and a small observation of the
 *    page afterwards ({@linkcode actObservationTokens} tokens): a delta
 *    against the latest page observation of the same document when there
 *    is one, else a full one (always full on a new document). Its epoch is
 *    the result's `documentEpoch`; when the page cannot be read afterwards
 *    the observation is `null` and the epoch is the one the action named.
 * 4. The journal re-checks the lease before the result is delivered.
 *
 * `frame` answers `UNSUPPORTED` (no child-frame actions yet); so does
 * `browser.batch`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Action, ActResult } from "../../contracts/methods/action.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods, ParamsOf } from "../../contracts/methods/mod.ts";
import type { Observation } from "../../contracts/methods/observation.ts";
import {
  actPayload,
  type Intent,
  payloadHash,
  runJournaled,
  summarizeAction,
} from "../journal/mod.ts";
import { type ActTarget, performAction } from "../runtime/act/mod.ts";
import type { RuntimeServices } from "../runtime/services.ts";
import type { OwnedLease } from "../authority/owned_lease.ts";
import { leaseCdp, onTab } from "../runtime/lease_calls.ts";
import { staleTarget } from "../runtime/stale_target.ts";
import { type HandlerDeps, runtimeOf, unsupported } from "./context.ts";
import { observeLease } from "../runtime/observe/read.ts";

type ActParams = ParamsOf<ClientMethods, "browser.act">;

/** The token budget of the observation an action result carries. */
export const actObservationTokens = 1_500;

/** What the audit records for a lease this Broker does not know. */
const unknownPlace = "unknown";

/** The ref an action aims at, when it has one. */
function refOf(action: Action): string | undefined {
  return "ref" in action ? action.ref : undefined;
}

/** The caller's live lease, or `undefined` where `requireLease` would refuse. */
function liveLease(deps: HandlerDeps, params: ActParams): OwnedLease | undefined {
  try {
    return deps.requireLease(params);
  } catch {
    return undefined;
  }
}

function intentOf(deps: HandlerDeps, runtime: RuntimeServices, params: ActParams): Intent {
  const held = liveLease(deps, params);
  const ref = refOf(params.action);
  // Only the lease's owner may see an element's name, in the audit as anywhere else.
  const target = ref === undefined || held === undefined
    ? undefined
    : runtime.books.epochs.resolve(params.leaseId, params.documentEpoch, ref);
  const scope = held?.lease.scope;
  return {
    journalScope: deps.session().journalScope,
    requestId: params.requestId,
    payloadHash: payloadHash(actPayload(params)),
    leaseId: params.leaseId,
    instance: held?.lease.instance ?? unknownPlace,
    tab: held?.lease.tab ?? unknownPlace,
    origin: scope?.kind === "origin" ? scope.origin : undefined,
    action: summarizeAction(params.action, target),
  };
}

/** The page after an action, or `null` when it cannot be read (the action stands regardless). */
async function observationAfter(
  held: OwnedLease,
  runtime: RuntimeServices,
  signal: AbortSignal,
): Promise<Observation | null> {
  try {
    return await observeLease(held, runtime.books, {
      scope: { kind: "page" },
      sinceLatest: true,
      maxTokens: actObservationTokens,
    }, signal);
  } catch {
    return null;
  }
}

/** Check the target, perform the action and build its result; runs in the tab's queue. */
async function act(
  runtime: RuntimeServices,
  held: OwnedLease,
  params: ActParams,
  beforeDispatch: () => void,
  signal: AbortSignal,
): Promise<ActResult> {
  const { leaseId } = held.lease;
  const { epochs } = runtime.books;
  const origin = epochs.describe(params.documentEpoch);
  if (origin === undefined || origin.leaseId !== leaseId) {
    throw staleTarget("the document epoch is not a live epoch of this lease");
  }
  const ref = refOf(params.action);
  let target: ActTarget | undefined;
  if (ref !== undefined) {
    target = epochs.resolve(leaseId, params.documentEpoch, ref);
    if (target === undefined) throw staleTarget(`${ref} is not a ref of this document`);
  }
  const outcome = await performAction({
    cdp: leaseCdp(held),
    target,
    action: params.action,
    leaseScope: held.lease.scope,
    signal,
    beforeDispatch,
    expect: params.expect,
    resolveRef: (expected) => epochs.resolve(leaseId, params.documentEpoch, expected),
    loaderId: origin.loaderId,
  });
  const observation = await observationAfter(held, runtime, signal);
  return {
    requestId: params.requestId,
    status: outcome.status,
    documentChanged: outcome.documentChanged,
    documentEpoch: observation?.documentEpoch ?? params.documentEpoch,
    observation,
  };
}

/** Handlers for the action methods. */
export function actHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.act" | "browser.batch"> {
  return {
    "browser.act": (params, { signal }) => {
      const runtime = runtimeOf(deps);
      return runJournaled(runtime.journal, intentOf(deps, runtime, params), {
        signal,
        authorize: () => {
          deps.requireLease(params);
        },
        perform: async (beforeDispatch) => {
          const held = deps.requireLease(params);
          if (params.frame !== undefined) throw new LeashError("UNSUPPORTED");
          const result = await onTab(
            runtime,
            held,
            signal,
            (work) => act(runtime, held, params, beforeDispatch, work),
          );
          return { status: result.status, result };
        },
      });
    },
    "browser.batch": unsupported,
  };
}
