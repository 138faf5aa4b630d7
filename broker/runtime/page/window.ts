/**
 * Live windows of a leased document through the provider's `ax.page`, read
 * inside the tab's queue. The provider's continuation stays in the Broker's
 * {@linkcode ContinuationBook}; the client gets a single-use token bound to
 * the lease, the document and the root.
 *
 * - Without `continuation`: a fresh walk of the main document, or of the
 *   subtree under `rootRef` (a ref of a live document of the lease, else
 *   `STALE_TARGET`; a ref whose document is no longer the tab's is
 *   `STALE_TARGET` too).
 * - With `continuation`: the next window of that walk. A reused, unknown,
 *   expired or other lease's token, a `rootRef` other than the walk's, or a
 *   document that changed (seen by an observation since, or by the window
 *   itself) is `STALE_CURSOR`; nothing falls back to a broader read.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";
import type { ParamsOf, ProviderMethods } from "../../../contracts/methods/mod.ts";
import type { ObservationScope, PageWindow } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { leaseCdp } from "../lease_calls.ts";
import { readDocument } from "../document.ts";
import { buildPageWindow, type ObserveBooks } from "../observe/observe.ts";
import { staleTarget } from "../stale_target.ts";
import type { Continuation, ContinuationBook, WalkRoot } from "./continuations.ts";

type PageRequest = ParamsOf<ProviderMethods, "ax.page">["request"];

/** Where window reads keep their state: the lease's epochs and refs, and the issued continuations. */
export interface WindowBooks {
  books: ObserveBooks;
  continuations: ContinuationBook;
}

/** Which window to read. */
export interface WindowRequest {
  /** Walk the subtree under this ref instead of the whole document. */
  rootRef?: string;
  /** The token of the previous window, to read the next one. */
  continuation?: string;
}

/** Where a window walk reads and what a window must come from. */
interface Walk {
  request: PageRequest;
  root: WalkRoot | null;
  /** The document the window must be of; `undefined` for a fresh walk of the page. */
  expected?: { frameId: string; loaderId: string };
  /** What a window from another document is. */
  mismatch: "STALE_CURSOR" | "STALE_TARGET";
}

function stale(reason: string): LeashError {
  return new LeashError("STALE_CURSOR", { cause: new Error(reason) });
}

/** The walk a continuation resumes, if its document is still the lease's current one. */
function resumed(runtime: WindowBooks, entry: Continuation): Walk {
  if (entry.frame !== undefined) throw stale("the continuation belongs to a frame's walk");
  if (runtime.books.epochs.current(entry.leaseId, entry.frameId) !== entry.documentEpoch) {
    throw stale("the document changed since the window was read");
  }
  const request: PageRequest = { frameId: entry.frameId, continuation: entry.provider };
  if (entry.root !== null) request.backendNodeId = entry.root.backendNodeId;
  return {
    request,
    root: entry.root,
    expected: { frameId: entry.frameId, loaderId: entry.loaderId },
    mismatch: "STALE_CURSOR",
  };
}

/** A fresh walk of the page or of the subtree under `rootRef`. */
async function fresh(
  runtime: WindowBooks,
  held: OwnedLease,
  rootRef: string | undefined,
  signal: AbortSignal,
): Promise<Walk> {
  if (rootRef === undefined) {
    const document = await readDocument(leaseCdp(held), signal);
    return { request: { frameId: document.frameId }, root: null, mismatch: "STALE_TARGET" };
  }
  const located = runtime.books.epochs.locate(held.lease.leaseId, rootRef);
  if (located === undefined) throw staleTarget(`${rootRef} names no element of a live document`);
  const backendNodeId = located.target.backendNodeId;
  return {
    request: { frameId: located.frameId, backendNodeId },
    root: { ref: rootRef, backendNodeId },
    expected: { frameId: located.frameId, loaderId: located.loaderId },
    mismatch: "STALE_TARGET",
  };
}

async function readWindow(
  runtime: WindowBooks,
  held: OwnedLease,
  walk: Walk,
  signal: AbortSignal,
): Promise<PageWindow> {
  const { leaseId } = held.lease;
  const window = await held.call("ax.page", { lease: held.token, request: walk.request }, signal);
  const expected = walk.expected;
  if (
    expected !== undefined &&
    (window.frameId !== expected.frameId || window.loaderId !== expected.loaderId)
  ) {
    const reason = "the window comes from another document";
    throw walk.mismatch === "STALE_CURSOR" ? stale(reason) : staleTarget(reason);
  }
  const documentEpoch = runtime.books.epochs.epochFor(leaseId, window.frameId, window.loaderId);
  const continuation = window.continuation === null ? null : runtime.continuations.issue({
    leaseId,
    documentEpoch,
    frameId: window.frameId,
    loaderId: window.loaderId,
    root: walk.root,
    provider: window.continuation,
  });
  const scope: ObservationScope = walk.root === null
    ? { kind: "page" }
    : { kind: "subtree", rootRef: walk.root.ref };
  return buildPageWindow(
    { leaseId, window, scope, continuation, complete: window.complete },
    runtime.books,
  );
}

/**
 * The window of `held`'s document that `request` names (see the module
 * doc). Call it inside the tab's queue.
 */
export async function readPageWindow(
  held: OwnedLease,
  runtime: WindowBooks,
  request: WindowRequest,
  signal: AbortSignal,
): Promise<PageWindow> {
  const { rootRef, continuation } = request;
  const walk = continuation === undefined ? await fresh(runtime, held, rootRef, signal) : resumed(
    runtime,
    runtime.continuations.take(continuation, { leaseId: held.lease.leaseId, rootRef }),
  );
  return await readWindow(runtime, held, walk, signal);
}
