/**
 * The hit test of DESIGN.md requirement 8: the element at the point input is
 * about to go to must be the target or inside it (across shadow roots),
 * otherwise the action fails with `TARGET_COVERED` and nothing is sent.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import { call, type Cdp, NodeForLocationAnswer } from "./cdp.ts";
import { refusalAs } from "./faults.ts";
import type { Aim } from "./geometry.ts";
import type { PageObjects } from "./page_objects.ts";

/**
 * Throw `TARGET_COVERED` unless the node where `aim` points is `target` or
 * inside it. Pointer-events-none layers are looked through, as real input
 * does. Nothing at all there (off the document) is `TARGET_NOT_INTERACTABLE`.
 */
export async function assertHit(
  cdp: Cdp,
  objects: PageObjects,
  target: { backendNodeId: number; objectId: string },
  aim: Aim,
  signal?: AbortSignal,
): Promise<void> {
  const hit = await refusalAs(
    "TARGET_NOT_INTERACTABLE",
    () =>
      call(
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
      ),
    signal,
  );
  if (hit.backendNodeId === target.backendNodeId) return;
  // Something is at the point and it is not the target. When it cannot even
  // be compared with the target (a node of another frame), it covers it.
  const inside = await refusalAs("TARGET_COVERED", async () => {
    const hitObject = await objects.resolve(hit.backendNodeId);
    return await objects.run(
      "containsNode",
      target.objectId,
      [{ objectId: hitObject }],
      z.boolean(),
    );
  }, signal);
  if (!inside) {
    throw new LeashError("TARGET_COVERED", {
      cause: new Error("another element is at the target's point"),
    });
  }
}
