/**
 * An observation of a same-origin child frame (`browser.observe` with
 * `frame`): the current inventory binds the frame's document (see
 * `binding.ts`), the provider reads exactly that document (`ax.frame`),
 * and a second inventory after the read must bind the same document, so a
 * frame that navigated or reloaded during the read fails it instead of
 * showing the new document under the old epoch. With `rootRef` the
 * provider reads only the subtree under that ref's node (`ax.frame.subtree`,
 * the root checked in the child's document); with `query` the rows are
 * filtered as a page's are, and a read cut at its bound adds the child's
 * exact-name matches (`ax.frame.find`). The observation's scope is
 * `{kind:'frame', frameId}` (or the query or subtree scope with the frame)
 * and its epoch the child's, so cursors and deltas stay within it; the child's own frame elements name their
 * frames as the page's do. Never a fallback to the root document.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { FrameTarget } from "../../../contracts/methods/common.ts";
import type { Observation } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import type { SemanticRoot } from "../../../contracts/methods/frames.ts";
import { buildObservation, type ObserveBooks, type ObserveInput } from "../observe/observe.ts";
import { withMatches } from "../observe/read.ts";
import { scopeFromParams } from "../observe/scope.ts";
import { bindFrame, sameBinding } from "./binding.ts";
import { frameRowNotes } from "./notes.ts";
import { readInventory } from "./read.ts";

/** What to observe in a frame. */
export interface FrameObserveRequest {
  frame: FrameTarget;
  /** Only rows matching this, as a page's query (`observe.frame-query.v1`). */
  query?: string;
  /** Only the subtree under this ref of the child's document (`observe.frame-subtree.v1`). */
  rootRef?: string;
  since?: string;
  /** Answer with a delta against the latest kept observation of the frame's document, if any. */
  sinceLatest?: boolean;
  maxTokens?: number;
  /** A delta's own token budget (`ObserveInput.deltaTokens`). */
  deltaTokens?: number;
  /** The element the action this observation follows aimed at (`ObserveInput.actedOn`). */
  actedOn?: number;
}

function changed(reason: string): LeashError {
  return new LeashError("STALE_TARGET", {
    cause: new Error(`Cannot observe the frame: ${reason}`),
  });
}

/**
 * Observe the child document `request.frame` names (see the module doc).
 * Throws what {@linkcode bindFrame} throws, `STALE_TARGET` when the read
 * came from another document or the frame changed meanwhile, and
 * `STALE_CURSOR` for a `since` of another scope or document.
 */
export async function observeFrame(
  held: OwnedLease,
  books: ObserveBooks,
  request: FrameObserveRequest,
  signal: AbortSignal,
): Promise<Observation> {
  const before = bindFrame(await readInventory(held, books, signal), request.frame);
  const { binding } = before;
  const { leaseId } = held.lease;
  let root: SemanticRoot | undefined;
  if (request.rootRef !== undefined) {
    const target = books.epochs.resolve(leaseId, request.frame.documentEpoch, request.rootRef);
    if (target === undefined) throw changed(`${request.rootRef} is not a ref of the frame`);
    root = { ...target, editable: false };
  }
  const lease = held.token;
  const read = root === undefined
    ? await held.call("ax.frame", { lease, binding }, signal)
    : await held.call("ax.frame.subtree", { lease, request: { binding, root } }, signal);
  if (read.frameId !== binding.frameId || read.loaderId !== binding.loaderId) {
    throw changed("the provider read another document");
  }
  let snapshot: ObserveInput["snapshot"] = read;
  if (request.query !== undefined && read.cut !== null) {
    // The read stopped at a bound: the search finds the exact-name matches it did not reach.
    const found = await held.call("ax.frame.find", {
      lease,
      request: { binding, query: request.query, ...(root === undefined ? {} : { root }) },
    }, signal);
    if (found.frameId !== binding.frameId || found.loaderId !== binding.loaderId) {
      throw changed("the provider searched another document");
    }
    snapshot = { ...read, nodes: withMatches(read.nodes, found.nodes, root?.backendNodeId) };
  }
  const inventory = await readInventory(held, books, signal);
  const after = bindFrame(inventory, request.frame);
  if (!sameBinding(before.binding, after.binding)) {
    throw changed("the frame changed during the read");
  }
  const scope = scopeFromParams({
    frameId: request.frame.frameId,
    query: request.query,
    rootRef: request.rootRef,
  });
  let since = request.since;
  if (since === undefined && request.sinceLatest === true) {
    const epoch = books.epochs.epochFor(leaseId, snapshot.frameId, snapshot.loaderId);
    since = books.cursors.latest(leaseId, epoch, scope);
  }
  return buildObservation({
    leaseId,
    snapshot,
    scope,
    since,
    maxTokens: request.maxTokens,
    deltaTokens: request.deltaTokens,
    actedOn: request.actedOn,
    frameNotes: frameRowNotes(inventory),
  }, books);
}
