/**
 * Long native `<select>`s, folded in whole observations. A country or time
 * zone select lists two or four hundred options, about a thousand tokens,
 * in every look at a form, though the select action picks an option by its
 * label and an agent rarely needs to read them all. Past
 * {@linkcode optionFold.above} options, a whole observation shows a select's
 * first {@linkcode optionFold.shown} options (enough to see how they are
 * labelled) and every selected one, and the select's own line says how many
 * more there are and how to see them: `— 244 more options (observe
 * rootRef=e6)`. A read rooted at the select itself lists them all, and a
 * query every option it matched. A delta folds the options it adds the same
 * way, so a form section that appears with a country select in it reads
 * in a few lines.
 *
 * @module
 */
import { formatCount } from "./budget.ts";
import type { Row } from "./rows.ts";

/** When a native select's options fold, and how many stay. */
export const optionFold = {
  /** A select with more options than this folds. */
  above: 12,
  /** The options a folded select still shows, besides the selected ones. */
  shown: 5,
} as const;

/** A folded row: an option, or an `<optgroup>` all of whose options folded, and its select. */
export interface Folded {
  select: Row;
  group?: true;
}

/**
 * The options of `rows` (a preorder list with levels) that fold, each
 * mapped to its select's row: past {@linkcode optionFold.above} options, all
 * but a select's first {@linkcode optionFold.shown}, its selected ones and
 * those `keep` keeps (a query's matches). The options of the row whose
 * backend node is `root` (the select a read is rooted at) stay.
 */
export function foldedOptions(
  rows: readonly Row[],
  options: { root?: number; keep?: (row: Row) => boolean } = {},
): Map<number, Folded> {
  // The options of each select, by the select's index: the nearest earlier row a level up,
  // or two when an `<optgroup>` holds them; and each such group's options.
  const optionsOf = new Map<number, number[]>();
  const groupOptions = new Map<number, number[]>();
  const atLevel: number[] = [];
  const push = (map: Map<number, number[]>, key: number, index: number) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [index]);
    else list.push(index);
  };
  rows.forEach((row, index) => {
    atLevel[row.level] = index;
    if (row.nativeOption !== true || row.level === 0) return;
    let owner = atLevel[row.level - 1];
    if (owner !== undefined && rows[owner].role === "group" && row.level >= 2) {
      push(groupOptions, owner, index);
      owner = atLevel[row.level - 2];
    }
    if (owner === undefined || rows[owner].nativeOption === true) return;
    push(optionsOf, owner, index);
  });
  const folded = new Map<number, Folded>();
  for (const [owner, list] of optionsOf) {
    const select = rows[owner];
    if (list.length <= optionFold.above || select.backendNodeId === options.root) continue;
    list.forEach((index, nth) => {
      const option = rows[index];
      if (nth < optionFold.shown || option.states.includes("selected")) return;
      if (options.keep?.(option) === true) return;
      folded.set(option.backendNodeId, { select });
    });
  }
  // A group whose every option folded goes with them; it names nothing the select shows.
  for (const [group, list] of groupOptions) {
    if (list.every((index) => folded.has(rows[index].backendNodeId))) {
      const { select } = folded.get(rows[list[0]].backendNodeId)!;
      folded.set(rows[group].backendNodeId, { select, group: true });
    }
  }
  return folded;
}

/**
 * What the line of each select that lost options in `folded` ends with, by
 * the select's backend node ID: `— 244 more options (observe rootRef=e6)`.
 */
export function foldNotes(folded: Iterable<Folded>): Map<number, string> {
  const counts = new Map<Row, number>();
  for (const { select, group } of folded) {
    if (group !== true) counts.set(select, (counts.get(select) ?? 0) + 1);
  }
  const notes = new Map<number, string>();
  for (const [select, count] of counts) {
    const how = select.ref === null ? "" : ` (observe rootRef=${select.ref})`;
    notes.set(select.backendNodeId, ` — ${formatCount(count)} more options${how}`);
  }
  return notes;
}
