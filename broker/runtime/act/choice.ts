/**
 * Choice actions: `check` (a checkbox or switch to a wanted state), `radio`
 * and `select` (an option of a single select by label, else by value). Each
 * acts only when the state differs, so a repeat is a verified no-op, and
 * reads the state back afterwards.
 *
 * @module
 */
import { z } from "zod";
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { delay } from "../../../contracts/delay.ts";
import { pressKey } from "./input.ts";
import { clickPrepared } from "./pointer.ts";
import { type Postcondition, requireTarget, type StepContext } from "./step.ts";
import { describe, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

const OptionIndices = z.object({
  indices: z.array(z.number().int()),
  selected: z.array(z.number().int()),
});

/**
 * `check`: click a checkbox or switch only if its state differs from
 * `checked`. A checkable item of a tree, list or grid that the click only
 * focused or selected (a file tree's checkbox selection, where the box is
 * drawn beside the item) takes Space, as its keyboard pattern says. A radio
 * button is checked as `radio` chooses it (Playwright's `check` takes one
 * too, and a reader of `radio "Admin"` asks for it checked); none is
 * unchecked by a click, so `checked: false` on one is refused, naming
 * `radio` (choose another in its group).
 */
export async function check(
  context: StepContext,
  action: ActionOf<"check">,
): Promise<Postcondition> {
  const target = requireTarget(context, "check");
  const prepared = await prepareTarget(context, target, {
    kinds: action.checked ? ["checkbox", "radio"] : ["checkbox"],
  });
  if (prepared.description.checked !== action.checked) {
    await clickPrepared(context, prepared);
    if (prepared.description.item === true) {
      // The page's own reaction to the click comes within a frame or two.
      await delay(itemReactionMs, context.signal);
      const now = (await describe(context.objects, target.backendNodeId, context.signal))
        .description;
      if (now.checked !== action.checked && now.focused) {
        await pressKey(context.cdp, "Space", [], context.signal);
      }
    }
  }
  return checkedIs(context, target.backendNodeId, action.checked);
}

/** How long a checkable item's click is given to check it before Space is pressed. */
const itemReactionMs = 50;

/** `radio`: click a radio button unless it is already the chosen one. */
export async function radio(
  context: StepContext,
  _action: ActionOf<"radio">,
): Promise<Postcondition> {
  const target = requireTarget(context, "radio");
  const prepared = await prepareTarget(context, target, { kinds: ["radio"] });
  if (prepared.description.checked !== true) await clickPrepared(context, prepared);
  return checkedIs(context, target.backendNodeId, true);
}

/**
 * `select`: choose the first enabled option whose label (white space
 * collapsed) equals `option`, else whose value does, firing `input` and
 * `change`; for a multiple select, `option` may list several, and exactly
 * those are left selected. No such option is `TARGET_NOT_INTERACTABLE`
 * (`noOption`); several for a single select are `INVALID_PARAMS`.
 */
export async function select(
  context: StepContext,
  action: ActionOf<"select">,
): Promise<Postcondition> {
  const target = requireTarget(context, "select");
  const prepared = await prepareTarget(context, target, { kinds: ["select", "multiselect"] });
  const wanted = typeof action.option === "string" ? [action.option] : action.option;
  if (prepared.description.kind === "select" && wanted.length !== 1) {
    throw new LeashError("INVALID_PARAMS", {
      cause: new Error("a single select takes one option"),
      detail: { reason: "oneOption" },
    });
  }
  const find = () =>
    context.objects.run("findOptions", prepared.objectId, [{ value: wanted }], OptionIndices);
  const { indices, selected } = await find();
  if (indices.some((index) => index < 0)) {
    // A long select's options are folded in observations, so say where to read them all.
    throw new LeashError("TARGET_NOT_INTERACTABLE", {
      cause: new Error("no enabled option has that label or value"),
      detail: { reason: "noOption" },
    });
  }
  const chosen = [...new Set(indices)].sort((a, b) => a - b);
  const holds = (now: readonly number[]) =>
    now.length === chosen.length && now.every((index, i) => index === chosen[i]);
  if (!holds(selected)) {
    await context.gate.open(context.signal);
    await context.objects.run("chooseOptions", prepared.objectId, [{ value: chosen }], z.boolean());
  }
  return { name: "selected", read: async () => holds((await find()).selected) };
}

/**
 * How long a box's state is given to follow the click before the action
 * counts as unverified: a component that says its state when it next
 * renders, or after its own pointer handling (Ionic's toggle and checkbox),
 * says it a few frames later. A box that already says it costs nothing more.
 */
const stateReactionMs = 150;
/** How often the state is read again meanwhile: about once a frame. */
const stateReadIntervalMs = 16;

function checkedIs(
  context: StepContext,
  backendNodeId: number,
  wanted: boolean,
): Postcondition {
  return {
    name: "checked",
    read: async () => {
      const deadline = Date.now() + stateReactionMs;
      for (;;) {
        const checked =
          (await describe(context.objects, backendNodeId, context.signal)).description.checked;
        if (checked === wanted || Date.now() >= deadline) return checked === wanted;
        await delay(stateReadIntervalMs, context.signal);
      }
    },
  };
}
