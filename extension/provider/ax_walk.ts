/**
 * A budget-first read of the accessibility tree: walked top-down from
 * `Accessibility.getRootAXNode` with `getChildAXNodes`, in document order,
 * and stopped once the part read in full holds enough rows for the read's
 * bound, so a read's cost follows what it returns, not the page's size.
 * Children are fetched a batch at a time, the next ones in document order
 * first; an item of a long list (a node with many siblings: a table's row,
 * a feed's entry) is fetched whole in one `Accessibility.queryAXTree` of
 * its subtree, and how many items a round fetches follows how many rows
 * the items read so far held, so the walk's calls follow the rows it
 * returns rather than the nodes. What the walk leaves out is exact in place (every node it holds
 * comes before everything it left out, as in a full read's first rows)
 * and estimated in number: each subtree not read counts as large as the
 * mean of its read siblings. Each answer is validated as it arrives, so the
 * checks cost what the walk keeps.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { type RawAxNode, RawAxNodeSchema } from "./ax_projection.ts";
import { rawNodes } from "./leased_read.ts";
import { z } from "zod";

const RootAnswerSchema = z.object({ node: RawAxNodeSchema });

/** A leased read's command function. */
export type AxCommand = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** How many `getChildAXNodes` calls are in flight at once, at most. */
export const walkBatch = 256;
/** Calls a round makes even past the bound, so the last levels do not take a round each. */
const minBatch = 16;
/** A node with at least this many siblings (itself included) is an item, fetched whole. */
export const itemSiblings = 8;
/** Items fetched whole in the first round, before their size is known. */
const firstItems = 4;

/** What a walk read: the nodes of the part read in full, and what it left out. */
export interface AxWalk {
  /** In no particular order; parents and children link by `nodeId`. */
  nodes: RawAxNode[];
  /** Whether the walk stopped before the end of the document. */
  stopped: boolean;
  /** About how many nodes were not read (0 when not `stopped`). */
  unread: number;
}

const DocumentSchema = z.object({ root: z.object({ nodeId: z.number().int() }) });
const SearchSchema = z.object({
  searchId: z.string(),
  resultCount: z.number().int().nonnegative(),
});

/**
 * The number of elements in the document, from an XPath search whose
 * results are never fetched; undefined when it cannot be had.
 */
export async function countElements(command: AxCommand): Promise<number | undefined> {
  try {
    if (!DocumentSchema.safeParse(await command("DOM.getDocument", { depth: 0 })).success) {
      return undefined;
    }
    const search = SearchSchema.safeParse(await command("DOM.performSearch", { query: "//*" }));
    if (!search.success) return undefined;
    await command("DOM.discardSearchResults", { searchId: search.data.searchId }).catch(() => {});
    return search.data.resultCount;
  } catch {
    return undefined;
  }
}

/**
 * Read the document's tree for a read of `rows` rows: whole, in one
 * `getFullAXTree` of limited depth, when the page is small beside the read
 * (at most one element per row: one fetch is cheaper than a walk's rounds
 * there) or of unknown size, else by {@linkcode walkAxTree}. DevTools'
 * levels include ignored wrappers, which `maxDepth` does not count, so the
 * whole read fetches twice the depth plus the document's wrappers.
 */
export async function readAxTree(
  command: AxCommand,
  bounds: { rows: number; maxDepth: number },
): Promise<AxWalk> {
  const elements = await countElements(command);
  // Without the count the read stays whole, as it always worked.
  if (elements === undefined || elements <= bounds.rows) {
    const depth = Math.min(1024, bounds.maxDepth * 2 + 4);
    const nodes = rawNodes(await command("Accessibility.getFullAXTree", { depth }));
    return { nodes, stopped: false, unread: 0 };
  }
  return await walkAxTree(command, bounds.rows);
}

/** Whether a node may become a row (an upper bound on the projection's rows). */
function mayShow(node: RawAxNode): boolean {
  if (node.ignored || node.backendDOMNodeId === undefined) return false;
  const role = node.role?.value;
  return role !== "InlineTextBox";
}

/**
 * Walk the tree with `command` (a leased read's) until the part read in full
 * holds `rows` nodes that may show, or the tree ends. Inline text boxes
 * (negative IDs) are never fetched: the projection leaves them out.
 */
export async function walkAxTree(
  command: AxCommand,
  rows: number,
): Promise<AxWalk> {
  // Enabling builds the document's whole tree in the renderer once; it then keeps it current,
  // so the domain stays on for the attachment (its end turns it off) and later reads skip that.
  await command("Accessibility.enable");
  const answer = RootAnswerSchema.safeParse(await command("Accessibility.getRootAXNode"));
  if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
  const root = answer.data.node;
  const byId = new Map<string, RawAxNode>([[root.nodeId, root]]);
  const add = (nodes: readonly RawAxNode[]) => {
    for (const node of nodes) {
      if (!node.nodeId.startsWith("-") && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
    }
  };
  const items = { fetched: 0, shown: 0 };
  for (;;) {
    const scan = scanInOrder(root, byId, rows);
    if (scan.need.length === 0 || scan.full) return finish(root, byId, rows);
    const { whole, level } = splitItems(scan.need, byId, itemBudget(items, rows - scan.counted));
    const [wholeAnswers, levelAnswers] = await Promise.all([
      Promise.all(whole.map((node) => subtreeOf(command, node))),
      Promise.all(level.map((id) => command("Accessibility.getChildAXNodes", { id }))),
    ]);
    for (const answer of levelAnswers) add(rawNodes(answer));
    for (const nodes of wholeAnswers) {
      add(nodes);
      items.fetched++;
      items.shown += nodes.filter(mayShow).length;
    }
    // An item its subtree's answer left without its children is asked for them the usual way.
    const short = whole.filter((node) => unknownChildren(node, byId)).map((node) => node.nodeId);
    for (
      const answer of await Promise.all(
        short.map((id) => command("Accessibility.getChildAXNodes", { id })),
      )
    ) add(rawNodes(answer));
    // A node whose children never come (a malformed answer) must not be asked for forever.
    for (const id of [...level, ...short]) {
      const node = byId.get(id);
      if (node !== undefined && unknownChildren(node, byId)) {
        byId.set(id, { ...node, childIds: (node.childIds ?? []).filter((c) => byId.has(c)) });
      }
    }
  }
}

/**
 * How many items the next round may fetch whole: enough for the rows still
 * wanted at the mean the items read so far held, a few before any was read.
 */
function itemBudget(items: { fetched: number; shown: number }, wanted: number): number {
  if (items.fetched === 0) return firstItems;
  const mean = Math.max(1, items.shown / items.fetched);
  return Math.min(walkBatch, Math.max(firstItems, Math.ceil(wanted / mean) + 1));
}

/**
 * The nodes of a round (`need`, in document order) split into items fetched
 * whole, at most `budget` of them, and nodes whose children are fetched;
 * items past the budget wait for the next round.
 */
function splitItems(
  need: readonly string[],
  byId: Map<string, RawAxNode>,
  budget: number,
): { whole: RawAxNode[]; level: string[] } {
  const whole: RawAxNode[] = [];
  const level: string[] = [];
  for (const id of need) {
    const node = byId.get(id);
    if (node === undefined) continue;
    if (!isItem(node, byId)) level.push(id);
    else if (whole.length < budget) whole.push(node);
  }
  return { whole, level };
}

/** Whether `node` is one of many siblings, with a DOM node to query its subtree by. */
function isItem(node: RawAxNode, byId: Map<string, RawAxNode>): boolean {
  if (node.backendDOMNodeId === undefined || node.parentId === undefined) return false;
  const siblings = byId.get(node.parentId)?.childIds ?? [];
  return siblings.length >= itemSiblings;
}

/**
 * The subtree under `node` in one call (ignored nodes included, inline text
 * boxes left out); empty when DevTools cannot answer (its DOM node went), so
 * the node's children are then asked for the usual way.
 */
async function subtreeOf(command: AxCommand, node: RawAxNode): Promise<RawAxNode[]> {
  let answer: unknown;
  try {
    answer = await command("Accessibility.queryAXTree", { backendNodeId: node.backendDOMNodeId });
  } catch {
    return [];
  }
  return rawNodes(answer).filter((found) => found.role?.value !== "InlineTextBox");
}

function unknownChildren(node: RawAxNode, byId: Map<string, RawAxNode>): boolean {
  return (node.childIds ?? []).some((id) => !id.startsWith("-") && !byId.has(id));
}

/**
 * A preorder scan of the known tree: whether the rows that may show before
 * the first node with unknown children reach `rows` (`full`), and the next
 * nodes in document order whose children are unknown: at most
 * {@linkcode walkBatch}, and none past the point where the known nodes
 * alone reach `rows` (fetching there would be wasted).
 */
function scanInOrder(root: RawAxNode, byId: Map<string, RawAxNode>, rows: number) {
  const need: string[] = [];
  let counted = 0;
  let known = 0;
  let complete = true;
  const stack = [root];
  const seen = new Set<string>();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (seen.has(node.nodeId)) continue;
    seen.add(node.nodeId);
    if (mayShow(node)) {
      known++;
      if (complete) counted++;
    }
    if (complete && counted >= rows) return { need, full: true, counted };
    if (!complete && known >= rows && need.length >= minBatch) break;
    if (unknownChildren(node, byId)) {
      complete = false;
      need.push(node.nodeId);
      if (need.length >= walkBatch) break;
      continue;
    }
    const children = node.childIds ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = byId.get(children[i]);
      if (child !== undefined) stack.push(child);
    }
  }
  return { need, full: false, counted };
}

/**
 * The walk's answer: the nodes in document order up to where `rows` nodes
 * that may show were read (everything after that point is left out, even
 * when known, so what is kept is a prefix of the document), and the
 * estimate of what was left out.
 */
function finish(root: RawAxNode, byId: Map<string, RawAxNode>, rows: number): AxWalk {
  const kept = new Map<string, RawAxNode>();
  let counted = 0;
  let stopped = false;
  const stack = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (kept.has(node.nodeId)) continue;
    if (counted >= rows || unknownChildren(node, byId)) {
      stopped = true;
      break;
    }
    kept.set(node.nodeId, node);
    if (mayShow(node)) counted++;
    const children = node.childIds ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = byId.get(children[i]);
      if (child !== undefined) stack.push(child);
    }
  }
  if (!stopped) return { nodes: [...kept.values()], stopped: false, unread: 0 };
  return { nodes: [...kept.values()], stopped: true, unread: estimateUnread(kept, byId) };
}

/**
 * About how many nodes the kept part leaves out: each child a kept node
 * names but the part does not hold counts as large as the mean subtree of
 * its kept siblings (at least 1).
 */
function estimateUnread(kept: Map<string, RawAxNode>, byId: Map<string, RawAxNode>): number {
  const sizes = new Map<string, number>();
  const sizeOf = (id: string): number => {
    const known = sizes.get(id);
    if (known !== undefined) return known;
    const node = kept.get(id);
    let size = 1;
    for (const child of node?.childIds ?? []) if (kept.has(child)) size += sizeOf(child);
    sizes.set(id, size);
    return size;
  };
  let unread = 0;
  for (const node of kept.values()) {
    const children = (node.childIds ?? []).filter((id) => !id.startsWith("-"));
    const read = children.filter((id) => kept.has(id));
    const missing = children.length - read.length;
    if (missing === 0) continue;
    // A sibling cut off partway is not a full sample: only complete ones count.
    const whole = read.filter((id) => !partial(id, kept, byId));
    const mean = whole.length === 0
      ? 1
      : whole.reduce((sum, id) => sum + sizeOf(id), 0) / whole.length;
    unread += Math.round(missing * Math.max(1, mean));
  }
  return unread;
}

/** Whether the kept part holds only part of `id`'s subtree. */
function partial(id: string, kept: Map<string, RawAxNode>, byId: Map<string, RawAxNode>): boolean {
  const node = kept.get(id) ?? byId.get(id);
  for (const child of node?.childIds ?? []) {
    if (child.startsWith("-")) continue;
    if (!kept.has(child) || partial(child, kept, byId)) return true;
  }
  return false;
}
