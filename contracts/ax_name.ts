/**
 * The accessible name an accessibility node is known by, as DevTools sends
 * it. Chromium names the focused element from its contents whatever its
 * role: a map, a carousel or a scroll container a click focused is named by
 * all the text inside it, and loses that name again when focus moves on.
 * That name repeats the rows shown under the element, and it would change
 * the element's identity with focus. So a name that came from the contents
 * counts only for the roles that take their name from their contents
 * (WAI-ARIA's list, and Chromium's own roles for the same elements); for
 * any other role the node is nameless, as it is while not focused. The
 * provider's rows, the target check before an action and the text search
 * all read names through here, so a ref's name is the same on each side.
 *
 * @module
 */

/**
 * Widget and structure roles named from their contents (WAI-ARIA 1.2 "name
 * from: contents"), as Chromium spells them: a row under one of these shows
 * its text in the name too, which the observation's prune relies on.
 */
export const contentNamedRoles: ReadonlySet<string> = new Set([
  "button",
  "link",
  "heading",
  "cell",
  "gridcell",
  "columnheader",
  "rowheader",
  "row",
  "option",
  "MenuListOption",
  "menuitem",
  "menuitemcheckbox",
  "menuitemradio",
  "tab",
  "treeitem",
  "tooltip",
  "switch",
  "checkbox",
  "radio",
  "term",
]);

/**
 * Every role a name may come from the contents for: {@linkcode contentNamedRoles},
 * the rest of WAI-ARIA's list, and Chromium's own roles for text, labels,
 * captions and the native controls' parts.
 */
const namedFromContents: ReadonlySet<string> = new Set([
  ...contentNamedRoles,
  "sectionhead",
  "comment",
  "doc-backlink",
  "doc-biblioref",
  "doc-glossref",
  "doc-noteref",
  "StaticText",
  "LabelText",
  "legend",
  "caption",
  "figcaption",
  "DisclosureTriangle",
  "ListBoxOption",
  "PopUpButton",
  "ToggleButton",
  "LayoutTableCell",
  "LayoutTableRow",
]);

/** An accessibility node as far as its name goes: DevTools' `role` and `name` values. */
export interface NamedAxNode {
  role?: { value?: unknown };
  name?: { value?: unknown; sources?: readonly unknown[] };
}

/**
 * The node's name as the tree gives it (not flattened), or "" when it came
 * from the node's contents and its role does not take a name from them.
 *
 * @example
 * ```ts
 * const contents = { type: "contents", value: { type: "computedString", value: "Paris Berlin" } };
 * axNodeName({ role: { value: "generic" }, name: { value: "Paris Berlin", sources: [contents] } });
 * // ""
 * axNodeName({ role: { value: "button" }, name: { value: "Save", sources: [contents] } });
 * // "Save"
 * ```
 */
export function axNodeName(node: NamedAxNode): string {
  const name = node.name?.value;
  if (typeof name !== "string" || name === "") return "";
  const role = node.role?.value;
  if (typeof role === "string" && namedFromContents.has(role)) return name;
  return usedSource(node.name?.sources) === "contents" ? "" : name;
}

/** The type of the source the name was taken from: the first that has a value. */
function usedSource(sources: readonly unknown[] | undefined): string | undefined {
  for (const source of sources ?? []) {
    if (typeof source !== "object" || source === null) continue;
    const { type, value, superseded } = source as Record<string, unknown>;
    if (value === undefined || superseded === true) continue;
    return typeof type === "string" ? type : undefined;
  }
  return undefined;
}

/**
 * Roles of inline formatting: what they say is how their text looks (a
 * suggestion's typed part in bold, a search match marked), never more text.
 */
export const formattingRoles: ReadonlySet<string> = new Set([
  "strong",
  "emphasis",
  "mark",
  "code",
  "subscript",
  "superscript",
  "insertion",
  "deletion",
]);
