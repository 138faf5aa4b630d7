/**
 * Rows a delta adds back as the reader saw them before. A modal dialog, a
 * menu or a popover listbox hides the rest of the page while it is open
 * (`aria-hidden` or `inert` on everything else), so the delta after it
 * closes would add the whole page again, row by row, though nothing in it
 * changed: MUI, Radix and Headless UI all do this. Added rows that an
 * earlier observation of the same lease, document and scope showed exactly
 * so (same node, same line) are "back"; a run of at least
 * {@linkcode backRunRows} of them, one after another in the delta, is said
 * in one line by its first and last row:
 *
 * ```text
 * + 16 rows back as before: heading "Documents" … button "Actions for Launch checklist" ref=e3
 * ```
 *
 * A row that changed while it was hidden (a select's new value) or that
 * gained the focus is not back as before: it keeps its own line. One that
 * only lost the focus it had is back: where the focus is now says so.
 *
 * @module
 */
import { formatCount } from "./budget.ts";
import type { CursorRecord } from "./cursors.ts";
import { renderAnchor, renderRow } from "./render.ts";
import type { Row } from "./rows.ts";

/** The fewest rows back in a row that get one line: fewer are as cheap listed. */
export const backRunRows = 3;

/** An added or changed row of a delta. */
interface Entry {
  marker: "+" | "~";
  row: Row;
}

/**
 * The runs of `current` (a delta's added and changed rows, in document
 * order) that are back as `history` (earlier observations, any order)
 * showed them: indices into `current`, each run at least
 * {@linkcode backRunRows} long.
 */
export function backRuns(current: readonly Entry[], history: readonly CursorRecord[]): number[][] {
  const added = new Map<number, Row>();
  for (const { marker, row } of current) if (marker === "+") added.set(row.backendNodeId, row);
  if (added.size < backRunRows || history.length === 0) return [];
  const back = new Set<number>();
  for (const record of history) {
    for (const before of record.rows) {
      const now = added.get(before.backendNodeId);
      if (now === undefined || back.has(before.backendNodeId)) continue;
      if (renderRow(now) === renderRow(unfocused(before, now))) back.add(before.backendNodeId);
    }
    if (back.size === added.size) break;
  }
  const runs: number[][] = [];
  let run: number[] = [];
  const close = () => {
    if (run.length >= backRunRows) runs.push(run);
    run = [];
  };
  current.forEach(({ marker, row }, index) => {
    if (marker === "+" && back.has(row.backendNodeId)) run.push(index);
    else close();
  });
  close();
  return runs;
}

/**
 * `before` as it would read without the focus, when `now` does not have it:
 * the focus it had then went elsewhere, which the row that has it now says.
 */
function unfocused(before: Row, now: Row): Row {
  if (now.states.includes("focused") || !before.states.includes("focused")) return before;
  return { ...before, states: before.states.filter((state) => state !== "focused") };
}

/** The line of one run of rows back (`rows`, in document order). */
export function backLine(rows: readonly Row[]): string {
  return `+ ${formatCount(rows.length)} rows back as before: ${renderAnchor(rows[0])} … ${
    renderAnchor(rows[rows.length - 1])
  }`;
}
