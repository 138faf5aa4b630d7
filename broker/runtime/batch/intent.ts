/**
 * The journal identities of a `browser.batch` plan: the whole-plan intent,
 * recorded under the caller's request ID before the first step, and each
 * step's own intent under a deterministic child fence
 * `batch:<digest of the plan's request ID>:<index>`. Public request IDs
 * starting `batch:` are reserved for those fences and refused from callers,
 * so a caller can never take, or collide with, a step's fence.
 *
 * @module
 */
import type { ClientMethods, ParamsOf } from "../../../contracts/methods/mod.ts";
import { refOf } from "../../../contracts/methods/mod.ts";
import { digestOf, type Intent, summarizeAction } from "../../journal/mod.ts";
import type { ActParams } from "../act/act.ts";
import { actIntent, type IntentContext } from "../act/intent.ts";

/** The params of `browser.batch`. */
export type BatchParams = ParamsOf<ClientMethods, "browser.batch">;

/** The prefix of the request IDs reserved for batch step fences. */
export const reservedRequestIdPrefix = "batch:";

/** Whether a caller's request ID is one of the reserved step fences. */
export function isReservedRequestId(requestId: string): boolean {
  return requestId.startsWith(reservedRequestIdPrefix);
}

/**
 * The fence of step `index` of the plan `planRequestId`: the same for every
 * attempt of the same plan, and short enough for any plan ID (IDs are at
 * most 128 code points).
 */
export function stepRequestId(planRequestId: string, index: number): string {
  const digest = digestOf(planRequestId).slice(0, 32);
  return `${reservedRequestIdPrefix}${digest}:${index}`;
}

/** The `browser.act` params step `index` of the plan runs with. */
export function stepParams(params: BatchParams, index: number): ActParams {
  const { request } = params;
  const step = request.steps[index];
  return {
    sessionId: params.sessionId,
    leaseId: request.leaseId,
    requestId: stepRequestId(request.requestId, index),
    documentEpoch: request.documentEpoch,
    action: step.action,
    ...(step.expect === undefined ? {} : { expect: step.expect }),
  };
}

/** The intent of step `index`, exactly as `browser.act` would record it. */
export function stepIntent(params: BatchParams, index: number, context: IntentContext): Intent {
  return actIntent(stepParams(params, index), context);
}

/**
 * The payload hash of the whole plan: the lease, the epoch and every step
 * (not the approval ID, which names this call's callbacks, nor the session
 * ID, which a new connection changes).
 */
function planHash(params: BatchParams): string {
  const { leaseId, documentEpoch, steps } = params.request;
  return digestOf({ batch: { leaseId, documentEpoch, steps } });
}

/** The whole-plan intent, recorded before any check of the lease can throw. */
export function planIntent(params: BatchParams, context: IntentContext): Intent {
  const { request } = params;
  const { held, books } = context;
  const first = actIntent(stepParams(params, 0), context);
  const parts = request.steps.map((step) => {
    const ref = refOf(step.action);
    const target = ref === undefined || held === undefined
      ? undefined
      : books.epochs.resolve(request.leaseId, request.documentEpoch, ref);
    return `${step.action.kind} ${summarizeAction(step.action, target).description}`;
  });
  const count = request.steps.length;
  return {
    ...first,
    requestId: request.requestId,
    payloadHash: planHash(params),
    action: {
      kind: "batch",
      description: `${count} ${count === 1 ? "step" : "steps"}: ${parts.join("; ")}`,
    },
  };
}
