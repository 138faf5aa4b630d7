/**
 * Asking the calling client, on its own connection, whether step `index`
 * of its plan may run (`browser.approveBatchStep`). Only `{allowed:true}`
 * lets it run; a refusal, an error answer, a timeout or a lost connection
 * each end the plan before that step, and say which.
 *
 * @module
 */
import { isLeashError } from "../../../contracts/errors.ts";
import type { BatchStopReason } from "../../../contracts/methods/mod.ts";

/** The Broker → client request, bound to the connection that sent the batch. */
export type AskApproval = (
  params: { approvalId: string; index: number },
  options: { timeoutMs: number; signal: AbortSignal },
) => Promise<{ allowed: boolean }>;

/**
 * `undefined` when step `index` may run, else why the plan ends there.
 * `timeoutMs` is the smaller of the per-approval bound and what is left of
 * the plan's deadline.
 */
export async function approveStep(
  ask: AskApproval,
  approval: { approvalId: string; index: number },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<BatchStopReason | undefined> {
  if (options.timeoutMs <= 0) return "approval-timeout";
  try {
    const answer = await ask(approval, options);
    return answer.allowed === true ? undefined : "denied";
  } catch (error) {
    const { signal } = options;
    // The plan's own signal ends when its shared deadline passes, or its connection or lease goes.
    if (signal.aborted) return isTimeout(signal.reason) ? "approval-timeout" : "connection-lost";
    if (isLeashError(error, "TIMEOUT") || isTimeout(error)) return "approval-timeout";
    if (isLeashError(error, "CONNECTION_LOST")) return "connection-lost";
    return "denied";
  }
}

function isTimeout(value: unknown): boolean {
  return value instanceof DOMException && value.name === "TimeoutError";
}
