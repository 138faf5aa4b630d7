/**
 * `drag {from, to}`: press on one observed element, move the pointer to
 * another and let go there, with real pointer events, and with HTML5 drag
 * events when the page starts a drag of that kind.
 *
 * Both ends are checked before anything is sent: each must be actionable
 * and hit by the hit test at its aim point, with both in the viewport at
 * once (the start is aimed again after the end was scrolled to, and the
 * end is hit-tested last). Then, with drag interception on, the pointer
 * moves onto the start, is pressed, and moves to the end in steps. Once
 * the page starts an HTML5 drag, the provider holds its drag data (files
 * taken out) and the rest of the way goes as drag events, as a browser's
 * drag session sends them (`dragEnter` where it began, `dragOver` at each
 * step and again after each rest at the end, `drop` there); if it never
 * does (a page that drags on pointer events), the provider says so after
 * each step, the pointer rests at the end and is let go there. Either way
 * the button is released at the end and interception turned off.
 *
 * A rest lasts until the page went quiet after the input so far, on the
 * page's own clock (`StepContext.rest`), as a person holds a drag over
 * its end until the list made room: pages decide where a drag goes on
 * timers (SortableJS looks where a pointer drag is every 50 ms, and
 * takes no drag for 30 ms after it moved an item), which a loaded page
 * runs late, so no pause counted on the Broker's clock is long enough.
 *
 * There is nothing to read back that says a drag "worked" in general: it
 * is verified only through the caller's `expect`.
 *
 * @module
 */
import { z } from "zod";
import { delay } from "../../../contracts/delay.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call, type Cdp } from "./cdp.ts";
import type { Point } from "./geometry.ts";
import { readViewport, toPage } from "./geometry.ts";
import { assertHit } from "./hit_test.ts";
import { hoverAt } from "./input.ts";
import { aimAt } from "./pointer.ts";
import { type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { prepareTarget } from "./target.ts";

/** How many pointer moves lead from the start to the end: libraries need a few to notice. */
export const dragSteps = 10;

/**
 * How many times an HTML5 drag rests at its end before a drag over there,
 * as a browser repeats one while the pointer rests, then the drop.
 */
export const dragRests = 2;

/** The bound on one rest at the end, in ms: a page that never goes quiet is let go of then. */
export const dragRestBoundMs = 500;

/** A rest's length, in ms, with no way to hear the page's own clock. */
export const dragRestMs = 50;

const DragAnswer = z.object({ intercepted: z.boolean().optional() });

function mouse(cdp: Cdp, type: string, point: Point, buttons: number, signal?: AbortSignal) {
  return call(
    cdp,
    "Input.dispatchMouseEvent",
    {
      type,
      x: point.x,
      y: point.y,
      modifiers: 0,
      pointerType: "mouse",
      button: type === "mouseMoved" && buttons === 0 ? "none" : "left",
      buttons,
      ...(type === "mouseMoved" ? {} : { clickCount: 1 }),
    },
    AnyAnswer,
    signal,
  );
}

/** One drag event at `point`: whether the page had started an HTML5 drag to carry it. */
function dragEvent(cdp: Cdp, type: string, point: Point, signal?: AbortSignal) {
  return call(
    cdp,
    "Input.dispatchDragEvent",
    { type, x: point.x, y: point.y },
    DragAnswer,
    signal,
  );
}

/** Drag from `action.from` to `action.to` (see the module doc). */
export async function drag(
  context: StepContext,
  _action: Extract<Action, { kind: "drag" }>,
): Promise<Postcondition> {
  const { cdp, signal } = context;
  const rest = () =>
    context.rest === undefined ? delay(dragRestMs, signal) : context.rest(dragRestBoundMs);
  const from = await prepareTarget(context, requireTarget(context, "drag"));
  if (context.dropTarget === undefined) {
    throw new TypeError("Cannot perform drag: the caller resolved no target for its end");
  }
  const to = await prepareTarget(context, context.dropTarget, { allowDisabled: true });
  await aimAt(context, from);
  const end = await aimAt(context, to);
  // Scrolling to the end may have moved the start: aim at it again, then make sure
  // the end is still where it was aimed at.
  const start = await aimAt(context, from);
  await assertHit(cdp, context.objects, to, end, signal);

  await context.gate.open(signal);
  await call(cdp, "Input.setInterceptDrags", { enabled: true }, AnyAnswer, signal);
  try {
    await hoverAt(cdp, start.point, signal);
    const pagePoint = toPage(start.point, await readViewport(cdp, signal));
    await assertHit(cdp, context.objects, from, { point: start.point, pagePoint }, signal);
    await mouse(cdp, "mousePressed", start.point, 1, signal);
    // Until the page starts an HTML5 drag the pointer moves; from then on, as in a browser's
    // drag session, every step is a drag over the page: a sortable list decides where the
    // card goes from the drags on the way in, not only from where it is let go.
    let dragging = false;
    for (let step = 1; step <= dragSteps; step++) {
      const at = {
        x: start.point.x + (end.point.x - start.point.x) * step / dragSteps,
        y: start.point.y + (end.point.y - start.point.y) * step / dragSteps,
      };
      if (!dragging) {
        await mouse(cdp, "mouseMoved", at, 1, signal);
        const entered = await dragEvent(cdp, "dragEnter", at, signal);
        dragging = entered.intercepted !== false;
      }
      if (dragging) await dragEvent(cdp, "dragOver", at, signal);
    }
    if (dragging) {
      // A browser goes on sending drags over the page while the pointer rests. A page that
      // takes no drag for a moment after it moved something (SortableJS, 30 ms) may have let
      // the last steps pass: it hears where the drag ended before the drop.
      for (let rested = 0; rested < dragRests; rested++) {
        await rest();
        await dragEvent(cdp, "dragOver", end.point, signal);
      }
      await dragEvent(cdp, "drop", end.point, signal);
    } else {
      // A page that looks where the pointer is on a timer may not have looked since it came.
      await rest();
    }
    await mouse(cdp, "mouseReleased", end.point, 0, signal);
  } finally {
    // Without the action's signal: interception must end even when the action was cancelled.
    await call(cdp, "Input.setInterceptDrags", { enabled: false }, AnyAnswer).catch(() => {});
  }
  return undefined;
}
