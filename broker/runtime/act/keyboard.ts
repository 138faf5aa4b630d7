/**
 * `press`: one key or chord (`Enter`, `Control+A`, `Shift+Tab`), on the
 * focused element or on a ref that is focused first.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import { type Chord, chordRefusal, modifierMask, parseChord } from "../../../contracts/keyboard.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { AnyAnswer, call } from "./cdp.ts";
import { pressKey } from "./input.ts";
import { known, type Postcondition, type StepContext } from "./step.ts";
import { describe, prepareTarget } from "./target.ts";

type ActionOf<K extends Action["kind"]> = Extract<Action, { kind: K }>;

/**
 * The chord `action` presses: its key (itself maybe a chord) with its
 * `modifiers` added. The params schema refuses chords that are no key or
 * reach the clipboard or the browser; this refuses them again, before
 * anything is sent, for callers that skip it.
 */
export function chordOf(action: ActionOf<"press">): Chord {
  const chord = parseChord(action.key);
  if (chord === undefined) {
    throw new LeashError("INVALID_PARAMS", { cause: new Error("not a key or chord") });
  }
  const modifiers = [...new Set([...chord.modifiers, ...(action.modifiers ?? [])])];
  if (chordRefusal(chord.key.code, modifierMask(modifiers)) !== undefined) {
    throw new LeashError("INVALID_PARAMS", {
      cause: new Error("the chord reaches the clipboard or the browser, not the page"),
    });
  }
  return { key: chord.key, modifiers };
}

/**
 * Press `key`. With a target, focus it first and press only if it took
 * focus (else the `focus` check fails and no key is sent). A key press has
 * no postcondition of its own.
 */
export async function press(
  context: StepContext,
  action: ActionOf<"press">,
): Promise<Postcondition> {
  const chord = chordOf(action);
  const target = context.target;
  if (target !== undefined) {
    const prepared = await prepareTarget(context, target);
    await context.gate.open(context.signal);
    if (!prepared.description.focused) {
      await call(
        context.cdp,
        "DOM.focus",
        { backendNodeId: target.backendNodeId },
        AnyAnswer,
        context.signal,
      );
      const now = await describe(context.objects, target.backendNodeId, context.signal);
      if (!now.description.focused) return known("focus", false);
    }
  } else {
    await context.gate.open(context.signal);
  }
  await pressKey(context.cdp, chord.key, chord.modifiers, context.signal);
  return undefined;
}
