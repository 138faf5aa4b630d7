/**
 * `press`: one named key with modifiers, on the focused element or on a
 * ref that is focused first.
 *
 * @module
 */
import type { Action } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call } from "./cdp.ts";
import { pressKey } from "./input.ts";
import { known, type Postcondition, type StepContext } from "./step.ts";
import { describe, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/**
 * Press `key`. With a target, focus it first and press only if it took
 * focus (else the `focus` check fails and no key is sent). A key press has
 * no postcondition of its own.
 */
export async function press(
  context: StepContext,
  action: ActionOf<"press">,
): Promise<Postcondition> {
  const target = context.target;
  if (target !== undefined) {
    const prepared = await prepareTarget(context, target);
    await context.gate.open(context.signal);
    if (!prepared.description.focused) {
      await call(
        context.cdp,
        "DOM.focus",
        { backendNodeId: target.backendNodeId },
        AnyAnswer,
        context.signal,
      );
      const now = await describe(context.objects, target.backendNodeId, context.signal);
      if (!now.description.focused) return known("focus", false);
    }
  } else {
    await context.gate.open(context.signal);
  }
  await pressKey(context.cdp, action.key, action.modifiers, context.signal);
  return undefined;
}
