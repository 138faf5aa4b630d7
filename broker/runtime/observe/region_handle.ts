/**
 * A handle for a delta's region that no row a reader can ask for holds: a
 * popup the page appended to the body as a nameless box of options, whose
 * rows stand at the left with nothing around them. Observing the whole
 * page would not help on a long page (its read stops at a bound before the
 * body's end); the element of the page nearest to all of the region's rows
 * gets a ref, so `observe rootRef` shows just them.
 *
 * @module
 */
import type { AxNode } from "../../../contracts/methods/mod.ts";
import type { RefTable } from "./refs.ts";
import type { Row } from "./rows.ts";

/** Rows a handle may hold that the delta did not add or change: more, and it is no handle. */
const otherRows = 8;

/**
 * For `held`, rows of `rows` (an observation of `nodes`), the element of
 * `nodes` nearest to all of them, as a row with a ref from `refs`;
 * undefined when it is the document, or holds more than a few rows that
 * are not `fresh` (the delta's added and changed rows, by backend node ID).
 */
export function handleFinder(
  nodes: readonly AxNode[],
  rows: readonly Row[],
  refs: RefTable,
  fresh: ReadonlySet<number>,
): (held: readonly Row[]) => Row | undefined {
  let byId: Map<number, AxNode> | undefined;
  // Each row's ancestors, read once: every call asks for every row's.
  const chains = new Map<number, number[]>();
  const chain = (id: number): number[] => {
    byId ??= new Map(nodes.map((node) => [node.backendNodeId, node]));
    let out = chains.get(id);
    if (out !== undefined) return out;
    out = [];
    for (let p = byId.get(id)?.parentId ?? null; p !== null && out.length <= 1024;) {
      out.push(p);
      p = byId.get(p)?.parentId ?? null;
    }
    chains.set(id, out);
    return out;
  };
  return (held) => {
    if (held.length === 0) return undefined;
    let common = chain(held[0].backendNodeId);
    for (const row of held.slice(1)) {
      const theirs = new Set(chain(row.backendNodeId));
      common = common.filter((id) => theirs.has(id));
      if (common.length === 0) return undefined;
    }
    const nearest = common[0];
    const node = byId?.get(nearest);
    if (node === undefined || node.parentId === null) return undefined;
    let others = 0;
    for (const row of rows) {
      if (!fresh.has(row.backendNodeId) && chain(row.backendNodeId).includes(nearest)) others++;
      if (others > otherRows) return undefined;
    }
    const ref = refs.refFor(nearest, {
      role: node.axRole ?? node.role,
      name: node.axName ?? node.name,
    });
    return { backendNodeId: nearest, ref, role: node.role, name: node.name, states: [], level: 0 };
  };
}
