/**
 * Text entry in a same-origin child document, Leash's own capability
 * (`input.frame-input.v1`) beyond the spec's frame clicks, under the same
 * rules: the five-field binding, the element's role and name checked in
 * the bound document, scrolled into view and hit-tested, all again right
 * before the input ({@linkcode readyForInput}). The element is then
 * focused without a click (`DOM.focus`), and the input goes only where the
 * focus is, so a focus the page moved elsewhere refuses the input instead
 * of typing into something else. `fill` selects what the element holds
 * and inserts the text in its place; `type` sends one key per character
 * (after Backspace over a selection of everything when `clear`); `press`
 * sends one key or chord. Refusals come before any input.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import {
  type Chord,
  chordRefusal,
  type KeyDefinition,
  keyForCharacter,
  type Modifier,
  modifierMask,
  namedKeys,
  parseChord,
} from "../../contracts/keyboard.ts";
import type { FrameInput } from "../../contracts/methods/frames.ts";
import type { ParamsOf, ProviderMethods } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { frameClickTimeoutMs, prepared, readyForInput } from "./frame_click.ts";
import { type LeasedRead, leasedRead } from "./leased_read.ts";
import { z } from "zod";

type InputParams = ParamsOf<ProviderMethods, "frame.input">;

const ResolvedSchema = z.object({ object: z.object({ objectId: z.string() }) });
const ValueSchema = z.object({ result: z.object({ value: z.unknown().optional() }) });

/** The object group the input's own objects go in, released when it ends. */
const objectGroup = "leash-frame-input";

/** Whether the element holds the focus (itself, or something inside it, such as an editor's body). */
const focusedFunction = `function () {
  const active = this.ownerDocument.activeElement;
  return active === this || this.contains(active) || (this.isContentEditable && this.ownerDocument.hasFocus());
}`;

/** Select everything the element holds: a field's value, or an editable element's content. */
const selectAllFunction = `function () {
  if (this instanceof this.ownerDocument.defaultView.HTMLInputElement ||
      this instanceof this.ownerDocument.defaultView.HTMLTextAreaElement) {
    this.select();
    return true;
  }
  const range = this.ownerDocument.createRange();
  range.selectNodeContents(this);
  const selection = this.ownerDocument.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}`;

function parsed<T>(schema: z.ZodType<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw new LeashError("INTERNAL", { cause: result.error });
  return result.data;
}

/** Run one of this module's fixed functions on `backendNodeId`; its value. */
async function callOn(read: LeasedRead, backendNodeId: number, source: string): Promise<unknown> {
  try {
    const target = parsed(
      ResolvedSchema,
      await read.command("DOM.resolveNode", { backendNodeId, objectGroup }),
    );
    const answer = await read.command("Runtime.callFunctionOn", {
      objectId: target.object.objectId,
      functionDeclaration: source,
      returnByValue: true,
    });
    return parsed(ValueSchema, answer).result.value;
  } finally {
    await read.command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }
}

/** The key events of one key with `modifiers` held: text only when no command modifier is. */
function keyEvents(key: KeyDefinition, modifiers: readonly Modifier[]) {
  const mask = modifierMask(modifiers);
  const common = {
    key: key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    modifiers: mask,
  };
  const types = key.text !== undefined && (mask & 0b0111) === 0;
  const down = types
    ? { type: "keyDown", ...common, text: key.text, unmodifiedText: key.text }
    : { type: "rawKeyDown", ...common };
  return [down, { type: "keyUp", ...common }];
}

async function press(read: LeasedRead, key: KeyDefinition, modifiers: readonly Modifier[]) {
  for (const event of keyEvents(key, modifiers)) {
    await read.command("Input.dispatchKeyEvent", event);
  }
}

/**
 * The key and modifiers of a `press`; `INVALID_PARAMS` for no key, and for
 * a chord whose default reaches the clipboard or the browser, as at the
 * public boundary.
 */
function pressable(input: Extract<FrameInput, { kind: "press" }>): Chord {
  const chord = parseChord(input.key);
  if (chord === undefined) throw new LeashError("INVALID_PARAMS");
  const modifiers = [...new Set([...chord.modifiers, ...(input.modifiers ?? [])])];
  if (chordRefusal(chord.key.code, modifierMask(modifiers)) !== undefined) {
    throw new LeashError("INVALID_PARAMS");
  }
  return { key: chord.key, modifiers };
}

/** Send `input` to the focused element. */
async function enter(read: LeasedRead, backendNodeId: number, input: FrameInput): Promise<void> {
  switch (input.kind) {
    case "fill":
      await callOn(read, backendNodeId, selectAllFunction);
      if (input.text === "") await press(read, namedKeys.Backspace, []);
      else await read.command("Input.insertText", { text: input.text });
      return;
    case "type":
      if (input.clear === true) {
        await callOn(read, backendNodeId, selectAllFunction);
        await press(read, namedKeys.Backspace, []);
      }
      for (const character of input.text) {
        const key = keyForCharacter(character);
        if (key === undefined) await read.command("Input.insertText", { text: character });
        else await press(read, key, key.shift ? ["Shift"] : []);
      }
      return;
    case "press": {
      const chord = pressable(input);
      await press(read, chord.key, chord.modifiers);
      return;
    }
  }
}

/** `frame.input.prepare`: every check text entry makes, and no input. */
export async function prepareFrameInput(
  context: ProviderContext,
  params: InputParams,
  signal: AbortSignal,
): Promise<{ acknowledged: false }> {
  const record = context.leases.check(params.lease, context.link.generation);
  const read = leasedRead(context, record, signal, frameClickTimeoutMs);
  const { request } = params;
  if (request.input.kind === "press") pressable(request.input);
  await prepared(context, read, params);
  return { acknowledged: false };
}

/** `frame.input`: check again, focus the element, then the input. */
export async function inputInFrame(
  context: ProviderContext,
  params: InputParams,
  signal: AbortSignal,
): Promise<{ acknowledged: true }> {
  const record = context.leases.check(params.lease, context.link.generation);
  // Typing sends two key events a character: its bound grows with the text.
  const input = params.request.input;
  const timeoutMs = frameClickTimeoutMs + (input.kind === "type" ? input.text.length * 20 : 0);
  const read = leasedRead(context, record, signal, timeoutMs);
  const { request } = params;
  if (request.input.kind === "press") pressable(request.input);
  await readyForInput(context, read, request);
  await read.command("DOM.focus", { backendNodeId: request.backendNodeId });
  if (await callOn(read, request.backendNodeId, focusedFunction) !== true) {
    throw new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "unfocusable" } });
  }
  context.leases.check(params.lease, context.link.generation);
  await enter(read, request.backendNodeId, request.input);
  return { acknowledged: true };
}
