/**
 * Clicks in a same-origin child document: `frame.click.prepare` (read-only)
 * and `frame.click` (one pointer pair), with `frame.geometry` as the seam
 * both locate the element through. Each call takes the five-field binding
 * and the element's backend node, role and name as the Broker's ref cache
 * holds them, never a point, session, object or script, and checks afresh
 * that the binding holds ({@linkcode boundFrame}), that the element belongs
 * to the bound document with that role and name (an accessibility query
 * rooted at the child document), and where it is. A click checks it all
 * again right before its input, after scrolling the element into view, and
 * dispatches only when the element (or something inside it) is what the
 * pointer would hit. Refusals (`STALE_TARGET`, `TARGET_COVERED`,
 * `TARGET_NOT_INTERACTABLE`, `OUT_OF_SCOPE`) come before any input.
 *
 * @module
 */
import { clickEvents } from "../../contracts/methods/click.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { FrameBinding, SourceFrame, SourceFrames } from "../../contracts/methods/frames.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { boundFrame, verifyTarget } from "./frame_read.ts";
import { listSourceFrames } from "./frames.ts";
import { type LeasedRead, leasedRead } from "./leased_read.ts";
import { z } from "zod";

/** How long one prepare or click may take. */
export const frameClickTimeoutMs = 8_000;

type ClickParams = ParamsOf<ProviderMethods, "frame.click">;
type GeometryParams = ParamsOf<ProviderMethods, "frame.geometry">;
type Geometry = ResultOf<ProviderMethods, "frame.geometry">;

const QuadsSchema = z.object({ quads: z.array(z.array(z.number()).length(8)) });
const HitSchema = z.object({ backendNodeId: z.number().int(), frameId: z.string().optional() });
const ResolvedSchema = z.object({ object: z.object({ objectId: z.string() }) });
const ContainsSchema = z.object({ result: z.object({ value: z.boolean().optional() }) });
const ViewportSchema = z.object({
  cssVisualViewport: z.object({ clientWidth: z.number(), clientHeight: z.number() }),
});

/** The object group a click's hit test puts its objects in, released when it ends. */
const objectGroup = "leash-frame-click";

function parsed<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new LeashError("INTERNAL", { cause: result.error });
  return result.data;
}

function stale(reason: string): LeashError {
  return new LeashError("STALE_TARGET", {
    cause: new Error(`Cannot click in the frame: ${reason}`),
  });
}

/** The centre of `backendNodeId`'s first box, in the page's viewport coordinates. */
async function centreOf(
  read: LeasedRead,
  backendNodeId: number,
): Promise<{ x: number; y: number }> {
  let quads: number[][];
  try {
    quads = parsed(QuadsSchema, await read.command("DOM.getContentQuads", { backendNodeId })).quads;
  } catch (error) {
    if (error instanceof LeashError) throw error;
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: error,
      detail: { reason: "hidden" },
    });
  }
  const quad = quads[0];
  if (quad === undefined) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "hidden" } });
  }
  const x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4;
  const y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4;
  return { x, y };
}

/** Where the element is: in the page, in its frame, and how deep the frame is nested. */
async function locate(
  read: LeasedRead,
  listed: SourceFrames,
  child: SourceFrame,
  backendNodeId: number,
): Promise<Geometry> {
  const point = await centreOf(read, backendNodeId);
  if (child.owner === undefined) throw stale("the frame's element is not known");
  const frameBox = parsed(
    QuadsSchema,
    await read.command("DOM.getContentQuads", { backendNodeId: child.owner }),
  ).quads[0];
  if (frameBox === undefined) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "hidden" } });
  }
  const byId = new Map(listed.frames.map((frame) => [frame.frameId, frame]));
  let depth = 0;
  for (let frame = child; frame.parentFrameId !== undefined && depth < 64; depth++) {
    const parent = byId.get(frame.parentFrameId);
    if (parent === undefined) break;
    frame = parent;
  }
  return { point, local: { x: point.x - frameBox[0], y: point.y - frameBox[1] }, depth };
}

/** Everything a prepare and a click check first: the binding, the element, its place. */
export async function checked(
  context: ProviderContext,
  read: LeasedRead,
  request: Pick<ClickParams["request"], "binding" | "backendNodeId" | "role" | "name">,
): Promise<{ listed: SourceFrames; child: SourceFrame; geometry: Geometry }> {
  const listed = await listSourceFrames(read);
  context.leases.assertInScope(read.record, listed.frames[0].url);
  const child = boundFrame(listed, request.binding);
  await verifyTarget(read, child, request);
  const geometry = await locate(read, listed, child, request.backendNodeId);
  return { listed, child, geometry };
}

/**
 * Whether the pointer at `point` would hit `backendNodeId` (or a node
 * inside it) in the bound frame, and not something over it.
 */
export async function hits(
  read: LeasedRead,
  binding: FrameBinding,
  backendNodeId: number,
  point: { x: number; y: number },
): Promise<boolean> {
  const hit = parsed(
    HitSchema,
    await read.command("DOM.getNodeForLocation", {
      x: Math.round(point.x),
      y: Math.round(point.y),
      includeUserAgentShadowDOM: false,
    }),
  );
  if (hit.frameId !== binding.frameId) return false;
  if (hit.backendNodeId === backendNodeId) return true;
  try {
    const target = parsed(
      ResolvedSchema,
      await read.command("DOM.resolveNode", { backendNodeId, objectGroup }),
    );
    const found = parsed(
      ResolvedSchema,
      await read.command("DOM.resolveNode", { backendNodeId: hit.backendNodeId, objectGroup }),
    );
    const contains = parsed(
      ContainsSchema,
      await read.command("Runtime.callFunctionOn", {
        objectId: target.object.objectId,
        // A ::before or ::after box resolves to a CSSPseudoElement: its element is what is hit.
        functionDeclaration:
          "function (node) { return this.contains(node instanceof Node ? node : node.element); }",
        arguments: [{ objectId: found.object.objectId }],
        returnByValue: true,
      }),
    );
    return contains.result.value === true;
  } finally {
    await read.command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

/** The refusal when something else is where the input would go. */
export function covered(): LeashError {
  return new LeashError("TARGET_COVERED", { detail: { reason: "covered" } });
}

/** `frame.geometry`: where a child-document element is, after the same checks as a click. */
export async function frameGeometry(
  context: ProviderContext,
  params: GeometryParams,
  signal: AbortSignal,
): Promise<Geometry> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameClickTimeoutMs);
  const listed = await listSourceFrames(read);
  context.leases.assertInScope(record, listed.frames[0].url);
  const child = boundFrame(listed, params.request.binding);
  const geometry = await locate(read, listed, child, params.request.backendNodeId);
  boundFrame(await listSourceFrames(read), params.request.binding);
  context.leases.check(params.lease, context.link.generation);
  return geometry;
}

/** `frame.click.prepare`: every check a click makes, and no input. */
export async function prepareFrameClick(
  context: ProviderContext,
  params: ClickParams,
  signal: AbortSignal,
): Promise<{ acknowledged: false }> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameClickTimeoutMs);
  await prepared(context, read, params);
  return { acknowledged: false };
}

/**
 * Every check input into a frame makes before it is sent, with nothing
 * sent: the binding, the element and its geometry, the hit test, then the
 * binding and the lease once more (a prepare of a click or of text entry).
 */
export async function prepared(
  context: ProviderContext,
  read: LeasedRead,
  params: { lease: ClickParams["lease"]; request: Parameters<typeof checked>[2] },
): Promise<void> {
  const { request } = params;
  const { geometry } = await checked(context, read, request);
  if (!await hits(read, request.binding, request.backendNodeId, geometry.point)) throw covered();
  boundFrame(await listSourceFrames(read), request.binding);
  context.leases.check(params.lease, context.link.generation);
}

/**
 * The point input for `request`'s element goes to, once every check passed
 * again after scrolling it into view: in the viewport, and what the pointer
 * there would hit.
 */
export async function readyForInput(
  context: ProviderContext,
  read: LeasedRead,
  request: Pick<ClickParams["request"], "binding" | "backendNodeId" | "role" | "name">,
): Promise<{ x: number; y: number }> {
  await checked(context, read, request);
  await read.command("DOM.scrollIntoViewIfNeeded", { backendNodeId: request.backendNodeId });
  const { geometry } = await checked(context, read, request);
  const viewport = parsed(ViewportSchema, await read.command("Page.getLayoutMetrics"));
  const { x, y } = geometry.point;
  const { clientWidth, clientHeight } = viewport.cssVisualViewport;
  if (x < 0 || y < 0 || x >= clientWidth || y >= clientHeight) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "offscreen" } });
  }
  if (!await hits(read, request.binding, request.backendNodeId, geometry.point)) throw covered();
  return geometry.point;
}

/** `frame.click`: check again, scroll into view, hit-test, then one pointer pair. */
export async function clickInFrame(
  context: ProviderContext,
  params: ClickParams,
  signal: AbortSignal,
): Promise<{ acknowledged: true }> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameClickTimeoutMs);
  const { request } = params;
  const { x, y } = await readyForInput(context, read, request);
  context.leases.check(params.lease, context.link.generation);
  await read.command("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
  for (const event of clickEvents({ x, y }, request.press)) {
    await read.command(event.method, event.params);
  }
  return { acknowledged: true };
}
