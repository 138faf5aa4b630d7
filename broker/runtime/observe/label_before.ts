/**
 * A `<label>` that names a field a script hid, read as the name of the
 * field drawn in its place. A library that hides a native select or input
 * and draws its own widget beside it (bootstrap-select, Chosen, a custom
 * dropdown) leaves the page's `<label for>` naming the hidden control: the
 * drawn field has no name, and its label reads as loose text before it
 * (`text "Country"` over `combobox value="Choose a country"`). A person
 * reads that text as the field's label, and so does the observation:
 * `combobox "Country" value="Choose a country"`.
 *
 * @module
 */
import type { AxNode } from "../../../contracts/methods/mod.ts";
import { flatName } from "../../../contracts/text.ts";
import { pickerFieldRowRoles } from "../../../contracts/picker_fields.ts";
import { labelText } from "./names.ts";
import { keepRows, type TreeRow } from "./tree.ts";

/**
 * Fields a label stands before, and a switch: a form lays its label above
 * or before one (a checkbox's or radio's text comes after it, and a label
 * before it is the last item's).
 */
const labelledFields: ReadonlySet<string> = new Set([
  "switch",
  "combobox",
  "textbox",
  "searchbox",
  "spinbutton",
  "listbox",
  "slider",
  ...pickerFieldRowRoles,
]);

/** What a label holding only its text may hold besides it. */
const labelParts: ReadonlySet<string> = new Set([
  "StaticText",
  "InlineTextBox",
  "generic",
  "none",
  "LineBreak",
]);

/** The most nodes a label's subtree is searched for a control. */
const maxLabelNodes = 32;

/**
 * The labels that hold only text, by the backend node of each of their
 * texts: the label of a text is the nearest `LabelText` above it across
 * plain wrappers only (a required marker's `<span>`). A label around a
 * control names that control and is left out. `byId` and `children` are
 * the nodes by backend node ID and each one's children, in order.
 */
export function labelTextsOf(
  nodes: readonly AxNode[],
  byId: ReadonlyMap<number, AxNode>,
  children: ReadonlyMap<number, readonly AxNode[]>,
): Map<number, number> {
  const textOnly = new Map<number, boolean>();
  const holdsTextOnly = (label: AxNode) => {
    let known = textOnly.get(label.backendNodeId);
    if (known !== undefined) return known;
    known = true;
    const stack = [...children.get(label.backendNodeId) ?? []];
    for (let seen = 0; stack.length > 0; seen++) {
      const node = stack.pop()!;
      if (seen >= maxLabelNodes || !labelParts.has(node.role)) {
        known = false;
        break;
      }
      stack.push(...children.get(node.backendNodeId) ?? []);
    }
    textOnly.set(label.backendNodeId, known);
    return known;
  };
  const labels = new Map<number, number>();
  for (const node of nodes) {
    if (node.role !== "StaticText") continue;
    let at = node.parentId === null ? undefined : byId.get(node.parentId);
    for (let step = 0; at !== undefined && step < 3; step++) {
      if (at.role === "LabelText") {
        if (holdsTextOnly(at)) labels.set(node.backendNodeId, at.backendNodeId);
        break;
      }
      if (at.role !== "generic" && at.role !== "none") break;
      at = at.parentId === null ? undefined : byId.get(at.parentId);
    }
  }
  return labels;
}

/**
 * Name each nameless field by the texts of one label right before it among
 * its siblings (`labels`: {@linkcode labelTextsOf}), a required marker
 * aside, and drop those texts. Only a label's text, only before the field:
 * a label stands before its field, and other text before a field is as
 * often an instruction. The field keeps its accessible name (empty) for its
 * ref.
 */
export function nameFromLabelBefore(
  rows: TreeRow[],
  labels: ReadonlyMap<number, number>,
): TreeRow[] {
  if (labels.size === 0) return rows;
  const keep = new Array<boolean>(rows.length).fill(true);
  let named = false;
  rows.forEach((row, index) => {
    if (!labelledFields.has(row.role) || flatName(row.name) !== "") return;
    const label = labels.get(rows[index - 1]?.backendNodeId ?? -1);
    if (label === undefined) return;
    // The run of the label's texts right before the field, all its siblings.
    let first = index;
    while (
      first > 0 && rows[first - 1].parent === row.parent && rows[first - 1].role === "StaticText" &&
      rows[first - 1].states.length === 0 && labels.get(rows[first - 1].backendNodeId) === label
    ) first--;
    if (first === index) return;
    const name = labelText(flatName(rows.slice(first, index).map((text) => text.name).join("")));
    if (name === "") return;
    rows[index] = { ...row, name, axName: row.axName ?? row.name };
    for (let at = first; at < index; at++) keep[at] = false;
    named = true;
  });
  return named ? keepRows(rows, keep) : rows;
}
