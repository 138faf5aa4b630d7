/**
 * Which action can take which element: an action aimed at an element of
 * the wrong kind is refused before anything is sent, and the refusal names
 * the action that can take it (a checkbox is checked, a select selected).
 *
 * @module
 */
import type { Action } from "../../../contracts/methods/mod.ts";
import type { ElementKind } from "./target.ts";

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
    case "multiselect":
      return "select";
    case "other":
      return keyedRoles.has(role) ? "type" : "click";
  }
}
