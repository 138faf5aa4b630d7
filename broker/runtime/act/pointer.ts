/**
 * Pointer actions: click, wheel and scroll. A click (and a wheel on an
 * element) scrolls the target into view, takes the centre of its first
 * visible quad and hit-tests that point before any input is sent.
 *
 * @module
 */
import type { Action } from "../../../contracts/methods/mod.ts";
import { z } from "zod";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import { AnyAnswer, call } from "./cdp.ts";
import { refusalAs } from "./faults.ts";
import {
  type Aim,
  elementAim,
  type Point,
  readViewport,
  toPage,
  viewportCentre,
} from "./geometry.ts";
import { assertHit } from "./hit_test.ts";
import { hoverAt, pressAt, wheelAt } from "./input.ts";
import { type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { type PreparedTarget, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/** Scroll into view and return the hit-tested aim at `prepared`; sends no input. */
export async function aimAt(context: StepContext, prepared: PreparedTarget): Promise<Aim> {
  const { cdp, signal } = context;
  await scrollIntoView(context, prepared.backendNodeId);
  const aim = await elementAim(cdp, prepared.backendNodeId, signal);
  await assertHit(cdp, context.objects, prepared, aim, signal);
  return aim;
}

/**
 * Aim at `prepared`, open the gate and click it once. The page sees the
 * pointer arrive before the press, and a hostile one can slide a layer (or
 * another origin's frame) over the target on hover; so the point is
 * hit-tested again after the move, and the press is sent only if the
 * target is still there. A refusal then ends the action as `uncertain`
 * (the hover was input), never as a click on something else. What remains
 * is the one round trip between that check and the press.
 */
export async function clickPrepared(context: StepContext, prepared: PreparedTarget): Promise<void> {
  const { cdp, signal } = context;
  const { point } = await aimAt(context, prepared);
  const visible = await pageVisible(context, prepared.objectId);
  await context.gate.open(signal);
  // A hidden page (a background tab) gets the move only after Chrome's 5 s wait for a frame.
  // There the press goes alone: it moves the pointer itself, and a layer the page slides in
  // at that moment cannot take the press, hit-tested at once, so the click lands on the
  // target or on an ancestor of both, never on the layer.
  if (visible) {
    await hoverAt(cdp, point, signal);
    const pagePoint = toPage(point, await readViewport(cdp, signal));
    await assertHit(cdp, context.objects, prepared, { point, pagePoint }, signal);
  }
  await pressAt(cdp, point, signal);
}

/** Whether the page of `objectId` is in view (see the `pageVisible` page function). */
function pageVisible(context: StepContext, objectId: string): Promise<boolean> {
  return context.objects.run("pageVisible", objectId, [], z.boolean());
}

/** `click`: a hit-tested click; nothing to check afterwards but the expectation. */
export async function click(
  context: StepContext,
  _action: ActionOf<"click">,
): Promise<Postcondition> {
  const target = requireTarget(context, "click");
  const prepared = await prepareTarget(context.cdp, context.objects, target, {
    signal: context.signal,
  });
  await clickPrepared(context, prepared);
  return undefined;
}

/** `wheel`: wheel input at the element's hit-tested centre, or at the viewport's centre. */
export async function wheel(
  context: StepContext,
  action: ActionOf<"wheel">,
): Promise<Postcondition> {
  let point: Point;
  let objectId: string;
  if (context.target === undefined) {
    point = await viewportCentre(context.cdp, context.signal);
    objectId = await context.objects.document();
  } else {
    const prepared = await prepareTarget(context.cdp, context.objects, context.target, {
      allowDisabled: true,
      signal: context.signal,
    });
    point = (await aimAt(context, prepared)).point;
    objectId = prepared.objectId;
  }
  if (!await pageVisible(context, objectId)) {
    // Chrome never delivers it: the act would wait out its time limit and end uncertain.
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the tab is in the background, and a hidden page takes no wheel input"),
    });
  }
  await context.gate.open(context.signal);
  await wheelAt(context.cdp, point, action, context.signal);
  return undefined;
}

/** `scroll`: bring the element into view; verified when part of it shows afterwards. */
export async function scroll(
  context: StepContext,
  _action: ActionOf<"scroll">,
): Promise<Postcondition> {
  const target = requireTarget(context, "scroll");
  await prepareTarget(context.cdp, context.objects, target, {
    allowDisabled: true,
    signal: context.signal,
  });
  await context.gate.open(context.signal);
  await scrollIntoView(context, target.backendNodeId);
  return {
    name: "inView",
    read: async () => {
      try {
        await elementAim(context.cdp, target.backendNodeId, context.signal);
        return true;
      } catch (error) {
        if (isLeashError(error, "TARGET_NOT_INTERACTABLE")) return false;
        throw error;
      }
    },
  };
}

async function scrollIntoView(context: StepContext, backendNodeId: number): Promise<void> {
  await refusalAs(
    "TARGET_NOT_INTERACTABLE",
    () =>
      call(
        context.cdp,
        "DOM.scrollIntoViewIfNeeded",
        { backendNodeId },
        AnyAnswer,
        context.signal,
      ),
    context.signal,
  );
}
