/**
 * The projection of Chrome's accessibility nodes to the provider's bounded
 * `AxNode` rows. What is left out carries no meaning of its own: ignored
 * nodes, inline text boxes, nameless generic wrappers and static text that
 * only repeats its parent. With the page's {@linkcode DomSignals}, what a
 * person cannot see is left out too, and an element a person would take
 * for clickable or draggable is kept and marked, even a nameless wrapper,
 * one the tree ignores as uninteresting, or one it leaves out (then a
 * `generic` row stands for it above its text); an editor's placeholder is
 * never its value. Names are flattened as the accname spec says
 * (see {@linkcode flatName}); a name Chromium took from the contents of an
 * element whose role takes none (the focused one's) is none
 * (`contracts/ax_name.ts`). Rows come in document (depth-first) order;
 * `depth` counts projected ancestors and `parentId` names the nearest
 * projected ancestor, both by backend node ID.
 *
 * @module
 */
import { z } from "zod";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { ElementStateSchema } from "../../contracts/methods/mod.ts";
import { axNodeName } from "../../contracts/ax_name.ts";
import { pickerFieldRoles } from "../../contracts/picker_fields.ts";
import { boundText, flatName, glyphOnly } from "../../contracts/text.ts";
import { joinInlineRuns } from "./inline_runs.ts";
import type { DomSignals, NodeSignals } from "./dom_signals.ts";
import { ignoredAsAriaHidden, ignoredAsUninteresting } from "../../contracts/ax_ignored.ts";

/** A node an AX value points at (`aria-activedescendant`'s); extra fields are dropped. */
const RawRelatedNodeSchema = z.object({
  backendDOMNodeId: z.number().int().optional(),
  text: z.string().optional(),
});

/** An AX value as DevTools sends it; extra fields are dropped. */
const RawAxValueSchema = z.object({
  type: z.string(),
  value: z.unknown().optional(),
  relatedNodes: z.array(RawRelatedNodeSchema).optional(),
  /** Where a name came from (`contents`, `attribute`, …): read by `axNodeName`. */
  sources: z.array(z.unknown()).optional(),
});

/** An AX node as DevTools sends it, reduced to what the projection reads. */
export const RawAxNodeSchema = z.object({
  nodeId: z.string(),
  ignored: z.boolean(),
  role: RawAxValueSchema.optional(),
  name: RawAxValueSchema.optional(),
  value: RawAxValueSchema.optional(),
  properties: z.array(z.object({ name: z.string(), value: RawAxValueSchema })).optional(),
  parentId: z.string().optional(),
  childIds: z.array(z.string()).optional(),
  backendDOMNodeId: z.number().int().optional(),
  ignoredReasons: z.array(z.object({ name: z.string() })).optional(),
});

/** The `nodes` of `Accessibility.getFullAXTree` and `queryAXTree` results. */
export const RawAxNodesSchema = z.object({ nodes: z.array(RawAxNodeSchema) });

export type RawAxNode = z.infer<typeof RawAxNodeSchema>;
type ElementState = z.infer<typeof ElementStateSchema>;

/** Bounds on one projection. */
export interface ProjectionBounds {
  maxNodes: number;
  maxDepth: number;
  maxTextUnits: number;
  /** Stop when `now()` passes this. */
  deadline: number;
  now: () => number;
  /** What the page's rendering says, when it was read. */
  signals?: DomSignals;
  /**
   * Set for a walk that stopped at its bound (`ax_walk.ts`): children not
   * sent are past the node limit, not the depth, and this many nodes, about,
   * were not read.
   */
  unread?: number;
  /**
   * Elements kept as rows even as nameless wrappers, by backend node ID: the
   * roots of the regions an action changed, so the rows of a popup a page
   * appended to its body stand in it, where a reader can be pointed at it.
   */
  keep?: ReadonlySet<number>;
}

/** Why and where the projection stopped, as `AxCutSchema` says. */
export interface ProjectionCut {
  reason: "nodes" | "depth" | "time" | "text";
  at: number | null;
  omitted: number;
}

/** Projected rows and the most important cut. */
export interface Projection {
  nodes: AxNode[];
  cut: ProjectionCut | null;
}

/** Roles that say nothing without a name: their children carry the meaning. */
export const wrapperRoles: ReadonlySet<string> = new Set([
  "generic",
  "none",
  "presentation",
  "LabelText",
]);
/** States in the order the contract declares them, so every row lists them alike. */
const stateOrder: readonly ElementState[] = ElementStateSchema.options;

/**
 * A node that qualifies for a row, with the untruncated, flattened text its
 * children are compared with; `row` is null when a bound left it out.
 */
interface Shown {
  row: AxNode | null;
  name: string;
  value: string;
}

interface Frame {
  node: RawAxNode;
  /** The nearest projected ancestor. */
  parent: Shown | null;
  depth: number;
  /** Whether the nearest ancestor the signals know is hidden. */
  hidden: boolean;
}

/**
 * Project a set of AX nodes (a whole tree, a depth-limited tree or a
 * subtree) within `bounds`. Cuts, most important first: `time` (omitted
 * counts nodes not visited), `nodes` and `depth` (omitted counts rows left
 * out, plus children DevTools did not send), `text` (omitted counts names
 * and values shortened, each ending in "…").
 */
export function projectAxNodes(raw: readonly RawAxNode[], bounds: ProjectionBounds): Projection {
  const byId = new Map<string, RawAxNode>();
  for (const node of raw) byId.set(node.nodeId, node);
  // An editor shows its formatting: nothing in a field is joined.
  const inline = joinInlineRuns(raw, byId, isTextField, bounds.signals?.textRuns);
  const roots = raw.filter((node) => node.parentId === undefined || !byId.has(node.parentId));
  const bubble = validationBubble(roots, byId);
  const signals = bounds.signals;
  const inTree = new Set<number>();
  if (signals !== undefined) {
    for (const node of raw) {
      if (node.backendDOMNodeId !== undefined) inTree.add(node.backendDOMNodeId);
    }
  }
  /** Rows standing for elements the tree left out, by backend node ID. */
  const stand = new Map<number, { shown: Shown; depth: number }>();

  const nodes: AxNode[] = [];
  /** Labels whose name a control they name by a glyph took (see {@linkcode labelTitle}). */
  const taken = new Set<number>();
  const cuts = new Map<ProjectionCut["reason"], ProjectionCut>();
  const note = (reason: ProjectionCut["reason"], at: number | null, count = 1) => {
    const cut = cuts.get(reason);
    if (cut === undefined) cuts.set(reason, { reason, at, omitted: count });
    else cut.omitted += count;
  };

  // Built on the first row that points at another (`aria-activedescendant`): most reads have none.
  let byBackend: Map<number, RawAxNode> | undefined;
  const named = (backendNodeId: number) => {
    byBackend ??= new Map(
      raw.flatMap((node) =>
        node.backendDOMNodeId === undefined ? [] : [[node.backendDOMNodeId, node] as const]
      ),
    );
    const node = byBackend.get(backendNodeId);
    return node === undefined ? undefined : nameOf(node);
  };

  const stack: Frame[] = roots.reverse().map((node) => ({
    node,
    parent: null,
    depth: 0,
    hidden: false,
  }));
  const seen = new Set<string>();
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const node = inline.renamed.get(frame.node.nodeId) ?? frame.node;
    let { parent, depth } = frame;
    // Malformed input could list a node twice or in a cycle; each is walked once.
    if (seen.has(node.nodeId)) continue;
    if (seen.size % 64 === 0 && bounds.now() > bounds.deadline) {
      note("time", node.backendDOMNodeId ?? null, byId.size - seen.size);
      break;
    }
    seen.add(node.nodeId);
    const backendId = node.backendDOMNodeId;
    const marks = backendId === undefined ? undefined : signals?.nodes.get(backendId);
    // What the signals cannot see (a text field's inner text, in the browser's own shadow
    // tree) is as hidden as the element it is in: a hidden field's text is no text a person
    // reads. A node they see says for itself (one a hidden field's `aria-owns` takes).
    const hidden = marks?.hidden === true ||
      (signals !== undefined && frame.hidden && !signals.known.has(backendId ?? 0));
    let shown: Shown | null = null;
    if (
      !hidden && !inline.absorbed.has(node.nodeId) &&
      isShown(node, parent, marks, byId, bounds.keep?.has(backendId ?? 0) === true)
    ) {
      const host = backendId === undefined ? undefined : signals?.textHosts.get(backendId);
      if (host !== undefined && !inTree.has(host) && stringOf(node.role?.value) === "StaticText") {
        let standIn = stand.get(host);
        if (standIn === undefined) {
          standIn = { shown: { row: null, name: "", value: "" }, depth };
          stand.set(host, standIn);
          const row: AxNode = {
            backendNodeId: host,
            parentId: parent?.row?.backendNodeId ?? null,
            role: "generic",
            name: "",
            states: markStates([], signals?.nodes.get(host)),
            depth: Math.min(depth, 1024),
          };
          if (depth > bounds.maxDepth) note("depth", host);
          else if (nodes.length >= bounds.maxNodes) note("nodes", host);
          else {
            standIn.shown.row = row;
            nodes.push(row);
          }
        }
        parent = standIn.shown;
        depth = standIn.depth + 1;
      }
      const declared = declaredOf(node, marks, byId);
      shown = {
        row: null,
        name: declared?.name ?? nameOf(node),
        value: flatName(valueOf(node, marks) ?? ""),
      };
      if (depth > bounds.maxDepth) note("depth", backendId ?? null);
      else if (nodes.length >= bounds.maxNodes) note("nodes", backendId ?? null);
      else {
        shown.row = toRow(
          node,
          parent?.row ?? null,
          depth,
          { ...bounds, note, named, bubble },
          marks,
        );
        if (declared !== undefined) shown.row = declaredRow(shown.row, declared, bounds, note);
        const titled = labelTitle(node, named);
        if (titled !== undefined) {
          // Its ref is checked against the name the tree gives it.
          const name = boundedText(titled.name, bounds.maxTextUnits, note, shown.row.backendNodeId);
          shown.row = { ...shown.row, name, axName: shown.row.name };
          taken.add(titled.label);
        }
        nodes.push(shown.row);
      }
    }
    // A picker field is one control: what the browser draws inside it is not shown.
    const children = shown !== null && pickerFieldRoles.has(stringOf(node.role?.value))
      ? []
      : node.childIds ?? [];
    let unsent = 0;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = byId.get(children[i]);
      if (child !== undefined) {
        stack.push({
          node: child,
          parent: shown ?? parent,
          depth: shown === null ? depth : depth + 1,
          hidden,
        });
      } else if (!children[i].startsWith("-")) {
        // Negative IDs are inline text boxes, never sent; anything else was cut by DevTools' depth.
        unsent++;
      }
    }
    if (unsent > 0) {
      if (bounds.unread === undefined) note("depth", backendId ?? null, unsent);
      else note("nodes", backendId ?? null, 0);
    }
  }
  const walked = cuts.get("nodes");
  if (walked !== undefined && bounds.unread !== undefined) walked.omitted += bounds.unread;
  const kept = taken.size === 0 ? nodes : withoutSubtrees(nodes, taken);

  for (const reason of ["time", "nodes", "depth", "text"] as const) {
    const cut = cuts.get(reason);
    if (cut !== undefined) return { nodes: kept, cut };
  }
  return { nodes: kept, cut: null };
}

/** `rows` without the rows of `roots` and everything under them. */
function withoutSubtrees(rows: readonly AxNode[], roots: ReadonlySet<number>): AxNode[] {
  const gone = new Set(roots);
  return rows.filter((row) => {
    if (!gone.has(row.backendNodeId) && (row.parentId === null || !gone.has(row.parentId))) {
      return true;
    }
    gone.add(row.backendNodeId);
    return false;
  });
}

/** Whether the signals mark an element as something to act on. */
function marked(marks: NodeSignals | undefined): boolean {
  return marks !== undefined &&
    (marks.clickable || marks.hoverable === true || marks.draggable || marks.editingHost ||
      marks.scrollable === true || marks.declaredRole !== undefined ||
      marks.standsFor !== undefined);
}

/**
 * Roles the tree gives an element whose declared widget role it dropped:
 * the element's own implicit role (an `<li role="option">` slotted into a
 * shadow-DOM listbox reads `listitem`), or none.
 */
const plainRoles: ReadonlySet<string> = new Set([
  "generic",
  "none",
  "GenericContainer",
  "LayoutTableCell",
  "cell",
  "listitem",
  "row",
  "LayoutTableRow",
  "paragraph",
]);

/**
 * The role and name to show for an element whose declared widget role the
 * tree dropped (see `NodeSignals.declaredRole`): that role, and the name
 * the tree gave it or else its text, as that role takes its name from its
 * contents.
 */
function declaredOf(
  node: RawAxNode,
  marks: NodeSignals | undefined,
  byId: ReadonlyMap<string, RawAxNode>,
): { role: string; name: string } | undefined {
  // A label standing for its checkbox or radio is that control, named as the label reads.
  if (marks?.standsFor !== undefined) {
    const name = nameOf(node);
    return { role: marks.standsFor.role, name: name !== "" ? name : contentText(node, byId) };
  }
  const role = marks?.declaredRole;
  if (role === undefined) return undefined;
  if (!node.ignored && !plainRoles.has(stringOf(node.role?.value))) return undefined;
  const name = nameOf(node);
  return { role, name: name !== "" ? name : contentText(node, byId) };
}

/**
 * `row` as its declared role shows it, keeping what the tree says of the
 * element (`axRole`, `axName`) for the identity its ref is checked by.
 */
function declaredRow(
  row: AxNode,
  declared: { role: string; name: string },
  { maxTextUnits }: { maxTextUnits: number },
  note: (reason: "text", at: number | null) => void,
): AxNode {
  const name = boundedText(declared.name, maxTextUnits, note, row.backendNodeId);
  return { ...row, role: declared.role, name, axRole: row.role, axName: row.name };
}

/** `text` within `maxTextUnits`, its cut noted at the backend node `at`. */
function boundedText(
  text: string,
  maxTextUnits: number,
  note: (reason: "text", at: number | null) => void,
  at: number,
): string {
  const bounded = boundText(text, maxTextUnits);
  if (bounded.cut) note("text", at);
  return bounded.text;
}

/** The text of `node`'s subtree, in order: the name its declared role takes from its contents. */
function contentText(node: RawAxNode, byId: ReadonlyMap<string, RawAxNode>): string {
  const parts: string[] = [];
  const stack = [node];
  let visited = 0;
  for (let at = stack.pop(); at !== undefined && visited++ < 256; at = stack.pop()) {
    if (stringOf(at.role?.value) === "StaticText") parts.push(nameOf(at));
    const children = at.childIds ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = byId.get(children[i]);
      if (child !== undefined) stack.push(child);
    }
  }
  return flatName(parts.join(" "));
}

/** What a `<label>` holding only its text holds: texts, and plain wrappers around them. */
const labelParts: ReadonlySet<string> = new Set(["StaticText", "generic", "none"]);

/**
 * Whether `node` is a `<label>` that holds only text: one whose control is
 * elsewhere. It is a row, though it says nothing itself: the Broker reads
 * the text of one whose control a script hid as the name of the field drawn
 * in its place (`label_before.ts`). A label around its control names it and
 * is no row.
 */
function textOnlyLabel(node: RawAxNode, byId: ReadonlyMap<string, RawAxNode>): boolean {
  if (node.ignored || stringOf(node.role?.value) !== "LabelText") return false;
  return (node.childIds ?? []).every((id) => {
    const child = byId.get(id);
    return child === undefined || labelParts.has(stringOf(child.role?.value));
  });
}

/** Whether a node becomes a row of its own. */
function isShown(
  node: RawAxNode,
  parent: Shown | null,
  marks: NodeSignals | undefined,
  byId: ReadonlyMap<string, RawAxNode>,
  kept: boolean,
): boolean {
  if (marks?.hidden === true) return false;
  if (
    node.ignored && !(marked(marks) && ignoredAsUninteresting(node)) &&
    !(marks?.ariaHidden === true && ignoredAsAriaHidden(node))
  ) return false;
  const backendId = node.backendDOMNodeId;
  if (backendId === undefined || backendId <= 0) return false;
  const role = stringOf(node.role?.value);
  if (role === "InlineTextBox") return false;
  const name = nameOf(node);
  if (
    wrapperRoles.has(role) && name === "" && !kept && !marked(marks) && !textOnlyLabel(node, byId)
  ) {
    return false;
  }
  if (role === "StaticText") {
    if (name === "") return false;
    if (parent !== null && (parent.name === name || parent.value === name)) return false;
  }
  return true;
}

function toRow(
  node: RawAxNode,
  parent: AxNode | null,
  depth: number,
  { maxTextUnits, note, named, bubble }: {
    maxTextUnits: number;
    note: (reason: "text", at: number | null) => void;
    /** The name of the node of a backend node ID, when the read holds it. */
    named: (backendNodeId: number) => string | undefined;
    /** The message of the browser's form-validation bubble, when it is up. */
    bubble: string | undefined;
  },
  marks: NodeSignals | undefined,
): AxNode {
  const backendNodeId = node.backendDOMNodeId ?? 0;
  const bounded = (text: string) => boundedText(text, maxTextUnits, note, backendNodeId);
  // An ignored node shown for its signals is a plain container; the tree calls it `none`.
  const axRole = stringOf(node.role?.value);
  const picker = node.ignored ? undefined : pickerFieldRoles.get(axRole);
  // An icon clicked though hidden from the tree is the button a person takes it for; its ref
  // is checked as the plain node the tree has.
  const hiddenIcon = node.ignored && marks?.ariaHidden === true;
  const role = hiddenIcon
    ? "button"
    : node.ignored
    ? "generic"
    : picker ?? (axRole.slice(0, 64) || "unknown");
  const row: AxNode = {
    backendNodeId,
    parentId: parent?.backendNodeId ?? null,
    role,
    name: bounded(nameOf(node)),
    states: markStates(statesOf(node), marks),
    depth: Math.min(depth, 1024),
  };
  // Its ref is checked against the role the tree gives it.
  if (picker !== undefined) row.axRole = axRole;
  if (hiddenIcon) {
    row.axRole = "generic";
    // Named by the glyph it draws, where it is one; the tree names it nothing.
    if (row.name === "" && marks?.glyph !== undefined) {
      row.name = marks.glyph;
      row.axName = "";
    }
  }
  // An icon-only control the page left nameless shows the icon a person sees.
  if (row.name === "" && marks?.icon !== undefined) row.icon = marks.icon;
  const rawValue = valueOf(node, marks);
  if (rawValue !== undefined && rawValue !== "") row.value = bounded(rawValue);
  if (bubble !== undefined && row.states.includes("focused")) {
    // The bubble speaks for the field the browser focused when it refused the form.
    row.error = bounded(bubble);
    if (!row.states.includes("invalid")) {
      row.states = stateOrder.filter((state) => state === "invalid" || row.states.includes(state));
    }
  }
  const rawActive = activeOf(node, named);
  if (rawActive !== undefined) row.active = bounded(rawActive);
  return row;
}

/** Roles a `<label for>` names: the controls a glyph-only label is drawn for. */
const labelledRoles: ReadonlySet<string> = new Set(["radio", "checkbox", "switch"]);

/**
 * The name a checkbox or radio named by a glyph-only `<label for>` takes
 * from that label's own name, when the label has one that says more (its
 * `title`: a star rating's "4 stars" over a `★`), and the label's backend
 * node ID, whose row then says nothing more. `undefined` otherwise.
 */
export function labelTitle(
  node: RawAxNode,
  named: (backendNodeId: number) => string | undefined,
): { name: string; label: number } | undefined {
  if (!labelledRoles.has(stringOf(node.role?.value)) || !glyphOnly(nameOf(node))) return undefined;
  for (const source of node.name?.sources ?? []) {
    const parsed = LabelSourceSchema.safeParse(source);
    if (!parsed.success || parsed.data.nativeSource !== "labelfor") continue;
    const label = parsed.data.nativeSourceValue?.relatedNodes?.[0]?.backendDOMNodeId;
    const name = label === undefined ? undefined : named(label);
    if (label === undefined || name === undefined || glyphOnly(name) || name === "") continue;
    return { name, label };
  }
  return undefined;
}

/** A name source that names a control by its `<label>`; extra fields are dropped. */
const LabelSourceSchema = z.object({
  nativeSource: z.string().optional(),
  nativeSourceValue: z.object({ relatedNodes: z.array(RawRelatedNodeSchema).optional() })
    .optional(),
});

/**
 * The message of the browser's form-validation bubble, when the read holds
 * it: Chromium shows a form it refused to send (a required field empty, an
 * email without `@`) as an `alert` of no element, a child of the document's
 * root, for as long as the field it focused for it stays invalid. Only a
 * read of the whole document holds that node; only the root's children are
 * looked at.
 */
function validationBubble(
  roots: readonly RawAxNode[],
  byId: ReadonlyMap<string, RawAxNode>,
): string | undefined {
  for (const root of roots) {
    if (stringOf(root.role?.value) !== "RootWebArea") continue;
    for (const id of root.childIds ?? []) {
      const node = byId.get(id);
      if (
        node === undefined || node.backendDOMNodeId !== undefined || node.ignored ||
        stringOf(node.role?.value) !== "alert"
      ) continue;
      const message = nameOf(node);
      if (message !== "") return message;
    }
  }
  return undefined;
}

/**
 * The name of the item `node` points its keyboard focus at
 * (`aria-activedescendant`), when it has one: read from that item's own
 * node where the read holds it (`named`), else from what DevTools says of it.
 * The arrow keys of a combobox move it while focus stays in the field, so
 * this is how a reader sees which option Enter would take.
 */
function activeOf(
  node: RawAxNode,
  named: (backendNodeId: number) => string | undefined,
): string | undefined {
  const property = node.properties?.find((candidate) => candidate.name === "activedescendant");
  const related = property?.value.relatedNodes?.[0];
  if (related === undefined) return undefined;
  const own = related.backendDOMNodeId === undefined ? undefined : named(related.backendDOMNodeId);
  const name = own !== undefined && own !== "" ? own : flatName(related.text ?? "");
  return name === "" ? undefined : name;
}

/** A node's accessible name, flattened. */
function nameOf(node: RawAxNode): string {
  return flatName(axNodeName(node));
}

/**
 * A node's value as text, when it has a textual or numeric one. A range
 * widget's `aria-valuetext` is its value as a person reads it, where the
 * number may say nothing (a date segment's month: "4 – April"; one not yet
 * set: "Empty", or no value where its text is empty, never 0). A rich-text
 * editor that holds only its placeholder (or an empty paragraph) has none:
 * Chromium's value is its inner text, placeholder elements included. Nor
 * has a custom select's trigger that shows its placeholder (its library
 * says so, `NodeSignals.placeholder`): Chromium's value is the text shown.
 */
function valueOf(node: RawAxNode, marks?: NodeSignals): string | undefined {
  const value = node.value?.value;
  if (marks?.blank === true || marks?.placeholder === true) return undefined;
  const valueText = propertyValue(node, "valuetext");
  if (typeof valueText === "string" && valueText.trim() !== "") return fromLatin1(valueText);
  if (typeof value === "string" && isRichText(node) && value.trim() === "") return undefined;
  if (typeof value === "string") return value;
  // A text field with a spin button's role (PrimeVue's InputNumber) holds what it shows: an
  // empty one is no 0, whatever Chromium's number for a missing `aria-valuenow` says.
  if (typeof value === "number" && valueText === "" && isTextField(node)) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && !unsetRange(node, value)) {
    return numberText(value);
  }
  return undefined;
}

/**
 * A number as a person wrote it: Chromium keeps a range's value as a 32-bit
 * float, so a meter's 0.7 arrives as 0.699999988079071; the shortest
 * decimal that is the same 32-bit float is the one written.
 */
export function numberText(value: number): string {
  if (Number.isInteger(value) || Math.fround(value) !== value) return String(value);
  for (let digits = 1; digits <= 9; digits++) {
    const written = Number(value.toPrecision(digits));
    if (Math.fround(written) === value) return String(written);
  }
  return String(value);
}

/** Whether `node` is a field a person types text into (Chromium's `editable`). */
function isTextField(node: RawAxNode): boolean {
  return editableToken(propertyValue(node, "editable"));
}

/** Whether the value of Chromium's `editable` property says editable (`plaintext`, `richtext`). */
function editableToken(value: unknown): boolean {
  return typeof value === "string" && value !== "" && value !== "false";
}

/**
 * Whether `value` is Chromium's stand-in for a range widget with no
 * `aria-valuenow` (a date segment not yet set whose `aria-valuetext` is
 * empty): 0, outside the widget's own bounds.
 */
function unsetRange(node: RawAxNode, value: number): boolean {
  if (value !== 0) return false;
  const min = propertyValue(node, "valuemin");
  const max = propertyValue(node, "valuemax");
  return (typeof min === "number" && min > 0) || (typeof max === "number" && max < 0);
}

/** The value of `node`'s property `name`, if it has that property. */
function propertyValue(node: RawAxNode, name: string): unknown {
  return node.properties?.find((property) => property.name === name)?.value.value;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * `text` read again as UTF-8 when it is UTF-8 read as Latin-1: Chromium
 * sends `aria-valuetext` so ("4 â\u0080\u0093 April" for "4 – April"). Text
 * that is not such (a plain "café") is left as it is.
 */
export function fromLatin1(text: string): string {
  const codes = Array.from(text, (char) => char.codePointAt(0) ?? 0);
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) return text;
  try {
    return utf8.decode(Uint8Array.from(codes));
  } catch {
    return text;
  }
}

function isRichText(node: RawAxNode): boolean {
  return (node.properties ?? []).some((property) =>
    property.name === "editable" && property.value.value === "richtext"
  );
}

/** `states` with the signals' marks, in the vocabulary's order. */
function markStates(states: ElementState[], marks: NodeSignals | undefined): ElementState[] {
  if (marks === undefined) return states;
  const all = new Set(states);
  if (marks.clickable) all.add("clickable");
  if (marks.hoverable === true) all.add("hoverable");
  if (marks.draggable) all.add("draggable");
  if (marks.editingHost) all.add("contenteditable");
  if (marks.current === true) all.add("current");
  if (marks.selected === true) all.add("selected");
  if (marks.scrollable === true) all.add("scrollable");
  if (marks.standsFor?.checked === true) all.add("checked");
  if (marks.pointerless === true) all.add("disabled");
  return stateOrder.filter((state) => all.has(state));
}

/** Element states from AX properties, in the vocabulary's order. */
export function statesOf(node: RawAxNode): ElementState[] {
  const states = new Set<ElementState>();
  for (const property of node.properties ?? []) {
    const value = property.value.value;
    const on = value === true || value === "true";
    switch (property.name) {
      case "checked":
      case "pressed":
        if (on) states.add(property.name);
        else if (value === "mixed") states.add("mixed");
        break;
      case "expanded":
        if (on) states.add("expanded");
        else if (value === false || value === "false") states.add("collapsed");
        break;
      case "selected":
      case "disabled":
      case "focused":
      case "required":
      case "readonly":
        if (on) states.add(property.name);
        break;
      case "editable":
        if (editableToken(value)) states.add("editable");
        break;
      case "invalid":
        if (value !== undefined && value !== false && value !== "false") states.add("invalid");
        break;
    }
  }
  return stateOrder.filter((state) => states.has(state));
}

function stringOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
