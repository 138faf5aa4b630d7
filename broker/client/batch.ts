/**
 * The client's side of `browser.approveBatchStep`: while one of its
 * `browser.batch` calls is pending, the Broker asks it, step by step,
 * whether the next step may run. Each pending plan is a private callback
 * context under a fresh approval ID, holding the client's own validated
 * copy of the plan; an approval is answered from that copy, never from
 * anything the Broker sends (the request carries only `{approvalId,index}`,
 * no form text, no page content).
 *
 * Refused (`{allowed:false}`), without asking the callback: an unknown
 * approval ID (another connection's plan, or one that ended), and any index
 * but the strict next one — after which the context is spent and refuses
 * every later index too.
 *
 * @module
 */
import type { BatchStep } from "../../contracts/methods/mod.ts";
import { randomHex } from "../../local/token.ts";

/** What the callback is shown of a step: its index and the client's own copy of it. */
export interface StepApproval {
  index: number;
  step: BatchStep;
  /** How many steps the plan has. */
  total: number;
}

/** Decides whether a step may run; anything but `true` ends the plan before it. */
export type ApproveStep = (approval: StepApproval) => boolean | Promise<boolean>;

interface Context {
  steps: readonly BatchStep[];
  next: number;
  spent: boolean;
  approve: ApproveStep;
}

/** The pending plans of one connection. */
export class ApprovalBook {
  readonly #contexts = new Map<string, Context>();

  /** Open a context for `steps`; call the returned `end` when the batch call settles. */
  open(steps: readonly BatchStep[], approve: ApproveStep): { approvalId: string; end(): void } {
    const approvalId = `approval-${randomHex(16)}`;
    // The client's own copy: later changes to the caller's array change nothing that is approved.
    this.#contexts.set(approvalId, {
      steps: structuredClone(steps),
      next: 0,
      spent: false,
      approve,
    });
    return { approvalId, end: () => this.#contexts.delete(approvalId) };
  }

  /** Answer `browser.approveBatchStep` (see the module doc). */
  async answer(params: { approvalId: string; index: number }): Promise<{ allowed: boolean }> {
    const context = this.#contexts.get(params.approvalId);
    if (context === undefined || context.spent) return { allowed: false };
    if (params.index !== context.next || params.index >= context.steps.length) {
      context.spent = true;
      return { allowed: false };
    }
    context.next++;
    const step = context.steps[params.index];
    let allowed: boolean;
    try {
      allowed = await context.approve({ index: params.index, step, total: context.steps.length });
    } catch {
      allowed = false;
    }
    if (allowed !== true) context.spent = true;
    return { allowed: allowed === true };
  }
}
