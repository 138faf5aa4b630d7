/**
 * Where to point at an element: the centre of its first quad that shows in
 * the viewport, in CSS pixels of the main frame's viewport, rounded to whole
 * pixels so the hit test and the dispatched input use the very same point.
 *
 * Two coordinate systems meet here: quads and input events are relative to
 * the viewport, while `DOM.getNodeForLocation` takes document coordinates
 * (the viewport point plus the layout viewport's scroll offset).
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import { call, type Cdp, ContentQuadsAnswer, LayoutMetricsAnswer } from "./cdp.ts";

/** A point in CSS pixels of the main frame's viewport. */
export interface Point {
  x: number;
  y: number;
}

/** The layout viewport: its size and its scroll offset in the document, in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
  pageX: number;
  pageY: number;
}

/** Where input goes (`point`, viewport) and the same place in the document (`pagePoint`). */
export interface Aim {
  point: Point;
  pagePoint: Point;
}

/** A quad's area (shoelace formula); 8 numbers, corners in order. */
export function quadArea(quad: readonly number[]): number {
  let twice = 0;
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    twice += quad[2 * i] * quad[2 * j + 1] - quad[2 * j] * quad[2 * i + 1];
  }
  return Math.abs(twice) / 2;
}

/** The quad with every corner clamped into the viewport. */
export function clampQuad(
  quad: readonly number[],
  viewport: Pick<Viewport, "width" | "height">,
): number[] {
  return quad.map((value, index) =>
    Math.min(Math.max(value, 0), index % 2 === 0 ? viewport.width : viewport.height)
  );
}

/**
 * The whole-pixel centre of the first quad with more than one square pixel
 * inside the viewport, or `undefined` when none shows.
 */
export function visibleCentre(
  quads: readonly (readonly number[])[],
  viewport: Pick<Viewport, "width" | "height">,
): Point | undefined {
  for (const quad of quads) {
    const clamped = clampQuad(quad, viewport);
    if (quadArea(clamped) <= 1) continue;
    let x = 0;
    let y = 0;
    for (let i = 0; i < 4; i++) {
      x += clamped[2 * i] / 4;
      y += clamped[2 * i + 1] / 4;
    }
    // Whole pixels: `DOM.getNodeForLocation` takes integers, and input must go to the tested point.
    return {
      x: Math.min(Math.max(Math.round(x), 0), Math.max(viewport.width - 1, 0)),
      y: Math.min(Math.max(Math.round(y), 0), Math.max(viewport.height - 1, 0)),
    };
  }
  return undefined;
}

/** The main frame's layout viewport. */
export async function readViewport(cdp: Cdp, signal?: AbortSignal): Promise<Viewport> {
  const { cssLayoutViewport } = await call(
    cdp,
    "Page.getLayoutMetrics",
    {},
    LayoutMetricsAnswer,
    signal,
  );
  return {
    width: cssLayoutViewport.clientWidth,
    height: cssLayoutViewport.clientHeight,
    pageX: cssLayoutViewport.pageX,
    pageY: cssLayoutViewport.pageY,
  };
}

/**
 * Whether any of `quads` has more than one square pixel, wherever it is:
 * an element that has a box, if perhaps not in the viewport.
 */
export function hasArea(quads: readonly (readonly number[])[]): boolean {
  return quads.some((quad) => quadArea(quad) > 1);
}

/** `point` in the viewport as whole-pixel document coordinates. */
export function toPage(point: Point, viewport: Viewport): Point {
  return { x: Math.round(point.x + viewport.pageX), y: Math.round(point.y + viewport.pageY) };
}

/**
 * Where to aim at `backendNodeId`, which must already be scrolled into
 * view. An element without a box or with none of it in the viewport is
 * `TARGET_NOT_INTERACTABLE`.
 */
export async function elementAim(
  cdp: Cdp,
  backendNodeId: number,
  signal?: AbortSignal,
): Promise<Aim> {
  let quads: number[][];
  try {
    quads = (await call(cdp, "DOM.getContentQuads", { backendNodeId }, ContentQuadsAnswer, signal))
      .quads;
  } catch (error) {
    signal?.throwIfAborted();
    // An element without layout has no quads; DevTools answers with an error.
    throw new LeashError("TARGET_NOT_INTERACTABLE", { cause: error });
  }
  const viewport = await readViewport(cdp, signal);
  const point = visibleCentre(quads, viewport);
  if (point === undefined) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("the element has no visible box in the viewport"),
    });
  }
  return { point, pagePoint: toPage(point, viewport) };
}

/** The centre of the viewport, for wheel input without a target. */
export async function viewportCentre(cdp: Cdp, signal?: AbortSignal): Promise<Point> {
  const viewport = await readViewport(cdp, signal);
  return { x: Math.floor(viewport.width / 2), y: Math.floor(viewport.height / 2) };
}

/** Whether `point` lies inside `quad`, a convex quad with its corners in order (edges count). */
export function insideQuad(point: Point, quad: readonly number[]): boolean {
  let side = 0;
  for (let i = 0; i < 4; i++) {
    const x1 = quad[2 * i];
    const y1 = quad[2 * i + 1];
    const x2 = quad[(2 * i + 2) % 8];
    const y2 = quad[(2 * i + 3) % 8];
    const cross = Math.sign((x2 - x1) * (point.y - y1) - (y2 - y1) * (point.x - x1));
    if (cross === 0) continue;
    if (side !== 0 && cross !== side) return false;
    side = cross;
  }
  return true;
}
