/**
 * Exact queries over the row tree. A row matches when its name or value
 * contains the query, or its role equals it (so `button` lists the buttons).
 * Matching is literal: no patterns, no whitespace or Unicode normalization,
 * and only ASCII letters fold case (`Pay` finds `PAY NOW`; `É` does not
 * find `é`) — predictable for a model, and the same rule on every platform.
 * The result keeps each match with its whole subtree (a matched table row
 * brings its cells and buttons) and the chain of ancestors that places it,
 * each shared ancestor shown once.
 *
 * @module
 */
import { keepRows, type TreeRow } from "./tree.ts";

/** `text` with ASCII `A`–`Z` lowered and every other character untouched. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32));
}

/** Whether `row` matches `query` (see the module notes for the rule). */
export function matchesQuery(
  row: { role: string; name: string; value?: string },
  query: string,
): boolean {
  return matchesFolded(row, foldAscii(query));
}

function matchesFolded(row: { role: string; name: string; value?: string }, needle: string) {
  return foldAscii(row.name).includes(needle) || foldAscii(row.value ?? "").includes(needle) ||
    foldAscii(row.role) === needle;
}

/** The rows of `rows` that match `query`, with their subtrees and ancestors. */
export function filterByQuery(rows: readonly TreeRow[], query: string): TreeRow[] {
  const needle = foldAscii(query);
  const keep = new Array<boolean>(rows.length).fill(false);
  const inMatch = new Array<boolean>(rows.length).fill(false);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const parent = row.parent;
    inMatch[i] = (parent !== null && inMatch[parent]) || matchesFolded(row, needle);
    if (!inMatch[i]) continue;
    // Parents precede children, so the chain is marked before any descendant is reached.
    for (let j: number | null = i; j !== null && !keep[j]; j = rows[j].parent) keep[j] = true;
  }
  return keepRows(rows, keep);
}
