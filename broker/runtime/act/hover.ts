/**
 * `hover`: the pointer moved onto an element and left there, for menus and
 * tooltips that open on hover. It aims as a click does — scrolled into
 * view, the centre of its first visible box, hit-tested — and sends only
 * the move, never a button.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { hoverAt } from "./input.ts";
import { aimAt, reachFor } from "./pointer.ts";
import { type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/**
 * Move the pointer to the element's hit-tested point; verified when the
 * element is hovered afterwards (it matches `:hover`). A disabled element
 * is hovered too: its tooltip is often what explains why.
 */
export async function hover(
  context: StepContext,
  _action: ActionOf<"hover">,
): Promise<Postcondition> {
  const target = requireTarget(context, "hover");
  const reach = reachFor(context, target.backendNodeId);
  const prepared = await prepareTarget(context, target, { allowDisabled: true });
  const { point } = await aimAt(context, prepared, reach);
  if (!await context.objects.run("pageVisible", prepared.objectId, [], z.boolean())) {
    // Chrome holds a hidden page's mouse move for 5 s waiting for a frame.
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the tab is in the background, and a hidden page takes no pointer moves"),
    });
  }
  await context.gate.open(context.signal);
  await hoverAt(context.cdp, point, context.signal);
  return {
    name: "hover",
    read: () => context.objects.run("hovered", prepared.objectId, [], z.boolean()),
  };
}
