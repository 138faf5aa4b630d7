/**
 * Text actions: `fill` (replace), `append` and `fillEditable`. Each focuses
 * the field, selects what it replaces (or puts the caret at the end) and
 * types with `Input.insertText`, so the page sees real input events; the
 * postcondition compares the field's value with the text inside the page.
 *
 * @module
 */
import { z } from "zod";
import type { Action } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call } from "./cdp.ts";
import { insertText, pressKey } from "./input.ts";
import { known, type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { describe, type PreparedTarget, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const Comparison = z.object({ length: z.number(), equals: z.boolean(), endsWith: z.boolean() });
type Comparison = z.infer<typeof Comparison>;

/** `fill`: replace the value of a text field (or set a date, time, colour or range input). */
export async function fill(context: StepContext, action: ActionOf<"fill">): Promise<Postcondition> {
  const target = requireTarget(context, "fill");
  const prepared = await prepareTarget(context, target, {
    kinds: ["text", "value"],
    editable: true,
  });
  if (prepared.description.kind === "value") {
    // Date, time, colour and range inputs take no typed text: set the value as a person's picker would.
    await context.gate.open(context.signal);
    await context.objects.run(
      "setControlValue",
      prepared.objectId,
      [{ value: action.text }],
      z.boolean(),
    );
  } else {
    if (!await focus(context, prepared)) return known("focus", false);
    await context.objects.run("selectAllText", prepared.objectId, [], z.boolean());
    await typeOrDelete(context, action.text);
  }
  return valueCheck(context, prepared, (result) => result.equals, action.text);
}

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
  if (!await focus(context, prepared)) return known("focus", false);
  const placed = await context.objects.run("caretToEnd", prepared.objectId, [], z.boolean());
  // Email and number inputs have no selection API; End moves the caret there instead.
  if (!placed) await pressKey(context.cdp, "End", [], context.signal);
  if (action.text !== "") await insertText(context.cdp, action.text, context.signal);
  const exact = prepared.description.kind === "text";
  return valueCheck(
    context,
    prepared,
    (after) => after.endsWith && (!exact || after.length === before.length + action.text.length),
    action.text,
  );
}

/** `fillEditable`: replace the text of a contenteditable element. */
export async function fillEditable(
  context: StepContext,
  action: ActionOf<"fillEditable">,
): Promise<Postcondition> {
  const target = requireTarget(context, "fillEditable");
  const prepared = await prepareTarget(context, target, {
    kinds: ["editable"],
    editable: true,
  });
  if (!await focus(context, prepared)) return known("focus", false);
  await context.objects.run("selectAllText", prepared.objectId, [], z.boolean());
  await typeOrDelete(context, action.text);
  return valueCheck(context, prepared, (result) => result.equals, action.text);
}

/** Open the gate, focus the field and tell whether it took focus (no typing if not). */
async function focus(context: StepContext, prepared: PreparedTarget): Promise<boolean> {
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

/** Type `text` over the selection; an empty text deletes the selection instead. */
async function typeOrDelete(context: StepContext, text: string): Promise<void> {
  if (text === "") await pressKey(context.cdp, "Delete", [], context.signal);
  else await insertText(context.cdp, text, context.signal);
}

function compare(
  context: StepContext,
  prepared: PreparedTarget,
  text: string,
): Promise<Comparison> {
  return context.objects.run("compareValue", prepared.objectId, [{ value: text }], Comparison);
}

function valueCheck(
  context: StepContext,
  prepared: PreparedTarget,
  holds: (result: Comparison) => boolean,
  text: string,
): Postcondition {
  return { name: "value", read: async () => holds(await compare(context, prepared, text)) };
}
