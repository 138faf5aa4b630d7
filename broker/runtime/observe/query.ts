/**
 * Exact queries over the row tree, by the one matching rule of
 * `contracts/page_text.ts`: a row matches when its name or value contains
 * the query, or its role equals it (so `button` lists the buttons). The
 * result keeps each match with its whole subtree (a matched table row
 * brings its cells and buttons) and the chain of ancestors that places it,
 * each shared ancestor shown once.
 *
 * @module
 */
import { foldAscii, matchesFolded, type QueriedRow } from "../../../contracts/page_text.ts";
import { keepRows, type TreeRow } from "./tree.ts";

/** Whether a row matches `query` by itself (its name or value, or its role). */
export function queryMatcher(query: string): (row: QueriedRow) => boolean {
  const needle = foldAscii(query);
  return (row) => matchesFolded(row, needle);
}

/** The rows of `rows` that match `query`, with their subtrees and ancestors. */
export function filterByQuery(rows: readonly TreeRow[], query: string): TreeRow[] {
  const matches = queryMatcher(query);
  const keep = new Array<boolean>(rows.length).fill(false);
  const inMatch = new Array<boolean>(rows.length).fill(false);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const parent = row.parent;
    inMatch[i] = (parent !== null && inMatch[parent]) || matches(row);
    if (!inMatch[i]) continue;
    // Parents precede children, so the chain is marked before any descendant is reached.
    for (let j: number | null = i; j !== null && !keep[j]; j = rows[j].parent) keep[j] = true;
  }
  return keepRows(rows, keep);
}
