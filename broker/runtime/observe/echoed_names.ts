/**
 * Names a row's children already show. Chrome names a table row, and many
 * containers, from their contents: `row "1001 Ada Lovelace £12.00"` sits
 * right above `cell "1001"`, `cell "Ada Lovelace"`, `cell "£12.00"`, and
 * a grid of fifty rows pays for every name twice. A row without a ref whose
 * name is exactly its children's names, in order, is printed without it;
 * the structured node keeps it, and so does every delta line that shows the
 * row without its children (`~ row "1001 Ada Lovelace £12.00" selected`).
 *
 * @module
 */
import type { ObservedNode } from "../../../contracts/methods/mod.ts";
import { normalize } from "./names.ts";

/**
 * The indices of `rows` (a preorder list with levels) whose name is their
 * direct children's names joined by spaces, blank ones left out. Rows that can be acted on keep
 * theirs: it is the name an agent targets.
 */
export function echoedNames(rows: readonly ObservedNode[]): Set<number> {
  const echoed = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.ref !== null || row.name === "") continue;
    const names: string[] = [];
    for (let j = i + 1; j < rows.length && rows[j].level > row.level; j++) {
      // A blank cell (a calendar's days outside its month) adds nothing to the row's name.
      if (rows[j].level === row.level + 1 && normalize(rows[j].name) !== "") {
        names.push(normalize(rows[j].name));
      }
    }
    if (names.length > 0 && names.join(" ") === normalize(row.name)) echoed.add(i);
  }
  return echoed;
}

/**
 * Of `echoed`, the rows whose direct children all stand among the first
 * `shown` rows: a row whose children the budget cut must say its name.
 */
export function echoedWithin(
  rows: readonly ObservedNode[],
  echoed: ReadonlySet<number>,
  shown: number,
): Set<number> {
  const within = new Set<number>();
  for (const i of echoed) {
    if (i >= shown) continue;
    let last = i;
    for (let j = i + 1; j < rows.length && rows[j].level > rows[i].level; j++) {
      if (rows[j].level === rows[i].level + 1) last = j;
    }
    if (last < shown) within.add(i);
  }
  return within;
}
