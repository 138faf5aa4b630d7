/**
 * What part of the page a capture shows, beyond the viewport: the whole
 * page (its content size) or one element (its box, scrolled into view
 * first). Both are read through the lease's fenced `cdp`.
 *
 * - An area is bounded: wider or taller than `maxCaptureSide` CSS pixels is
 *   `RESULT_TOO_LARGE` (`tooManyPixels`) before any image is taken — never
 *   cut or scaled, so what an agent sees is what is there.
 * - An element is named by a ref of the main frame's document it was
 *   observed in; a ref of another epoch, or an epoch whose document is no
 *   longer shown, is `STALE_TARGET`.
 * - Each area carries its box in the viewport's coordinates too, so the
 *   frames' capture gate checks what the image will show, not only the
 *   viewport.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import { maxCaptureSide } from "../../../contracts/methods/capture.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { Cdp } from "../act/mod.ts";
import { readDocument } from "../document.ts";
import { leaseCdp } from "../lease_calls.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { staleTarget } from "../stale_target.ts";

/** A box in CSS pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a capture beyond the viewport looks. */
export interface CaptureArea {
  /** The clip sent to `Page.captureScreenshot`: document coordinates. */
  clip: Box;
  /** The same box in the viewport's coordinates (where content quads are). */
  inViewport: Box;
  /**
   * Whether the box reaches past the viewport, so it must be rendered
   * beyond it. Chromium leaves the tab's scrollbars hidden after such a
   * capture, so it is asked for only when the box needs it.
   */
  beyondViewport: boolean;
}

/** What a capture asks for beyond the viewport. */
export type AreaRequest =
  | { kind: "fullPage" }
  | { kind: "element"; ref: string; documentEpoch: string };

const MetricsSchema = z.object({
  cssLayoutViewport: z.object({
    pageX: z.number(),
    pageY: z.number(),
    clientWidth: z.number(),
    clientHeight: z.number(),
  }),
  cssContentSize: z.object({ width: z.number(), height: z.number() }).optional(),
});
const QuadsSchema = z.object({ quads: z.array(z.array(z.number()).length(8)) });

async function metrics(cdp: Cdp, signal: AbortSignal) {
  const parsed = MetricsSchema.safeParse(await cdp("Page.getLayoutMetrics", {}, { signal }));
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  return parsed.data;
}

/** `box` with whole-pixel edges, refused past the side limit or when empty. */
function bounded(box: Box): Box {
  const x = Math.floor(box.x);
  const y = Math.floor(box.y);
  const width = Math.ceil(box.x + box.width) - x;
  const height = Math.ceil(box.y + box.height) - y;
  if (width > maxCaptureSide || height > maxCaptureSide) {
    throw new LeashError("RESULT_TOO_LARGE", { detail: { reason: "tooManyPixels" } });
  }
  if (width < 1 || height < 1) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "noBox" } });
  }
  return { x, y, width, height };
}

/** Whether `box` (viewport coordinates) reaches past the `viewport`. */
function past(box: Box, viewport: { clientWidth: number; clientHeight: number }): boolean {
  return box.x < 0 || box.y < 0 || box.x + box.width > viewport.clientWidth ||
    box.y + box.height > viewport.clientHeight;
}

async function fullPage(cdp: Cdp, signal: AbortSignal): Promise<CaptureArea> {
  const { cssLayoutViewport: viewport, cssContentSize } = await metrics(cdp, signal);
  if (cssContentSize === undefined) {
    throw new LeashError("INTERNAL", { cause: new Error("DevTools gave no content size") });
  }
  const clip = bounded({ x: 0, y: 0, ...cssContentSize });
  const inViewport = { ...clip, x: -viewport.pageX, y: -viewport.pageY };
  return { clip, inViewport, beyondViewport: past(inViewport, viewport) };
}

async function element(
  held: OwnedLease,
  books: ObserveBooks,
  request: { ref: string; documentEpoch: string },
  signal: AbortSignal,
): Promise<CaptureArea> {
  const cdp = leaseCdp(held);
  const { leaseId } = held.lease;
  const { ref, documentEpoch } = request;
  const origin = books.epochs.describe(documentEpoch);
  const target = books.epochs.resolve(leaseId, documentEpoch, ref);
  if (origin === undefined || target === undefined) {
    throw staleTarget(`${ref} is not a ref of a live document of this lease`);
  }
  const shown = await readDocument(cdp, signal);
  if (shown.frameId !== origin.frameId || shown.loaderId !== origin.loaderId) {
    throw staleTarget(`${ref} is not a ref of the document the tab shows`);
  }
  const node = { backendNodeId: target.backendNodeId };
  await cdp("DOM.scrollIntoViewIfNeeded", node, { signal });
  const answer = QuadsSchema.safeParse(await cdp("DOM.getContentQuads", node, { signal }));
  if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
  const xs = answer.data.quads.flatMap((quad) => [quad[0], quad[2], quad[4], quad[6]]);
  const ys = answer.data.quads.flatMap((quad) => [quad[1], quad[3], quad[5], quad[7]]);
  if (xs.length === 0) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "noBox" } });
  }
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const inViewport = bounded({
    x: left,
    y: top,
    width: Math.max(...xs) - left,
    height: Math.max(...ys) - top,
  });
  const { cssLayoutViewport: viewport } = await metrics(cdp, signal);
  const clip = {
    ...inViewport,
    x: inViewport.x + viewport.pageX,
    y: inViewport.y + viewport.pageY,
  };
  return { clip, inViewport, beyondViewport: past(inViewport, viewport) };
}

/** The area `request` names on `held`'s page (see the module doc). Call it inside the tab's queue. */
export function captureArea(
  held: OwnedLease,
  books: ObserveBooks,
  request: AreaRequest,
  signal: AbortSignal,
): Promise<CaptureArea> {
  return request.kind === "fullPage"
    ? fullPage(leaseCdp(held), signal)
    : element(held, books, request, signal);
}
