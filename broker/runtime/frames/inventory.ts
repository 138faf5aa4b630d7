/**
 * The frame inventory: what a provider's `frames.list` reports, validated
 * and projected to the public {@linkcode FrameInventory}. The runtime trusts
 * none of the provider's judgements: it checks that the frames form one
 * tree under the one root document the lease is on (no unknown parent, no
 * cycle, no second root), rejects origins that carry a path, query or
 * fragment, and recomputes every frame's relation to the root's origin
 * itself. Only the public fields leave; the source frames stay in the
 * Broker beside them, for the reads the inventory permits.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { LeaseScope } from "../../../contracts/methods/common.ts";
import type {
  FrameInfo,
  FrameInventory,
  SourceFrame,
  SourceFrames,
} from "../../../contracts/methods/frames.ts";
import type { EpochBook } from "../observe/epochs.ts";
import type { FrameIdBook } from "./frame_ids.ts";

/** A frame of an inventory: its public metadata, its source and what the runtime decided. */
export interface KnownFrame {
  info: FrameInfo;
  source: SourceFrame;
  /**
   * Whether its content may be read under the lease: same-origin with the
   * root, its document known, and every ancestor readable too.
   */
  readable: boolean;
}

/** An inventory with the source frames behind it. */
export interface ProjectedInventory {
  inventory: FrameInventory;
  rootFrameId: string;
  rootLoaderId: string;
  /** By public frame ID. */
  frames: ReadonlyMap<string, KnownFrame>;
  /** By the backend node of the frame's element in its parent document. */
  byOwner: ReadonlyMap<number, KnownFrame>;
}

/** Who the inventory is for, and the books that name its frames and documents. */
export interface InventoryContext {
  leaseId: string;
  tab: string;
  scope: LeaseScope;
  ids: FrameIdBook;
  epochs: EpochBook;
}

/** The opaque origin as the provider serializes it. */
const opaqueOrigin = "null";

function invalid(reason: string): LeashError {
  return new LeashError("INVALID_RESULT", {
    cause: new Error(`Cannot use the frame inventory: ${reason}`),
  });
}

/**
 * `origin` when it is a bare origin (`scheme://host[:port]`, in its
 * serialized form) or the opaque origin; throws `INVALID_RESULT` for
 * anything else, a URL with a path or query above all.
 */
export function checkedOrigin(origin: string): string {
  if (origin === opaqueOrigin) return origin;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw invalid("an origin is not a URL");
  }
  if (parsed.origin === "null" || parsed.origin !== origin) {
    throw invalid("an origin carries more than scheme, host and port");
  }
  return origin;
}

/**
 * Validate and project `source` for `context` (see the module doc). Throws
 * `INVALID_RESULT` when the frames are not one tree under the named root
 * or an origin is malformed, and `OUT_OF_SCOPE` when the root document is
 * not of the lease's origin.
 */
export function projectInventory(
  source: SourceFrames,
  context: InventoryContext,
): ProjectedInventory {
  const byId = new Map<string, SourceFrame>();
  for (const frame of source.frames) {
    if (byId.has(frame.frameId)) throw invalid("a frame is listed twice");
    if (frame.origin !== undefined) checkedOrigin(frame.origin);
    byId.set(frame.frameId, frame);
  }
  const roots = source.frames.filter((frame) => frame.parentFrameId === undefined);
  const root = roots[0];
  if (
    roots.length !== 1 || root.frameId !== source.rootFrameId || root.session !== "root" ||
    root.loaderId !== source.rootLoaderId
  ) {
    throw invalid("the frames do not have exactly the one named root document");
  }
  if (source.frames.some((frame) => frame !== root && frame.session === "root")) {
    throw invalid("a child frame claims the root session");
  }
  const rootOrigin = root.origin;
  if (rootOrigin === undefined || rootOrigin === opaqueOrigin) {
    throw invalid("the root document has no origin");
  }
  if (context.scope.kind === "origin" && context.scope.origin !== rootOrigin) {
    throw new LeashError("OUT_OF_SCOPE", {
      cause: new Error("Cannot list frames: the root document is not of the leased origin"),
    });
  }
  const order = treeOrder(root, source.frames, byId);

  const known = new Map<string, KnownFrame>();
  const bySource = new Map<string, KnownFrame>();
  const byOwner = new Map<number, KnownFrame>();
  for (const frame of order) {
    const isMain = frame === root;
    const parent = frame.parentFrameId === undefined
      ? undefined
      : bySource.get(frame.parentFrameId);
    const relation = frame.origin === rootOrigin
      ? "same-origin"
      : frame.origin === opaqueOrigin
      ? "opaque"
      : "cross-origin";
    const contextKnown = isMain ||
      (frame.session === "same-process" && frame.contextUniqueId !== undefined &&
        frame.loaderId !== undefined);
    const readable = !isMain && relation === "same-origin" && contextKnown &&
      (parent === undefined || parent.readable || parent.info.isMain);
    const info: FrameInfo = {
      id: context.ids.publicId(context.leaseId, frame.frameId),
      isMain,
      contextStatus: contextKnown ? "known" : "unavailable",
      originRelation: isMain ? "same-origin" : relation,
    };
    if (parent !== undefined) info.parentId = parent.info.id;
    if (frame.origin !== undefined && frame.origin !== opaqueOrigin) info.origin = frame.origin;
    const entry: KnownFrame = { info, source: frame, readable };
    known.set(info.id, entry);
    bySource.set(frame.frameId, entry);
    if (frame.owner !== undefined && !isMain) byOwner.set(frame.owner, entry);
  }
  // Epochs are minted children first and the root last: the epoch book keeps the most recently
  // used documents of a lease, and the root's must be the last to go.
  for (const entry of [...known.values()].toReversed()) {
    const { source: frame, info } = entry;
    if ((info.isMain || entry.readable) && frame.loaderId !== undefined) {
      info.documentEpoch = context.epochs.epochFor(context.leaseId, frame.frameId, frame.loaderId);
    }
  }
  const rootEntry = bySource.get(root.frameId);
  if (rootEntry?.info.documentEpoch === undefined) throw invalid("the root has no document");
  const frames = [...known.values()].map((entry) => entry.info);
  return {
    inventory: {
      tab: context.tab,
      documentEpoch: rootEntry.info.documentEpoch,
      truncated: source.truncated,
      frames,
    },
    rootFrameId: source.rootFrameId,
    rootLoaderId: source.rootLoaderId,
    frames: known,
    byOwner,
  };
}

/**
 * The frames in tree order, parents before children; throws when a frame
 * names an unknown parent or cannot be reached from the root (a cycle).
 */
function treeOrder(
  root: SourceFrame,
  frames: readonly SourceFrame[],
  byId: ReadonlyMap<string, SourceFrame>,
): SourceFrame[] {
  const children = new Map<string, SourceFrame[]>();
  for (const frame of frames) {
    if (frame.parentFrameId === undefined) continue;
    if (!byId.has(frame.parentFrameId)) throw invalid("a frame names an unknown parent");
    const siblings = children.get(frame.parentFrameId) ?? [];
    siblings.push(frame);
    children.set(frame.parentFrameId, siblings);
  }
  const order: SourceFrame[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    order.push(frame);
    stack.push(...(children.get(frame.frameId) ?? []).toReversed());
  }
  if (order.length !== frames.length) throw invalid("a frame cannot be reached from the root");
  return order;
}
