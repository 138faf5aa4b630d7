/**
 * The hit test of DESIGN.md requirement 8: the element at the point input
 * is about to go to must be one that hands the input to the target, else
 * the action fails with `TARGET_COVERED` and nothing is sent.
 *
 * Which hits hand a click to the target (the `deliversTo` page function):
 * - the target itself or anything inside it, across shadow roots;
 * - its label (`label.control` is the target), or a part of that label
 *   that is no control itself: the browser clicks the control for it;
 * - a part of the target's own component that draws it — the component
 *   being the nearest custom element around the target in its own tree,
 *   else the host of its shadow root — when the hit is the component or
 *   inside its shadow tree, is no control itself, and the component holds
 *   no control but the target;
 * - for a control its wrappers clip to a pixel (a visually hidden field),
 *   its face: the nearest ancestor with a box, no control itself and
 *   holding no control but the target, or a part of it that is no control;
 * - for a target that lets the pointer through (`pointer-events: none`),
 *   its own ancestor within the nearest control around it, where a
 *   person's click on it goes.
 * Everything else covers the target: another control, another label's
 * text, another frame (clickjacking), a sibling laid over it in the light
 * DOM, a layer of an ancestor that is no component.
 *
 * Why a page cannot get a click accepted on a decoy by its DOM's shape: a
 * decoy that is a control never counts; a label counts only when the
 * browser itself forwards its click to the target; and a component's part
 * (or a face) counts only inside one that holds no other control, so there is
 * nothing else the click could operate — the page can make that
 * component's part do something else only with its own script, which it
 * could as well attach to the target itself. Another frame never counts.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import type { Hit } from "../../../contracts/methods/mod.ts";
import { call, type Cdp, NodeForLocationAnswer } from "./cdp.ts";
import { isPageRefusal } from "./faults.ts";
import type { Aim } from "./geometry.ts";
import type { PageObjects } from "./page_objects.ts";

/**
 * Test what is at `aim`. Pointer-events-none layers are looked through, as
 * real input does. A node that cannot be compared with the target (one of
 * another frame) covers it. Where the seam hit-tests in the provider
 * (`cdp.hit`, the same rules), it does; else over plain commands here.
 */
export async function hitAt(
  cdp: Cdp,
  objects: PageObjects,
  target: { backendNodeId: number; objectId: string },
  aim: Aim,
  signal?: AbortSignal,
): Promise<Hit> {
  if (cdp.hit !== undefined) {
    const served = await cdp.hit(
      { backendNodeId: target.backendNodeId, point: aim.point },
      { signal },
    );
    if (served !== undefined) return served;
  }
  let hit: number;
  try {
    hit = (await call(
      cdp,
      "DOM.getNodeForLocation",
      {
        x: aim.pagePoint.x,
        y: aim.pagePoint.y,
        includeUserAgentShadowDOM: true,
        ignorePointerEventsNone: false,
      },
      NodeForLocationAnswer,
      signal,
    )).backendNodeId;
  } catch (error) {
    signal?.throwIfAborted();
    if (!isPageRefusal(error)) throw error;
    return { kind: "nothing" };
  }
  if (hit === target.backendNodeId) return { kind: "target" };
  try {
    const hitObject = await objects.resolve(hit);
    const delivers = await objects.run(
      "deliversTo",
      target.objectId,
      [{ objectId: hitObject }],
      z.boolean(),
    );
    return delivers ? { kind: "target" } : { kind: "covered", by: hit };
  } catch (error) {
    signal?.throwIfAborted();
    if (!isPageRefusal(error)) throw error;
    return { kind: "covered", by: hit };
  }
}

/**
 * Throw `TARGET_COVERED` unless what is at `aim` hands the input to
 * `target` (nothing at all there is `TARGET_NOT_INTERACTABLE`): the last
 * look right before a press, without waiting.
 */
export async function assertHit(
  cdp: Cdp,
  objects: PageObjects,
  target: { backendNodeId: number; objectId: string },
  aim: Aim,
  signal?: AbortSignal,
): Promise<void> {
  const hit = await hitAt(cdp, objects, target, aim, signal);
  if (hit.kind === "nothing") {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "offscreen" } });
  }
  if (hit.kind === "covered") {
    throw new LeashError("TARGET_COVERED", { detail: { reason: "covered" } });
  }
}
