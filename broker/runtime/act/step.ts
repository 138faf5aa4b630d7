/**
 * What every action step shares: the seam, the action's objects, the
 * dispatch gate, and the postcondition a step leaves behind.
 *
 * @module
 */
import type { LeaseScope } from "../../../contracts/methods/common.ts";
import type { Patience } from "./actionability.ts";
import type { Cdp } from "./cdp.ts";
import type { DispatchGate } from "./gate.ts";
import type { PageObjects } from "./page_objects.ts";
import type { ActTarget, Check, CheckName, Rest, Typed } from "./types.ts";

/** The state one action step runs with. */
export interface StepContext {
  cdp: Cdp;
  objects: PageObjects;
  gate: DispatchGate;
  target: ActTarget | undefined;
  /** Where a drag ends, resolved from its `to` ref. */
  dropTarget?: ActTarget;
  leaseScope: LeaseScope;
  signal?: AbortSignal;
  /** How long the action may wait for its target to become actionable (`actionability.ts`). */
  patience: Patience;
  /** Told when text entry's last input went in (see `PerformActionOptions.typed`). */
  typed?: Typed;
  /** Wait until the page went quiet after the input so far (see `PerformActionOptions.rest`). */
  rest?: Rest;
}

/**
 * The action's own check, read after dispatch (e.g. the filled value read
 * back); `undefined` when the action has nothing to check. `read` throwing
 * means the page could not answer; it answers whether `name` held, or a
 * check of its own when it learned more (`value.reverted`).
 */
export type Postcondition =
  | { name: CheckName; read: () => Promise<boolean | Check> }
  | undefined;

/** The target of an action that needs one. */
export function requireTarget(context: StepContext, kind: string): ActTarget {
  if (context.target === undefined) {
    throw new TypeError(`Cannot perform ${kind}: the caller resolved no target for its ref`);
  }
  return context.target;
}

/** A postcondition that is already known. */
export function known(name: CheckName, held: boolean): Postcondition {
  return { name, read: () => Promise.resolve(held) };
}
