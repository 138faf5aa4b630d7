/**
 * Text actions: `fill` (replace the value of any editable target: a text
 * field, a date-like input, a contenteditable element or an editor built on
 * one), `append`, and `fillEditable` (an alias of `fill`). Text goes in with
 * `Input.insertText` over a selection of what it replaces (an editor's
 * selected content deleted with the Delete key first) or at the end,
 * so the page sees real input events; the postcondition compares the
 * field's value with the text inside the page, and `fill` reads it once
 * more a moment later, so a page that puts its old value back (a widget
 * that takes only key events) is caught.
 *
 * @module
 */
import { delay } from "../../../contracts/delay.ts";
import { LeashError } from "../../../contracts/errors.ts";
import { z } from "zod";
import type { Action, InputEvent } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call, sendInput } from "./cdp.ts";
import { insertion, keyPress } from "./input.ts";
import { known, type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { describe, type PreparedTarget, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const Comparison = z.object({
  length: z.number(),
  equals: z.boolean(),
  endsWith: z.boolean(),
  formatted: z.boolean(),
});
/** How a field's value compares with a text (the `compareValue` page function). */
export type Comparison = z.infer<typeof Comparison>;

/**
 * How long after `fill` its value is read again. Pages that refuse input
 * without key events put the old value back at once or on their next
 * render (a frame or a timer later); a person would notice within a blink.
 */
export const revertWindowMs = 200;

/**
 * `fill`: replace the value of an editable target, choosing the mechanism
 * from its kind: typed text over a selection for text fields and
 * contenteditable elements, the value set as a picker would for date,
 * time, colour and range inputs. Any other target is refused, naming the
 * action that can take it.
 */
export async function fill(
  context: StepContext,
  action: ActionOf<"fill" | "fillEditable">,
): Promise<Postcondition> {
  const target = requireTarget(context, action.kind);
  const prepared = await prepareTarget(context, target, {
    kinds: ["text", "value", "editable"],
    editable: true,
  });
  if (prepared.description.kind === "value") {
    // Date, time, colour and range inputs take no typed text: set the value as a person's picker
    // would, one the field holds as written; another would clear or change what it holds.
    const accepted = await context.objects.run(
      "acceptsValue",
      prepared.objectId,
      [{ value: action.text }],
      z.boolean(),
    );
    if (!accepted) {
      throw new LeashError("INVALID_PARAMS", {
        cause: new Error("the field would not hold the text as its value"),
        detail: { reason: "malformed" },
      });
    }
    await context.gate.open(context.signal);
    await context.objects.run(
      "setControlValue",
      prepared.objectId,
      [{ value: action.text }],
      z.boolean(),
    );
    // A picker's value starts no search as typed.
    context.typed?.(false);
  } else {
    if (!await focusField(context, prepared)) return known("focus", false);
    await context.objects.run("selectAllText", prepared.objectId, [], z.boolean());
    // An editor's content goes with a Delete first, as a person clears it: typed over a
    // selection of whole lines, the browser leaves an empty line behind, which an editor
    // keeping its own document (CodeMirror) keeps as an extra line. An empty text only deletes.
    const clearFirst = prepared.description.kind === "editable" || action.text === "";
    await sendInput(context.cdp, [
      ...(clearFirst ? keyPress("Delete") : []),
      ...insertion(action.text),
    ], context.signal);
    // A value set at once is held only for a field that says it suggests by more than its
    // browser autocomplete turned off, which form libraries put on every field.
    const { suggests, offOnly } = prepared.description;
    context.typed?.(suggests === undefined ? undefined : suggests && offOnly !== true);
  }
  return {
    name: "value",
    read: async () => {
      if (!holdsText(await compare(context, prepared, action.text))) return false;
      await delay(revertWindowMs, context.signal);
      const held = holdsText(await compare(context, prepared, action.text));
      return held ? true : { name: "value.reverted", held: false };
    },
  };
}

/** `fillEditable`: the older name of `fill` on a contenteditable element; `fill` takes those now. */
export const fillEditable = fill;

/** `append`: type at the end of a text field or contenteditable element. */
export async function append(
  context: StepContext,
  action: ActionOf<"append">,
): Promise<Postcondition> {
  const target = requireTarget(context, "append");
  const prepared = await prepareTarget(context, target, {
    kinds: ["text", "editable"],
    editable: true,
  });
  const before = await compare(context, prepared, "");
  if (!await focusField(context, prepared)) return known("focus", false);
  await sendInput(context.cdp, [
    ...await caretToEnd(context, prepared),
    ...insertion(action.text),
  ], context.signal);
  context.typed?.(prepared.description.suggests);
  const exact = prepared.description.kind === "text";
  return valueCheck(
    context,
    prepared,
    (after) => after.endsWith && (!exact || after.length === before.length + action.text.length),
    action.text,
  );
}

/**
 * Put the caret at the end of the field's text; answers the key to press
 * for a field without a selection API (email and number inputs): End.
 */
export async function caretToEnd(
  context: StepContext,
  field: PreparedTarget,
): Promise<InputEvent[]> {
  const placed = await context.objects.run("caretToEnd", field.objectId, [], z.boolean());
  return placed ? [] : keyPress("End");
}

/** Open the gate, focus the field and tell whether it took focus (no typing if not). */
export async function focusField(context: StepContext, prepared: PreparedTarget): Promise<boolean> {
  await context.gate.open(context.signal);
  await call(
    context.cdp,
    "DOM.focus",
    { backendNodeId: prepared.backendNodeId },
    AnyAnswer,
    context.signal,
  );
  const now = await describe(context.objects, prepared.backendNodeId, context.signal);
  return now.description.focused;
}

/** Compare the field's value with `text` inside the page. */
export function compare(
  context: StepContext,
  prepared: PreparedTarget,
  text: string,
): Promise<Comparison> {
  return context.objects.run("compareValue", prepared.objectId, [{ value: text }], Comparison);
}

/**
 * Whether a field holds a text it was given whole: exactly, or as its
 * input mask formats it (separators added as the characters came).
 */
export function holdsText(result: Comparison): boolean {
  return result.equals || result.formatted;
}

/** The postcondition that the field's value, compared with `text`, `holds`. */
export function valueCheck(
  context: StepContext,
  prepared: PreparedTarget,
  holds: (result: Comparison) => boolean,
  text: string,
): Postcondition {
  return { name: "value", read: async () => holds(await compare(context, prepared, text)) };
}
