/**
 * Observed rows: the pruned tree with refs attached. A row is what the wire
 * shows ({@linkcode ObservedNode}) plus the backend node ID, which stays in
 * the Broker for deltas and actions.
 *
 * @module
 */
import type { ObservedNode } from "../../../contracts/methods/mod.ts";
import { isActionable, type RefTable } from "./refs.ts";
import { copyRowTexts, type TreeRow } from "./tree.ts";

/** One observed row. */
export interface Row extends ObservedNode {
  backendNodeId: number;
  /** An option of a native `<select>` (see {@linkcode TreeRow.nativeOption}). */
  nativeOption?: true;
}

/**
 * `rows` with refs: every actionable row gets its epoch's ref (allocated on
 * first sight), except the options of a native `<select>` (chosen with the
 * select action on the select's ref); the rest get null. Throws what {@linkcode RefTable.refFor}
 * throws when the table is full.
 */
export function attachRefs(rows: readonly TreeRow[], refs: RefTable): Row[] {
  return rows.map((row) => {
    const observed: Row = {
      backendNodeId: row.backendNodeId,
      ref: isActionable(row) && row.nativeOption !== true
        ? refs.refFor(row.backendNodeId, {
          role: row.axRole ?? row.role,
          name: row.axName ?? row.name,
        })
        : null,
      role: row.role,
      name: row.name,
      states: row.states,
      level: row.level,
    };
    copyRowTexts(row, observed);
    if (row.nativeOption === true) observed.nativeOption = true;
    return observed;
  });
}

/** The wire form of a row: the backend node ID stays behind. */
export function toObservedNode(row: Row): ObservedNode {
  const node: ObservedNode = {
    ref: row.ref,
    role: row.role,
    name: row.name,
    states: [...row.states],
    level: row.level,
  };
  copyRowTexts(row, node);
  return node;
}
