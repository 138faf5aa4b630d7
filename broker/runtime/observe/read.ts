/**
 * How an observation of a leased page reads it, inside the tab's queue:
 * - the page or, with `rootRef`, the subtree under that ref's node: one
 *   bounded `ax.read` ({@linkcode readBounds});
 * - with `query`: the same read, filtered by the observation engine (a
 *   literal, ASCII case-insensitive match on names, values and roles, with
 *   subtrees and ancestors). Page-wide, `ax.search` answers instead: on a
 *   large page, the matches of its text with their ancestors and subtrees
 *   (`via: "text"`, filtered the same way), else the read itself. When the
 *   read stopped at a bound, `ax.find` adds the exact-name matches from the
 *   part that was not read, placed under the root (or at the top) since
 *   their ancestors are unknown; the observation still reports the read's
 *   cut.
 * - `rootRef` must be a ref of a live document of the lease, else
 *   `STALE_TARGET`.
 * - when the read shows frame elements (`Iframe` rows), the tab's frame
 *   inventory names each one's frame on its row, and says whether it can
 *   be read (`frame=f1 — observe with frame`).
 *
 * @module
 */
import type { Observation, ObservationScope } from "../../../contracts/methods/mod.ts";
import {
  type AxNode,
  type AxReadRequest,
  type AxSnapshot,
  maxAxNodes,
} from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { isLeashError } from "../../../contracts/errors.ts";
import { frameRowNotes } from "../frames/notes.ts";
import { readInventory } from "../frames/read.ts";
import { staleTarget } from "../stale_target.ts";
import { defaultMaxTokens } from "./budget.ts";
import { tokensPerRow } from "../../../contracts/tokens.ts";
import { buildObservation, type ObserveBooks, type ObserveInput } from "./observe.ts";

/**
 * The bounds of every `ax.read` an observation makes. A subtree read
 * (`rootRef`) comes from DevTools in one piece (about 1.5 s for 20,000
 * nodes on a busy machine), and a fetch past the time bound fails the read
 * instead of cutting it, so the bound leaves room for that. A page read is
 * walked top-down and stops at `maxNodes` (see {@linkcode readRows}).
 */
export const readBounds = { maxNodes: maxAxNodes, maxDepth: 64, timeoutMs: 8_000 } as const;

/**
 * How many rows a page read walks for a text budget of `maxTokens`: a
 * shown line costs at least three tokens (a role, a quoted name or a ref),
 * so a third of the budget in rows fills it. The provider's walk counts a
 * row with a long text as the rows of three tokens it fills
 * (`rowWeight` in `extension/provider/ax_walk.ts`), so a page of prose is
 * read about as far as its observation shows. Never fewer than the read of
 * the observation a delta may be against (`baseRows`; the default budget's
 * when that is not known), so the read after an action (a smaller budget)
 * covers its rows — unless `newDocument` says no delta can follow (the
 * action left the document every kept observation was of), when the
 * budget's own rows are enough. Reading as far as that observation's read
 * also lets the provider reuse its walk (`change_watch.ts`), which needs
 * the same bound.
 */
export function readRows(
  maxTokens: number | undefined,
  newDocument = false,
  baseRows?: number,
): number {
  const rows = Math.ceil((maxTokens ?? defaultMaxTokens) / tokensPerRow);
  const floor = newDocument ? 1 : baseRows ?? Math.ceil(defaultMaxTokens / tokensPerRow);
  return Math.min(maxAxNodes, Math.max(floor, rows));
}

/** What to observe. */
export interface ObserveRequest {
  scope: ObservationScope;
  /** A cursor to answer with a delta against. */
  since?: string;
  /**
   * Answer with a delta against the latest kept observation of the same
   * lease, document and scope, when there is one (ignored with `since`).
   */
  sinceLatest?: boolean;
  maxTokens?: number;
  /** A delta's own token budget (`ObserveInput.deltaTokens`). */
  deltaTokens?: number;
  /** The element the action this observation follows aimed at (`ObserveInput.actedOn`). */
  actedOn?: number;
  /** The text a verified fill or type put there (`ObserveInput.entered`). */
  entered?: string;
  /**
   * The action this observation follows left the document the lease's kept
   * observations are of, so the answer is a whole observation, never a
   * delta: the read covers only what the budget can show.
   */
  newDocument?: boolean;
}

/**
 * Observe `held`'s page within `request.scope` (see the module doc for the
 * reads). Call it inside the tab's queue. Throws `STALE_TARGET` for a root
 * ref that names no live element, `STALE_CURSOR` for a `since` that does
 * not match, and the provider's errors.
 */
export async function observeLease(
  held: OwnedLease,
  books: ObserveBooks,
  request: ObserveRequest,
  signal: AbortSignal,
): Promise<Observation> {
  const { leaseId } = held.lease;
  const { scope } = request;
  const rootRef = scope.kind === "subtree" || scope.kind === "query" ? scope.rootRef : undefined;
  let root: number | undefined;
  if (rootRef !== undefined) {
    const located = books.epochs.locate(leaseId, rootRef);
    if (located === undefined) throw staleTarget(`${rootRef} names no element of a live document`);
    root = located.target.backendNodeId;
  }
  const rooted = root === undefined ? {} : { root };
  // What the read a delta may compare with covered: the latest kept observation's read.
  const baseRows = request.sinceLatest === true && request.since === undefined
    ? books.cursors.latestReadRows(leaseId, scope)
    : undefined;
  const pageRows = readRows(request.maxTokens, request.newDocument === true, baseRows);
  // A whole observation shows what is in view past the read's bound too; a delta does not: rows
  // a scroll brought into view would read as added.
  const whole = scope.kind === "page" && request.since === undefined &&
    request.sinceLatest !== true;
  const bounds = {
    ...readBounds,
    ...(root === undefined ? { maxNodes: pageRows } : rooted),
    ...(whole ? { view: true } : {}),
  };
  const { snapshot, searched } = await firstRead(held, scope, bounds, signal);
  let read: ObserveInput["snapshot"] = snapshot;
  if (scope.kind === "query" && !searched && snapshot.cut !== null) {
    const found = await held.call(
      "ax.find",
      { lease: held.token, request: { query: scope.query, ...rooted } },
      signal,
    );
    if (found.frameId !== snapshot.frameId || found.loaderId !== snapshot.loaderId) {
      throw staleTarget("the document changed between the read and the search");
    }
    read = { ...snapshot, nodes: withMatches(snapshot.nodes, found.nodes, root) };
  }
  const frameNotes = read.nodes.some((node) => node.role === iframeRole)
    ? await frameNotesOf(held, books, signal)
    : undefined;
  let since = request.since;
  if (since === undefined && request.sinceLatest === true) {
    const epoch = books.epochs.epochFor(leaseId, read.frameId, read.loaderId);
    since = books.cursors.latest(leaseId, epoch, scope);
  }
  return buildObservation(
    {
      leaseId,
      snapshot: read,
      scope,
      since,
      // A page-wide read's bound; a query's or a subtree's is not a page read.
      ...(root === undefined && scope.kind === "page" ? { readRows: pageRows } : {}),
      maxTokens: request.maxTokens,
      deltaTokens: request.deltaTokens,
      actedOn: request.actedOn,
      ...(request.entered === undefined ? {} : { entered: request.entered }),
      ...(frameNotes === undefined ? {} : { frameNotes }),
    },
    books,
  );
}

/**
 * What an observation reads first: for a page-wide query, `ax.search`,
 * which on a large page reads the matches of its text rather than the page
 * (`searched`); else the bounded `ax.read`.
 */
async function firstRead(
  held: OwnedLease,
  scope: ObservationScope,
  bounds: AxReadRequest,
  signal: AbortSignal,
): Promise<{ snapshot: AxSnapshot; searched: boolean }> {
  if (scope.kind !== "query" || bounds.root !== undefined) {
    return {
      snapshot: await held.call("ax.read", { lease: held.token, request: bounds }, signal),
      searched: false,
    };
  }
  const { root: _, ...pageBounds } = bounds;
  const { via, ...snapshot } = await held.call(
    "ax.search",
    { lease: held.token, request: { ...pageBounds, query: scope.query } },
    signal,
  );
  return { snapshot, searched: via === "text" };
}

/**
 * `nodes` and the `matches` they lack (a frame's query merges its search the same way). A search result carries no
 * ancestors, so its nodes hang under `root` (or stand at the top level).
 */
export function withMatches(
  nodes: readonly AxNode[],
  matches: readonly AxNode[],
  root: number | undefined,
): AxNode[] {
  const known = new Set(nodes.map((node) => node.backendNodeId));
  const rootDepth = nodes.find((node) => node.backendNodeId === root)?.depth ?? 0;
  const added = matches
    .filter((node) => !known.has(node.backendNodeId))
    .map((node): AxNode =>
      root === undefined
        ? { ...node, parentId: null, depth: 0 }
        : { ...node, parentId: root, depth: Math.min(rootDepth + 1, 1024) }
    );
  return [...nodes, ...added];
}

/** The role DevTools gives a frame element. */
const iframeRole = "Iframe";

/**
 * Codes that end the observation too: the lease or the tab is over. Any
 * other failure of the inventory (a slow or malformed one) only leaves the
 * frame rows bare; the caller's own cancel is seen on its signal.
 */
const fatalCodes = new Set(["STALE_LEASE", "LEASE_NOT_FOUND", "ORIGIN_CHANGED", "TAB_NOT_FOUND"]);

/**
 * The note each frame element's row gets, by the element's backend node:
 * its frame ID and how to read it, or why it cannot be read. An inventory
 * that cannot be had leaves the rows bare rather than failing the read.
 */
async function frameNotesOf(
  held: OwnedLease,
  books: ObserveBooks,
  signal: AbortSignal,
): Promise<ReadonlyMap<number, string> | undefined> {
  let projected;
  try {
    projected = await readInventory(held, books, signal);
  } catch (error) {
    if (signal.aborted || !isLeashError(error) || fatalCodes.has(error.code)) throw error;
    return undefined;
  }
  return frameRowNotes(projected);
}
