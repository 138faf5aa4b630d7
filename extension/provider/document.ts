/**
 * The identity of the leased tab's top-level document, read through
 * DevTools, and the check that a read began and ended on the same one.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../contracts/errors.ts";

const FrameTreeSchema = z.object({
  frameTree: z.object({
    frame: z.object({ id: z.string().min(1), loaderId: z.string().min(1), url: z.string() }),
  }),
});

/** A top-level document: its frame, its loader (one per navigation) and URL. */
export interface DocumentIdentity {
  frameId: string;
  loaderId: string;
  url: string;
}

/** The document in a `Page.getFrameTree` result; `INTERNAL` when it has none. */
export function documentOf(frameTree: unknown): DocumentIdentity {
  const parsed = FrameTreeSchema.safeParse(frameTree);
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  const { id, loaderId, url } = parsed.data.frameTree.frame;
  return { frameId: id, loaderId, url };
}

/** `STALE_TARGET` when the document changed between two reads of its identity. */
export function assertSameDocument(before: DocumentIdentity, after: DocumentIdentity): void {
  if (before.frameId !== after.frameId || before.loaderId !== after.loaderId) {
    throw new LeashError("STALE_TARGET");
  }
}
