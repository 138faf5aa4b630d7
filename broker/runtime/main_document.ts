/**
 * The main frame's document identity, as the provider names it, read
 * through the lease's `Cdp` seam.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";
import type { Cdp } from "./act/mod.ts";

/** The part of a `Page.getFrameTree` answer the runtime reads. */
const FrameTreeAnswer = z.object({
  frameTree: z.object({
    frame: z.object({ id: z.string().min(1), loaderId: z.string().min(1), url: z.string() }),
  }),
});

/** The main frame's current document, as the provider names it. */
export interface MainDocument {
  frameId: string;
  loaderId: string;
  url: string;
}

/** Read the main frame's frame ID, loader ID and URL through `cdp`. */
export async function mainDocument(cdp: Cdp, signal: AbortSignal): Promise<MainDocument> {
  const answer = FrameTreeAnswer.safeParse(await cdp("Page.getFrameTree", {}, { signal }));
  if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
  const { frame } = answer.data.frameTree;
  return { frameId: frame.id, loaderId: frame.loaderId, url: frame.url };
}
