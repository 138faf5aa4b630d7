/**
 * Deltas between two observations of the same scope and document. Rows are
 * matched by backend node ID; a row changed when its role, name, icon, value, active
 * item, error, states or ref differ, or when it moved ({@linkcode movedRows}). Level is
 * not compared: a wrapper appearing around a region shifts every level
 * below it without changing what a reader can do.
 *
 * @module
 */
import { parentsOf } from "./placement.ts";
import type { Row } from "./rows.ts";
import { rowTexts } from "./tree.ts";

/** What changed between two row lists. */
export interface RowDelta {
  /** In the new list, not the old; new document order. */
  added: Row[];
  /** In the old list, not the new; old document order. */
  removed: Row[];
  /** In both, with a difference (a move counts); as they are now, in new document order. */
  changed: Row[];
  /** Added and changed rows interleaved in new document order, each with its marker. */
  current: { marker: "+" | "~"; row: Row }[];
  /** Of the changed rows, those that moved (see {@linkcode movedRows}), by backend node ID. */
  moved?: Map<number, Move>;
  /**
   * Rows with a ref the page drew again as they were (see `withoutRedrawn`):
   * each old row and the new one in its place, in new document order.
   */
  redrawn?: { before: Row; after: Row }[];
}

/** Where a moved row stands now: the `at`-th (from 1) of its parent's `of` rows. */
export interface Move {
  at: number;
  of: number;
}

/**
 * The rows a cut read added from past its bound (`AxSnapshot["changed"]`):
 * all of them, and the top rows of the regions it read whole there.
 */
export interface ReadBeyond {
  beyond: readonly number[];
  roots: readonly number[];
  /** Nodes of elements the page took away, wherever they stood: rows of them went. */
  gone?: readonly number[];
}

/**
 * How `after` differs from `before`. With `afterCut` (the read behind
 * `after` stopped at its bound before the document's end), rows of `before`
 * past the last one `after` still holds are not counted removed: the read
 * did not reach them, so nothing says they went. Rows the read added from
 * past its bound (`beyond`) do not move that point; under the roots of the
 * regions it read there, a row of `before` it does not hold is removed, as
 * is a row of a node the page took away (`gone`), wherever it stood.
 */
export function diffRows(
  before: readonly Row[],
  after: readonly Row[],
  afterCut = false,
  beyond?: ReadBeyond,
): RowDelta {
  const old = new Map<number, Row>();
  for (const row of before) old.set(row.backendNodeId, row);
  const outside = new Set(beyond?.beyond ?? []);
  const seen = new Set<number>();
  /** Rows of `after` the read reached within its bound. */
  const within = new Set<number>();
  const delta: RowDelta = { added: [], removed: [], changed: [], current: [] };
  const parents: Parents = { before: parentIdsOf(before), after: parentIdsOf(after) };
  const moved = movedRows(before, after, parents);
  if (moved.size > 0) delta.moved = moved;
  for (const row of after) {
    seen.add(row.backendNodeId);
    if (!outside.has(row.backendNodeId)) within.add(row.backendNodeId);
    const previous = old.get(row.backendNodeId);
    if (previous === undefined) {
      delta.added.push(row);
      delta.current.push({ marker: "+", row });
    } else if (differs(previous, row) || moved.has(row.backendNodeId)) {
      delta.changed.push(row);
      delta.current.push({ marker: "~", row });
    }
  }
  let reached = before.length - 1;
  if (afterCut) {
    while (reached >= 0 && !within.has(before[reached].backendNodeId)) reached--;
  }
  const reread = afterCut ? underRoots(before, new Set(beyond?.roots ?? [])) : [];
  const gone = new Set(beyond?.gone ?? []);
  for (const [i, row] of before.entries()) {
    if (seen.has(row.backendNodeId)) continue;
    if (i <= reached || reread[i] === true || gone.has(row.backendNodeId)) delta.removed.push(row);
  }
  return withoutRedrawn(delta, parents, after);
}

/** Each row's parent row's backend node ID, before and after, by the row's backend node ID. */
export interface Parents {
  before: ReadonlyMap<number, number | null>;
  after: ReadonlyMap<number, number | null>;
}

/**
 * The rows of `after` that moved: in `before` too, with their parent in
 * both, but under another parent (a card dragged to another column) or out
 * of order among the siblings that stayed (an item dragged up a list). Of
 * siblings whose order changed, the fewest are moved: those off the longest
 * run that kept its old order. A row whose parent appeared or went (a
 * wrapper drawn around it, or taken away) did not move.
 */
export function movedRows(
  before: readonly Row[],
  after: readonly Row[],
  parents: Parents = { before: parentIdsOf(before), after: parentIdsOf(after) },
): Map<number, Move> {
  const oldIndex = new Map(before.map((row, i) => [row.backendNodeId, i]));
  const parentNow = (row: Row) => parents.after.get(row.backendNodeId) ?? null;
  const parentThen = (row: Row) => parents.before.get(row.backendNodeId) ?? null;
  // Each parent's children now, in order.
  const children = Map.groupBy(after, parentNow);
  const moved = new Set<number>();
  for (const [parent, siblings] of children) {
    const kept = siblings.filter((row) => oldIndex.has(row.backendNodeId));
    // Under another parent, when both parents are there before and after.
    for (const row of kept) {
      const then = parentThen(row);
      if (then === parent || parent === null || then === null) continue;
      if (oldIndex.has(parent) && parents.after.has(then)) moved.add(row.backendNodeId);
    }
    // Out of order among the siblings that stayed under this parent.
    const stayed = kept.filter((row) => parentThen(row) === parent);
    const inOrder = longestIncreasing(stayed.map((row) => oldIndex.get(row.backendNodeId)!));
    stayed.forEach((row, i) => {
      if (!inOrder.has(i)) moved.add(row.backendNodeId);
    });
  }
  const moves = new Map<number, Move>();
  if (moved.size === 0) return moves;
  for (const siblings of children.values()) {
    siblings.forEach((row, i) => {
      if (moved.has(row.backendNodeId)) {
        moves.set(row.backendNodeId, { at: i + 1, of: siblings.length });
      }
    });
  }
  return moves;
}

/** Each row's parent row's backend node ID (null at the top), by backend node ID. */
function parentIdsOf(rows: readonly Row[]): Map<number, number | null> {
  const parents = parentsOf(rows);
  return new Map(rows.map((row, i) => {
    const parent = parents[i];
    return [row.backendNodeId, parent === null ? null : rows[parent].backendNodeId];
  }));
}

/** The indices of one longest strictly increasing subsequence of `values`. */
function longestIncreasing(values: readonly number[]): Set<number> {
  // Patience sorting: `tails[k]` is the index ending the best run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = new Array(values.length).fill(-1);
  values.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1];
    tails[low] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]) kept.add(i);
  return kept;
}

/** For each row of `rows`, whether it is one of `roots` or lies under one. */
function underRoots(rows: readonly Row[], roots: ReadonlySet<number>): boolean[] {
  if (roots.size === 0) return [];
  const parents = parentsOf(rows);
  const under: boolean[] = [];
  rows.forEach((row, i) => {
    const parent = parents[i];
    under.push(roots.has(row.backendNodeId) || (parent !== null && under[parent]));
  });
  return under;
}

/**
 * `delta` without the rows a page only drew again: a subtree removed and
 * one that reads the same (each row's role, name, texts and level, and the
 * same rows under it; states and refs aside) added under the same parent
 * row, in the order such subtrees stood there. Nothing a reader can see
 * changed — a select's options built again, a calendar's table drawn anew on
 * each click, a list swapped in from the server — except where a row's
 * states or whether it has a ref differ: that row changed (`~`). A row
 * drawn again with a ref, as it had, has a new ref all the same (a ref never
 * names another node); `redrawn` pairs the two. Pairing needs the whole
 * subtree to read the same, so a row is never taken for another one that
 * only sits where it sat: the Delete button of a list's next item, a sorted
 * table's other row, a calendar's next month.
 */
function withoutRedrawn(delta: RowDelta, parents: Parents, after: readonly Row[]): RowDelta {
  const addedKids = Map.groupBy(delta.added, (row) => parents.after.get(row.backendNodeId) ?? null);
  const removedKids = Map.groupBy(
    delta.removed,
    (row) => parents.before.get(row.backendNodeId) ?? null,
  );
  // What a subtree reads as, as a number: subtrees that read the same share it, before and
  // after (a string nesting its rows' strings would grow with every level it escaped).
  const readings = new Map<string, number>();
  const signature = (kids: Map<number | null, Row[]>) => {
    const known = new Map<Row, number>();
    const of = (row: Row): number => {
      let sign = known.get(row);
      if (sign === undefined) {
        const inside = (kids.get(row.backendNodeId) ?? []).map(of);
        const own = [row.role, row.name, ...rowTexts.map((key) => row[key] ?? ""), row.level];
        const reading = `${JSON.stringify(own)}${inside.join(",")}`;
        sign = readings.get(reading) ?? readings.size;
        readings.set(reading, sign);
        known.set(row, sign);
      }
      return sign;
    };
    return of;
  };
  const addedSign = signature(addedKids);
  const removedSign = signature(removedKids);
  const removedIds = new Set(delta.removed.map((row) => row.backendNodeId));
  const addedIds = new Set(delta.added.map((row) => row.backendNodeId));
  // Only the top of a removed or added subtree pairs, with all it holds, and in the order the
  // rows stood: a row drawn again elsewhere among its siblings moved, which is news.
  const gone = new Map<string, { row: Row; at: number }[]>();
  delta.removed.forEach((row, at) => {
    const parent = parents.before.get(row.backendNodeId) ?? null;
    if (parent !== null && removedIds.has(parent)) return;
    const key = `${parent} ${removedSign(row)}`;
    const same = gone.get(key);
    if (same === undefined) gone.set(key, [{ row, at }]);
    else same.push({ row, at });
  });
  if (gone.size === 0) return delta;
  /** Each row drawn again, by its new self: its old self. */
  const twins = new Map<Row, Row>();
  const pairAll = (now: Row, then: Row, into: Map<Row, Row>) => {
    into.set(now, then);
    const before = removedKids.get(then.backendNodeId) ?? [];
    (addedKids.get(now.backendNodeId) ?? []).forEach((kid, i) => pairAll(kid, before[i], into));
  };
  /**
   * A list, table or other set drawn again with rows only added to it or
   * only taken from it: the rows under both that read the same, in order,
   * paired with the set itself; undefined when the set reads otherwise, or
   * rows were both added and taken (a calendar's next month, whose weeks
   * may read like the last one's: only its heading tells them apart) —
   * unless the one row each side is such a set itself.
   */
  const pairSet = (now: Row, then: Row): Map<Row, Row> | undefined => {
    if (
      !setRoles.has(now.role) || now.role !== then.role || now.name !== then.name ||
      rowTexts.some((key) => now[key] !== then[key])
    ) return undefined;
    const pairs = new Map<Row, Row>([[now, then]]);
    const olds = removedKids.get(then.backendNodeId) ?? [];
    // Where each reading stands among the old rows: a list drawn anew whole is a thousand
    // rows, none of which reads like another's.
    const at = Map.groupBy(olds.keys(), (i) => removedSign(olds[i]));
    const taken: Row[] = [];
    const added: Row[] = [];
    let from = 0;
    for (const kid of addedKids.get(now.backendNodeId) ?? []) {
      const twin = at.get(addedSign(kid))?.find((i) => i >= from);
      if (twin === undefined) {
        added.push(kid);
      } else {
        taken.push(...olds.slice(from, twin));
        from = twin + 1;
        pairAll(kid, olds[twin], pairs);
      }
      // Rows both added and taken: the set reads otherwise, whatever follows.
      if (added.length > 1 && taken.length > 1) return undefined;
    }
    taken.push(...olds.slice(from));
    if (taken.length === 0 || added.length === 0) return pairs;
    if (taken.length !== 1 || added.length !== 1) return undefined;
    const inner = pairSet(added[0], taken[0]);
    if (inner === undefined) return undefined;
    for (const [kid, old] of inner) pairs.set(kid, old);
    return pairs;
  };
  /** Where the last twin paired under each parent stood among the removed rows. */
  const lastAt = new Map<number | null, number>();
  /** Sets no twin took, which may pair with a set drawn again with rows added or taken. */
  const unpaired: Row[] = [];
  for (const row of delta.added) {
    const parent = parents.after.get(row.backendNodeId) ?? null;
    if (parent !== null && addedIds.has(parent)) continue;
    const candidates = gone.get(`${parent} ${addedSign(row)}`) ?? [];
    const next = candidates.findIndex(({ at }) => at > (lastAt.get(parent) ?? -1));
    if (next < 0) {
      if (setRoles.has(row.role)) unpaired.push(row);
      continue;
    }
    const [twin] = candidates.splice(next, 1);
    lastAt.set(parent, twin.at);
    pairAll(row, twin.row, twins);
  }
  // A set drawn again with rows added or taken pairs with the set it replaced, in order too.
  const left = [...gone.values()].flat().filter(({ row }) => setRoles.has(row.role))
    .sort((a, b) => a.at - b.at);
  for (const row of unpaired) {
    const parent = parents.after.get(row.backendNodeId) ?? null;
    for (const [i, { row: old, at }] of left.entries()) {
      if (at <= (lastAt.get(parent) ?? -1)) continue;
      if ((parents.before.get(old.backendNodeId) ?? null) !== parent) continue;
      const pairs = pairSet(row, old);
      if (pairs === undefined) continue;
      left.splice(i, 1);
      lastAt.set(parent, at);
      for (const [now, then] of pairs) twins.set(now, then);
      break;
    }
  }
  if (twins.size === 0) return delta;
  const paired = new Set([...twins.keys(), ...twins.values()]);
  const restyled = [...twins].filter(([now, then]) =>
    (now.ref === null) !== (then.ref === null) || !sameStates(now.states, then.states)
  ).map(([now]) => now);
  const order = new Map(after.map((row, i) => [row.backendNodeId, i]));
  const inOrder = (a: Row, b: Row) =>
    (order.get(a.backendNodeId) ?? 0) - (order.get(b.backendNodeId) ?? 0);
  const redrawn = [...twins].filter(([now, then]) => now.ref !== null && then.ref !== null)
    .map(([now, then]) => ({ before: then, after: now }))
    .sort((a, b) => inOrder(a.after, b.after));
  return {
    ...delta,
    added: delta.added.filter((row) => !paired.has(row)),
    removed: delta.removed.filter((row) => !paired.has(row)),
    changed: [...delta.changed, ...restyled].sort(inOrder),
    current: [
      ...delta.current.filter(({ row }) => !paired.has(row)),
      ...restyled.map((row) => ({ marker: "~" as const, row })),
    ].sort((a, b) => inOrder(a.row, b.row)),
    ...(redrawn.length === 0 ? {} : { redrawn }),
  };
}

/** Roles of the sets {@linkcode withoutRedrawn} pairs when rows were only added or taken. */
const setRoles: ReadonlySet<string> = new Set([
  "list",
  "table",
  "grid",
  "treegrid",
  "tree",
  "listbox",
  "menu",
  "menubar",
  "tablist",
  "feed",
  "radiogroup",
  "rowgroup",
]);

function sameStates(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((state, i) => state === b[i]);
}

function differs(a: Row, b: Row): boolean {
  return a.role !== b.role || a.name !== b.name || rowTexts.some((key) => a[key] !== b[key]) ||
    a.ref !== b.ref || !sameStates(a.states, b.states);
}
