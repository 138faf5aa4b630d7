/**
 * The `observe` family: `ax.read` and `ax.find`, bounded accessibility
 * reads of the leased tab's top-level document through `chrome.debugger`.
 * A read is fenced before and after, checks that it began and ended on the
 * same document of the lease's origin, and says where and why it was cut.
 *
 * @module
 */
import type { DocumentIdentity } from "../../contracts/document.ts";
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { maxAxNodes } from "../../contracts/methods/mod.ts";
import { projectAxNodes } from "./ax_projection.ts";
import {
  changedRows,
  maxRegionNodes,
  readRegions,
  refreshed,
  type RegionRead,
  withRegions,
} from "./ax_regions.ts";
import type { ChangeWatches, KeptWalk, Taken } from "./change_watch.ts";
import { type AxWalk, prefixOf, readAxTree } from "./ax_walk.ts";
import { readSignals, type SignalsRead } from "./signals_read.ts";
import { readLayers } from "./layers.ts";
import { IsolatedWorlds } from "./isolated_world.ts";
import { withHiddenIcons } from "./hidden_icons.ts";
import type { ProviderContext } from "./context.ts";
import {
  currentDocument,
  finishRead,
  type LeasedRead,
  leasedRead,
  rawNodes,
} from "./leased_read.ts";
import { z } from "zod";

/** Defaults for bounds the request leaves out. */
export const axDefaults = {
  maxNodes: 1_000,
  maxDepth: 64,
  maxTextUnits: limits.maxTextUnits,
  timeoutMs: 5_000,
} as const;

type ReadParams = ParamsOf<ProviderMethods, "ax.read">;
type FindParams = ParamsOf<ProviderMethods, "ax.find">;

/** The document's root DOM node, where a query starts when the caller names none. */
async function documentRoot(read: LeasedRead): Promise<number> {
  const parsed = z.object({ root: z.object({ backendNodeId: z.number().int().positive() }) })
    .safeParse(await read.command("DOM.getDocument", { depth: 0 }));
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  return parsed.data.root.backendNodeId;
}

/**
 * Read the tree within bounds, with the page's signals (see
 * `signals_read.ts`) when they can be had. Without `root` a large page's
 * tree is walked top-down and the walk stops at `maxNodes` (`ax_walk.ts`),
 * so it costs what the read returns; with `root`, that subtree is read whole.
 * A page read ends the tab's change watch (`change_watch.ts`), and when the
 * walk stopped at its bound it reads the regions the watch saw change as
 * well (`ax_regions.ts`), and the layers laid over the page (`layers.ts`):
 * the read after an action sees what the action changed, and any read
 * what lies on top of the page, wherever it stands in the document; the
 * read says which rows came from past the bound.
 */
export async function readAx(
  context: ProviderContext,
  params: ReadParams,
  signal: AbortSignal,
  watches?: ChangeWatches,
): Promise<ResultOf<ProviderMethods, "ax.read">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const request = params.request;
  const maxNodes = request.maxNodes ?? axDefaults.maxNodes;
  const maxDepth = request.maxDepth ?? axDefaults.maxDepth;
  const maxTextUnits = request.maxTextUnits ?? axDefaults.maxTextUnits;
  const timeoutMs = request.timeoutMs ?? axDefaults.timeoutMs;
  const deadline = context.now() + timeoutMs;
  const read = leasedRead(context, record, signal, timeoutMs);

  const before = await currentDocument(context, read);
  const tabId = read.record.tabId;
  const world = {
    worlds: watches?.worlds ?? new IsolatedWorlds(),
    document: before,
    cache: watches?.signals,
  };
  // A page read's signals are read beside its tree once the page's size is known: each call
  // alone waits on the renderer and on the answer's way through the browser.
  let signals: Promise<SignalsRead> | undefined;
  const sized = (nodes: number) => {
    signals = readSignals(context, read, nodes, deadline, world);
    signals.catch(() => {});
  };
  // The layers over a page whose last read stopped at its bound are looked for beside the walk.
  const view = request.view === true;
  let layers = request.root === undefined && watches?.wasLarge(tabId, before) === true
    ? readLayers(read.command, world.worlds, tabId, before, view)
    : undefined;
  const page = request.root === undefined
    ? await readPageTree(read, before, { rows: maxNodes, maxDepth }, { watches, sized })
    : undefined;
  if (page?.walk.stopped === true) {
    layers ??= readLayers(read.command, world.worlds, tabId, before, view);
  }
  const changes = page?.walk.stopped === true
    ? [...new Set([...regionRoots(page), ...unreached(await layers ?? [], page.walk)])]
    : [];
  const reading = changes.length > 0 ? readRegions(read.command, changes) : undefined;
  // After an action on a kept walk, its few changed regions are asked for before the signals:
  // answers come back in order, and the snapshot's, far larger, would hold theirs up.
  if (page?.kept !== undefined) sized(page.kept.nodes.length + page.kept.unread);
  const regions = await reading;
  // A kept walk takes the regions in place, and ends where a walk of its bound would now.
  const walk = page?.kept !== undefined && regions !== undefined
    ? prefixOf(refreshed(page.walk.nodes, regions), maxNodes)
    : page?.walk;
  const walked = walk?.nodes ??
    rawNodes(await read.command("Accessibility.queryAXTree", { backendNodeId: request.root }));
  const raw = regions === undefined ? walked : withRegions(walked, regions);
  // The signals' size bound is about the page, not the part read.
  const marks = await (signals ??
    readSignals(context, read, raw.length + (walk?.unread ?? 0), deadline, world));
  const icons = await withHiddenIcons(read.command, raw, marks.signals);
  const projection = projectAxNodes(icons, {
    // The regions' rows come on top of the walk's, which fill the bound.
    maxNodes: regions === undefined ? maxNodes : Math.min(maxAxNodes, maxNodes + maxRegionNodes),
    maxDepth,
    maxTextUnits,
    deadline,
    now: context.now,
    signals: marks.signals,
    ...(walk?.stopped === true ? { unread: walk.unread } : {}),
    // A subtree read keeps its root, even a nameless box: the region a delta pointed at.
    ...(regions === undefined
      ? request.root === undefined ? {} : { keep: new Set([request.root]) }
      : { keep: regionElements(regions) }),
  });
  const reread = regions === undefined ? undefined : changedRows(projection.nodes, walked, regions);
  const gone = page?.taken?.gone ?? [];
  const changed = gone.length === 0 ? reread : { beyond: [], roots: [], ...reread, gone };
  const document = await finishRead(context, read, params.lease, before, maxTextUnits);
  if (walk?.stopped === true && page?.serial !== undefined && raw.length <= keptNodes) {
    watches?.keep(tabId, {
      ...before,
      rows: maxNodes,
      serial: page.serial,
      nodes: raw,
      unread: walk.unread,
    });
  }
  const missing = marks.missing === undefined ? {} : { signals: marks.missing };
  return {
    ...document,
    nodes: projection.nodes,
    cut: projection.cut,
    ...missing,
    ...(changed === undefined ? {} : { changed }),
  };
}

/**
 * The roots of the regions a page read reads again: what its watch saw
 * change, except where only the focus moved, unless that lies in a kept
 * walk (a fresh walk shows the focus where it reaches; past it, the focus
 * an action gave its own target is no change to show).
 */
function regionRoots(page: { taken?: Taken; kept?: KeptWalk } | undefined): number[] {
  const taken = page?.taken;
  if (taken === undefined || !Array.isArray(taken.changes)) return [];
  const reached = new Set(page?.kept?.nodes.map((node) => node.backendDOMNodeId));
  return taken.changes.filter((root) => !taken.focusOnly.includes(root) || reached.has(root));
}

/**
 * The layers over the page (`layers.ts`) that a walk which stopped at its
 * bound did not reach: read as regions, they show where a person looks
 * first, wherever they lie in the document.
 */
function unreached(layers: readonly number[], walk: AxWalk): number[] {
  if (layers.length === 0) return [];
  const reached = new Set(walk.nodes.map((node) => node.backendDOMNodeId));
  return layers.filter((layer) => !reached.has(layer));
}

/** The elements at the roots of `regions`, by backend node ID. */
function regionElements(regions: RegionRead): Set<number> {
  const roots = new Set(regions.roots);
  return new Set(
    regions.subtrees.flatMap((node) =>
      roots.has(node.nodeId) && node.backendDOMNodeId !== undefined ? [node.backendDOMNodeId] : []
    ),
  );
}

/** The most nodes a kept walk holds; a read that grew past it walks afresh next time. */
const keptNodes = 3 * maxAxNodes;

/**
 * About how many accessibility nodes a page of `elements` elements has:
 * one for each, and about as many again for their text.
 */
const nodesPerElement = 2;

/**
 * A page read's tree: the tab's change watch is ended first (`taken`);
 * then the walk kept from before the action that watch saw, when it is
 * still good (`kept`, see `ChangeWatches.reusable`), else a fresh read.
 * A watch of the document begins before a walk, or before a kept walk is
 * used, so the read after the next action may keep this one (`serial`).
 * `sized` hears the page's size in nodes as soon as it is known, from the
 * document's last read or the element count; for a kept walk the caller
 * asks for the signals itself.
 */
async function readPageTree(
  read: LeasedRead,
  document: DocumentIdentity,
  bounds: { rows: number; maxDepth: number },
  { watches, sized }: { watches: ChangeWatches | undefined; sized: (nodes: number) => void },
) {
  const tabId = read.record.tabId;
  const taken = await watches?.takeWatch(tabId, document, read.command);
  const kept = watches?.reusable(tabId, document, bounds.rows, taken);
  let serial: number | undefined;
  const watch = async () => {
    serial = await watches?.beginRead(tabId, document, read.command);
  };
  let walk: AxWalk;
  if (kept !== undefined) {
    // Its size is known, but its signals wait for its regions (see `readAx`).
    await watch();
    walk = { nodes: kept.nodes, stopped: true, unread: kept.unread };
  } else {
    const large = watches?.wasLarge(tabId, document) === true;
    const last = watches?.lastSize(tabId, document);
    if (last !== undefined) sized(last);
    walk = await readAxTree(read.command, { ...bounds, large }, {
      beforeWalk: watch,
      ...(last === undefined ? { counted: (elements) => sized(elements * nodesPerElement) } : {}),
    });
  }
  watches?.noteRead(tabId, document, walk.stopped, walk.nodes.length + walk.unread);
  return { walk, taken, kept, serial };
}

/**
 * Find nodes whose accessible name is exactly `query` (and whose role is
 * `role`, when given) under `root` or the whole document. Static text that
 * only repeats a matched parent is left out; rows are flat (`depth` 0,
 * `parentId` null).
 */
export async function findAx(
  context: ProviderContext,
  params: FindParams,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "ax.find">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const request = params.request;
  const read = leasedRead(context, record, signal, axDefaults.timeoutMs);
  const before = await currentDocument(context, read);
  const root = request.root ?? await documentRoot(read);
  const query: Record<string, unknown> = { backendNodeId: root, accessibleName: request.query };
  if (request.role !== undefined) query.role = request.role;
  const raw = rawNodes(await read.command("Accessibility.queryAXTree", query));

  const matched = new Set(raw.map((node) => node.nodeId));
  const shown = raw.filter((node) =>
    !(node.role?.value === "StaticText" && node.parentId !== undefined &&
      matched.has(node.parentId))
  );
  const projection = projectAxNodes(
    shown.map((node) => ({ ...node, parentId: undefined, childIds: [] })),
    {
      maxNodes: limits.maxCandidates,
      maxDepth: 0,
      maxTextUnits: axDefaults.maxTextUnits,
      deadline: context.now() + axDefaults.timeoutMs,
      now: context.now,
    },
  );
  const document = await finishRead(context, read, params.lease, before, axDefaults.maxTextUnits);
  return {
    ...document,
    nodes: projection.nodes,
    truncated: projection.cut !== null && projection.cut.reason !== "text",
  };
}
