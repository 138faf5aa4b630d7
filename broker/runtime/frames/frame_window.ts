/**
 * `browser.readPage` with `frame`: live windows of a same-origin child
 * document through the provider's `ax.frame.page`, read inside the tab's
 * queue. Every window binds the child's document from the current
 * inventory (`binding.ts`) and again after the read. The client's
 * continuation is the Broker's single-use token, bound to the lease, the
 * child's five-field binding, its public frame ID and the root: one of the
 * top-level walk, of another frame, of another root, of a document that
 * changed since, or reused, is `STALE_CURSOR`. Never a fallback to the
 * top-level document or to a broader read.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { FrameTarget } from "../../../contracts/methods/common.ts";
import type { SemanticRoot } from "../../../contracts/methods/frames.ts";
import type { ObservationScope, PageWindow } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { buildPageWindow } from "../observe/observe.ts";
import type { WalkRoot } from "../page/continuations.ts";
import type { WindowBooks } from "../page/window.ts";
import { bindFrame, sameBinding } from "./binding.ts";
import { readInventory } from "./read.ts";

/** Which window of a frame to read. */
export interface FrameWindowRequest {
  frame: FrameTarget;
  rootRef?: string;
  continuation?: string;
}

function stale(code: "STALE_CURSOR" | "STALE_TARGET", reason: string): LeashError {
  return new LeashError(code, { cause: new Error(`Cannot read the frame's window: ${reason}`) });
}

/** The window `request` names (see the module doc). */
export async function readFrameWindow(
  held: OwnedLease,
  runtime: WindowBooks,
  request: FrameWindowRequest,
  signal: AbortSignal,
): Promise<PageWindow> {
  const { books, continuations } = runtime;
  const { leaseId } = held.lease;
  const { frame, rootRef } = request;
  const entry = request.continuation === undefined
    ? undefined
    : continuations.take(request.continuation, { leaseId, rootRef });
  if (entry !== undefined && entry.frame?.frameId !== frame.frameId) {
    throw stale("STALE_CURSOR", "the continuation belongs to another walk");
  }
  const { binding } = bindFrame(await readInventory(held, books, signal), frame);
  if (entry?.frame !== undefined && !sameBinding(entry.frame.binding, binding)) {
    throw stale("STALE_CURSOR", "the frame's document changed since the last window");
  }
  let walkRoot: WalkRoot | null = entry?.root ?? null;
  let root: SemanticRoot | undefined;
  const ref = walkRoot?.ref ?? rootRef;
  if (ref !== undefined) {
    const target = books.epochs.resolve(leaseId, frame.documentEpoch, ref);
    if (target === undefined) throw stale("STALE_TARGET", `${ref} is not a ref of the frame`);
    root = { ...target, editable: false };
    walkRoot = { ref, backendNodeId: target.backendNodeId };
  }
  const window = await held.call("ax.frame.page", {
    lease: held.token,
    request: {
      binding,
      ...(root === undefined ? {} : { root }),
      ...(entry === undefined ? {} : { continuation: entry.provider }),
    },
  }, signal);
  if (window.frameId !== binding.frameId || window.loaderId !== binding.loaderId) {
    throw stale("STALE_TARGET", "the window comes from another document");
  }
  const after = bindFrame(await readInventory(held, books, signal), frame);
  if (!sameBinding(after.binding, binding)) {
    throw stale("STALE_TARGET", "the frame changed during the read");
  }
  const documentEpoch = books.epochs.epochFor(leaseId, window.frameId, window.loaderId);
  const continuation = window.continuation === null ? null : continuations.issue({
    leaseId,
    documentEpoch,
    frameId: window.frameId,
    loaderId: window.loaderId,
    root: walkRoot,
    provider: window.continuation,
    frame: { frameId: frame.frameId, binding },
  });
  const scope: ObservationScope = walkRoot === null
    ? { kind: "frame", frameId: frame.frameId }
    : { kind: "subtree", rootRef: walkRoot.ref, frameId: frame.frameId };
  return buildPageWindow(
    { leaseId, window, scope, continuation, complete: window.complete },
    books,
  );
}
