/**
 * The `ax.search` method: what an observation with `query` shows, at a cost
 * that follows the matches rather than the page. On a page too large to
 * read whole within the read's bound, the document's text is searched in an
 * isolated world (`searchTextFunction`: text, labels, values, in document
 * order), and only the matches are read: each one's node with its
 * ancestors (`Accessibility.getAXNodeAndAncestors`), and the subtree of the
 * outermost node of that chain whose name or value holds the query (a
 * matched row brings its cells and buttons), walked within a bound. The
 * answer is cut at `nodes` when the text held more matches than were read.
 *
 * The bounded read answers instead (`via: "read"`, searched by the Broker
 * as before, with its exact-name search past the bound) for a page small
 * enough to read whole (its elements, at the fewest rows an element makes,
 * within the read's bound), for a query that names a role (roles are not in the
 * text), and when the text search finds nothing the accessibility tree
 * shows as a match (a name made elsewhere than in the text), so a query
 * never finds less than the read would have.
 *
 * @module
 */
import { z } from "zod";
import { axNodeName } from "../../contracts/ax_name.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { searchTextFunction } from "../../contracts/methods/page_functions.ts";
import type { DocumentIdentity } from "../../contracts/document.ts";
import { foldAscii } from "../../contracts/page_text.ts";
import type { RawAxNode } from "./ax_projection.ts";
import { projectAxNodes } from "./ax_projection.ts";
import { walkAxTree } from "./ax_walk.ts";
import type { ChangeWatches } from "./change_watch.ts";
import type { ProviderContext } from "./context.ts";
import {
  currentDocument,
  finishRead,
  type LeasedRead,
  leasedRead,
  rawNodes,
} from "./leased_read.ts";
import { axDefaults, readAx } from "./observe.ts";
import { IsolatedWorlds, readRemoteArray } from "./isolated_world.ts";
import { readSignals } from "./signals_read.ts";

type SearchParams = ParamsOf<ProviderMethods, "ax.search">;
type SearchResult = ResultOf<ProviderMethods, "ax.search">;

/** Bounds on a text search. */
export const searchBounds = {
  /** Matches read, in document order; the rest are counted. */
  maxMatches: 24,
  /** Rows that may show in one match's subtree. */
  subtreeRows: 60,
  /**
   * A page has about this many accessibility nodes per element, for the
   * signals' size bound (22,021 for the 10,016 elements of 2,000 rows).
   */
  axPerElement: 2.2,
  /**
   * About how many of those may show as rows, at the least (1.8 on a list
   * whose rows hold cells, texts and a button): a page with more elements
   * than the read's bound over this would be cut by the read, which then
   * finds past its cut only exact names, so the text search answers it.
   */
  rowsPerElement: 1.5,
} as const;

/** The remote objects of one search, released together. */
const objectGroup = "leash-text-search";

/**
 * Roles a query may name (WAI-ARIA 1.2 and the rows DevTools adds), which
 * the text does not hold: such a query is answered by the read.
 */
const roleNames: ReadonlySet<string> = new Set(
  ("alert alertdialog application article banner blockquote button caption cell checkbox code " +
    "columnheader combobox complementary contentinfo definition deletion dialog directory " +
    "document emphasis feed figure form generic grid gridcell group heading img image insertion " +
    "link list listbox listitem log main marquee math menu menubar menuitem menuitemcheckbox " +
    "menuitemradio meter navigation none note option paragraph presentation progressbar radio " +
    "radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider " +
    "spinbutton status strong subscript superscript switch tab table tablist tabpanel term " +
    "textbox time timer toolbar tooltip tree treegrid treeitem statictext text labeltext " +
    "rootwebarea iframe").split(" "),
);

const CalledSchema = z.object({
  result: z.object({ objectId: z.string().optional(), subtype: z.string().optional() }),
  exceptionDetails: z.undefined().optional(),
});

/** What the text search found: the matches read, how many there were, the page's elements. */
interface TextMatches {
  objectIds: string[];
  total: number;
  elements: number;
}

/** Answer `ax.search` (see the module doc). */
export async function searchAx(
  context: ProviderContext,
  params: SearchParams,
  signal: AbortSignal,
  watches?: ChangeWatches,
): Promise<SearchResult> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { query, ...bounds } = params.request;
  const asRead = async (): Promise<SearchResult> => ({
    ...(await readAx(context, { lease: params.lease, request: bounds }, signal, watches)),
    via: "read",
  });
  const needle = foldAscii(query).replace(/\s+/g, " ");
  if (needle.trim() === "" || roleNames.has(needle.trim())) return await asRead();

  const rows = bounds.maxNodes ?? axDefaults.maxNodes;
  const timeoutMs = bounds.timeoutMs ?? axDefaults.timeoutMs;
  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, signal, timeoutMs);
  const before = await currentDocument(context, read);
  let chains: RawAxNode[][];
  let found: TextMatches | undefined;
  const worlds = watches?.worlds ?? new IsolatedWorlds();
  try {
    found = await searchText(read, before, needle, worlds);
    if (found === undefined || found.elements * searchBounds.rowsPerElement <= rows) {
      return await asRead();
    }
    // As for a walk: the domain stays on, and only its first enabling builds the tree.
    await read.command("Accessibility.enable");
    chains = await Promise.all(found.objectIds.map((objectId) => chainOf(read, objectId)));
  } finally {
    await read.command("Runtime.releaseObjectGroup", { objectGroup }).catch(() => {});
  }

  const byId = new Map<string, RawAxNode>();
  const anchors: RawAxNode[] = [];
  for (const chain of chains) {
    const anchor = outermostMatch(chain, needle);
    if (anchor === undefined) continue;
    for (const node of chain) if (!byId.has(node.nodeId)) byId.set(node.nodeId, node);
    if (!anchors.some((other) => other.nodeId === anchor.nodeId)) anchors.push(anchor);
  }
  if (anchors.length === 0) return await asRead();
  const subtrees = await Promise.all(
    anchors.filter((anchor) => (anchor.childIds ?? []).some((id) => !id.startsWith("-")))
      .map((anchor) => walkAxTree(read.command, searchBounds.subtreeRows, anchor)),
  );
  for (const walk of subtrees) {
    for (const node of walk.nodes) if (!byId.has(node.nodeId)) byId.set(node.nodeId, node);
  }

  const raw = [...byId.values()];
  const maxTextUnits = bounds.maxTextUnits ?? axDefaults.maxTextUnits;
  const axNodes = Math.round(found.elements * searchBounds.axPerElement);
  const marks = await readSignals(context, read, axNodes, deadline, {
    worlds,
    document: before,
    cache: watches?.signals,
  });
  const projection = projectAxNodes(raw, {
    maxNodes: rows,
    maxDepth: bounds.maxDepth ?? axDefaults.maxDepth,
    maxTextUnits,
    deadline,
    now: context.now,
    signals: marks.signals,
    // The chains leave their siblings out on purpose: that is not a cut.
    unread: 0,
  });
  const more = found.total - found.objectIds.length;
  const projected = projection.cut;
  const cut = projected !== null &&
      (projected.reason !== "nodes" || projection.nodes.length >= rows)
    ? projected
    : more > 0
    ? { reason: "nodes" as const, at: null, omitted: more }
    : null;
  const document = await finishRead(context, read, params.lease, before, maxTextUnits);
  return {
    ...document,
    nodes: projection.nodes,
    cut,
    ...(marks.missing === undefined ? {} : { signals: marks.missing }),
    via: "text",
  };
}

/**
 * Run the text search in the provider's isolated world of `document` (the
 * one the change watches use); its matches stay remote objects of
 * {@linkcode objectGroup}. `undefined` when it cannot run or answers
 * malformed: the caller reads instead.
 */
async function searchText(
  read: LeasedRead,
  document: DocumentIdentity,
  needle: string,
  worlds: IsolatedWorlds,
): Promise<TextMatches | undefined> {
  const tabId = read.record.tabId;
  const executionContextId = await worlds.contextOf(tabId, document, read.command);
  let answer: unknown;
  try {
    answer = await read.command("Runtime.callFunctionOn", {
      functionDeclaration: searchTextFunction,
      executionContextId,
      arguments: [{ value: needle }, { value: searchBounds.maxMatches }],
      objectGroup,
      silent: true,
    });
  } catch (error) {
    // The world kept for the document is gone with it (or never took the call): make it again.
    worlds.forget(tabId);
    throw error;
  }
  const called = CalledSchema.safeParse(answer);
  if (!called.success) return undefined;
  const { objectId, subtype } = called.data.result;
  if (objectId === undefined || subtype !== "array") return undefined;
  const array = await readRemoteArray(read.command, objectId);
  if (array === undefined) return undefined;
  const count = (name: string) => {
    const value = array.own(name);
    return typeof value === "number" && Number.isSafeInteger(value) && value >= 0
      ? value
      : undefined;
  };
  const total = count("total");
  const elements = count("elements");
  if (total === undefined || elements === undefined) return undefined;
  return { objectIds: array.objectIds, total, elements };
}

/**
 * A match's node and its ancestors, the node first; none when DevTools has
 * no accessibility node for it (a node that went, or was never rendered).
 */
async function chainOf(read: LeasedRead, objectId: string): Promise<RawAxNode[]> {
  let answer: unknown;
  try {
    answer = await read.command("Accessibility.getAXNodeAndAncestors", { objectId });
  } catch {
    return [];
  }
  return rawNodes(answer).filter((node) => node.nodeId !== "0");
}

/**
 * The outermost node of `chain` (node first, root last) whose name or
 * value holds `needle`, the document's root left out: its title is not a
 * match of the page.
 */
function outermostMatch(chain: readonly RawAxNode[], needle: string): RawAxNode | undefined {
  let match: RawAxNode | undefined;
  for (const node of chain) {
    if (node.parentId === undefined || node.ignored) continue;
    const name = axNodeName(node);
    const value = node.value?.value;
    const holds = (text: unknown) =>
      typeof text === "string" && foldAscii(text).replace(/\s+/g, " ").includes(needle);
    if (holds(name) || holds(value)) match = node;
  }
  return match;
}
