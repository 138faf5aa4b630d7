/**
 * The five-field binding of a child document: which frame, loader and
 * document context a frame read is bound to, and the root document it sits
 * in. A binding is made only for a frame the current inventory lists as
 * readable (same-origin with the root all the way up, its document known)
 * and only when the caller's epoch is that document's current epoch; the
 * provider checks the same binding before and after it reads.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { FrameTarget } from "../../../contracts/methods/common.ts";
import type { FrameBinding } from "../../../contracts/methods/frames.ts";
import type { KnownFrame, ProjectedInventory } from "./inventory.ts";

function refused(code: "STALE_TARGET" | "OUT_OF_SCOPE" | "INVALID_PARAMS", reason: string) {
  return new LeashError(code, { cause: new Error(`Cannot read the frame: ${reason}`) });
}

/**
 * The frame `target` names in `projected` and its binding. Throws
 * `STALE_TARGET` when the frame is gone or its document is not the one
 * `target.documentEpoch` names, `OUT_OF_SCOPE` when its content is outside
 * the lease (cross-origin, opaque, behind a foreign ancestor, or its
 * document unknown), and `INVALID_PARAMS` for the main frame (observe it
 * without `frame`).
 */
export function bindFrame(
  projected: ProjectedInventory,
  target: FrameTarget,
): { frame: KnownFrame; binding: FrameBinding } {
  const frame = projected.frames.get(target.frameId);
  if (frame === undefined) throw refused("STALE_TARGET", "no such frame in the tab now");
  if (frame.info.isMain) throw refused("INVALID_PARAMS", "the main frame is the page itself");
  if (!frame.readable) {
    throw refused("OUT_OF_SCOPE", "its content is not of the leased origin");
  }
  const { loaderId, contextUniqueId } = frame.source;
  if (frame.info.documentEpoch !== target.documentEpoch) {
    throw refused("STALE_TARGET", "the frame shows another document than the epoch names");
  }
  if (loaderId === undefined || contextUniqueId === undefined) {
    throw refused("OUT_OF_SCOPE", "its document is not known");
  }
  return {
    frame,
    binding: {
      frameId: frame.source.frameId,
      loaderId,
      contextUniqueId,
      rootFrameId: projected.rootFrameId,
      rootLoaderId: projected.rootLoaderId,
    },
  };
}

/** Whether two bindings name the same child document in the same root document. */
export function sameBinding(a: FrameBinding, b: FrameBinding): boolean {
  return a.frameId === b.frameId && a.loaderId === b.loaderId &&
    a.contextUniqueId === b.contextUniqueId && a.rootFrameId === b.rootFrameId &&
    a.rootLoaderId === b.rootLoaderId;
}
