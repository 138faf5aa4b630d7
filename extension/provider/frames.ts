/**
 * The `frames` family's inventory: `frames.list`, the leased tab's frames
 * with their source identities, read through the root document's debugger
 * session. Frames in the root document's renderer come from
 * `Page.getFrameTree` (loader, URL, origin) and their owner elements (the
 * document node behind each, the `sandbox` attribute); the owner elements
 * of every such document are searched in turn, so a frame in another
 * renderer (a cross-site child) is still listed, with what its owner tells
 * and nothing more. The walk is bounded in frames and depth, and fenced: it
 * must end on the root document it began on, with the lease still live.
 *
 * @module
 */
import { documentOf } from "../../contracts/document.ts";
import { LeashError } from "../../contracts/errors.ts";
import { maxFrames, type SourceFrame, type SourceFrames } from "../../contracts/methods/frames.ts";
import type { ParamsOf, ProviderMethods } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { finishRead, type LeasedRead, leasedRead } from "./leased_read.ts";
import { z } from "zod";

/** How long one listing may take, and how deep it follows nested documents. */
export const frameListBounds = { timeoutMs: 5_000, maxDepth: 16 } as const;

interface TreeFrame {
  id: string;
  parentId?: string;
  loaderId: string;
  url: string;
  securityOrigin?: string;
}

interface FrameTreeNode {
  frame: TreeFrame;
  childFrames?: FrameTreeNode[];
}

const FrameTreeNodeSchema: z.ZodType<FrameTreeNode> = z.lazy(() =>
  z.object({
    frame: z.object({
      id: z.string().min(1).max(128),
      parentId: z.string().min(1).max(128).optional(),
      loaderId: z.string().min(1).max(128),
      url: z.string().max(8192),
      securityOrigin: z.string().max(2048).optional(),
    }),
    childFrames: z.array(FrameTreeNodeSchema).optional(),
  })
);
const FrameTreeSchema = z.object({ frameTree: FrameTreeNodeSchema });
const NodeIdsSchema = z.object({ nodeIds: z.array(z.number().int()) });
const DocumentSchema = z.object({ root: z.object({ nodeId: z.number().int().positive() }) });
const FrameOwnerSchema = z.object({ backendNodeId: z.number().int().positive() });
const OwnerSchema = z.object({
  node: z.object({
    backendNodeId: z.number().int().positive(),
    frameId: z.string().min(1).max(128).optional(),
    attributes: z.array(z.string()).optional(),
    contentDocument: z.object({ backendNodeId: z.number().int().positive() }).optional(),
  }),
});

type Owner = z.infer<typeof OwnerSchema>["node"];

function parsed<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new LeashError("INTERNAL", { cause: result.error });
  return result.data;
}

/** `origin` when it is a bare serialized origin, else undefined. */
function bareOrigin(origin: string | undefined): string | undefined {
  if (origin === undefined || origin === "null") return undefined;
  try {
    return new URL(origin).origin === origin ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a `sandbox` attribute's tokens leave the frame an opaque origin. */
function sandboxedOpaque(attributes: readonly string[] | undefined): boolean {
  const list = attributes ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) {
    if (list[i].toLowerCase() !== "sandbox") continue;
    return !list[i + 1].toLowerCase().split(/\s+/).includes("allow-same-origin");
  }
  return false;
}

/**
 * The origin of an in-renderer frame's document: opaque when its owner
 * sandboxes it, the reported origin when it is a bare one, and the
 * parent's for a local document (`about:srcdoc`, `about:blank`), which
 * inherits it; unknown otherwise.
 */
function originOf(
  frame: TreeFrame,
  parentOrigin: string | undefined,
  sandboxed: boolean,
): string | undefined {
  if (sandboxed || frame.securityOrigin === "null") return "null";
  const reported = bareOrigin(frame.securityOrigin);
  if (reported !== undefined) return reported;
  if (frame.url.startsWith("about:")) return parentOrigin;
  return undefined;
}

/** The frames of `read`'s tab (see the module doc). */
export async function listSourceFrames(read: LeasedRead): Promise<SourceFrames> {
  const treeAnswer = await read.command("Page.getFrameTree");
  const root = documentOf(treeAnswer);
  const tree = parsed(FrameTreeSchema, treeAnswer).frameTree;
  const inRenderer = new Map<string, TreeFrame>();
  const collect = (node: FrameTreeNode) => {
    inRenderer.set(node.frame.id, node.frame);
    for (const child of node.childFrames ?? []) collect(child);
  };
  collect(tree);

  const rootFrame: SourceFrame = {
    frameId: root.frameId,
    loaderId: root.loaderId,
    url: root.url,
    session: "root",
  };
  const rootOrigin = bareOrigin(tree.frame.securityOrigin);
  if (rootOrigin !== undefined) rootFrame.origin = rootOrigin;
  const frames: SourceFrame[] = [rootFrame];
  const seen = new Map<string, { source: SourceFrame; depth: number }>([
    [root.frameId, { source: rootFrame, depth: 0 }],
  ]);
  let truncated = false;
  const pending: { nodeId: number; frame: SourceFrame; depth: number }[] = [];

  /**
   * List frame `frameId`, held by `owner` (when its element is known), under
   * `parent`, and queue its document for its own frames.
   */
  const add = async (
    frameId: string | undefined,
    owner: Owner | undefined,
    parent: SourceFrame,
    depth: number,
  ) => {
    if (frameId === undefined || seen.has(frameId)) return;
    if (frames.length >= maxFrames) {
      truncated = true;
      return;
    }
    const sandboxed = sandboxedOpaque(owner?.attributes);
    const known = inRenderer.get(frameId);
    const source: SourceFrame = {
      frameId,
      parentFrameId: parent.frameId,
      session: known === undefined ? "out-of-process" : "same-process",
    };
    if (owner !== undefined) source.owner = owner.backendNodeId;
    const content = owner?.contentDocument?.backendNodeId;
    if (known !== undefined) {
      source.loaderId = known.loaderId;
      if (known.url !== "") source.url = known.url;
      if (content !== undefined) source.contextUniqueId = `document:${content}`;
    }
    const origin = known === undefined
      ? (sandboxed ? "null" : undefined)
      : originOf(known, parent.origin, sandboxed);
    if (origin !== undefined) source.origin = origin;
    frames.push(source);
    seen.set(frameId, { source, depth: depth + 1 });
    if (known === undefined || content === undefined) return;
    if (depth + 1 >= frameListBounds.maxDepth) {
      truncated = true;
      return;
    }
    const pushed = parsed(
      NodeIdsSchema,
      await read.command("DOM.pushNodesByBackendIdsToFrontend", { backendNodeIds: [content] }),
    ).nodeIds[0];
    if (pushed !== undefined && pushed > 0) {
      pending.push({ nodeId: pushed, frame: source, depth: depth + 1 });
    }
  };

  const document = parsed(DocumentSchema, await read.command("DOM.getDocument", { depth: 0 }));
  pending.push({ nodeId: document.root.nodeId, frame: rootFrame, depth: 0 });
  for (;;) {
    while (pending.length > 0 && !truncated) {
      const { nodeId, frame: parent, depth } = pending.shift()!;
      const owners = parsed(
        NodeIdsSchema,
        await read.command("DOM.querySelectorAll", { nodeId, selector: "iframe, frame" }),
      ).nodeIds;
      for (const ownerId of owners) {
        const owner = parsed(
          OwnerSchema,
          await read.command("DOM.describeNode", { nodeId: ownerId, depth: 1 }),
        ).node;
        await add(owner.frameId, owner, parent, depth);
      }
    }
    // A frame whose element the search cannot reach (inside a shadow root) is found from the
    // frame's side: the root's renderer knows it, and names its element.
    const missed = [...inRenderer.values()].filter((frame) =>
      !seen.has(frame.id) && frame.parentId !== undefined && seen.has(frame.parentId)
    );
    if (missed.length === 0 || truncated) break;
    for (const frame of missed) {
      const parent = seen.get(frame.parentId!)!;
      const ownerOf = FrameOwnerSchema.safeParse(
        await read.command("DOM.getFrameOwner", { frameId: frame.id }).catch(() => undefined),
      );
      if (!ownerOf.success) {
        // Its element cannot be named: listed without one, its document unknown, never read.
        await add(frame.id, undefined, parent.source, parent.depth);
        continue;
      }
      const owner = parsed(
        OwnerSchema,
        await read.command("DOM.describeNode", {
          backendNodeId: ownerOf.data.backendNodeId,
          depth: 1,
        }),
      ).node;
      await add(frame.id, owner, parent.source, parent.depth);
    }
  }
  return { rootFrameId: root.frameId, rootLoaderId: root.loaderId, truncated, frames };
}

/** `frames.list`: the leased tab's frames, fenced on the root document. */
export async function listFrames(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "frames.list">,
  signal: AbortSignal,
): Promise<SourceFrames> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameListBounds.timeoutMs);
  const listed = await listSourceFrames(read);
  context.leases.assertInScope(record, listed.frames[0].url);
  const before = {
    frameId: listed.rootFrameId,
    loaderId: listed.rootLoaderId,
    url: "",
    urlFragment: "",
  };
  await finishRead(context, read, params.lease, before, 1);
  return listed;
}
