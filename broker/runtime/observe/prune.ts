/**
 * From a provider's flat accessibility nodes to the row tree an
 * observation shows. The walk trusts only `parentId` (not the order or the
 * `depth` the provider sent): it starts at nodes whose parent is absent,
 * keeps the first of any duplicated backend node ID, and never enters a
 * cycle. Noise is pruned so the result reads like the page:
 *
 * - `InlineTextBox`, `ListMarker` and `LineBreak` are dropped.
 * - The document node (`RootWebArea`) and unnamed, value-less, non-actionable
 *   containers ({@linkcode transparentRoles}) collapse: their children move up.
 * - A `StaticText` that only repeats text already shown is dropped: when it
 *   is blank, equals the nearest kept ancestor's name or value, is part of
 *   an editable ancestor's or a combobox's value (a code editor's tokens, the
 *   choices a select's face draws), is part of
 *   the name of an ancestor named from its contents (a button, link,
 *   heading, cell, …), stands as whole words in the name the page gave a
 *   wrapper (`text "15"` in `generic "March 15, 2027"`), equals the
 *   name of the nearest sibling that is not a text (a label next to its
 *   control, or with a tag field's chosen values between), or sits in a
 *   named control whose children are presentational (the `⋯` of a button
 *   named "Actions for Q3 roadmap"), or is a glyph with no letter or digit
 *   in any named control (a pager's `«` in `link "First"`).
 * - Decoration that adds no name, value, state or ref of its own goes too:
 *   an unnamed image inside a named control (the icon of a toolbar button:
 *   the control's name already says it), and an unnamed container inside
 *   an editable whose only claim to a ref is the editability it inherits
 *   (`paragraph editable` under `textbox "Comment" editable`: the editor's
 *   ref takes the input). Their text moves up and stays. So does inline
 *   formatting outside an editor (`strong`, `mark`: the typed part of a
 *   suggestion in bold, a group's label in bold), which says only how its
 *   text looks: `option "People"`, its text its name. Content of an
 *   editor that is kept (`strong`, text) loses the inherited `editable`, and
 *   so the ref it would have had. (The texts formatting split come joined
 *   from the provider, which alone sees the page's blocks and white space:
 *   a search result's `<em>Rep</em>orting` reads as `text "Reporting"`, a
 *   sentence with a word in bold as one text.)
 *
 * - A nameless clickable wrapper (or list item) around exactly one text is
 *   named by that text, which goes as a row of its own (`generic "Marta
 *   Nowak" ref=e7`: the option of a list drawn with plain elements;
 *   `listitem "Fix login bug" draggable ref=e4`: a sortable list's card).
 *   So is a nameless message (`alert`, `status`, `tooltip`, `note`): `status
 *   "Saved"`, and a field's error `alert "Enter a valid email"`.
 * - A nameless control that is the only row of a named plain wrapper takes
 *   its name, and the wrapper goes: a custom element's `<label>` names its
 *   host, not the checkbox in its shadow tree. A nameless checkbox, radio or
 *   switch takes the text right after it, which goes: a label a script
 *   pairs with its box, a to-do item's text.
 * - A nameless field (a combobox, textbox, listbox, …) takes the text of a
 *   `<label>` holding only text right before it, which goes: the label of
 *   the native control a script hid and drew this field in place of
 *   (bootstrap-select's button after `<label for>` its hidden select).
 * - A table cell or list item with nothing of its own (no name, value,
 *   state or ref) around exactly one row gives way to that row: `cell` over
 *   `link "View"` reads as the link, one row per cell still, and a menu's
 *   `listitem` over each `link` as the links. So does a grid's cell around
 *   one row that takes a click too: a calendar's `gridcell` over the
 *   `button` of its day, both named by the date.
 * - A nameless row that takes a click, alone in a named row that takes one
 *   too and holding only that name's text, goes with its text, its states
 *   joining the outer row's: a calendar's `gridcell "18"` over the
 *   listening `span` of its day reads as one row. So does a link or button
 *   of the outer row's very name: `option "Design"` over the `link
 *   "Design"` a menu draws it with; and an option's checkbox of its name.
 * - A nameless row that takes a click around a named row of its own role,
 *   holding else only text that repeats that row's value and the popup it
 *   owns, goes with that text: Vuetify's `combobox` field around its
 *   `combobox "Priority" value="High"` input reads as the input, its open
 *   listbox beside it.
 * - A container that holds no row and has nothing of its own (an empty
 *   `application`, `group`, `status` or landmark), and an unnamed image
 *   with no ref, go: they read as nothing. So does an empty, nameless
 *   cell that is only disabled (a calendar's blank days before the first
 *   of the month). An empty list, table or listbox stays.
 *
 * Headings, landmarks, lists, tables and rows, groups and every actionable
 * node stay. Options of a native `<select>` stay but are marked
 * (`nativeOption`): they get no ref, as nothing can click them.
 *
 * @module
 */
import { contentNamedRoles, formattingRoles } from "../../../contracts/ax_name.ts";
import type { AxNode } from "../../../contracts/methods/mod.ts";
import { type ElementState, ElementStateSchema } from "../../../contracts/methods/mod.ts";
import { glyphOnly } from "../../../contracts/text.ts";
import { labelTextsOf, nameFromLabelBefore } from "./label_before.ts";
import { labelText, normalize } from "./names.ts";
import { actionableRoles, isActionable } from "./refs.ts";
import { copyRowTexts, keepRows, maxLevel, type TreeRow } from "./tree.ts";

export { normalize } from "./names.ts";

/** Roles that are dropped whatever they hold. */
export const droppedRoles: ReadonlySet<string> = new Set([
  "InlineTextBox",
  "ListMarker",
  "LineBreak",
]);

/** Roles of the document node, which the observation header already names. */
export const documentRoles: ReadonlySet<string> = new Set(["RootWebArea", "WebArea"]);

/** Container roles that collapse when they have no name or value and cannot be acted on. */
export const transparentRoles: ReadonlySet<string> = new Set([
  "generic",
  "none",
  "presentation",
  "Ignored",
  "GenericContainer",
  "LabelText",
  "paragraph",
  "Legend",
  "rowgroup",
  "MenuListPopup",
  "LayoutTable",
  "LayoutTableRow",
  "LayoutTableCell",
  "Section",
]);

/** Roles of pictures, which say something only through their name. */
export const imageRoles: ReadonlySet<string> = new Set(["image", "img"]);

const stateOrder: readonly ElementState[] = ElementStateSchema.options;

/** Options for {@linkcode pruneAxNodes}. */
export interface PruneOptions {
  /** Keep only this node and its descendants; the root gets level 0. */
  root?: number;
}

/**
 * The pruned rows of `nodes`, in document order. Returns undefined when
 * `options.root` is not among the nodes (or does not survive pruning as a
 * subtree root: it is always kept, even if it would otherwise collapse).
 */
export function pruneAxNodes(
  nodes: readonly AxNode[],
  options: PruneOptions = {},
): TreeRow[] | undefined {
  const byId = new Map<number, AxNode>();
  for (const node of nodes) if (!byId.has(node.backendNodeId)) byId.set(node.backendNodeId, node);

  let roots: AxNode[];
  const children = new Map<number, AxNode[]>();
  if (options.root !== undefined) {
    const root = byId.get(options.root);
    if (root === undefined) return undefined;
    roots = [root];
  } else {
    roots = [];
  }
  for (const node of nodes) {
    if (byId.get(node.backendNodeId) !== node) continue;
    const parent = node.parentId;
    const orphan = parent === null || parent === node.backendNodeId || !byId.has(parent);
    if (orphan) {
      if (options.root === undefined) roots.push(node);
      continue;
    }
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [node]);
    else list.push(node);
  }

  const minDepth = roots.reduce((min, node) => Math.min(min, node.depth), Infinity);
  const rows: TreeRow[] = [];
  const visited = new Set<number>();
  // Rows whose `editable` came from the editor they sit in (see inheritsEditable).
  const withinEditor = new Set<number>();
  // `base` is the level of a row with no kept ancestor: 0 under a single
  // root, and for reads with several parentless nodes (a window, a find
  // result) their depth relative to the shallowest, so indentation survives.
  const stack: { node: AxNode; ancestor: number | null; base: number }[] = [];
  for (let i = roots.length - 1; i >= 0; i--) {
    const base = options.root === undefined ? Math.max(0, roots[i].depth - minDepth) : 0;
    stack.push({ node: roots[i], ancestor: null, base });
  }
  while (stack.length > 0) {
    const { node, ancestor, base } = stack.pop()!;
    if (visited.has(node.backendNodeId)) continue;
    visited.add(node.backendNodeId);
    const nearest = ancestor === null ? undefined : rows[ancestor];
    let childAncestor = ancestor;
    if (node.backendNodeId === options.root || keeps(node, nearest)) {
      const level = nearest === undefined ? base : nearest.level + 1;
      const row = toRow(node, ancestor, Math.min(level, maxLevel), children);
      if (node.role === "option" && inNativePopup(node, byId)) row.nativeOption = true;
      if (inheritsEditable(node, nearest, ancestor !== null && withinEditor.has(ancestor))) {
        row.states = row.states.filter((state) => state !== "editable");
        withinEditor.add(rows.length);
      }
      rows.push(row);
      childAncestor = rows.length - 1;
    }
    const list = children.get(node.backendNodeId) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      stack.push({ node: list[i], ancestor: childAncestor, base });
    }
  }
  // The passes over the kept rows, in order (see the module doc for each).
  let pruned = dropLoneWrappers(dropLabelEchoes(rows), options.root);
  pruned = dropNamelessTwins(dropEchoingTargets(pruned), options.root);
  const labels = labelTextsOf(nodes, byId, children);
  pruned = nameFromTextBeside(nameFromText(nameFromHost(pruned, options.root)), labels);
  pruned = nameFromLabelBefore(pruned, labels);
  return dropEmptyContainers(pruned, options.root);
}

/**
 * Roles that say something only through their name or what they hold:
 * empty, nameless and stateless, one reads as nothing at all (an editor's
 * hidden overlay layer `application`, a live region before its first
 * message, a toolbar whose buttons are all hidden, a field's unnamed arrow
 * icon). Collections are not among them: an empty list, table or listbox
 * says there is nothing in it.
 */
const holdersRoles: ReadonlySet<string> = new Set([
  ...imageRoles,
  "application",
  "group",
  "region",
  "toolbar",
  "document",
  "article",
  "note",
  "figure",
  "form",
  "search",
  "banner",
  "contentinfo",
  "navigation",
  "main",
  "complementary",
  "log",
  "status",
  "alert",
  "marquee",
  "timer",
  "tabpanel",
]);

/** Roles of a table's or grid's cells. */
const gridCellRoles: ReadonlySet<string> = new Set(["gridcell", "cell"]);

/**
 * Drop each row of a {@linkcode holdersRoles} role that holds no row and
 * has no name, value, state or ref of its own, and each empty, nameless
 * cell that is only disabled (see the module doc). `root`, a read's subtree
 * root, stays.
 */
function dropEmptyContainers(rows: TreeRow[], root: number | undefined): TreeRow[] {
  const { children } = childrenOf(rows);
  const keep = rows.map((row, index) => {
    if (children[index] !== 0 || row.backendNodeId === root) return true;
    if (normalize(row.name) !== "" || (row.value ?? "") !== "" || row.active !== undefined) {
      return true;
    }
    // A calendar's blank days outside its month: a disabled cell that holds and says nothing.
    if (gridCellRoles.has(row.role)) {
      return !(row.states.length === 1 && row.states[0] === "disabled");
    }
    return !(holdersRoles.has(row.role) && row.states.length === 0 && !isActionable(row));
  });
  return keep.every(Boolean) ? rows : keepRows(rows, keep);
}

/**
 * Roles of a message a page shows: read by what it says, as a screen
 * reader announces it, so one saying one text is named by it.
 */
const messageRoles: ReadonlySet<string> = new Set(["alert", "status", "tooltip", "note"]);

/**
 * Name each nameless clickable wrapper, and each nameless message
 * ({@linkcode messageRoles}), around exactly one text by that text, and
 * drop the text row (see the module doc): `generic ref=e7` over `text
 * "Marta Nowak"` reads as `generic "Marta Nowak" ref=e7`, as a person reads
 * the option of a list drawn with plain elements; `status` over `text
 * "Saved"` as `status "Saved"`, which a delta then says went by what it
 * said. The row keeps its accessible name (empty) for its ref.
 */
function nameFromText(rows: TreeRow[]): TreeRow[] {
  const { children, firstChild: onlyChild } = childrenOf(rows);
  const keep = new Array<boolean>(rows.length).fill(true);
  let folded = false;
  rows.forEach((row, index) => {
    const message = messageRoles.has(row.role);
    if (!(message || transparentRoles.has(row.role) || row.role === "listitem")) return;
    if (actionableRoles.has(row.role)) return;
    // Taken for a target by its looks (a click handler, a pointer, a grab), not a field whose
    // text is its content.
    const looks = row.states.includes("clickable") || row.states.includes("hoverable") ||
      row.states.includes("draggable");
    if (row.name !== "" || (row.value ?? "") !== "" || !(looks || message)) return;
    if (row.states.includes("editable")) return;
    if (children[index] !== 1) return;
    const text = rows[onlyChild[index]];
    if (text.role !== "StaticText" || children[onlyChild[index]] !== 0) return;
    if (text.states.length > 0 || normalize(text.name) === "") return;
    rows[index] = { ...row, name: text.name, axName: row.name };
    keep[onlyChild[index]] = false;
    folded = true;
  });
  return folded ? keepRows(rows, keep) : rows;
}

/** Controls a custom element draws inside itself, which its `<label>` names through it. */
const hostedControls: ReadonlySet<string> = new Set([
  "checkbox",
  "switch",
  "radio",
  "textbox",
  "searchbox",
  "combobox",
  "slider",
  "spinbutton",
]);

/**
 * Name each nameless control that is the only row of a named plain
 * wrapper by the wrapper's name, and drop the wrapper: a form-associated
 * custom element (`md-checkbox`) takes its `<label>`'s name on its host,
 * while the control in its shadow tree has none, so `generic "Attach device
 * logs"` over `checkbox ref=e3` reads `checkbox "Attach device logs" ref=e3`.
 * The control keeps its accessible name (empty) for its ref.
 */
function nameFromHost(rows: TreeRow[], root: number | undefined): TreeRow[] {
  const { children, firstChild } = childrenOf(rows);
  const keep = new Array<boolean>(rows.length).fill(true);
  let named = false;
  rows.forEach((row, index) => {
    if (row.role !== "generic" || children[index] !== 1 || row.backendNodeId === root) return;
    if (normalize(row.name) === "" || (row.value ?? "") !== "" || isActionable(row)) return;
    const only = firstChild[index];
    const control = rows[only];
    if (!hostedControls.has(control.role) || normalize(control.name) !== "") return;
    // It stands where its host stood (a row with no kept ancestor keeps its own level).
    rows[only] = {
      ...control,
      name: row.name,
      axName: control.axName ?? control.name,
      level: row.level,
    };
    keep[index] = false;
    named = true;
  });
  return named ? keepRows(rows, keep) : rows;
}

/** Controls drawn as a box with their label's text after it. */
const boxedControls: ReadonlySet<string> = new Set(["checkbox", "radio", "switch"]);

/**
 * Name each nameless checkbox, radio or switch by the text right after it
 * among its siblings, which goes: a label a script pairs with its box
 * (Semantic UI's and Fomantic-UI's `<label>` with no `for`), the text of a
 * to-do item beside its box. `checkbox ref=e4` over `text "Send me a weekly
 * summary"` reads `checkbox "Send me a weekly summary" ref=e4`. Only the
 * text after it: a text before a box is as often a question it answers.
 * But a switch right after a `<label>` holding only text (`labels`, by
 * each text's node) is that label's (`nameFromLabelBefore`): a form lays
 * its labels above its fields, and the text after is the next field's.
 * The control keeps its accessible name (empty) for its ref.
 */
function nameFromTextBeside(rows: TreeRow[], labels: ReadonlyMap<number, number>): TreeRow[] {
  const keep = new Array<boolean>(rows.length).fill(true);
  let named = false;
  rows.forEach((row, index) => {
    if (!boxedControls.has(row.role) || normalize(row.name) !== "") return;
    const before = rows[index - 1];
    if (
      row.role === "switch" && before?.parent === row.parent && before.role === "StaticText" &&
      labels.has(before.backendNodeId)
    ) return;
    const text = rows[index + 1];
    if (text === undefined || text.parent !== row.parent || text.role !== "StaticText") return;
    if (text.states.length > 0 || normalize(text.name) === "") return;
    if (rows[index + 2]?.parent === index + 1) return;
    rows[index] = { ...row, name: text.name, axName: row.axName ?? row.name };
    keep[index + 1] = false;
    named = true;
  });
  return named ? keepRows(rows, keep) : rows;
}

/** How many child rows each row has, and the index of its first (-1 for none). */
function childrenOf(rows: readonly TreeRow[]): { children: number[]; firstChild: number[] } {
  const children = new Array<number>(rows.length).fill(0);
  const firstChild = new Array<number>(rows.length).fill(-1);
  rows.forEach((row, index) => {
    if (row.parent === null) return;
    if (children[row.parent]++ === 0) firstChild[row.parent] = index;
  });
  return { children, firstChild };
}

/** Roles of the wrappers that give way to their only row (see the module doc). */
const loneWrapperRoles: ReadonlySet<string> = new Set(["cell", "listitem", "gridcell"]);

/**
 * Drop each lone wrapper (see the module doc): its name, when it has one,
 * is only its row's (Chrome names a cell from its contents). `root`, a
 * read's subtree root, stays.
 */
function dropLoneWrappers(rows: TreeRow[], root: number | undefined): TreeRow[] {
  const { children, firstChild } = childrenOf(rows);
  const lone = (row: TreeRow, index: number) => {
    if (!loneWrapperRoles.has(row.role) || children[index] !== 1) return false;
    if (row.backendNodeId === root || (row.value ?? "") !== "") return false;
    const only = rows[firstChild[index]];
    // A state the row it holds says too is no state of its own (a disabled day's cell and
    // button).
    if (!row.states.every((state) => only.states.includes(state))) return false;
    // A grid's cell takes a click itself: it gives way only to a row that takes one too (a
    // calendar's day button), never to its text.
    if (isActionable(row) && !isActionable(only)) return false;
    const name = normalize(row.name);
    return name === "" || name === normalize(only.name);
  };
  const keep = rows.map((row, index) => !lone(row, index));
  return keep.every(Boolean) ? rows : keepRows(rows, keep);
}

/**
 * Roles of a named row that is only the click of the row around it, when it
 * has that row's name: a Blueprint menu's `option "Design"` drawn around
 * its `<a>` read as `link "Design"`; in an option, its checkbox (Carbon's
 * MultiSelect: the option's click checks it). Never a field: the textbox a
 * combobox of ARIA 1.0 holds is where its text goes.
 */
const echoingRoles: ReadonlySet<string> = new Set(["link", "button"]);

/** Whether `inner`, named as `outer` is, is only `outer`'s click (see {@linkcode echoingRoles}). */
function echoesClick(outer: TreeRow, inner: TreeRow): boolean {
  return echoingRoles.has(inner.role) || (inner.role === "checkbox" && outer.role === "option");
}

/**
 * Drop each row that takes a click and is the only row of a named row that
 * takes one too, holding nothing but the text of that name, and is
 * nameless or a link or button of that very name: a calendar's day drawn as
 * a listening `span` in its `gridcell` (PrimeVue's DatePicker), a `span`
 * with the click handler in a `button`, the link of a menu's option
 * (Blueprint's Select). It adds a second ref for the same click and a line
 * for the same words; its states (a day `disabled` or `selected` on the
 * span) join the outer row's.
 */
function dropEchoingTargets(rows: TreeRow[]): TreeRow[] {
  const { children, firstChild } = childrenOf(rows);
  const keep = new Array<boolean>(rows.length).fill(true);
  let dropped = false;
  rows.forEach((outer, index) => {
    if (children[index] !== 1 || !isActionable(outer)) return;
    const name = normalize(outer.name);
    if (name === "") return;
    const at = firstChild[index];
    const inner = rows[at];
    // A grid's cell and the button of its day have their rule: the lone wrapper's.
    const echoes = inner.name === "" ||
      (echoesClick(outer, inner) && !gridCellRoles.has(outer.role) &&
        normalize(inner.name) === name);
    if (!echoes || (inner.value ?? "") !== "" || !isActionable(inner)) return;
    if (children[at] > 1) return;
    if (children[at] === 1) {
      const text = rows[firstChild[at]];
      if (text.role !== "StaticText" || children[firstChild[at]] !== 0) return;
      if (normalize(text.name) !== name) return;
      keep[firstChild[at]] = false;
    }
    rows[index] = withStatesOf(outer, inner);
    keep[at] = false;
    dropped = true;
  });
  return dropped ? keepRows(rows, keep) : rows;
}

/**
 * `kept`, a row that stands for another that goes, with the states of
 * `gone` too, in the vocabulary's order; `clickable` is not carried over,
 * as `kept` takes the click by its own role or state.
 */
function withStatesOf(kept: TreeRow, gone: TreeRow): TreeRow {
  const states = new Set([...kept.states, ...gone.states.filter((s) => s !== "clickable")]);
  return { ...kept, states: stateOrder.filter((state) => states.has(state)) };
}

/** Roles of the popup a combobox opens, which its field may own in the tree. */
const popupRoles: ReadonlySet<string> = new Set(["listbox", "menu", "tree", "grid", "dialog"]);

/**
 * Drop each nameless row that takes a click around a named row of its own
 * role, when all else it holds is text that repeats that row's value or
 * name, or the popup it owns (which stays, beside the named row): Vuetify
 * draws its Select as a `combobox` field around the named `combobox`
 * input, with the chosen item's text between, so one widget read as three
 * rows. The named row stays with its ref; states only the
 * outer row had (expanded, on some libraries' fields) join it. `root`, a
 * read's subtree root, stays.
 */
function dropNamelessTwins(rows: TreeRow[], root: number | undefined): TreeRow[] {
  const { children } = childrenOf(rows);
  const under = Map.groupBy(rows.keys(), (index) => rows[index].parent);
  const keep = new Array<boolean>(rows.length).fill(true);
  let dropped = false;
  rows.forEach((outer, index) => {
    if (outer.name !== "" || (outer.value ?? "") !== "" || !isActionable(outer)) return;
    if (outer.backendNodeId === root) return;
    const inside = under.get(index) ?? [];
    const twins = inside.filter((at) => rows[at].role === outer.role && rows[at].name !== "");
    if (twins.length !== 1) return;
    const twin = rows[twins[0]];
    const says = new Set([normalize(twin.name), normalize(twin.value ?? "")]);
    const echoes = inside.filter((at) => at !== twins[0]);
    const echo = (at: number) =>
      rows[at].role === "StaticText" && children[at] === 0 && says.has(normalize(rows[at].name));
    // The popup the field owns (its listbox, open) stays, beside the field.
    const popup = (at: number) => popupRoles.has(rows[at].role);
    if (!echoes.every((at) => echo(at) || popup(at))) return;
    rows[twins[0]] = withStatesOf(twin, outer);
    keep[index] = false;
    for (const at of echoes) if (!popup(at)) keep[at] = false;
    dropped = true;
  });
  return dropped ? keepRows(rows, keep) : rows;
}

/**
 * Roles whose children are presentational (WAI-ARIA 1.2): assistive
 * technology reads the control by its name and not the text inside it, so
 * the `⋯` or `more_vert` glyph of an icon button named "Actions" adds
 * nothing (a badge's count the name leaves out is left out for a screen
 * reader too).
 */
const presentationalChildren: ReadonlySet<string> = new Set([
  "button",
  "checkbox",
  "radio",
  "switch",
  "tab",
  "option",
  "MenuListOption",
  "menuitemcheckbox",
  "menuitemradio",
  "slider",
  "progressbar",
  "meter",
  "scrollbar",
  "separator",
]);

/** Roles of the popup a native `<select>` draws itself, holding its options. */
const nativePopups: ReadonlySet<string> = new Set(["MenuListPopup"]);

/** Whether `option` is in a native select's popup, directly or in an `<optgroup>` there. */
function inNativePopup(option: AxNode, byId: ReadonlyMap<number, AxNode>): boolean {
  const parent = byId.get(option.parentId ?? -1);
  if (parent === undefined) return false;
  if (nativePopups.has(parent.role)) return true;
  return parent.role === "group" && nativePopups.has(byId.get(parent.parentId ?? -1)?.role ?? "");
}

function keeps(node: AxNode, nearest: TreeRow | undefined): boolean {
  if (droppedRoles.has(node.role) || documentRoles.has(node.role)) return false;
  if (decorates(node, nearest)) return false;
  const name = normalize(node.name);
  if (node.role === "StaticText") {
    if (name === "" || nearest === undefined) return name !== "";
    const parentName = normalize(nearest.name);
    const parentValue = normalize(nearest.value ?? "");
    if (name === parentName || name === parentValue) return false;
    // A label drawn inside its own field (Material's floating label) is the field's name.
    if (labelText(name) === parentName) return false;
    // An editor's value already holds the text its lines and tokens show, and a select's face
    // the choices it draws (bootstrap-select's `Payments`, `,`, `Support`).
    const showsValue = nearest.states.includes("editable") || nearest.role === "combobox";
    if (showsValue && parentValue.includes(name)) return false;
    // A named control whose children are presentational is read by its name alone.
    if (parentName !== "" && presentationalChildren.has(nearest.role)) return false;
    // A glyph drawn beside a named control's name (a pager's `«` in `link "First"`) says
    // nothing its name does not.
    if (parentName !== "" && isActionable(nearest) && glyphOnly(name)) return false;
    if (contentNamedRoles.has(nearest.role)) return !parentName.includes(name);
    // A wrapper the page named itself (`aria-label`) already says its own text.
    return !(transparentRoles.has(nearest.role) && containsWords(parentName, name));
  }
  if (transparentRoles.has(node.role)) {
    return name !== "" || (node.value ?? "") !== "" || isActionable(node);
  }
  // Formatting says how its text looks, which only an editor's content is about.
  if (formattingRoles.has(node.role)) {
    return name !== "" || (node.value ?? "") !== "" || isActionable(node) ||
      node.states.includes("editable");
  }
  return true;
}

/**
 * Whether `node` only decorates its nearest kept ancestor (see the module
 * doc): it has no name or value, and what it would add — an icon, or an
 * inherited `editable` with its ref — the ancestor already shows.
 */
function decorates(node: AxNode, nearest: TreeRow | undefined): boolean {
  if (nearest === undefined || normalize(node.name) !== "" || (node.value ?? "") !== "") {
    return false;
  }
  if (imageRoles.has(node.role)) {
    return !isActionable(node) && normalize(nearest.name) !== "" && isActionable(nearest);
  }
  if (transparentRoles.has(node.role) && !actionableRoles.has(node.role)) {
    // Every state it has, the editable ancestor has too: no state of its own, no ref of its own.
    return nearest.states.includes("editable") &&
      node.states.every((state) => nearest.states.includes(state));
  }
  return false;
}

/**
 * Whether `node` is content of an editor whose only claim to `editable` is
 * the editor it sits in (`strong editable` under `textbox "Message"
 * editable`): the word adds nothing and the ref belongs to the editor.
 */
function inheritsEditable(
  node: AxNode,
  nearest: TreeRow | undefined,
  nearestWithinEditor: boolean,
): boolean {
  if (nearest === undefined || !node.states.includes("editable")) return false;
  if (actionableRoles.has(node.role)) return false;
  const editorStates = nearestWithinEditor ? [...nearest.states, "editable"] : nearest.states;
  return editorStates.includes("editable") &&
    node.states.every((state) => editorStates.includes(state));
}

function toRow(
  node: AxNode,
  parent: number | null,
  level: number,
  children: ReadonlyMap<number, readonly AxNode[]>,
): TreeRow {
  const row: TreeRow = {
    backendNodeId: node.backendNodeId,
    role: node.role,
    name: node.name,
    // `clickable` says why a row without a widget role has a ref; a widget needs no such word.
    states: stateOrder.filter((state) =>
      node.states.includes(state) && !(state === "clickable" && actionableRoles.has(node.role))
    ),
    level,
    parent,
  };
  copyRowTexts({ ...node, value: ownValue(node, children) }, row);
  if (node.axRole !== undefined) row.axRole = node.axRole;
  if (node.axName !== undefined) row.axName = node.axName;
  return row;
}

/**
 * A node's value without its own label: a select that is no text field
 * (`combobox`, not `editable`) takes its value from everything it shows,
 * and Material's selects draw their floating label inside, so Chromium
 * reads `"Severity* Critical"` for the choice "Critical" (and `"Severity*"`
 * before any). When a text inside the select is its name (maybe with a
 * required marker), the value is what follows that label. A native
 * select's value is its chosen option, whatever words it shares with the
 * name, and a text field's is what the person typed: neither is touched.
 */
function ownValue(
  node: AxNode,
  children: ReadonlyMap<number, readonly AxNode[]>,
): string | undefined {
  const value = node.value;
  if (value === undefined || node.role !== "combobox" || node.states.includes("editable")) {
    return value;
  }
  const name = normalize(node.name);
  const shown = normalize(value);
  if (name === "" || !shown.startsWith(name) || !drawsLabel(node, name, children)) return value;
  const rest = shown.slice(name.length).replace(/^\s*\*/, "");
  // "Severity" followed by more of a word ("Severityless") is another text, not the label.
  if (rest !== "" && !/^\s/.test(rest)) return value;
  const own = rest.trim();
  return own === "" ? undefined : own;
}

/** Whether a text among the first nodes inside `node` reads as the label `name`. */
function drawsLabel(
  node: AxNode,
  name: string,
  children: ReadonlyMap<number, readonly AxNode[]>,
): boolean {
  const queue = [...children.get(node.backendNodeId) ?? []];
  // A label sits at the top of its field: a few dozen nodes in is deep enough.
  for (let seen = 0; seen < queue.length && seen < 32; seen++) {
    const inside = queue[seen];
    if (inside.role === "StaticText" && labelText(inside.name) === name) return true;
    queue.push(...children.get(inside.backendNodeId) ?? []);
  }
  return false;
}

/**
 * Drop a leaf `StaticText` equal to the name of its nearest non-text
 * sibling either way, over other texts between them, a required marker
 * aside (`text "Title*"` beside `textbox "Title"`).
 */
function dropLabelEchoes(rows: TreeRow[]): TreeRow[] {
  const siblings = new Map<number | null, number[]>();
  const hasChildren = new Array<boolean>(rows.length).fill(false);
  rows.forEach((row, index) => {
    if (row.parent !== null) hasChildren[row.parent] = true;
    const list = siblings.get(row.parent);
    if (list === undefined) siblings.set(row.parent, [index]);
    else list.push(index);
  });
  const keep = new Array<boolean>(rows.length).fill(true);
  let dropped = false;
  for (const list of siblings.values()) {
    list.forEach((index, k) => {
      const row = rows[index];
      if (row.role !== "StaticText" || hasChildren[index]) return;
      const text = labelText(row.name);
      // The nearest sibling that is not a text, either way: a tag field shows its chosen
      // values as texts between its label and its input.
      const nearest = (step: number) => {
        let at = k + step;
        while (at >= 0 && at < list.length && rows[list[at]].role === "StaticText") at += step;
        return list[at];
      };
      const echoes = (other: number | undefined) =>
        other !== undefined && normalize(rows[other].name) === text;
      if (echoes(nearest(-1)) || echoes(nearest(1))) {
        keep[index] = false;
        dropped = true;
      }
    });
  }
  return dropped ? keepRows(rows, keep) : rows;
}

/**
 * Whether `words` stands in `text` as whole words (`15` in `December 15,
 * 2026`, not `5`): a label's own text inside a name it gave its container.
 */
function containsWords(text: string, words: string): boolean {
  let at = text.indexOf(words);
  const wordChar = /[\p{L}\p{N}]/u;
  while (at >= 0) {
    const before = at === 0 ? "" : text[at - 1];
    const after = text[at + words.length] ?? "";
    if (!wordChar.test(before) && !wordChar.test(after)) return true;
    at = text.indexOf(words, at + 1);
  }
  return false;
}
