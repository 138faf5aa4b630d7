/**
 * An observation of a same-origin child frame (`browser.observe` with
 * `frame`): the current inventory binds the frame's document (see
 * `binding.ts`), the provider reads exactly that document (`ax.frame`),
 * and a second inventory after the read must bind the same document, so a
 * frame that navigated or reloaded during the read fails it instead of
 * showing the new document under the old epoch. The observation's scope is
 * `{kind:'frame', frameId}` and its epoch the child's, so cursors and
 * deltas stay within the frame; the child's own frame elements name their
 * frames as the page's do. Never a fallback to the root document.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { FrameTarget } from "../../../contracts/methods/common.ts";
import type { Observation } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { buildObservation, type ObserveBooks } from "../observe/observe.ts";
import { bindFrame, sameBinding } from "./binding.ts";
import { frameRowNotes } from "./notes.ts";
import { readInventory } from "./read.ts";

/** What to observe in a frame. */
export interface FrameObserveRequest {
  frame: FrameTarget;
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
  const snapshot = await held.call(
    "ax.frame",
    { lease: held.token, binding: before.binding },
    signal,
  );
  if (
    snapshot.frameId !== before.binding.frameId || snapshot.loaderId !== before.binding.loaderId
  ) {
    throw changed("the provider read another document");
  }
  const inventory = await readInventory(held, books, signal);
  const after = bindFrame(inventory, request.frame);
  if (!sameBinding(before.binding, after.binding)) {
    throw changed("the frame changed during the read");
  }
  const scope = { kind: "frame" as const, frameId: request.frame.frameId };
  const { leaseId } = held.lease;
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
