/**
 * `type`: text sent key by key as a person's keyboard sends it, for widgets
 * that react only to key events (spinbuttons, masked inputs, autocompletes,
 * editors). Each character a US key types is that key's `keyDown` with its
 * text (the page sees `keydown`, `keypress`, `beforeinput`, `input`) and
 * its `keyUp`, Shift held for upper case and symbols; a line break is
 * Enter; a character no key types is inserted as text on its own.
 *
 * @module
 */
import { z } from "zod";
import { delay } from "../../../contracts/delay.ts";
import { LeashError } from "../../../contracts/errors.ts";
import { keyForCharacter } from "../../../contracts/keyboard.ts";
import type { Action, InputEvent } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call, sendInput } from "./cdp.ts";
import { insertion, keyPress, pressKey } from "./input.ts";
import { keyDefinitions } from "./keys.ts";
import { known, type Postcondition, type StepContext } from "./step.ts";
import { describe, type PreparedTarget, prepareTarget } from "./target.ts";
import { caretToEnd, compare, holdsText, valueCheck } from "./text.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/**
 * Type `action.text`. With a ref, the element is checked and focused
 * first, and nothing is typed unless it took focus; `clear` first selects
 * and deletes what a field holds (with Backspace, a real key), else the
 * caret goes to its end; `submit` presses Enter afterwards. On a text field
 * or contenteditable element the postcondition is what it holds after the
 * typing (the text, or ending with it), read before Enter; without a ref,
 * or on another kind of element, there is nothing to check.
 */
export async function type(context: StepContext, action: ActionOf<"type">): Promise<Postcondition> {
  const target = context.target;
  let field: PreparedTarget | undefined;
  let lengthBefore = 0;
  let placing: InputEvent[] = [];
  // Only a field can say whether it suggests; keys sent to anything else may start a search.
  let suggests: boolean | undefined;
  if (target !== undefined) {
    const prepared = await prepareTarget(context, target);
    const kind = prepared.description.kind;
    const isField = kind === "text" || kind === "editable";
    if (isField && prepared.description.readOnly) {
      throw new LeashError("TARGET_NOT_INTERACTABLE", {
        cause: new Error("the element is read-only"),
        detail: { reason: "readonly" },
      });
    }
    if (action.clear === true && !isField) {
      throw new LeashError("TARGET_NOT_INTERACTABLE", {
        cause: new Error(`the element is ${kind}, and only a text field can be cleared`),
        detail: { reason: "wrongKind" },
      });
    }
    if (isField) {
      field = prepared;
      suggests = prepared.description.suggests;
      lengthBefore = (await compare(context, prepared, "")).length;
    }
    await context.gate.open(context.signal);
    if (!prepared.description.focused && !await focus(context, prepared)) {
      return known("focus", false);
    }
    if (field !== undefined) placing = await placeCaret(context, field, action.clear === true);
  } else {
    await context.gate.open(context.signal);
  }
  // The caret's keys and the text's go to the page in order, in one run per line: after each
  // Enter the page gets a frame, as between a person's keys. An editor that keeps its own
  // model and redraws on the next frame (Trix) doubles a line break the next keys overtake.
  const lines = action.text.replaceAll("\r\n", "\n").split(/(?<=\n)/);
  for (const [index, line] of lines.entries()) {
    if (index > 0) await delay(lineBreakPauseMs, context.signal);
    await sendInput(
      context.cdp,
      [...(index === 0 ? placing : []), ...typedKeys(line)],
      context.signal,
    );
  }
  context.typed?.(suggests);
  let postcondition: Postcondition;
  if (field !== undefined) {
    const exact = field.description.kind === "text";
    const text = action.text.replaceAll("\r\n", "\n");
    // Typed into an empty field, the text may come out as its input mask formats it.
    const whole = action.clear === true || lengthBefore === 0;
    postcondition = valueCheck(
      context,
      field,
      (after) =>
        (whole && holdsText(after)) ||
        (action.clear !== true && after.endsWith &&
          (!exact || after.length === lengthBefore + text.length)),
      text,
    );
  }
  if (action.submit !== true) return postcondition;
  // Read before Enter: submitting may take the field (or the whole document) away.
  const held = postcondition === undefined ? undefined : await postcondition.read();
  await pressKey(context.cdp, "Enter", [], context.signal);
  return typeof held === "boolean" ? known("value", held) : postcondition;
}

/** The pause after a typed line break: over a frame at 60 Hz. */
export const lineBreakPauseMs = 20;

/** Focus the element and tell whether it took focus. */
async function focus(context: StepContext, prepared: PreparedTarget): Promise<boolean> {
  await call(
    context.cdp,
    "DOM.focus",
    { backendNodeId: prepared.backendNodeId },
    AnyAnswer,
    context.signal,
  );
  return (await describe(context.objects, prepared.backendNodeId, context.signal)).description
    .focused;
}

/**
 * Select everything, to be deleted with Backspace, or put the caret at the
 * end; answers the keys to press before the text.
 */
async function placeCaret(
  context: StepContext,
  field: PreparedTarget,
  clear: boolean,
): Promise<InputEvent[]> {
  if (clear) {
    await context.objects.run("selectAllText", field.objectId, [], z.boolean());
    return keyPress("Backspace");
  }
  return await caretToEnd(context, field);
}

/**
 * The keys that type `text` character by character (code points, so a
 * surrogate pair stays whole); a character no key makes is inserted.
 */
function typedKeys(text: string): InputEvent[] {
  return [...text.replaceAll("\r\n", "\n")].flatMap((character) => {
    const key = keyForCharacter(character);
    if (key === undefined) return insertion(character);
    if (key.code === keyDefinitions.Enter.code) return keyPress("Enter");
    return keyPress(key, key.shift ? ["Shift"] : []);
  });
}
