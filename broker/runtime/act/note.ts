/**
 * The note an action result carries when its own check learned more than
 * its status says.
 *
 * @module
 */
import type { Action, ActNote } from "../../../contracts/methods/mod.ts";
import type { ActionOutcome } from "./types.ts";

/**
 * `valueNotKept` when `fill` set a value the field did not keep (at once,
 * or a moment later): the page wants key events, which `type` sends.
 */
export function noteFor(action: Action, outcome: ActionOutcome): ActNote | undefined {
  if (action.kind !== "fill" && action.kind !== "fillEditable") return undefined;
  const lost = outcome.checks.some((check) =>
    (check.name === "value" || check.name === "value.reverted") && !check.held
  );
  return lost ? "valueNotKept" : undefined;
}
