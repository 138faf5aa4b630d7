/**
 * Where a delta's added and changed rows stand, so a reader can tell which
 * of two listboxes an option joined. A row whose nearest named ancestor is
 * itself in the delta is indented under that row's line; any other row
 * names its nearest unchanged ancestor that has a name or a ref:
 *
 * ```text
 * + option "Pepperoni" ref=e91 in listbox "Sauces" ref=e86
 * + dialog "Delete your account?" ref=e40 in main "Account"
 *   + button "Yes, delete it" ref=e41
 * in listbox "Toppings" ref=e80:
 *   + option "Ham" ref=e92
 *   + option "Olives" ref=e93
 * ```
 *
 * Consecutive rows with the same ancestor share one heading line (ending
 * in `:`) and are indented under it. Rows without a named ancestor stand
 * at the left. Removed rows are not placed: their ancestors may be gone.
 *
 * @module
 */
import type { DeltaMarker } from "./render.ts";
import { renderAnchor, renderRow } from "./render.ts";
import type { Row } from "./rows.ts";

/** One added or changed row of a delta, in document order. */
export interface DeltaEntry {
  marker: Exclude<DeltaMarker, "-">;
  row: Row;
}

/**
 * One group of placed lines: a row at the left with the rows nested under
 * it, and the next rows at the left with the same anchor (under a heading
 * when there are several).
 */
export interface PlacedGroup {
  /** Its first line (the heading, when it has one). */
  start: number;
  /** One past its last line. */
  end: number;
  /** The unchanged ancestor its rows stand in, if they name one. */
  anchor?: Row;
  /** Its first row at the left. */
  top: Row;
}

/** The lines of placed delta rows; `entries[i]` is the delta entry `lines[i]` shows, if any. */
export interface PlacedLines {
  lines: string[];
  /** Index into the entries given, or `undefined` for a heading line. */
  entries: (number | undefined)[];
  /** The groups, in order; together they cover every line. */
  groups: PlacedGroup[];
}

/** For each of `rows`, the index of its parent row (levels are one per step down), or null. */
export function parentsOf(rows: readonly Row[]): (number | null)[] {
  const parents: (number | null)[] = [];
  const open: number[] = [];
  rows.forEach((row, i) => {
    while (open.length > 0 && rows[open[open.length - 1]].level >= row.level) open.pop();
    parents.push(open.length === 0 ? null : open[open.length - 1]);
    open.push(i);
  });
  return parents;
}

/**
 * Whether a reader can tell this row from its neighbours by what its line
 * shows, and ask for it: a ref or a name.
 */
export function tellable(row: Row): boolean {
  return row.ref !== null || row.name.trim() !== "";
}

/**
 * For `rows` (every row of the scope as it is now): a finder of the nearest
 * row holding all of some of them that a reader can ask for ({@linkcode
 * tellable}), if any.
 */
export function containerFinder(rows: readonly Row[]): (held: readonly Row[]) => Row | undefined {
  // Built on first use: most deltas fit their budget and never ask.
  let parents: (number | null)[] | undefined;
  let index: Map<number, number> | undefined;
  const ancestors = (row: Row): number[] => {
    parents ??= parentsOf(rows);
    index ??= new Map(rows.map((row, i) => [row.backendNodeId, i]));
    const out: number[] = [];
    const at = index.get(row.backendNodeId);
    for (let p = at === undefined ? null : parents[at]; p !== null; p = parents[p]) out.push(p);
    return out;
  };
  return (held) => {
    if (held.length === 0) return undefined;
    // The first row's ancestors, nearest first, that hold every other row too.
    let common = ancestors(held[0]);
    for (const row of held.slice(1)) {
      const theirs = new Set(ancestors(row));
      common = common.filter((p) => theirs.has(p));
      if (common.length === 0) return undefined;
    }
    const found = common.find((p) => tellable(rows[p]));
    return found === undefined ? undefined : rows[found];
  };
}

/** Where one entry stands: nested under an earlier entry, or at the left with an anchor. */
interface Place {
  depth: number;
  anchor: Row | undefined;
}

/**
 * Place `entries` (added and changed rows, in document order) among `rows`
 * (every row of the scope as it is now) and render their lines. A row's
 * line, or the heading or anchor that names it, ends with its `notes`
 * (where a moved row went, a folded select's count of options), by backend
 * node ID.
 */
export function placeDeltaEntries(
  entries: readonly DeltaEntry[],
  rows: readonly Row[],
  notes: ReadonlyMap<number, string> = new Map(),
): PlacedLines {
  const noted = (row: Row) => notes.get(row.backendNodeId) ?? "";
  const index = new Map<number, number>();
  rows.forEach((row, i) => index.set(row.backendNodeId, i));
  const parents = parentsOf(rows);
  const entryAt = new Map<number, number>();
  entries.forEach((entry, i) => entryAt.set(entry.row.backendNodeId, i));

  const places: Place[] = entries.map(() => ({ depth: 0, anchor: undefined }));
  entries.forEach((entry, i) => {
    const at = index.get(entry.row.backendNodeId);
    for (let p = at === undefined ? null : parents[at]; p !== null; p = parents[p]) {
      const nested = entryAt.get(rows[p].backendNodeId);
      if (nested !== undefined && nested < i) {
        places[i] = { depth: places[nested].depth + 1, anchor: undefined };
        return;
      }
      if (tellable(rows[p])) {
        places[i] = { depth: 0, anchor: rows[p] };
        return;
      }
    }
  });

  const placed: PlacedLines = { lines: [], entries: [], groups: [] };
  let i = 0;
  while (i < entries.length) {
    // One group: a row at the left, the rows nested under it, and the next rows at the left
    // with the same anchor (and theirs).
    const anchor = places[i].anchor;
    let end = i + 1;
    let tops = 1;
    while (end < entries.length) {
      const place = places[end];
      if (place.depth === 0 && (anchor === undefined || place.anchor !== anchor)) break;
      if (place.depth === 0) tops++;
      end++;
    }
    const heading = anchor !== undefined && tops > 1;
    placed.groups.push({
      start: placed.lines.length,
      end: placed.lines.length + (end - i) + (heading ? 1 : 0),
      ...(anchor === undefined ? {} : { anchor }),
      top: entries[i].row,
    });
    if (heading) {
      placed.lines.push(`in ${renderAnchor(anchor)}${noted(anchor)}:`);
      placed.entries.push(undefined);
    }
    for (let k = i; k < end; k++) {
      const { marker, row } = entries[k];
      const indent = "  ".repeat(places[k].depth + (heading ? 1 : 0));
      const at = places[k].anchor;
      const where = !heading && at !== undefined ? ` in ${renderAnchor(at)}${noted(at)}` : "";
      placed.lines.push(`${indent}${marker} ${renderRow(row)}${noted(row)}${where}`);
      placed.entries.push(k);
    }
    i = end;
  }
  return placed;
}
