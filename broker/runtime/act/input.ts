/**
 * Input events as DevTools sends them. Callers open the dispatch gate first;
 * nothing here checks where input lands.
 *
 * @module
 */
import { cutPoint } from "../../../contracts/text.ts";
import { AnyAnswer, call, type Cdp } from "./cdp.ts";
import type { Point } from "./geometry.ts";
import { type KeyDefinition, keyEvents, type Modifier, type NamedKey } from "./keys.ts";

/** The longest text one `Input.insertText` call carries (the provider's cap is 10,000). */
export const maxInsertUnits = 8_000;

/** Move the mouse to `point` without pressing a button. */
export async function hoverAt(cdp: Cdp, point: Point, signal?: AbortSignal): Promise<void> {
  await call(
    cdp,
    "Input.dispatchMouseEvent",
    {
      type: "mouseMoved",
      x: point.x,
      y: point.y,
      modifiers: 0,
      pointerType: "mouse",
      button: "none",
      buttons: 0,
    },
    AnyAnswer,
    signal,
  );
}

/** Press and release the left button once at `point`, where the mouse already is. */
export async function pressAt(cdp: Cdp, point: Point, signal?: AbortSignal): Promise<void> {
  const base = { x: point.x, y: point.y, modifiers: 0, pointerType: "mouse" };
  await call(
    cdp,
    "Input.dispatchMouseEvent",
    { type: "mousePressed", ...base, button: "left", buttons: 1, clickCount: 1 },
    AnyAnswer,
    signal,
  );
  await call(
    cdp,
    "Input.dispatchMouseEvent",
    { type: "mouseReleased", ...base, button: "left", buttons: 0, clickCount: 1 },
    AnyAnswer,
    signal,
  );
}

/** Turn the mouse wheel at `point`. */
export async function wheelAt(
  cdp: Cdp,
  point: Point,
  delta: { deltaX: number; deltaY: number },
  signal?: AbortSignal,
): Promise<void> {
  await call(
    cdp,
    "Input.dispatchMouseEvent",
    {
      type: "mouseWheel",
      x: point.x,
      y: point.y,
      deltaX: delta.deltaX,
      deltaY: delta.deltaY,
      modifiers: 0,
      pointerType: "mouse",
    },
    AnyAnswer,
    signal,
  );
}

/** Press and release a key with `modifiers` held. */
export async function pressKey(
  cdp: Cdp,
  key: NamedKey | KeyDefinition,
  modifiers: readonly Modifier[] = [],
  signal?: AbortSignal,
): Promise<void> {
  const [down, up] = keyEvents(key, modifiers);
  await call(cdp, "Input.dispatchKeyEvent", down, AnyAnswer, signal);
  await call(cdp, "Input.dispatchKeyEvent", up, AnyAnswer, signal);
}

/** Type `text` into the focused element as one or more `Input.insertText` calls. */
export async function insertText(cdp: Cdp, text: string, signal?: AbortSignal): Promise<void> {
  for (const chunk of textChunks(text, maxInsertUnits)) {
    await call(cdp, "Input.insertText", { text: chunk }, AnyAnswer, signal);
  }
}

/** `text` in pieces of at most `maxUnits` UTF-16 units, never splitting a surrogate pair. */
export function textChunks(text: string, maxUnits: number): string[] {
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + maxUnits, text.length);
    // A piece of one unit must split a pair, or the walk would never move on.
    if (end - start > 1) end = cutPoint(text, end);
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks;
}
