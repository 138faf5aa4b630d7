/**
 * `ax.frame`: a bounded accessibility read of one same-origin child
 * document, bound to its five-field identity. Before and after the read
 * the tab's frames are listed again ({@linkcode listSourceFrames}) and the
 * binding must still hold: the same root document, the same child frame in
 * the root's renderer with the same loader and document, and every frame
 * from the child up to the root of the root's own origin. A foreign,
 * opaque or unknown ancestor fails before anything is read; a child that
 * navigated or reloaded in between fails the read. Only the child's own
 * document is read, never the root's in its place.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { FrameBinding, SourceFrame, SourceFrames } from "../../contracts/methods/frames.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { limits } from "../../contracts/limits.ts";
import { z } from "zod";
import { boundText } from "../../contracts/text.ts";
import { projectAxNodes } from "./ax_projection.ts";
import type { ProviderContext } from "./context.ts";
import { listSourceFrames } from "./frames.ts";
import { type LeasedRead, leasedRead, rawNodes } from "./leased_read.ts";
import { axDefaults } from "./observe.ts";

/** The bounds of one child read. */
export const frameReadBounds = { maxNodes: 2_000, maxDepth: 64, timeoutMs: 8_000 } as const;

function refused(code: "STALE_TARGET" | "OUT_OF_SCOPE", reason: string): LeashError {
  return new LeashError(code, { cause: new Error(`Cannot read the frame: ${reason}`) });
}

/**
 * The child frame `binding` names in `listed`, when the binding still holds
 * (see the module doc). Throws `STALE_TARGET` when the root or the child
 * document changed or the child is gone, `OUT_OF_SCOPE` when the child or
 * an ancestor is not of the root's origin or not in the root's renderer.
 */
export function boundFrame(listed: SourceFrames, binding: FrameBinding): SourceFrame {
  if (listed.rootFrameId !== binding.rootFrameId || listed.rootLoaderId !== binding.rootLoaderId) {
    throw refused("STALE_TARGET", "the root document changed");
  }
  const byId = new Map(listed.frames.map((frame) => [frame.frameId, frame]));
  const root = byId.get(listed.rootFrameId);
  const child = byId.get(binding.frameId);
  if (root === undefined || child === undefined || child === root) {
    throw refused("STALE_TARGET", "the frame is gone");
  }
  if (child.session !== "same-process") throw refused("OUT_OF_SCOPE", "the frame is not local");
  if (child.loaderId !== binding.loaderId || child.contextUniqueId !== binding.contextUniqueId) {
    throw refused("STALE_TARGET", "the frame shows another document");
  }
  const rootOrigin = root.origin;
  let frame: SourceFrame | undefined = child;
  for (let hops = 0; frame !== root; hops++) {
    if (
      frame === undefined || hops > listed.frames.length || rootOrigin === undefined ||
      frame.origin !== rootOrigin || frame.session !== "same-process"
    ) {
      throw refused("OUT_OF_SCOPE", "the frame or an ancestor is not of the root's origin");
    }
    frame = frame.parentFrameId === undefined ? undefined : byId.get(frame.parentFrameId);
  }
  return child;
}

/** The backend node of the bound child's document, from its context identity. */
export function documentNode(child: SourceFrame): number {
  const match = /^document:(\d+)$/.exec(child.contextUniqueId ?? "");
  if (match === null) throw refused("STALE_TARGET", "the frame's document is not known");
  return Number(match[1]);
}

/**
 * Check that `backendNodeId` is in the bound child's document with `role`
 * and `name` now: the accessibility query is rooted at that document, so a
 * node of another document (the root's, a sibling frame's) never matches.
 */
export async function verifyTarget(
  read: LeasedRead,
  child: SourceFrame,
  target: { backendNodeId: number; role: string; name: string },
): Promise<void> {
  const query: Record<string, unknown> = { backendNodeId: documentNode(child), role: target.role };
  if (target.name !== "") query.accessibleName = target.name;
  const found = rawNodes(await read.command("Accessibility.queryAXTree", query));
  if (!found.some((node) => node.backendDOMNodeId === target.backendNodeId)) {
    throw refused(
      "STALE_TARGET",
      "the element is not in the frame's document with its role and name",
    );
  }
}

/** `ax.frame`: read the bound child document (see the module doc). */
export async function readFrameAx(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "ax.frame">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "ax.frame">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { binding } = params;
  const { maxNodes, maxDepth, timeoutMs } = frameReadBounds;
  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, signal, timeoutMs);
  const before = await listSourceFrames(read);
  context.leases.assertInScope(record, before.frames[0].url);
  const child = boundFrame(before, binding);
  const depth = Math.min(1024, maxDepth * 2 + 4);
  const raw = rawNodes(
    await read.command("Accessibility.getFullAXTree", { frameId: binding.frameId, depth }),
  );
  const projection = projectAxNodes(raw, {
    maxNodes,
    maxDepth,
    maxTextUnits: axDefaults.maxTextUnits,
    deadline,
    now: context.now,
  });
  const after = await listSourceFrames(read);
  boundFrame(after, binding);
  context.leases.check(params.lease, context.link.generation);
  const rootArea = raw.find((node) => node.role?.value === "RootWebArea");
  const title = typeof rootArea?.name?.value === "string" ? rootArea.name.value : "";
  const url = child.url ?? "about:blank";
  if (url.length > 8192) throw new LeashError("RESULT_TOO_LARGE");
  return {
    frameId: binding.frameId,
    loaderId: binding.loaderId,
    url,
    title: boundText(title, axDefaults.maxTextUnits).text,
    nodes: projection.nodes,
    cut: projection.cut,
  };
}

/** A semantic root from the Broker's ref cache, as `ax.frame.find` and `ax.frame.subtree` take it. */
type SemanticRoot = NonNullable<ParamsOf<ProviderMethods, "ax.frame.find">["request"]["root"]>;

/**
 * Check a semantic root like a click's target: in the bound document with
 * its role and name now. Its `editable` is not checked: the Broker's ref
 * cache keeps role and name only, and always sends `false`.
 */
async function verifyRoot(read: LeasedRead, child: SourceFrame, root: SemanticRoot) {
  await verifyTarget(read, child, root);
}

/** The shared frame of a child query or subtree read: bind, read, bind again. */
async function boundRead<T>(
  context: ProviderContext,
  params: { lease: ParamsOf<ProviderMethods, "ax.frame">["lease"]; binding: FrameBinding },
  signal: AbortSignal,
  body: (read: LeasedRead, child: SourceFrame, deadline: number) => Promise<T>,
): Promise<{ value: T; child: SourceFrame }> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameReadBounds.timeoutMs);
  const deadline = context.now() + frameReadBounds.timeoutMs;
  const before = await listSourceFrames(read);
  context.leases.assertInScope(record, before.frames[0].url);
  const child = boundFrame(before, params.binding);
  const value = await body(read, child, deadline);
  boundFrame(await listSourceFrames(read), params.binding);
  context.leases.check(params.lease, context.link.generation);
  return { value, child };
}

/**
 * `ax.frame.find`: nodes of the bound child document (under `root`, when
 * given) whose accessible name is exactly `query`, at most
 * `limits.maxCandidates`, flat. The query is rooted in the child's own
 * document, so no candidate of another document can match.
 */
export async function findFrameAx(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "ax.frame.find">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "ax.frame.find">> {
  const { binding, query, root } = params.request;
  const { value: projection, child } = await boundRead(
    context,
    { lease: params.lease, binding },
    signal,
    async (read, child, deadline) => {
      if (root !== undefined) await verifyRoot(read, child, root);
      const raw = rawNodes(
        await read.command("Accessibility.queryAXTree", {
          backendNodeId: root?.backendNodeId ?? documentNode(child),
          accessibleName: query,
        }),
      );
      const matched = new Set(raw.map((node) => node.nodeId));
      const shown = raw.filter((node) =>
        !(node.role?.value === "StaticText" && node.parentId !== undefined &&
          matched.has(node.parentId))
      );
      return projectAxNodes(shown.map((node) => ({ ...node, parentId: undefined, childIds: [] })), {
        maxNodes: limits.maxCandidates,
        maxDepth: 0,
        maxTextUnits: axDefaults.maxTextUnits,
        deadline,
        now: context.now,
      });
    },
  );
  return {
    frameId: binding.frameId,
    loaderId: binding.loaderId,
    url: child.url ?? "about:blank",
    title: "",
    nodes: projection.nodes,
    truncated: projection.cut !== null && projection.cut.reason !== "text",
  };
}

/** `ax.frame.subtree`: the subtree under a semantic root of the bound child document. */
export async function readFrameSubtree(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "ax.frame.subtree">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "ax.frame.subtree">> {
  const { binding, root } = params.request;
  const { maxNodes, maxDepth } = frameReadBounds;
  const { value: projection, child } = await boundRead(
    context,
    { lease: params.lease, binding },
    signal,
    async (read, child, deadline) => {
      await verifyRoot(read, child, root);
      const raw = rawNodes(
        await read.command("Accessibility.queryAXTree", { backendNodeId: root.backendNodeId }),
      );
      return projectAxNodes(raw, {
        maxNodes,
        maxDepth,
        maxTextUnits: axDefaults.maxTextUnits,
        deadline,
        now: context.now,
      });
    },
  );
  return {
    frameId: binding.frameId,
    loaderId: binding.loaderId,
    url: child.url ?? "about:blank",
    title: "",
    nodes: projection.nodes,
    cut: projection.cut,
  };
}

/** The child document's rendered text holds the text: a fixed function, run on the document node. */
const textPresentFunction = `function (text) {
  const body = this.body ?? this.documentElement;
  return typeof text === "string" && body !== null && body.innerText.includes(text);
}`;

const PresentSchema = z.object({ result: z.object({ value: z.boolean().optional() }) });
const DocumentObjectSchema = z.object({ object: z.object({ objectId: z.string() }) });

/**
 * `ax.frame.text`: whether the bound child document's rendered text holds
 * `text`, asked of that document's own node, so no other document's text
 * can answer; only `{present}` crosses back.
 */
export async function frameTextPresent(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "ax.frame.text">,
  signal: AbortSignal,
): Promise<{ present: boolean }> {
  const { binding, text } = params.request;
  const objectGroup = "leash-frame-text";
  const { value } = await boundRead(
    context,
    { lease: params.lease, binding },
    signal,
    async (read, child) => {
      try {
        const document = DocumentObjectSchema.safeParse(
          await read.command("DOM.resolveNode", {
            backendNodeId: documentNode(child),
            objectGroup,
          }),
        );
        if (!document.success) throw new LeashError("INTERNAL", { cause: document.error });
        const answer = PresentSchema.safeParse(
          await read.command("Runtime.callFunctionOn", {
            objectId: document.data.object.objectId,
            functionDeclaration: textPresentFunction,
            arguments: [{ value: text }],
            returnByValue: true,
          }),
        );
        if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
        return answer.data.result.value === true;
      } finally {
        await read.command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
      }
    },
  );
  return { present: value };
}
