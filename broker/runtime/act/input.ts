/**
 * Input events as DevTools sends them. Callers open the dispatch gate first;
 * nothing here checks where input lands.
 *
 * @module
 */
import { cutPoint } from "../../../contracts/text.ts";
import { clickEvents, moveEvent } from "../../../contracts/methods/click.ts";
import type { ClickPress, InputEvent } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call, type Cdp, sendInput } from "./cdp.ts";
import type { Point } from "./geometry.ts";
import { type KeyDefinition, keyEvents, type Modifier, type NamedKey } from "./keys.ts";

/** The longest text one `Input.insertText` call carries (the provider's cap is 10,000). */
export const maxInsertUnits = 8_000;

/** Move the mouse to `point` without pressing a button. */
export async function hoverAt(cdp: Cdp, point: Point, signal?: AbortSignal): Promise<void> {
  const { method, params } = moveEvent(point);
  await call(cdp, method, params, AnyAnswer, signal);
}

/**
 * Press and release a button at `point`, where the mouse already is, as
 * `press` says (see `clickEvents`), in one run of input. Default: the left
 * button once, no keys held.
 */
export async function pressAt(
  cdp: Cdp,
  point: Point,
  signal?: AbortSignal,
  press: ClickPress = {},
): Promise<void> {
  await sendInput(cdp, clickEvents(point, press), signal);
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
  await sendInput(cdp, keyPress(key, modifiers), signal);
}

/** The two events of a key press with `modifiers` held: down, then up. */
export function keyPress(
  key: NamedKey | KeyDefinition,
  modifiers: readonly Modifier[] = [],
): InputEvent[] {
  return keyEvents(key, modifiers).map((params) => ({ method: "Input.dispatchKeyEvent", params }));
}

/** Type `text` into the focused element as one or more `Input.insertText` calls. */
export async function insertText(cdp: Cdp, text: string, signal?: AbortSignal): Promise<void> {
  await sendInput(cdp, insertion(text), signal);
}

/** The `Input.insertText` events that insert `text`. */
export function insertion(text: string): InputEvent[] {
  return textChunks(text, maxInsertUnits).map((chunk) => ({
    method: "Input.insertText",
    params: { text: chunk },
  }));
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
