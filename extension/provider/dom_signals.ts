/**
 * What the page's own rendering says about its elements, beside the
 * accessibility tree: which elements a person would take for clickable or
 * draggable, which are not really on screen, and which are rich-text
 * editors that hold no text of their own. The input is one
 * `DOMSnapshot.captureSnapshot` of the top-level document (computed styles
 * {@linkcode signalStyles}); the output is a few flags per backend node ID.
 * Nothing here talks to a browser, and the only page text that leaves this
 * module is an icon's name, a short word taken from how icon sets mark
 * their icons (`icon_names.ts`): other text is only tested for being blank.
 *
 * The rules, each for a class of page:
 *
 * - **clickable**: a click or mouse listener or `onclick` (the snapshot's
 *   `isClickable`), `cursor: pointer` that the parent does not already
 *   have (so a link's inner spans are not targets of their own), or a
 *   positive `tabindex` — unless its cursor is a resize cursor, or it is an
 *   empty strip at most eight pixels across (a grid's column edge listens
 *   to be dragged), or it has no box over a pixel to aim a click
 *   at (the empty React root a button's press wave is drawn in), the
 *   element is a control (its role says
 *   enough) or holds a drawn control or another
 *   such element (a container that only delegates its children's clicks;
 *   a closed menu's items, not drawn at all, leave its dropdown a target),
 *   is a `<label>` (its click goes to its control), the document or body,
 *   or lies inside an editor (everything editable counts as clickable).
 *   A table cell or list item holding its own text is clickable too where
 *   a widget listens for it: a click listener on an ancestor at most
 *   {@linkcode delegation.levels} levels up (not the document or body)
 *   whose subtree is widget-sized (at most {@linkcode delegation.elements}
 *   elements) and holds no control (an app's root, where React listens,
 *   holds its buttons; a data table its row actions), when nothing inside
 *   the cell or around it is a target already. That is how calendars draw
 *   their days (bootstrap-datepicker's and daterangepicker's cells, one
 *   listener on the calendar or month, the pointer cursor set only on
 *   hover) and how plain-script menus draw their items.
 *   A row or card that holds controls is clickable still where its own
 *   pointer cursor starts (or it listens and the page put it in the tab
 *   order, `tabindex="0"`) and it holds text of its own outside them and
 *   is widget-sized (at most {@linkcode hoverHost.elements} elements): a
 *   mail list's row with its checkbox and star, a board's card with its
 *   edit button, a table row that opens its record; not inside a control
 *   or an item that is a target of its own (a tree item), nor a column's
 *   header (its sort button is its control), nor the face of a field it
 *   holds (a select's box around its search input). A container that only
 *   listens (a React root, a menu panel stopping its clicks' propagation)
 *   stays none: nothing says a person clicks it.
 * - **hoverable**: a row, card or menu entry that holds text and a button,
 *   link or menu item not drawn (`display: none` or not visible, as
 *   `.row:hover .delete { display: inline }` hides a list's row actions
 *   until the pointer rests on the row; not a closed dialog's, which show
 *   when it opens), the nearest drawn element around
 *   it, when nothing drawn inside it is a target (a drawn link there is
 *   what a person hovers) and it is widget-sized (at most
 *   {@linkcode hoverHost.elements} elements): without it, a row whose
 *   actions show only on hover has nothing to point at. Where the one
 *   target drawn inside is a link that says it opens no popup (no
 *   `aria-expanded`, no `aria-haspopup`: a dropdown's toggle opens on a
 *   click), the link is hoverable: a site's menu whose submenus show on
 *   `li:hover`, a card whose buttons show while its title is hovered.
 * - **draggable**: `draggable="true"`, or `cursor: grab`/`move` that the
 *   parent does not already have (a sortable list's drag handle).
 * - **icon**: on a control or clickable element, the name of the icon it
 *   is or holds, the first in document order, else, where it holds no
 *   words, what its own class says it does (a calendar's
 *   `flatpickr-prev-month` arrow, a select's `el-select__caret`;
 *   `icon_names.ts`); the projection shows it where the control has no
 *   name.
 * - **hidden**: not rendered for a person although the accessibility tree
 *   may still list it: `visibility` other than visible, `aria-hidden`,
 *   `inert`, a box larger than a pixel that `clip` or `clip-path` cuts to
 *   nothing (a closed popup: Chosen's results and their search field), or
 *   a box at most 1 px wide or high with nothing larger
 *   showing beneath it (the one-pixel clip of select2 or Tom Select, a
 *   zero-size native select; a field the typing goes to is not hidden by
 *   it, nor by a wrapper shrunk so, as PrimeVue's MultiSelect hides the
 *   `combobox` input a click on its box focuses), or see-through
 *   (`opacity: 0`, its own or an ancestor's) and withdrawn by the page
 *   itself (the `hidden` attribute that a stylesheet overrides, or
 *   `tabindex="-1"`: the native select
 *   Choices.js lays invisibly over its widget); inherited by everything
 *   inside (the options of a hidden `<select>` have no box of their own).
 *   See-through alone is not hidden: controls that fade in on hover are;
 *   but a see-through picture (`img`, `svg`, role `img`) outside a control
 *   that takes no clicks is: nobody sees it (Dropzone's success and error
 *   marks until one fades in). A checkbox, radio or
 *   file input that a rendered `<label>` stands in for is not hidden: a
 *   person clicks its label; nor is a button made a switch, checkbox or
 *   radio so labelled (Carbon's Toggle). Nor is an icon that hides itself with
 *   `aria-hidden` and takes clicks itself (a listener or its own pointer
 *   cursor): MUI's and Font Awesome's icons are `aria-hidden` by default,
 *   and a page that puts its click on the icon (`<DeleteIcon onClick>`, a
 *   toast's `×`) leaves a person's only way to act outside the tree. Only
 *   an icon: drawn, at most {@linkcode hiddenIcons} in size, with no
 *   letter or digit, not inside a control or an item, not inside anything
 *   hidden (a modal's backdrop hides the page behind it with `aria-hidden`
 *   on an ancestor; a carousel its slides), and named by its icon set or by
 *   the glyph it draws (a nameless one is mostly a widget's own part, a
 *   combo box's toggle arrow). It is marked `ariaHidden`; what it holds
 *   stays hidden.
 * - **editingHost** and **blank**: the element where `contenteditable`
 *   starts, and whether it holds no text besides placeholders (subtrees
 *   marked `contenteditable="false"` or `aria-hidden`, and `::before`
 *   content, which has no text node).
 * - **scrollable**: an element a person can scroll (`overflow` auto, scroll
 *   or overlay) that hides at least half as much again as it shows, a row's
 *   height at least (a virtual list draws only the rows in view); not the
 *   page's own scrolling, a control or an editor. A scroller whose only
 *   child is a list, a listbox, a grid or a table (a dropdown's scroll
 *   wrapper around its listbox) passes the mark to it: the row a person
 *   reads is the list, and a wrapper row that comes and goes as a filter
 *   shortens the list would take the list in and out of it.
 * - **standsFor**: a visible `<label>` whose checkbox or radio (by `for`, or
 *   the one inside it) is not rendered: the label is the control a person
 *   clicks, and the tree has no node for the input.
 * - **pointerless**: a link, button, tab, menu item or element that wants
 *   clicks with `pointer-events: none` of its own: no click reaches it, as
 *   none reaches a disabled control (a pager's "Previous" on its first
 *   page). Not one that inherits it: a page whose dropdown is open may turn
 *   pointer events off on the whole body, so a click anywhere else only
 *   closes the dropdown; nor one inside a control or an item, which takes
 *   the click that passes through. An action on it is
 *   still refused by the hit test, which names what the click would reach.
 * - **placeholder**: a custom select's trigger that its library marks as
 *   showing its placeholder (`data-placeholder`, `data-placeholder-shown`,
 *   PrimeVue's `data-p="placeholder"`, the Prime family's `p-placeholder`).
 *
 * Beside the flags, the texts that plain inline elements split and the
 * layout shows as one run (`text_runs.ts`, from each box's `display` and
 * bounds), which the projection reads as one text.
 *
 * @module
 */
import { textRuns } from "./text_runs.ts";
import { isRecord } from "../../contracts/json.ts";
import { glyphOnly } from "../../contracts/text.ts";
import { classWord, iconName } from "./icon_names.ts";

/** The computed styles the reduction reads, in this order. */
export const signalStyles = [
  "cursor",
  "visibility",
  "overflow-x",
  "overflow-y",
  "opacity",
  "clip",
  "clip-path",
  "pointer-events",
  "display",
] as const;

/** Each style's position in a layout box's styles: its place in {@linkcode signalStyles}. */
const styleAt = Object.fromEntries(signalStyles.map((name, i) => [name, i])) as Record<
  (typeof signalStyles)[number],
  number
>;

/**
 * The parts of a `DOMSnapshot.captureSnapshot` answer the signals read, as
 * {@linkcode parseSnapshot} checked them.
 */
export interface Snapshot {
  /** The top-level document first; frames' documents after it are neither read nor checked. */
  documents: [SnapshotDocument, ...unknown[]];
  strings: string[];
}

/** One document of a {@linkcode Snapshot}: its nodes and their layout boxes, by index. */
interface SnapshotDocument {
  nodes: {
    parentIndex: number[];
    nodeType: number[];
    nodeName: number[];
    nodeValue?: number[];
    backendNodeId: number[];
    attributes?: number[][];
    isClickable?: { index: number[] };
    inputChecked?: { index: number[] };
  };
  layout: {
    nodeIndex: number[];
    styles: number[][];
    bounds: number[][];
    // With `includeDOMRects`: each box's scroll offset and size, and its client box.
    scrollRects?: number[][];
    clientRects?: number[][];
  };
}

/** The flags of one node; a node with none is not listed. */
export interface NodeSignals {
  hidden: boolean;
  clickable: boolean;
  /** Resting the pointer on it draws controls it holds (see the module doc). */
  hoverable?: boolean;
  /** The icon it is or holds, as its icon set names it (see the module doc). */
  icon?: string;
  draggable: boolean;
  editingHost: boolean;
  /** An editing host with no text of its own (only placeholders, if anything). */
  blank: boolean;
  /**
   * The widget role the element declares (`role="option"`) where that role
   * needs a container around it ({@linkcode contextRoles}): Chromium drops
   * it to `generic` when the container is not its parent in the tree it
   * builds (an option in a table's cell, or slotted into a shadow-DOM
   * listbox), though the page draws and handles it as one.
   */
  declaredRole?: string;
  /**
   * `aria-current` set (other than "false"): the page, step or slide the
   * element stands for is the one shown. Or, where the page says nothing in
   * ARIA, the one item of a list of links or buttons its class marks as
   * the active one (see {@linkcode activeClasses}). The tree Chromium sends omits it.
   */
  current?: boolean;
  /**
   * `aria-selected="true"` on an element whose role Chromium takes no
   * selection for (a calendar's day drawn as a `button`): the page shows
   * it chosen all the same.
   */
  selected?: boolean;
  /**
   * The element shows its placeholder, not a value: a custom select's
   * trigger its library marks while nothing is chosen (`data-placeholder`,
   * Radix and the many kits on it; `data-placeholder-shown`, Zag, Ark and
   * Chakra). Chromium takes the text it shows for its value.
   */
  placeholder?: boolean;
  /**
   * The element scrolls its own content and hides at least half as much
   * again as it shows (see {@linkcode scrollsFar}): a list or grid that
   * draws only the rows in view holds more than the page lists.
   */
  scrollable?: boolean;
  /**
   * An icon the page hid from the tree with `aria-hidden` on itself and made
   * the click target (see the module doc): a person sees and clicks it, the
   * tree has only an ignored node for it.
   */
  ariaHidden?: boolean;
  /**
   * The glyph such an icon draws as its text (`×`, `⋮`), where no icon set
   * names it: the tree gives its ignored node no name.
   */
  glyph?: string;
  /**
   * A `<label>` whose checkbox or radio is not rendered (`display: none`:
   * Tailwind's `hidden peer`, a CSS star rating) stands for it: a person
   * clicks the label, and the tree holds no node for the input. Its role
   * and whether it is checked.
   */
  standsFor?: { role: "checkbox" | "radio"; checked: boolean };
  /**
   * A link, button, tab or menu item, or an element that wants clicks, that
   * the page turned pointer events off on (`pointer-events: none` set on it,
   * not inherited: Bootstrap's `.disabled` link button, a pager's "Previous"
   * on the first page): a click passes through it to what is beneath, as
   * nothing reaches a disabled control.
   */
  pointerless?: boolean;
}

/** The reduction of one snapshot. */
export interface DomSignals {
  /** Flags by backend node ID. */
  nodes: ReadonlyMap<number, NodeSignals>;
  /**
   * A text node's parent element when that element is clickable or
   * draggable, by backend node ID: Chromium leaves such an element out of
   * its accessibility tree when it has no listener of its own (a span styled
   * `cursor: pointer` whose clicks a framework handles at the root).
   */
  textHosts: ReadonlyMap<number, number>;
  /**
   * Texts that plain inline elements split, by backend node ID, each to its
   * run's first text's: one run as laid out (`text_runs.ts`).
   */
  textRuns?: ReadonlyMap<number, number>;
  /** Elements in the snapshot: what the read cost. */
  size: number;
  /**
   * Every node the snapshot holds, by backend node ID: one it does not hold
   * (the inner text of a field, in the browser's own shadow tree) has no
   * signals of its own.
   */
  known: ReadonlySet<number>;
}

const elementNode = 1;
const textNode = 3;
const pointerCursors = new Set(["pointer"]);
const dragCursors = new Set(["grab", "grabbing", "move", "-webkit-grab", "-webkit-grabbing"]);
/** An empty box this thin, in CSS pixels, is an edge or a rule, never a control by itself. */
const thinPx = 8;
const resizeCursors = new Set([
  "col-resize",
  "row-resize",
  "ew-resize",
  "ns-resize",
  "nesw-resize",
  "nwse-resize",
  "e-resize",
  "w-resize",
  "n-resize",
  "s-resize",
  "ne-resize",
  "nw-resize",
  "se-resize",
  "sw-resize",
]);
const notTargets = new Set(["HTML", "BODY", "LABEL"]);
/** Where a listener on an ancestor makes a cell or item a target (see the module doc). */
export const delegation = {
  /** How far up the listener may be: a calendar's day sits five levels below its popup. */
  levels: 6,
  /** The most elements the listener's subtree holds: a widget, not a page's app root. */
  elements: 400,
} as const;
/** The longest glyph an icon's text may be, in UTF-16 units (`×`, `⋮`, an emoji). */
const maxGlyph = 4;
/** What an icon the page hid from the tree and clicks on may be (see the module doc). */
export const hiddenIcons = {
  /** The most elements it holds: an `<svg>` and its shapes. */
  elements: 16,
  /** The largest it is across and down, in CSS pixels. */
  px: 64,
} as const;
/** Where controls drawn only on hover make the element around them a target. */
export const hoverHost = {
  /** The most elements it holds: a row or a card, not a page's section. */
  elements: 60,
} as const;
/**
 * Roles of items that are targets of their own (a tree's item, a grid's
 * cell): a row of controls drawn inside one (MUI's tree item's content,
 * with its checkbox) is the item's own face, not a second target.
 */
const itemRoles = new Set(["treeitem", "gridcell", "menuitemcheckbox", "menuitemradio"]);
/**
 * Elements that are no row of controls, whatever they hold: a column's
 * header labels its column, and what it holds (a sort button) is its
 * control.
 */
const notRows = new Set(["TH"]);
/**
 * Classes that mark the item shown of a set (Bootstrap 3's and Bulma's tabs
 * and pagers, Vue Router's link to the page shown, a pricing toggle's
 * `active` button): the one item among its siblings that has one is current.
 */
const activeClasses = new Set([
  "active",
  "is-active",
  "current",
  "is-current",
  "selected",
  "is-selected",
  "router-link-exact-active",
]);
/** A class list that may hold one of {@linkcode activeClasses}. */
const activeHint = /active|current|selected/;
/** ARIA states that say which item is chosen: where one is set, the class says no more. */
const ariaChoices = ["aria-current", "aria-selected", "aria-checked", "aria-pressed"];
/**
 * What a scroller passes its mark to: lists, by tag or by role, whose rows
 * show whether or not they scroll (a `rowgroup` shows only then).
 */
const listTags = new Set(["UL", "OL", "MENU", "TABLE"]);
const listRoles = new Set([
  "list",
  "listbox",
  "grid",
  "treegrid",
  "tree",
  "table",
  "menu",
  "tablist",
  "feed",
  "radiogroup",
]);
/** Roles of dialogs, whose closed buttons show when they open, never on hover. */
const dialogRoles = new Set(["dialog", "alertdialog"]);
/** Controls a page draws only while the pointer rests on what holds them. */
const revealedTags = new Set(["BUTTON", "A"]);
const revealedRoles = new Set(["button", "link", "menuitem"]);
/** Roles of what is pressed to act: a click through them is lost (`NodeSignals.pointerless`). */
const pressRoles = new Set([...revealedRoles, "tab", "menuitemcheckbox", "menuitemradio"]);
/** What a widget draws its delegated targets as. */
const delegatedTags = new Set(["TD", "LI"]);
const controlTags = new Set(["BUTTON", "SELECT", "TEXTAREA", "SUMMARY"]);
const controlRoles = new Set([
  "button",
  "link",
  "checkbox",
  "radio",
  "switch",
  "tab",
  "menuitem",
  "option",
  "textbox",
  "combobox",
]);
const labelledTypes = new Set(["checkbox", "radio", "file"]);
/** Inputs a label stands for when they are not rendered (`NodeSignals.standsFor`). */
const toggleTypes = new Set(["checkbox", "radio"]);
/** How far up from a checkbox or radio the label around it is looked for. */
const labelLevels = 8;
/**
 * Roles whose parts are one control: a click anywhere on a switch toggles it,
 * so its track, knob and label text are never targets of their own.
 */
const toggleRoles = new Set(["checkbox", "radio", "switch"]);
/** Widget roles that need a container role around them, as WAI-ARIA requires. */
const contextRoles = new Set([
  "option",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "treeitem",
  "tab",
]);
/** Roles of an element that takes typed text. */
const keyTargetRoles = new Set(["textbox", "searchbox", "combobox"]);
/** Types of an input that takes typed text. */
const typedTypes = new Set(["", "text", "search", "email", "url", "tel", "password", "number"]);

/**
 * A scroller's sizes as its element reads them, in the shapes of the
 * snapshot's `scrollRects` and `clientRects`: `[scrollLeft, scrollTop,
 * scrollWidth, scrollHeight]` and `[clientLeft, clientTop, clientWidth,
 * clientHeight]`.
 */
export interface ScrollSizes {
  scroll: readonly number[];
  client: readonly number[];
}

/**
 * `raw`, a `DOMSnapshot.captureSnapshot` answer, checked: undefined when it
 * is malformed (a part missing or of another type, arrays of different
 * lengths, a parent after its child). Checked by hand, not by a schema: a
 * page of 5,000 elements answers with some 200,000 numbers, and a schema
 * took 15-80 ms of every read to go through them, as long as the signals
 * themselves.
 */
export function parseSnapshot(raw: unknown): Snapshot | undefined {
  if (!isRecord(raw) || !Array.isArray(raw.strings) || !raw.strings.every(isString)) {
    return undefined;
  }
  const documents = raw.documents;
  if (!Array.isArray(documents) || documents.length < 1) return undefined;
  const document: unknown = documents[0];
  if (!isRecord(document) || !isRecord(document.nodes) || !isRecord(document.layout)) {
    return undefined;
  }
  const { nodes, layout } = document;
  const n = isInts(nodes.parentIndex) ? nodes.parentIndex.length : -1;
  const listed = (value: unknown, length: number) => isInts(value) && value.length === length;
  const indexed = (value: unknown) =>
    value === undefined || (isRecord(value) && isInts(value.index));
  if (
    n < 0 || !listed(nodes.nodeType, n) || !listed(nodes.nodeName, n) ||
    !listed(nodes.backendNodeId, n) ||
    (nodes.nodeValue !== undefined && !isInts(nodes.nodeValue)) ||
    (nodes.attributes !== undefined && !listOf(nodes.attributes, isInts, n)) ||
    !indexed(nodes.isClickable) || !indexed(nodes.inputChecked)
  ) return undefined;
  const boxes = isInts(layout.nodeIndex) ? layout.nodeIndex.length : -1;
  if (
    boxes < 0 || !listOf(layout.styles, isInts, boxes) ||
    !listOf(layout.bounds, isNumbers, boxes) ||
    (layout.scrollRects !== undefined && !listOf(layout.scrollRects, isNumbers)) ||
    (layout.clientRects !== undefined && !listOf(layout.clientRects, isNumbers))
  ) return undefined;
  const parents = nodes.parentIndex as number[];
  for (let i = 0; i < n; i++) if (parents[i] >= i || parents[i] < -1) return undefined;
  return raw as unknown as Snapshot;
}

function isString(value: unknown): value is string {
  return typeof value === "string";
}

function isNumbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === "number");
}

function isInts(value: unknown): value is number[] {
  return Array.isArray(value) && value.every(Number.isInteger);
}

/** Whether `value` is a list of `length` items (any length when absent) that each pass `check`. */
function listOf(value: unknown, check: (item: unknown) => boolean, length?: number): boolean {
  return Array.isArray(value) && (length === undefined || value.length === length) &&
    value.every(check);
}

/**
 * The elements of `snapshot`'s top-level document that may scroll (see
 * {@linkcode scrollsFar}), by backend node ID in document order: a box over
 * a pixel each way whose `overflow` lets a person scroll it, not the page's
 * own scroller nor a field. Only these need their scroll and client sizes,
 * which a snapshot taken without DOM rects leaves out: the rects of every box
 * cost the snapshot as much again as its nodes on the way to the extension.
 */
export function scrollCandidates(snapshot: Snapshot): number[] {
  const { strings } = snapshot;
  const { nodes, layout } = snapshot.documents[0];
  const found: number[] = [];
  layout.nodeIndex.forEach((node, box) => {
    const [, , width = 0, height = 0] = layout.bounds[box];
    if (width <= 1 || height <= 1) return;
    const styles = layout.styles[box];
    if (
      !scrollAxes.some(([overflow]) => scrollOverflows.has(strings[styles[styleAt[overflow]]]))
    ) return;
    const tag = strings[nodes.nodeName[node]] ?? "";
    if (pageScrollers.has(tag) || fieldTags.has(tag)) return;
    found.push(nodes.backendNodeId[node]);
  });
  return found;
}

/**
 * The signals of `raw`, a `DOMSnapshot.captureSnapshot` answer, read from
 * its first (top-level) document. Undefined when the answer is malformed
 * (see {@linkcode parseSnapshot}): the caller then reads the accessibility
 * tree alone. A scroller's sizes come from the snapshot's DOM rects when it
 * has them, else from `sizes` (see {@linkcode scrollCandidates}); a
 * scroller with neither is not scrollable.
 */
export function reduceSnapshot(
  raw: unknown,
  sizes?: ReadonlyMap<number, ScrollSizes>,
): DomSignals | undefined {
  const snapshot = parseSnapshot(raw);
  return snapshot === undefined ? undefined : reduceParsed(snapshot, sizes);
}

/** {@linkcode reduceSnapshot} of a snapshot already checked. */
export function reduceParsed(
  snapshot: Snapshot,
  sizes?: ReadonlyMap<number, ScrollSizes>,
): DomSignals {
  const { strings } = snapshot;
  const { nodes, layout } = snapshot.documents[0];
  const n = nodes.parentIndex.length;
  const parents = nodes.parentIndex;

  const text = (index: number | undefined) =>
    index === undefined || index < 0 ? "" : strings[index] ?? "";
  const boxOf = new Int32Array(n).fill(-1);
  layout.nodeIndex.forEach((node, box) => {
    if (node >= 0 && node < n && boxOf[node] === -1) boxOf[node] = box;
  });
  const style = (box: number, at: number) => text(layout.styles[box][at]);
  /** Node `at`'s computed `pointer-events`, "" when it has no box. */
  const pointerEvents = (at: number) =>
    boxOf[at] >= 0 ? style(boxOf[at], styleAt["pointer-events"]) : "";
  const attribute = (i: number, name: string): string | undefined => {
    const list = nodes.attributes?.[i] ?? [];
    for (let j = 0; j + 1 < list.length; j += 2) {
      if (text(list[j]) === name) return text(list[j + 1]);
    }
    return undefined;
  };
  const clickListeners = new Set(nodes.isClickable?.index ?? []);
  /**
   * Whether node `i` is a link that opens nothing on a click of its own:
   * no `aria-expanded` or `aria-haspopup` (a dropdown's toggle says it
   * opens on a click), so what its item holds shows on hover.
   */
  const hoversOpen = (i: number): boolean =>
    i >= 0 && text(nodes.nodeName[i]) === "A" && attribute(i, "href") !== undefined &&
    attribute(i, "aria-expanded") === undefined && attribute(i, "aria-haspopup") === undefined;
  /** Whether node `i` is a dialog: `<dialog>`, or the role `dialog` or `alertdialog`. */
  const isDialog = (i: number): boolean =>
    text(nodes.nodeName[i]) === "DIALOG" || dialogRoles.has(attribute(i, "role") ?? "");
  /** The role element `i` declares (its first), if any. */
  const roleOf = (i: number): string | undefined =>
    attribute(i, "role")?.trim().split(/\s+/)[0] || undefined;
  /** Whether element `i` is a list a scroller around it passes its mark to (`listRoles`). */
  const isList = (i: number): boolean => {
    const role = roleOf(i);
    return role === undefined ? listTags.has(text(nodes.nodeName[i])) : listRoles.has(role);
  };
  /** Whether node `i` is a text area or an input that takes typed text. */
  const typedTag = (i: number): boolean => {
    const tag = text(nodes.nodeName[i]);
    return tag === "TEXTAREA" || (tag === "INPUT" && typedTypes.has(attribute(i, "type") ?? ""));
  };
  /** Whether node `i` is a field a person types into: also by its role, or an editor. */
  const typedField = (i: number): boolean => {
    const editable = attribute(i, "contenteditable");
    return typedTag(i) || keyTargetRoles.has(attribute(i, "role") ?? "") ||
      (editable !== undefined && editable !== "false");
  };

  // Pass 1, parents first: cursors as inherited, each element's own signals.
  const cursor = new Array<string>(n);
  const visible = new Uint8Array(n); // a box larger than 1 px, visibility visible
  const tiny = new Uint8Array(n);
  const thin = new Uint8Array(n); // a strip no wider or higher than `thinPx`
  const clips = new Uint8Array(n);
  const seeThrough = new Uint8Array(n); // opacity 0 here or above
  const shut = new Uint8Array(n); // a box larger than a pixel, clipped to nothing

  const wantsClick = new Uint8Array(n);
  const clickedItself = new Uint8Array(n); // its own pointer, or a listener in the tab order
  const inItem = new Uint8Array(n); // inside a control or an item its role makes a target
  // The nearest ancestor with a click listener, within `delegation.levels`, and how far up.
  const listener = new Int32Array(n).fill(-1);
  const listenerUp = new Uint8Array(n);
  // A pointer cursor or tabindex between the element and that listener: the target is there.
  const targetBetween = new Uint8Array(n);
  const wantsDrag = new Uint8Array(n);
  const control = new Uint8Array(n);
  const unseenAction = new Uint8Array(n); // a button, link or menu item not drawn
  const icon = new Array<string | undefined>(n);
  const inTarget = new Uint8Array(n); // inside a control or an element that wants clicks
  const labelledIds = new Set<string>();
  // The checkbox or radio each label names, by `for` or around it (-1: none).
  const labelControl = new Int32Array(n).fill(-1);
  const toggleIds = new Map<string, number>();
  const labelsFor: [label: number, id: string][] = [];
  // How many element children each element has (1 or 2 for more), and the first.
  const elementChildren = new Uint8Array(n);
  const onlyChild = new Int32Array(n).fill(-1);
  // Of an element's element children, whether it has several and how many its class marks
  // active (0, 1, or 2 for more).
  const severalChildren = new Uint8Array(n);
  const activeChildren = new Uint8Array(n);
  const markedActive = new Uint8Array(n);
  let elements = 0;
  for (let i = 0; i < n; i++) {
    const parent = parents[i];
    if (parent >= 0 && nodes.nodeType[i] === elementNode) {
      if (elementChildren[parent]++ === 0) onlyChild[parent] = i;
      elementChildren[parent] = Math.min(2, elementChildren[parent]);
      if (elementChildren[parent] === 2) severalChildren[parent] = 1;
      // Most classes hold no such word: the cheap look first, the split only then.
      const classes = attribute(i, "class");
      if (
        classes !== undefined && activeHint.test(classes) &&
        classes.split(/\s+/).some((name) => activeClasses.has(name))
      ) {
        markedActive[i] = 1;
        activeChildren[parent] = Math.min(2, activeChildren[parent] + 1);
      }
    }
    const parentCursor = parent >= 0 ? cursor[parent] : "";
    const box = boxOf[i];
    cursor[i] = box >= 0 ? style(box, styleAt.cursor) : parentCursor;
    if (box >= 0) {
      const [, , width = 0, height = 0] = layout.bounds[box];
      tiny[i] = width <= 1 || height <= 1 ? 1 : 0;
      thin[i] = width <= thinPx || height <= thinPx ? 1 : 0;
      visible[i] = !tiny[i] && style(box, styleAt.visibility) === "visible" ? 1 : 0;
      clips[i] = style(box, styleAt["overflow-x"]) !== "visible" ||
          style(box, styleAt["overflow-y"]) !== "visible"
        ? 1
        : 0;
    }
    seeThrough[i] = (parent >= 0 && seeThrough[parent]) ||
        (box >= 0 && Number.parseFloat(style(box, styleAt.opacity)) === 0)
      ? 1
      : 0;
    if (parent >= 0) {
      if (clickListeners.has(parent) && !notTargets.has(text(nodes.nodeName[parent]))) {
        listener[i] = parent;
        listenerUp[i] = 1;
      } else if (listener[parent] >= 0 && listenerUp[parent] < delegation.levels) {
        listener[i] = listener[parent];
        listenerUp[i] = listenerUp[parent] + 1;
        targetBetween[i] = wantsClick[parent] || targetBetween[parent];
      }
    }
    if (nodes.nodeType[i] !== elementNode) continue;
    elements++;
    const tag = text(nodes.nodeName[i]);
    const pointerStart = pointerCursors.has(cursor[i]) && !pointerCursors.has(parentCursor);
    const tabindex = Number.parseInt(attribute(i, "tabindex") ?? "", 10);
    // Where a row is clicked itself though it holds controls: its own pointer, or a listener
    // on an element the page put in the tab order (a card made to be opened from the keyboard).
    clickedItself[i] = pointerStart || (clickListeners.has(i) && tabindex === 0) ? 1 : 0;
    // A resize handle (a grid's column edge) listens for the pointer to drag, not to click.
    wantsClick[i] = !resizeCursors.has(cursor[i]) &&
        (clickListeners.has(i) || pointerStart || tabindex > 0)
      ? 1
      : 0;
    const dragStart = dragCursors.has(cursor[i]) && cursor[i] !== parentCursor;
    wantsDrag[i] = attribute(i, "draggable") === "true" || dragStart ? 1 : 0;
    const role = attribute(i, "role");
    control[i] = controlTags.has(tag) || (tag === "A" && attribute(i, "href") !== undefined) ||
        (tag === "INPUT" && attribute(i, "type") !== "hidden") ||
        (role !== undefined && controlRoles.has(role))
      ? 1
      : 0;
    inItem[i] = parent >= 0 &&
        (control[parent] || inItem[parent] || itemRoles.has(attribute(parent, "role") ?? ""))
      ? 1
      : 0;
    // Only a control's icon is ever shown: the attributes of the rest are not read for one.
    inTarget[i] = parent >= 0 && (control[parent] || wantsClick[parent] || inTarget[parent])
      ? 1
      : 0;
    if (control[i] || wantsClick[i] || inTarget[i]) {
      icon[i] = iconName(tag, (name) => attribute(i, name));
    }
    unseenAction[i] = (box < 0 || style(box, styleAt.visibility) !== "visible") &&
        (revealedTags.has(tag) || revealedRoles.has(role ?? ""))
      ? 1
      : 0;
    // A box clipped shut hides what it holds (a closed results list and its search field); a
    // control clipped shut over its face (Ionic's select button) is the face's keyboard stop.
    shut[i] = box >= 0 && !tiny[i] && !control[i] &&
        clippedShut(style(box, styleAt.clip), style(box, styleAt["clip-path"]))
      ? 1
      : 0;
    const labelFor = tag === "LABEL" ? attribute(i, "for") : undefined;
    if (labelFor !== undefined && visible[i]) labelledIds.add(labelFor);
    if (labelFor !== undefined) labelsFor.push([i, labelFor]);
    if (tag === "INPUT" && toggleTypes.has(attribute(i, "type") ?? "")) {
      const id = attribute(i, "id");
      if (id !== undefined && !toggleIds.has(id)) toggleIds.set(id, i);
      // The label around it names it, unless that label names another by `for`.
      let up = parent;
      for (let level = 0; up >= 0 && level < labelLevels; level++, up = parents[up]) {
        if (text(nodes.nodeName[up]) !== "LABEL") continue;
        if (attribute(up, "for") === undefined && labelControl[up] < 0) labelControl[up] = i;
        break;
      }
    }
  }
  for (const [label, id] of labelsFor) labelControl[label] = toggleIds.get(id) ?? -1;
  const checkedInputs = new Set(nodes.inputChecked?.index ?? []);

  // Pass 2, children first: what shows beneath, what is interactive beneath, what text there is.
  const showsBeneath = new Uint8Array(n);
  const interactiveBeneath = new Uint8Array(n);
  const hasText = new Uint8Array(n);
  const holdsText = new Uint8Array(n); // a text of its own, not only in its descendants
  // A letter or digit beneath, hidden or not: more than an icon's glyph (`×`, `⋮`).
  const wordsBeneath = new Uint8Array(n);
  // The glyph an element's own text is, if that text is one (`×`).
  const glyphs = new Map<number, string>();
  const elementsBeneath = new Uint32Array(n);
  const controlBeneath = new Uint8Array(n);
  // Text a person reads beneath, outside the controls and targets there: where a row that
  // holds controls is clicked itself.
  const looseText = new Uint8Array(n);
  // A field typed into beneath, laid out (a select's visually hidden search input too): what
  // holds one is the field's face, clicked to type, not a row of controls.
  const fieldBeneath = new Uint8Array(n);
  // A control not drawn, in the element or in what of it is not drawn either: found on the way
  // up from the control until the nearest drawn element, which holds it.
  const unseenActionIn = new Uint8Array(n);
  // The first icon in an element that is no icon itself.
  const iconIn = new Array<string | undefined>(n);
  // How many drawn targets are beneath (0, 1, or 2 for more), and one of them.
  const drawnTargets = new Uint8Array(n);
  const drawnTarget = new Int32Array(n).fill(-1);
  for (let i = n - 1; i > 0; i--) {
    const parent = parents[i];
    if (parent < 0) continue;
    // A closed dialog's buttons show when it opens, never on hover.
    if ((unseenAction[i] || unseenActionIn[i]) && !visible[i] && !isDialog(i)) {
      unseenActionIn[parent] = 1;
    }
    // Children come last to first: the first icon in document order is the one kept.
    const found = icon[i] ?? iconIn[i];
    if (found !== undefined) iconIn[parent] = found;
    if (nodes.nodeType[i] === elementNode) elementsBeneath[parent] += elementsBeneath[i] + 1;
    if (control[i] || controlBeneath[i]) controlBeneath[parent] = 1;
    if (visible[i] || (showsBeneath[i] && !clips[i])) showsBeneath[parent] = 1;
    // Only what is drawn counts: the items of a closed menu (`display: none`, no box at all,
    // or not visible), whose clicks the menu delegates, leave the dropdown around them its own
    // target.
    const drawn = boxOf[i] >= 0 && style(boxOf[i], styleAt.visibility) === "visible";
    if ((drawn && (control[i] || wantsClick[i])) || interactiveBeneath[i]) {
      interactiveBeneath[parent] = 1;
    }
    const drawnHere = drawn && (control[i] || wantsClick[i]) ? 1 : 0;
    if (drawnHere + drawnTargets[i] > 0) {
      drawnTargets[parent] = Math.min(2, drawnTargets[parent] + drawnHere + drawnTargets[i]);
      drawnTarget[parent] = drawnHere ? i : drawnTarget[i];
    }
    const placeholder = nodes.nodeType[i] === elementNode &&
      (attribute(i, "contenteditable") === "false" || attribute(i, "aria-hidden") === "true");
    const own = nodes.nodeType[i] === textNode ? text(nodes.nodeValue?.[i]).trim() : "";
    const ownText = own !== "";
    if (!placeholder && (ownText || hasText[i])) hasText[parent] = 1;
    if (ownText) holdsText[parent] = 1;
    const glyph = ownText && glyphOnly(own);
    if (wordsBeneath[i] || (ownText && !glyph)) wordsBeneath[parent] = 1;
    if (glyph && own.length <= maxGlyph) glyphs.set(parent, own);
    if (ownText || (!placeholder && looseText[i] && !control[i] && !wantsClick[i])) {
      looseText[parent] = 1;
    }
    if (fieldBeneath[i] || (boxOf[i] >= 0 && typedField(i))) fieldBeneath[parent] = 1;
  }

  // Pass 2b, children first: the cells and items a listener above delegates to (see the
  // module doc) are targets, so the listening container around them is not one itself;
  // `interactiveBeneath` is carried up again with them.
  const delegated = new Uint8Array(n);
  for (let i = n - 1; i > 0; i--) {
    const parent = parents[i];
    if (
      listener[i] >= 0 && !targetBetween[i] && holdsText[i] && !interactiveBeneath[i] &&
      boxOf[i] >= 0 && elementsBeneath[listener[i]] <= delegation.elements &&
      !controlBeneath[listener[i]] &&
      delegatedTags.has(text(nodes.nodeName[i]))
    ) delegated[i] = 1;
    if (parent >= 0 && (delegated[i] || interactiveBeneath[i])) interactiveBeneath[parent] = 1;
  }

  // The item a class marks active among siblings drawn alike (the same tag and, the active
  // ones aside, the same classes: not an open dropdown among a form's fields), or the one
  // target it holds: current.
  const alike = (i: number) =>
    [
      text(nodes.nodeName[i]),
      ...(attribute(i, "class")?.split(/\s+/) ?? []).filter((name) =>
        name !== "" && !activeClasses.has(name)
      ).sort(),
    ].join(" ");
  const looks = new Map<number, Map<string, number>>();
  for (let i = 0; i < n; i++) {
    const parent = parents[i];
    if (parent < 0 || activeChildren[parent] !== 1 || !severalChildren[parent]) continue;
    if (nodes.nodeType[i] !== elementNode) continue;
    const counts = looks.get(parent) ?? new Map<string, number>();
    const look = alike(i);
    counts.set(look, (counts.get(look) ?? 0) + 1);
    looks.set(parent, counts);
  }
  const classCurrent = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const parent = parents[i];
    if (!markedActive[i] || parent < 0 || (looks.get(parent)?.get(alike(i)) ?? 0) < 2) continue;
    const item = control[i] || wantsClick[i] ? i : drawnTargets[i] === 1 ? drawnTarget[i] : -1;
    if (item >= 0 && !ariaChoices.some((name) => attribute(item, name) !== undefined)) {
      classCurrent[item] = 1;
    }
  }

  // Pass 3, parents first: hiding and editing are inherited; the flags are final.
  const hidden = new Uint8Array(n);
  const hiddenOutright = new Uint8Array(n);
  const shrunk = new Uint8Array(n);
  const inLabel = new Uint8Array(n);
  const inToggle = new Uint8Array(n);
  const editable = new Uint8Array(n);
  const flagged = new Uint8Array(n);
  const hoverFace = new Uint8Array(n); // the link a person hovers to draw what its item holds
  const scrolledBy = new Uint8Array(n); // the list a scroller wrapped around it passed its mark to
  const inFlagged = new Uint8Array(n);
  const result = new Map<number, NodeSignals>();
  const textHosts = new Map<number, number>();
  const known = new Set<number>();
  for (let i = 0; i < n; i++) {
    const parent = parents[i];
    const backendNodeId = nodes.backendNodeId[i];
    known.add(backendNodeId);
    if (nodes.nodeType[i] === textNode) {
      if (parent >= 0 && hidden[parent]) {
        result.set(backendNodeId, { ...none, hidden: true });
      } else if (parent >= 0 && flagged[parent] && boxOf[i] >= 0) {
        textHosts.set(backendNodeId, nodes.backendNodeId[parent]);
      }
      continue;
    }
    if (nodes.nodeType[i] !== elementNode) continue;
    const tag = text(nodes.nodeName[i]);
    const box = boxOf[i];
    inFlagged[i] = parent >= 0 && (flagged[parent] || inFlagged[parent]) ? 1 : 0;
    inLabel[i] = (parent >= 0 && inLabel[parent]) || (tag === "LABEL" && visible[i]) ? 1 : 0;
    const toggle = toggleRoles.has(attribute(i, "role")?.trim() ?? "");
    // Below a toggle: its own children, and those of its shadow root (Ionic's toggle).
    inToggle[i] = (parent >= 0 && inToggle[parent]) || toggle ? 1 : 0;
    const partOfToggle = parent >= 0 && inToggle[parent] === 1;
    // A checkbox, radio or file input, or a button made a switch, checkbox or radio (Carbon's
    // Toggle: a pixel-sized `button role="switch"` whose `<label for>` draws the switch).
    const labelled = (tag === "INPUT" && labelledTypes.has(attribute(i, "type") ?? "")) ||
      (tag === "BUTTON" && toggle);
    const standIn = labelled &&
      ((parent >= 0 && inLabel[parent]) || labelledIds.has(attribute(i, "id") ?? ""));
    // Where the keyboard goes in an editor that draws its own text: Monaco's EditContext
    // `textbox` (no width at all), a code editor's hidden textarea. It takes the typing, so it
    // stays however small; one taken out of the tab order (a hidden original) does not.
    const tabIndex = attribute(i, "tabindex")?.trim();
    const keyTarget = tabIndex !== "-1" &&
      (typedTag(i) || (keyTargetRoles.has(attribute(i, "role") ?? "") && tabIndex !== undefined));
    const tooSmall = box >= 0 && tiny[i] && !(showsBeneath[i] && !clips[i]);
    const withdrawn = seeThrough[i] && !standIn &&
      (attribute(i, "hidden") !== undefined || attribute(i, "tabindex")?.trim() === "-1");
    // A picture no one sees (Dropzone's success and error marks before they fade in): not
    // inside a control, whose hover may draw it, nor one that takes clicks itself.
    const faded = seeThrough[i] && !wantsClick[i] && !control[i] && !inItem[i] &&
      (tag === "IMG" || tag.toUpperCase() === "SVG" || roleOf(i) === "img");
    const ariaHidden = attribute(i, "aria-hidden") === "true";
    const unseen = (parent >= 0 && hiddenOutright[parent]) || withdrawn || faded ||
      (box >= 0 && style(box, styleAt.visibility) !== "visible") || shut[i] ||
      attribute(i, "inert") !== undefined;
    hiddenOutright[i] = unseen || ariaHidden ? 1 : 0;
    // Shrunk to a pixel, itself or by a wrapper (a `p-hidden-accessible` or `sr-only` box): a
    // field the typing goes to, or a control its label stands in for, is still there.
    shrunk[i] = ((parent >= 0 && shrunk[parent]) || tooSmall) && !standIn && !keyTarget ? 1 : 0;
    hidden[i] = hiddenOutright[i] || shrunk[i] ? 1 : 0;
    // An icon the page hid from the tree itself and clicks on (see the module doc); what it
    // holds stays hidden. Inside a control it is the control's; a listener around it (React's
    // root) says nothing.
    // Only one a person can tell by its set's name or its glyph: a nameless one is mostly a
    // widget's own part (a combo box's toggle arrow) beside the control that does the same.
    const hiddenIcon = ariaHidden && !unseen && !shrunk[i] && visible[i] === 1 &&
      !seeThrough[i] && wantsClick[i] === 1 && !inItem[i] && !control[i] &&
      !controlBeneath[i] && !wordsBeneath[i] && elementsBeneath[i] <= hiddenIcons.elements &&
      layout.bounds[box].slice(2).every((size) => size <= hiddenIcons.px) &&
      ((icon[i] ?? iconIn[i]) !== undefined || glyphs.has(i));
    const contenteditable = attribute(i, "contenteditable");
    const parentEditable = parent >= 0 && editable[parent] === 1;
    editable[i] = contenteditable === "false"
      ? 0
      : contenteditable !== undefined || parentEditable
      ? 1
      : 0;
    const editingHost = editable[i] === 1 && !parentEditable;
    // Only a box a click can aim at is a target: an empty holder of its own (a React root a
    // button's press wave is drawn in) takes no click of its own, and no ref could be clicked.
    // An empty strip that listens (a grid's column resize handle, its cursor set only on
    // hover) is an edge to drag, not a control: a control shows something a person can read.
    const strip = thin[i] === 1 && !hasText[i] && !showsBeneath[i];
    const hittable = box >= 0 && !tiny[i] && !strip;
    // A row or card that holds controls, clicked itself on its own text (see the module doc).
    const rowOfControls = clickedItself[i] === 1 && looseText[i] === 1 &&
      elementsBeneath[i] <= hoverHost.elements && !inItem[i] && !notRows.has(tag) &&
      !fieldBeneath[i];
    const target = (!hidden[i] || hiddenIcon) && hittable && !control[i] &&
      (!interactiveBeneath[i] || rowOfControls) && !editable[i] && !notTargets.has(tag) &&
      !partOfToggle;
    const clickable = target && (wantsClick[i] === 1 || (delegated[i] === 1 && !inFlagged[i]));
    // Such an icon shows only as the target it is.
    const iconTarget = hiddenIcon && clickable;
    const signals: NodeSignals = {
      hidden: hidden[i] === 1 && !iconTarget,
      clickable,
      draggable: !hidden[i] && wantsDrag[i] === 1,
      editingHost,
      blank: editingHost && !hasText[i],
    };
    const hoverHolder = unseenActionIn[i] && visible[i] && hasText[i] && showsBeneath[i] &&
      elementsBeneath[i] <= hoverHost.elements && !inFlagged[i];
    if (target && !signals.clickable && hoverHolder) signals.hoverable = true;
    // A menu's item whose submenu shows while the pointer rests on it: its link is hovered.
    const face = drawnTarget[i];
    if (hoverHolder && !target && !control[i] && drawnTargets[i] === 1 && hoversOpen(face)) {
      hoverFace[face] = 1;
    }
    if (hoverFace[i] && !signals.hidden) signals.hoverable = true;
    if (!signals.hidden && (control[i] || signals.clickable)) {
      // The icon a set names in it, else, where it holds no words to be named by, what its own
      // class says it does.
      const shownIcon = icon[i] ?? iconIn[i] ??
        (wordsBeneath[i] ? undefined : classWord(attribute(i, "class") ?? ""));
      if (shownIcon !== undefined) signals.icon = shownIcon;
    }
    if (iconTarget) {
      signals.ariaHidden = true;
      const glyph = signals.icon === undefined ? glyphs.get(i) : undefined;
      if (glyph !== undefined) signals.glyph = glyph;
    }
    const declared = roleOf(i);
    if (declared !== undefined && contextRoles.has(declared) && !signals.hidden) {
      signals.declaredRole = declared;
    }
    const current = attribute(i, "aria-current")?.trim();
    if (current !== undefined && current !== "" && current !== "false") signals.current = true;
    if (classCurrent[i] && !hidden[i]) signals.current = true;
    if (attribute(i, "aria-selected")?.trim() === "true") signals.selected = true;
    if (showsPlaceholder(attribute, i)) signals.placeholder = true;
    // A control scrolls what it holds as part of itself (a textarea, a select); an editor's
    // scroller is the editor's.
    const scroller = box >= 0 && visible[i] && !hidden[i] && !control[i] && !editable[i] &&
      !pageScrollers.has(tag);
    const measured = scroller ? sizes?.get(backendNodeId) : undefined;
    const scrolls = scroller &&
      scrollAxes.some(([overflow, at]) =>
        scrollsFar(
          style(box, styleAt[overflow]),
          layout.scrollRects?.[box] ?? measured?.scroll,
          layout.clientRects?.[box] ?? measured?.client,
          at,
        )
      );
    const only = onlyChild[i];
    if (scrolls && elementChildren[i] === 1 && !holdsText[i] && isList(only)) {
      scrolledBy[only] = 1;
    } else if (scrolls || (scrolledBy[i] && !hidden[i])) signals.scrollable = true;
    // Not a label inside a checkbox or switch the page drew itself (Ionic's, whose shadow root
    // holds its label and hidden input): that control is the row already.
    const stood = labelControl[i];
    if (stood >= 0 && boxOf[stood] < 0 && visible[i] && !hidden[i] && !partOfToggle && !inItem[i]) {
      const role = attribute(stood, "type") === "radio" ? "radio" : "checkbox";
      signals.standsFor = { role, checked: checkedInputs.has(stood) };
    }
    const pressed = revealedTags.has(tag) || pressRoles.has(declared ?? "") || signals.clickable;
    // Its own: a page that turns pointer events off on the whole body while its dropdown is
    // open (Vaadin, Radix) only closes the dropdown on a click elsewhere. Nor one a control or
    // item around it takes the click for (Vuetify's select, whose input lets the pointer
    // through); a listener around it may be any page's (React's on its root), so it says no.
    if (
      pressed && !inItem[i] && pointerEvents(i) === "none" && parent >= 0 &&
      pointerEvents(parent) !== "none"
    ) signals.pointerless = true;
    if (signals.clickable || signals.draggable) flagged[i] = 1;
    if (
      signals.standsFor !== undefined || signals.pointerless === true ||
      signals.hidden || flagged[i] || signals.hoverable === true ||
      signals.icon !== undefined || signals.editingHost ||
      signals.declaredRole !== undefined || signals.current === true ||
      signals.selected === true || signals.placeholder === true || signals.scrollable === true ||
      signals.ariaHidden === true
    ) result.set(backendNodeId, signals);
  }
  const runs = textRuns({
    parents,
    isText: (i) => nodes.nodeType[i] === textNode,
    backendNodeId: (i) => nodes.backendNodeId[i],
    boxOf,
    display: (box) => style(box, styleAt.display),
    bounds: (box) => layout.bounds[box],
  });
  return { nodes: result, textHosts, textRuns: runs, size: elements, known };
}

/** Each axis a box scrolls along: its `overflow` style and its size's place in its rects. */
const scrollAxes = [["overflow-x", 2], ["overflow-y", 3]] as const;

/** The elements whose scrolling is the viewport's: the page's own, not a scroller in it. */
const pageScrollers: ReadonlySet<string> = new Set(["HTML", "BODY"]);

/** The `overflow` values that let a person scroll a box. */
const scrollOverflows: ReadonlySet<string> = new Set(["auto", "scroll", "overlay"]);

/** Fields, which scroll what they hold as part of themselves. */
const fieldTags: ReadonlySet<string> = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/**
 * Whether a box scrolls along one axis (`at`: 2 across, 3 down, the size's
 * place in its scroll and client rects) and hides there at least half as
 * much again as it shows, and more than a row's height: its `overflow` lets
 * a person scroll it (`auto`, `scroll`, `overlay`), not only the page.
 */
export function scrollsFar(
  overflow: string,
  scroll: readonly number[] | undefined,
  client: readonly number[] | undefined,
  at: 2 | 3,
): boolean {
  if (!scrollOverflows.has(overflow)) return false;
  const content = scroll?.[at];
  const shown = client?.[at];
  if (content === undefined || shown === undefined || shown <= 1) return false;
  const hidden = content - shown;
  return hidden >= Math.max(shown / 2, minScrollPx);
}

/** The least a scroller hides to count as one: about a row. */
const minScrollPx = 40;

/**
 * Whether computed `clip` and `clip-path` cut a box down to nothing: `clip`
 * to the empty rectangle, or `clip-path` inset by half its size or more on
 * every side (Chosen's closed results, `inset(100%)`).
 */
function clippedShut(clip: string, clipPath: string): boolean {
  if (clip.replace(/\s+/g, "") === "rect(0px,0px,0px,0px)") return true;
  const inset = /^inset\(([\d.]+)%\)$/.exec(clipPath.trim());
  return inset !== null && Number.parseFloat(inset[1]) >= 50;
}

/**
 * Whether element `i` is marked by its library as showing its placeholder:
 * Radix's `data-placeholder`, Zag's (Ark, Chakra) `data-placeholder-shown`,
 * PrimeVue's `data-p="placeholder"` and the Prime family's `p-placeholder`
 * class (PrimeReact, PrimeNG, PrimeVue 3).
 */
function showsPlaceholder(
  attribute: (i: number, name: string) => string | undefined,
  i: number,
): boolean {
  if (attribute(i, "data-placeholder") !== undefined) return true;
  if (attribute(i, "data-placeholder-shown") !== undefined) return true;
  const words = (name: string) => (attribute(i, name) ?? "").split(/\s+/);
  return words("data-p").includes("placeholder") || words("class").includes("p-placeholder");
}

const none: NodeSignals = {
  hidden: false,
  clickable: false,
  draggable: false,
  editingHost: false,
  blank: false,
};
