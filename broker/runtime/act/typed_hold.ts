/**
 * How long the wait after text entry holds for a debounced search. Search
 * as you type starts its request on a timer that begins with the last key
 * (Tom Select 300 ms, most at most 500): the wait must outlast it to see
 * the request start. A field that says it suggests nothing as typed (a
 * name, a note, an editor's body) is not held for one, so entering text
 * there costs what a click costs.
 *
 * @module
 */
import type { Action } from "../../../contracts/methods/mod.ts";
import { settleDefaults } from "../../../contracts/methods/page.ts";

/** Text entry, after which a debounced search may still be about to start its request. */
const typedKinds: ReadonlySet<Action["kind"]> = new Set(["type", "fill", "fillEditable", "append"]);

/** When text entry's last input went in, and whether its field suggests as typed. */
export interface TypedEntry {
  at: number;
  /** `undefined` when no field could say (keys sent to the focused element). */
  suggests: boolean | undefined;
}

/**
 * The hold for the wait that begins at `now` after `kind`: until
 * `settleDefaults.typedHoldMs` after the entry's last input (from `now`
 * when none was told), none for a field that does not suggest nor for an
 * action that entered no text.
 */
export function typedHoldMs(
  kind: Action["kind"],
  typed: TypedEntry | undefined,
  now: number,
): number | undefined {
  if (!typedKinds.has(kind) || typed?.suggests === false) return undefined;
  const since = now - (typed?.at ?? now);
  return Math.max(0, Math.round(settleDefaults.typedHoldMs - since));
}
