/**
 * Which action can take which element: an action aimed at an element of
 * the wrong kind is refused before anything is sent, and the refusal names
 * the action that can take it (a checkbox is checked, a select selected).
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import type { ElementKind, PreparedTarget } from "./target.ts";
import type { ActTarget } from "./types.ts";

/** Roles of widgets that take key events, not a value or a click. */
const keyedRoles = new Set(["combobox", "spinbutton", "searchbox", "textbox", "slider"]);

/**
 * The action kind that can take an element of `kind` with the
 * accessibility role `role`; `undefined` when no one action fits (a
 * multiple select).
 */
export function actionFor(kind: ElementKind, role: string): Action["kind"] | undefined {
  switch (kind) {
    case "text":
    case "value":
    case "editable":
      return "fill";
    case "checkbox":
      return "check";
    case "radio":
      return "radio";
    case "select":
      return "select";
    case "multiselect":
      return undefined;
    case "other":
      return keyedRoles.has(role) ? "type" : "click";
  }
}

/**
 * Refuse `prepared` unless it is one of `kinds`: `TARGET_NOT_INTERACTABLE`
 * naming the action that can take it, and nothing was sent.
 */
export function requireKind(
  prepared: PreparedTarget,
  target: ActTarget,
  kinds: readonly ElementKind[],
): void {
  const kind = prepared.description.kind;
  if (kinds.includes(kind)) return;
  const use = actionFor(kind, target.role);
  throw new LeashError("TARGET_NOT_INTERACTABLE", {
    cause: new Error(`the element is ${kind}, not ${kinds.join(" or ")}`),
    detail: use === undefined ? { reason: "wrongKind" } : { reason: "wrongKind", use },
  });
}
