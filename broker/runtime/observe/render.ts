/**
 * The compact text form of an observation. One row per line:
 *
 * ```text
 * <indent>role "name" icon="…" value="…" active="…" error="…" state state ref=eN
 * ```
 *
 * Two spaces of indent per level; `StaticText` is shortened to `text`; the
 * name is omitted when empty, `icon=`, `value=`, `active=` and `error=`
 * when empty or absent, `ref=` when the row cannot be acted on. States are
 * bare words from a fixed vocabulary. Everything the page controls (title,
 * URL, names, values) is a JSON string literal with line and paragraph
 * separators, C1 controls and bidirectional overrides escaped as well
 * (`quote` in `contracts/page_text.ts`), so page text can neither start a
 * line nor fake a ref or a state: outside quotes a line holds only our own
 * words. The text opens with `pageDataNote`.
 *
 * @module
 */
import type { ObservationScope, ObservedNode } from "../../../contracts/methods/mod.ts";
import { pageDataNote, quote } from "../../../contracts/page_text.ts";
import { boundText } from "../../../contracts/text.ts";
import { rowTexts } from "./tree.ts";

/** Longest title the header shows, in UTF-16 units; the wire field keeps it whole. */
export const headerTitleUnits = 300;
/** Longest URL the header shows, in UTF-16 units; the wire field keeps it whole. */
export const headerUrlUnits = 1_000;

const bareWord = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/** A word we print unquoted only when it cannot be mistaken for anything else. */
function word(text: string): string {
  return bareWord.test(text) ? text : quote(text);
}

/** Roles that take typing by definition: `editable` on them says nothing. */
const typedRoles: ReadonlySet<string> = new Set(["textbox", "searchbox"]);

/** Whether the text leaves out `state` of `row`: the structured node keeps it. */
function impliedState(row: ObservedNode, state: string): boolean {
  // `clickable` is why a row without a widget role has a ref, so the ref already says it (a
  // calendar's forty days would pay a word each).
  if (state === "clickable") return row.ref !== null;
  // A text field is editable unless it says `readonly` or `disabled`; where editing starts in a
  // rich-text editor, `contenteditable` says it.
  return state === "editable" &&
    (typedRoles.has(row.role) || row.states.includes("contenteditable"));
}

/**
 * One row without indentation. A `StaticText` row prints as `text`, the one
 * role we rename. States a row's role or ref already implies are left out
 * ({@linkcode impliedState}).
 */
export function renderRow(row: ObservedNode): string {
  let line = row.role === "StaticText" ? "text" : word(row.role);
  if (row.name !== "") line += ` ${quote(row.name)}`;
  for (const key of rowTexts) {
    const text = row[key];
    if (text !== undefined && text !== "") line += ` ${key}=${quote(text)}`;
  }
  for (const state of row.states) {
    if (!impliedState(row, state)) line += ` ${state}`;
  }
  if (row.ref !== null) line += ` ref=${word(row.ref)}`;
  return line;
}

/** One row indented by its level. */
export function renderTreeRow(row: ObservedNode): string {
  return "  ".repeat(row.level) + renderRow(row);
}

/** How a delta line is marked: added, removed, changed. */
export type DeltaMarker = "+" | "-" | "~";

/** Longest name an anchor shows, in UTF-16 units: it only has to tell rows apart. */
export const anchorNameUnits = 60;

/**
 * The row a delta line is placed in (`in listbox "Toppings" ref=e86`):
 * its role, bounded name and ref, without value or states.
 */
export function renderAnchor(row: ObservedNode): string {
  let line = row.role === "StaticText" ? "text" : word(row.role);
  if (row.name !== "") line += ` ${quote(boundText(row.name, anchorNameUnits).text)}`;
  if (row.ref !== null) line += ` ref=${word(row.ref)}`;
  return line;
}

/** The scope as the header shows it. */
export function renderScope(scope: ObservationScope): string {
  const frame = (frameId: string | undefined) =>
    frameId === undefined ? "" : ` frame ${quote(frameId)}`;
  switch (scope.kind) {
    case "page":
      return "page";
    case "frame":
      return `frame ${quote(scope.frameId)}`;
    case "subtree":
      return `subtree ${word(scope.rootRef)}${frame(scope.frameId)}`;
    case "query": {
      const root = scope.rootRef === undefined ? "" : ` in ${word(scope.rootRef)}`;
      return `query ${quote(scope.query)}${root}${frame(scope.frameId)}`;
    }
  }
}

/** What the header names. */
export interface HeaderInfo {
  title: string;
  url: string;
  scope: ObservationScope;
}

/**
 * The header lines, starting with {@linkcode pageDataNote}: title (unless
 * empty), URL, and the scope unless it is the whole page. The epoch and cursor stay in the
 * structured result: the callers that read this text (the MCP tools, the
 * shell) fence an action with the epoch of the observation that showed its
 * ref and name the cursor with `since: "last"`, so copying either from here
 * would only cost a model tokens; an action that replaces the document says
 * so with its new epoch.
 */
export function renderHeader(info: HeaderInfo): string[] {
  const header = [
    pageDataNote,
    // An untitled document (a frame's, often) has no title worth a line.
    ...(info.title === "" ? [] : [`[page] ${quote(boundText(info.title, headerTitleUnits).text)}`]),
    `url: ${quote(boundText(info.url, headerUrlUnits).text)}`,
  ];
  if (info.scope.kind !== "page") header.push(`scope: ${renderScope(info.scope)}`);
  return header;
}

/**
 * The header of a lean delta: the page-data note whenever page text follows
 * (a row, or a title or URL that changed), the title only when it changed
 * since the baseline and the URL only when it did, and `# no changes` when
 * nothing did (`# no other changes` below a title or URL that did: no row
 * changed, though the page did; and when the only change was the one the
 * action's status already says, `saidByStatus`: a filled field's value).
 * The epoch and cursor stay in the structured result.
 */
export function leanHeader(
  baseline: { title?: string; url?: string },
  now: { title: string; url: string },
  changes: boolean,
  saidByStatus = false,
): string[] {
  const retitled = baseline.title !== now.title;
  const moved = baseline.url !== now.url;
  if (!retitled && !moved) {
    return changes ? [pageDataNote] : [saidByStatus ? "# no other changes" : "# no changes"];
  }
  return [
    pageDataNote,
    ...(retitled ? [`[page] ${quote(boundText(now.title, headerTitleUnits).text)}`] : []),
    ...(moved ? [`url: ${quote(boundText(now.url, headerUrlUnits).text)}`] : []),
    ...(changes ? [] : ["# no other changes"]),
  ];
}
