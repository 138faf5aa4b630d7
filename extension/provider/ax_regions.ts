/**
 * Reading the regions a page changed (`change_watch.ts`) beside a bounded
 * walk (`ax_walk.ts`): each region's subtree in one `queryAXTree`, and its
 * ancestors (`getAXNodeAndAncestors`) so it stands where it is in the
 * document. Merged with the walk's nodes, a region past the walk's bound
 * projects in its place after the walk's rows; {@linkcode changedRows}
 * then says which rows came from past the bound, so a delta never takes
 * what the walk did not reach for removed.
 *
 * @module
 */
import type { AxNode } from "../../contracts/methods/mod.ts";
import type { RawAxNode } from "./ax_projection.ts";
import type { AxCommand } from "./ax_walk.ts";
import { rawNodes } from "./leased_read.ts";

/** The most nodes the regions of one read may add: a region reads whole or not at all. */
export const maxRegionNodes = 2_000;

/** What the regions added: their subtrees' nodes and their ancestors'. */
export interface RegionRead {
  /** The node ID of each region's root. */
  roots: string[];
  /** Every subtree node, the region's root first, inline text boxes left out. */
  subtrees: RawAxNode[];
  /** The regions' ancestors. */
  ancestors: RawAxNode[];
}

/**
 * Read the regions under `roots` (backend node IDs), up to
 * {@linkcode maxRegionNodes} nodes in all; a region DevTools cannot read
 * (its node went) is left out.
 */
export async function readRegions(
  command: AxCommand,
  roots: readonly number[],
): Promise<RegionRead> {
  const reads = await Promise.all(roots.map(async (backendNodeId) => {
    try {
      const [subtree, chain] = await Promise.all([
        command("Accessibility.queryAXTree", { backendNodeId }),
        command("Accessibility.getAXNodeAndAncestors", { backendNodeId }),
      ]);
      return {
        subtree: rawNodes(subtree).filter((node) => node.role?.value !== "InlineTextBox"),
        chain: rawNodes(chain),
      };
    } catch {
      return undefined;
    }
  }));
  const read: RegionRead = { roots: [], subtrees: [], ancestors: [] };
  let size = 0;
  for (const region of reads) {
    if (region === undefined || size + region.subtree.length > maxRegionNodes) continue;
    size += region.subtree.length;
    if (region.subtree.length > 0) read.roots.push(region.subtree[0].nodeId);
    read.subtrees.push(...region.subtree);
    const inside = new Set(region.subtree.map((node) => node.nodeId));
    read.ancestors.push(...region.chain.filter((node) => !inside.has(node.nodeId)));
  }
  return read;
}

/**
 * A walk kept from before an action, brought up to date by the regions the
 * action changed: each region's old subtree gives way to the one read now,
 * and the ancestors read now replace theirs (their names and children may
 * have changed with the region). A region the kept walk did not reach is
 * left to {@linkcode withRegions}.
 */
export function refreshed(kept: readonly RawAxNode[], regions: RegionRead): RawAxNode[] {
  const byId = new Map(kept.map((node) => [node.nodeId, node]));
  for (const root of regions.roots) {
    const stack = [root];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      const node = byId.get(id);
      if (node === undefined) continue;
      byId.delete(id);
      stack.push(...(node.childIds ?? []));
    }
  }
  const roots = new Set(regions.roots);
  const reached = new Set(kept.map((node) => node.nodeId));
  for (const node of regions.ancestors) if (reached.has(node.nodeId)) byId.set(node.nodeId, node);
  // A region's nodes stand where its root stood, or under its parent when the root is new to
  // the tree (an element shown); one the walk never reached is not placed here.
  let inside = false;
  for (const node of regions.subtrees) {
    if (roots.has(node.nodeId)) {
      inside = reached.has(node.nodeId) ||
        (node.parentId !== undefined && reached.has(node.parentId));
    }
    if (inside) byId.set(node.nodeId, node);
  }
  return [...byId.values()];
}

/**
 * `walked` with the regions' nodes it lacks; a node both hold is the
 * walk's.
 */
export function withRegions(walked: readonly RawAxNode[], regions: RegionRead): RawAxNode[] {
  const known = new Set(walked.map((node) => node.nodeId));
  const merged = [...walked];
  for (const node of [...regions.ancestors, ...regions.subtrees]) {
    if (known.has(node.nodeId)) continue;
    known.add(node.nodeId);
    merged.push(node);
  }
  return merged;
}

/**
 * Which of the projected `rows` the regions added past the walk: every
 * such row (`beyond`), and the top rows of each region's subtree there
 * (`roots`); `undefined` when they added none.
 */
export function changedRows(
  rows: readonly AxNode[],
  walked: readonly RawAxNode[],
  regions: RegionRead,
): { beyond: number[]; roots: number[] } | undefined {
  const reached = new Set<number>();
  for (const node of walked) {
    if (node.backendDOMNodeId !== undefined) reached.add(node.backendDOMNodeId);
  }
  const idsOf = (nodes: readonly RawAxNode[]) =>
    new Set(
      nodes.map((node) => node.backendDOMNodeId).filter((id): id is number =>
        id !== undefined && !reached.has(id)
      ),
    );
  const inSubtrees = idsOf(regions.subtrees);
  const inAncestors = idsOf(regions.ancestors);
  const beyond: number[] = [];
  const roots: number[] = [];
  for (const row of rows) {
    const id = row.backendNodeId;
    if (!inSubtrees.has(id) && !inAncestors.has(id)) continue;
    beyond.push(id);
    if (inSubtrees.has(id) && (row.parentId === null || !inSubtrees.has(row.parentId))) {
      roots.push(id);
    }
  }
  return beyond.length === 0 ? undefined : { beyond, roots };
}
