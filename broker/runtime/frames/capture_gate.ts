/**
 * The screenshot safety gate: a capture of the viewport shows the pixels of
 * every frame in it, so a frame whose content the lease does not cover (a
 * cross-origin or sandboxed frame, or anything inside one) must not be
 * visible in it. The gate reads the inventory and the viewport box of each
 * such frame's element in a readable document; a visible one (larger than
 * a pixel, inside the viewport — or inside the area a full-page or element
 * capture shows) refuses the capture with `OUT_OF_SCOPE`, as
 * does an inventory that was cut short or a frame whose element is not
 * known. The capture handler runs it before and after the image is taken,
 * so a frame the page adds meanwhile cannot slip in.
 *
 * @module
 */
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import type { JsonObject } from "../../../contracts/json.ts";
import type { CdpMethod } from "../../../contracts/methods/mod.ts";
import { leaseCdp } from "../lease_calls.ts";
import { readInventory } from "./read.ts";
import { z } from "zod";
import type { Box } from "../capture/area.ts";

const QuadsSchema = z.object({ quads: z.array(z.array(z.number()).length(8)) });
const ViewportSchema = z.object({
  cssVisualViewport: z.object({ clientWidth: z.number(), clientHeight: z.number() }),
});

function refused(reason: string): LeashError {
  return new LeashError("OUT_OF_SCOPE", {
    cause: new Error(`Cannot capture the viewport: ${reason}`),
  });
}

/** Whether `quad` covers more than a pixel of `area` (viewport coordinates). */
function shows(quad: readonly number[], area: Box): boolean {
  const xs = [quad[0], quad[2], quad[4], quad[6]];
  const ys = [quad[1], quad[3], quad[5], quad[7]];
  const left = Math.max(area.x, Math.min(...xs));
  const right = Math.min(area.x + area.width, Math.max(...xs));
  const top = Math.max(area.y, Math.min(...ys));
  const bottom = Math.min(area.y + area.height, Math.max(...ys));
  return right - left > 1 && bottom - top > 1;
}

/**
 * Refuse (see the module doc) when the viewport, or `area` (viewport
 * coordinates) when given, may show content outside the lease.
 */
export async function assertCaptureSafe(
  held: OwnedLease,
  books: ObserveBooks,
  signal: AbortSignal,
  area?: Box,
): Promise<void> {
  const projected = await readInventory(held, books, signal);
  if (projected.inventory.truncated) {
    throw refused("the tab has more frames than one inventory lists");
  }
  const frames = [...projected.frames.values()];
  const bySource = new Map(frames.map((frame) => [frame.source.frameId, frame]));
  // Only the outermost foreign frames matter: what is inside one shows within its box.
  const foreign = frames.filter((frame) => {
    if (frame.info.isMain || frame.readable) return false;
    const parent = bySource.get(frame.source.parentFrameId ?? "");
    return parent !== undefined && (parent.info.isMain || parent.readable);
  });
  if (foreign.length === 0) return;
  const send = leaseCdp(held);
  const cdp = (method: CdpMethod, params: JsonObject) => send(method, params, { signal });
  let shown = area;
  if (shown === undefined) {
    const viewport = ViewportSchema.safeParse(await cdp("Page.getLayoutMetrics", {}));
    if (!viewport.success) throw new LeashError("INTERNAL", { cause: viewport.error });
    const { clientWidth, clientHeight } = viewport.data.cssVisualViewport;
    shown = { x: 0, y: 0, width: clientWidth, height: clientHeight };
  }
  for (const frame of foreign) {
    const owner = frame.source.owner;
    if (owner === undefined) throw refused("a frame of another origin has no known element");
    let quads: number[][];
    try {
      const answer = QuadsSchema.safeParse(
        await cdp("DOM.getContentQuads", { backendNodeId: owner }),
      );
      if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
      quads = answer.data.quads;
    } catch (error) {
      // An element DevTools cannot place is not rendered: it shows nothing.
      if (!isLeashError(error, "STALE_TARGET")) throw error;
      continue;
    }
    if (quads.some((quad) => shows(quad, shown))) {
      throw refused("a frame of another origin shows in the capture");
    }
  }
}
