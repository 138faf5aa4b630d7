/**
 * A budget-first read of the accessibility tree: walked top-down from
 * `Accessibility.getRootAXNode`, in document order, and stopped once the
 * part read in full holds enough rows for the read's bound (a row with a
 * long text counts as several, {@linkcode rowWeight}), so a read's
 * cost follows what it returns, not the page's size. Nodes are fetched a
 * batch at a time, the next ones in document order first, each alone with
 * `getPartialAXTree`: a parent's children in one `getChildAXNodes` would
 * bring every row under an ignored child too (a table's row group holds
 * them all). The items of a long list (a node with many children: a
 * table's rows, a feed's entries) are fetched one by one, each whole with
 * its subtree in one `Accessibility.queryAXTree`, and how many a round
 * fetches follows how many rows the items read so far held, so the walk's
 * calls and answers follow the rows it returns rather than the page. What
 * the walk leaves out is exact in place (every node it holds comes before
 * everything it left out, as in a full read's first rows) and estimated in
 * number: each subtree not read counts as large as the mean of its read
 * siblings. Each answer is validated as it arrives, so the checks cost
 * what the walk keeps.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { type RawAxNode, RawAxNodeSchema, wrapperRoles } from "./ax_projection.ts";
import { rawNodes } from "./leased_read.ts";
import { contentNamedRoles } from "../../contracts/ax_name.ts";
import { estimateTokens, tokensPerRow } from "../../contracts/tokens.ts";
import { z } from "zod";

const RootAnswerSchema = z.object({ node: RawAxNodeSchema });

/** A leased read's command function. */
export type AxCommand = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** How many `getChildAXNodes` calls are in flight at once, at most. */
export const walkBatch = 256;
/** Calls a round makes even past the bound, so the last levels do not take a round each. */
const minBatch = 16;
/**
 * Pages of at most this many elements are read whole. Through
 * `chrome.debugger` a whole tree costs what its answer weighs (its JSON
 * crosses the browser process and the worker: 350 ms for 1,000 elements,
 * 2.5× the same call on a plain DevTools connection) and a walk what its
 * rounds and calls do; measured end to end on lists, the walk is the
 * cheaper past about 250 elements (at 500, 220 ms against 290).
 */
export const wholeElements = 300;
/** A node with at least this many children is a list, whose items are fetched whole. */
export const listChildren = 8;
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
 * `getFullAXTree` of limited depth, when the page is small (at most
 * {@linkcode wholeElements} elements, and one per row: there one fetch is
 * cheaper than a walk's rounds) or of unknown size, else by
 * {@linkcode walkAxTree}. DevTools' levels include ignored wrappers, which
 * `maxDepth` does not count, so the whole read fetches twice the depth plus
 * the document's wrappers.
 * `large` says the document's last read stopped at its bound. Of the
 * hooks, `counted` hears the element count as soon as it is known (work
 * that depends on the page's size may begin beside the read), and
 * `beforeWalk` runs just before a walk begins (a change watch does).
 */
export async function readAxTree(
  command: AxCommand,
  bounds: { rows: number; maxDepth: number; large?: boolean },
  hooks: { counted?: (elements: number) => void; beforeWalk?: () => Promise<unknown> } = {},
): Promise<AxWalk> {
  // A document known large is walked without counting: on 100,000 elements the count alone
  // takes 70 ms, and a walk of a page that shrank simply reaches its end.
  const elements = bounds.large === true ? Infinity : await countElements(command);
  if (elements !== undefined && Number.isFinite(elements)) hooks.counted?.(elements);
  // Without the count the read stays whole, as it always worked.
  if (elements === undefined || elements <= Math.min(bounds.rows, wholeElements)) {
    const depth = Math.min(1024, bounds.maxDepth * 2 + 4);
    const nodes = rawNodes(await command("Accessibility.getFullAXTree", { depth }));
    return { nodes, stopped: false, unread: 0 };
  }
  await hooks.beforeWalk?.();
  return await walkAxTree(command, bounds.rows);
}

/** Whether a node may become a row (an upper bound on the projection's rows). */
function mayShow(node: RawAxNode): boolean {
  if (node.ignored || node.backendDOMNodeId === undefined) return false;
  const role = node.role?.value;
  return role !== "InlineTextBox";
}

/**
 * How much of a read's bound `node` takes, in rows of
 * {@linkcode tokensPerRow} tokens: a row whose line is long (a paragraph's
 * text, a long link) takes as many as its text would fill, so a walk of a
 * page of prose stops where its observation does, not several times past
 * it. Every text is counted once, where it shows as little as it can: a
 * node named from its contents leaves its name to the text under it, and a
 * static text that only repeats its row's name costs that text but no line
 * (the projection drops it). Every node that may show takes at least one
 * row (a quoted text is three tokens at least), so the bound never lets the
 * walk pass more rows than it did when every row took one. What is counted
 * is at most what the Broker's budget charges for the same rows
 * (`contracts/tokens.ts`): never less is read than the budget can show.
 */
export function rowWeight(node: RawAxNode, byId: ReadonlyMap<string, RawAxNode>): number {
  if (!mayShow(node)) return 0;
  const role = node.role?.value;
  const name = typeof node.name?.value === "string" ? node.name.value : "";
  const quoted = name === "" ? 0 : estimateTokens(name) + 2;
  if (role === "StaticText") {
    const echo = name !== "" && rowNameAbove(node, byId) === name;
    return echo ? quoted / tokensPerRow : Math.max(1, (2 + quoted) / tokensPerRow);
  }
  const fromContents = typeof role === "string" && contentNamedRoles.has(role) &&
    (node.childIds ?? []).some((id) => !id.startsWith("-"));
  return Math.max(1, (2 + (fromContents ? 0 : quoted)) / tokensPerRow);
}

/** The name of the nearest ancestor of `node` that would be a row, as far as a few levels up. */
function rowNameAbove(node: RawAxNode, byId: ReadonlyMap<string, RawAxNode>): string | undefined {
  let at = node.parentId === undefined ? undefined : byId.get(node.parentId);
  for (let level = 0; at !== undefined && level < 8; level++) {
    const name = typeof at.name?.value === "string" ? at.name.value : "";
    const role = typeof at.role?.value === "string" ? at.role.value : "";
    if (!at.ignored && !(wrapperRoles.has(role) && name === "")) return name;
    at = at.parentId === undefined ? undefined : byId.get(at.parentId);
  }
  return undefined;
}

/** A child a known node names but the walk has not read: where the known part ends. */
interface Hole {
  parent: string;
  child: string;
}

/**
 * Walk the tree with `command` (a leased read's) until the part read in full
 * holds rows weighing `rows` ({@linkcode rowWeight}), or the tree ends: the
 * document's, or the subtree of `start`, a node already read. Inline text boxes
 * (negative IDs) are never fetched: the projection leaves them out.
 */
export async function walkAxTree(
  command: AxCommand,
  rows: number,
  start?: RawAxNode,
): Promise<AxWalk> {
  // Enabling builds the document's whole tree in the renderer once; it then keeps it current,
  // so the domain stays on for the attachment (its end turns it off) and later reads skip that.
  await command("Accessibility.enable");
  // Items are asked for by DOM node, which DevTools resolves only once it sent the document.
  await command("DOM.getDocument", { depth: 0 });
  const root = start ?? await rootNode(command);
  const byId = new Map<string, RawAxNode>([[root.nodeId, root]]);
  const add = (nodes: readonly RawAxNode[]) => {
    for (const node of nodes) {
      if (!node.nodeId.startsWith("-") && !byId.has(node.nodeId)) byId.set(node.nodeId, node);
    }
  };
  /** Nodes whose children come in one `getChildAXNodes` (their items or nodes could not be had). */
  const byLevel = new Set<string>();
  const items = { fetched: 0, shown: 0 };
  for (;;) {
    const scan = scanInOrder(root, byId, rows);
    if (scan.holes.length === 0 || scan.full) return finish(root, byId, rows);
    // Items read past an earlier hole count too: the next round fills the hole, not more items.
    const budget = itemBudget(items, rows - scan.known);
    const parents: string[] = [];
    const whole: Hole[] = [];
    const single: Hole[] = [];
    const wanted = (hole: Hole) => whole.some((other) => other.child === hole.child);
    for (const hole of scan.holes) {
      // The item the hole lies in, when it is one: the hole itself, or its parent.
      const item = itemAt(hole, byId, byLevel);
      if (item !== undefined) {
        if (!wanted(item) && whole.length < budget) whole.push(item);
      } else if (byLevel.has(hole.parent)) {
        if (!parents.includes(hole.parent)) parents.push(hole.parent);
      } else {
        single.push(hole);
      }
    }
    const [wholeAnswers, singleAnswers, levelAnswers] = await Promise.all([
      Promise.all(whole.map((hole) => itemOf(command, hole))),
      Promise.all(single.map((hole) => nodeOf(command, hole))),
      Promise.all(parents.map((id) => command("Accessibility.getChildAXNodes", { id }))),
    ]);
    for (const answer of levelAnswers) add(rawNodes(answer));
    wholeAnswers.forEach((nodes, i) => {
      if (nodes === undefined) {
        byLevel.add(whole[i].parent);
        return;
      }
      add(nodes);
      items.fetched++;
      items.shown += nodes.reduce((sum, node) => sum + rowWeight(node, byId), 0);
    });
    singleAnswers.forEach((node, i) => {
      if (node === undefined) byLevel.add(single[i].parent);
      else add([node]);
    });
    // A node whose children never come (a malformed answer) must not be asked for forever.
    for (const id of parents) {
      const node = byId.get(id);
      if (node !== undefined && unknownChildren(node, byId)) {
        byId.set(id, { ...node, childIds: (node.childIds ?? []).filter((c) => byId.has(c)) });
      }
    }
  }
}

async function rootNode(command: AxCommand): Promise<RawAxNode> {
  const answer = RootAnswerSchema.safeParse(await command("Accessibility.getRootAXNode"));
  if (!answer.success) throw new LeashError("INTERNAL", { cause: answer.error });
  return answer.data.node;
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

/** Whether node `id` has many children (a list, a table's rows), read item by item. */
function isList(id: string | undefined, byId: Map<string, RawAxNode>): boolean {
  return id !== undefined && (byId.get(id)?.childIds?.length ?? 0) >= listChildren;
}

/**
 * The item of a list `hole` lies in, as a hole of its list: the missing
 * child itself when its parent is a list, else the parent when that is a
 * list's item (its children not read yet); `undefined` when neither, or
 * when that list's items could not be read whole.
 */
function itemAt(hole: Hole, byId: Map<string, RawAxNode>, byLevel: Set<string>): Hole | undefined {
  if (isList(hole.parent, byId)) return byLevel.has(hole.parent) ? undefined : hole;
  const parent = byId.get(hole.parent);
  const list = parent?.parentId;
  if (parent === undefined || list === undefined || !isList(list, byId) || byLevel.has(list)) {
    return undefined;
  }
  return { parent: list, child: parent.nodeId };
}

/**
 * The item `hole` names, with its subtree, in one call: Chromium gives a
 * DOM node's accessibility node the DOM node's own ID, so the child's ID
 * names its DOM node. The answer counts only when it holds that very node
 * as a child of the list (else `undefined`, and the list's children come
 * the usual way); ignored nodes are included, inline text boxes left out.
 */
async function itemOf(command: AxCommand, hole: Hole): Promise<RawAxNode[] | undefined> {
  let answer: unknown;
  try {
    answer = await command("Accessibility.queryAXTree", { backendNodeId: Number(hole.child) });
  } catch {
    return undefined;
  }
  const nodes = rawNodes(answer).filter((found) => found.role?.value !== "InlineTextBox");
  const item = nodes.find((node) => node.nodeId === hole.child);
  return item?.parentId === hole.parent ? nodes : undefined;
}

/**
 * The node `hole` names, alone, in one call: a child's ID names its DOM
 * node (see {@linkcode itemOf}). Never `getChildAXNodes` for a node's
 * children by default: DevTools answers it with every descendant under
 * ignored children too, so a table's two children (its ignored row group
 * holding all the rows) cost the whole table. The answer counts only when
 * it is that very node under that parent; else `undefined`, and the
 * parent's children come in one `getChildAXNodes` after all.
 */
async function nodeOf(command: AxCommand, hole: Hole): Promise<RawAxNode | undefined> {
  const backendNodeId = Number(hole.child);
  if (!Number.isSafeInteger(backendNodeId) || backendNodeId <= 0) return undefined;
  let answer: unknown;
  try {
    answer = await command("Accessibility.getPartialAXTree", {
      backendNodeId,
      fetchRelatives: false,
    });
  } catch {
    return undefined;
  }
  const node = rawNodes(answer).find((found) => found.nodeId === hole.child);
  return node?.parentId === hole.parent ? node : undefined;
}

function unknownChildren(node: RawAxNode, byId: Map<string, RawAxNode>): boolean {
  return (node.childIds ?? []).some((id) => !id.startsWith("-") && !byId.has(id));
}

/** A node's children in reverse document order, holes for those not read, for a stack. */
function reversedChildren(node: RawAxNode, byId: Map<string, RawAxNode>): (RawAxNode | Hole)[] {
  const out: (RawAxNode | Hole)[] = [];
  const children = node.childIds ?? [];
  for (let i = children.length - 1; i >= 0; i--) {
    const id = children[i];
    if (id.startsWith("-")) continue;
    out.push(byId.get(id) ?? { parent: node.nodeId, child: id });
  }
  return out;
}

/**
 * A preorder scan of the known tree: whether the rows that may show before
 * the first hole weigh `rows` (`full`), how much the known rows it passed weigh
 * (`known`, before and after holes), and the
 * next holes in document order: at most {@linkcode walkBatch}, and none
 * past the point where the known nodes alone reach `rows` (fetching there
 * would be wasted).
 */
function scanInOrder(root: RawAxNode, byId: Map<string, RawAxNode>, rows: number) {
  const holes: Hole[] = [];
  let counted = 0;
  let known = 0;
  let complete = true;
  const stack: (RawAxNode | Hole)[] = [root];
  const seen = new Set<string>();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("child" in item) {
      complete = false;
      holes.push(item);
      if (holes.length >= walkBatch) break;
      continue;
    }
    if (seen.has(item.nodeId)) continue;
    seen.add(item.nodeId);
    const weight = rowWeight(item, byId);
    known += weight;
    if (complete) counted += weight;
    if (complete && counted >= rows) return { holes, full: true, known };
    if (!complete && known >= rows && holes.length >= minBatch) break;
    stack.push(...reversedChildren(item, byId));
  }
  return { holes, full: false, known };
}

/**
 * The part of `nodes` (a walk's, changed since) a walk of `rows` would
 * keep: the document-order prefix up to rows weighing `rows` or the
 * first node not held, with what it leaves out estimated again.
 */
export function prefixOf(nodes: readonly RawAxNode[], rows: number): AxWalk {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const root = nodes.find((node) => node.parentId === undefined || !byId.has(node.parentId));
  if (root === undefined) return { nodes: [], stopped: true, unread: 0 };
  return finish(root, byId, rows);
}

/**
 * The walk's answer: the nodes in document order up to where rows weighing
 * `rows` were read or the first hole (everything after that point
 * is left out, even when known, so what is kept is a prefix of the
 * document), and the estimate of what was left out.
 */
function finish(root: RawAxNode, byId: Map<string, RawAxNode>, rows: number): AxWalk {
  const kept = new Map<string, RawAxNode>();
  let counted = 0;
  let stopped = false;
  const stack: (RawAxNode | Hole)[] = [root];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ("child" in item || counted >= rows) {
      stopped = true;
      break;
    }
    if (kept.has(item.nodeId)) continue;
    kept.set(item.nodeId, item);
    counted += rowWeight(item, byId);
    stack.push(...reversedChildren(item, byId));
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
