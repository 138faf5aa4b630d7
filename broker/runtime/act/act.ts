/**
 * One `browser.act` action on a leased page, inside the tab's queue and the
 * journal's `perform`:
 * - the `documentEpoch` must be a live epoch of this lease and the ref must
 *   name an element of it, else `STALE_TARGET`; the action engine then
 *   compares the epoch's loader with the tab's current one (`STALE_TARGET`
 *   before anything is sent), hit-tests, and calls `beforeDispatch` right
 *   before the first input;
 * - the result: the engine's status (`uncertain` is a result, not an
 *   error), whether the document changed, and a small observation of the
 *   page afterwards ({@linkcode actObservationTokens} tokens): a delta
 *   against the latest page observation of the same document when there
 *   is one, rendered lean (no header when title and URL did not change),
 *   else a full one (always full on a new document). Its epoch is
 *   the result's `documentEpoch`; when the page cannot be read afterwards
 *   the observation is `null` and the epoch is the one the action named.
 * - between the action and that observation, the page's own reaction is
 *   waited for (`settleLease`), counted from the first input and bounded by
 *   `settleMs`; when the bound cut the wait the result says so
 *   (`unsettled`), and the status stands as the engine gave it.
 * - a JavaScript dialog that is open afterwards (the action's input opened
 *   it, or it opened while the action ran) is the result's `dialog`, and
 *   the observation is `null`: the page is blocked until it is answered.
 *   When the action's own input ran into it, the input reached the page and
 *   its effect cannot be checked, so the action is `unverified`, and the
 *   document it was sent to is still there behind the dialog.
 * - the `dialog` action answers the open dialog (`dialog.ts`) and is
 *   `verified` once the provider says it was answered.
 *
 * @module
 */
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import { flatName } from "../../../contracts/text.ts";
import { type ActResult, refOf } from "../../../contracts/methods/mod.ts";
import type { ClientMethods, ParamsOf } from "../../../contracts/methods/mod.ts";
import type { Observation, OpenDialog } from "../../../contracts/methods/mod.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";
import { leaseCdp } from "../lease_calls.ts";
import type { ObserveBooks } from "../observe/observe.ts";
import { observeLease } from "../observe/read.ts";
import { defaultDeltaTokens } from "../observe/delta_text.ts";
import { settleDefaults } from "../../../contracts/methods/page.ts";
import { type SettleBook, settleLease } from "../page/settle.ts";
import { staleTarget } from "../stale_target.ts";
import { answerDialog, dialogOf } from "./dialog.ts";
import { noteFor } from "./note.ts";
import { performAction } from "./perform.ts";
import { findRedrawn } from "./redrawn.ts";
import type { ActTarget } from "./types.ts";
import { type TypedEntry, typedHoldMs } from "./typed_hold.ts";

/** The params of `browser.act`. */
export type ActParams = ParamsOf<ClientMethods, "browser.act">;

/** The token budget of the observation an action result carries. */
export const actObservationTokens = 1_500;

/**
 * The page after an action, or `null` when it cannot be read (the action
 * stands regardless), with the dialog that keeps it from being read. With
 * `newDocument` (the action left the document it began on) no delta can
 * follow, so the read covers only what the result's budget shows.
 */
export async function observationAfter(
  held: OwnedLease,
  books: ObserveBooks,
  signal: AbortSignal,
  actedOn: number | undefined,
  newDocument = false,
  entered?: string,
): Promise<{ observation: Observation | null; dialog?: OpenDialog }> {
  try {
    const observation = await observeLease(held, books, {
      scope: { kind: "page" },
      // A document restored from the back-forward cache keeps its epoch, yet is news.
      sinceLatest: !newDocument,
      maxTokens: actObservationTokens,
      deltaTokens: defaultDeltaTokens,
      ...(actedOn === undefined ? {} : { actedOn }),
      ...(actedOn === undefined || entered === undefined ? {} : { entered }),
      ...(newDocument ? { newDocument } : {}),
    }, signal);
    return { observation };
  } catch (error) {
    const dialog = dialogOf(error);
    return dialog === undefined ? { observation: null } : { observation: null, dialog };
  }
}

/** How one action is run: the journal's dispatch mark, the queue's signal, the settle book. */
export interface ActRun {
  /** Called right before the first input reaches the page. */
  beforeDispatch: () => void;
  signal: AbortSignal;
  /** Told when the action's wait for the page was skipped or ended; its clock times the wait. */
  settle: SettleBook;
  /**
   * Whether to read the page after the action (default true). A batch step
   * does not: the plan reads it once, at its end, for one delta.
   */
  observe?: boolean;
  /**
   * Whether text entry holds the wait for `settleDefaults.typedHoldMs`
   * (default true). A batch step that is not the last does not: no read
   * follows it, and the plan's read at its end waits for the page.
   */
  typedHold?: boolean;
}

/**
 * Wait for the page's reaction to an action dispatched at `dispatchedAt`
 * (see the module doc); what the result says when the bound cut the wait.
 * After text entry the wait holds for a debounced search where one may
 * start (`typed_hold.ts`).
 */
async function settleAfter(
  held: OwnedLease,
  run: ActRun,
  { action, settleMs }: ActParams,
  dispatchedAt: number,
  typed: TypedEntry | undefined,
): Promise<ActResult["unsettled"]> {
  const { leaseId } = held.lease;
  const timeoutMs = settleMs ?? settleDefaults.timeoutMs;
  if (timeoutMs === 0) {
    run.settle.changed(leaseId, dispatchedAt);
    return undefined;
  }
  const now = run.settle.now();
  const sinceMs = now - dispatchedAt;
  const holdMs = run.typedHold === false ? undefined : typedHoldMs(action.kind, typed, now);
  let answer;
  try {
    answer = await settleLease(held, { timeoutMs, sinceMs, holdMs }, run.signal);
  } catch {
    // Aborted: the input was dispatched and the action stands; the read after it will tell.
    return undefined;
  }
  run.settle.waited(leaseId);
  if (answer === undefined || answer.settled) return undefined;
  // A request still open will end: the next observation waits for it. Mutations may never end.
  if (answer.requests > 0) run.settle.changed(leaseId, dispatchedAt);
  const { waitedMs, requests, mutating, animating } = answer;
  return { afterMs: waitedMs, requests, mutating, animating };
}

/**
 * Check the target, perform `params.action` on `held`'s page and build its
 * result (see the module doc). Call it inside the tab's queue.
 */
export async function actOnLease(
  held: OwnedLease,
  books: ObserveBooks,
  params: ActParams,
  run: ActRun,
): Promise<ActResult> {
  const { signal } = run;
  let dispatchedAt: number | undefined;
  const beforeDispatch = () => {
    run.beforeDispatch();
    dispatchedAt = run.settle.now();
  };
  const { leaseId } = held.lease;
  const { epochs } = books;
  let typed: TypedEntry | undefined;
  /** The wait for the page's reaction to the action's input; none when nothing was sent. */
  const waitForPage = async (waiting: ActRun) =>
    dispatchedAt === undefined
      ? undefined
      : await settleAfter(held, waiting, params, dispatchedAt, typed);
  let settling: Promise<ActResult["unsettled"]> | undefined;
  const early = new AbortController();
  const origin = epochs.describe(params.documentEpoch);
  if (origin === undefined || origin.leaseId !== leaseId) {
    throw staleTarget("the document epoch is not a live epoch of this lease");
  }
  const ref = refOf(params.action);
  let target: ActTarget | undefined;
  if (ref !== undefined) {
    target = epochs.resolve(leaseId, params.documentEpoch, ref);
    if (target === undefined) throw staleTarget(`${ref} is not a ref of this document`);
  }
  let dropTarget: ActTarget | undefined;
  if (params.action.kind === "drag") {
    const to = params.action.to;
    dropTarget = epochs.resolve(leaseId, params.documentEpoch, to);
    if (dropTarget === undefined) throw staleTarget(`${to} is not a ref of this document`);
  }
  if (params.action.kind === "dialog") {
    await answerDialog(held, params.action, { beforeDispatch, signal });
    return await finish(held, books, params, run, {
      status: "verified",
      documentChanged: false,
      settling: waitForPage(run),
      actedOn: undefined,
      note: undefined,
    });
  }
  const outcome = await performAction({
    cdp: leaseCdp(held),
    target,
    ...(dropTarget === undefined ? {} : { dropTarget }),
    action: params.action,
    leaseScope: held.lease.scope,
    signal,
    beforeDispatch,
    expect: params.expect,
    resolveRef: (expected) => epochs.resolve(leaseId, params.documentEpoch, expected),
    loaderId: origin.loaderId,
    actionabilityTimeoutMs: params.timeoutMs,
    typed: (suggests) => typed = { at: run.settle.now(), suggests },
    rest: async (timeoutMs) => {
      const sinceMs = dispatchedAt === undefined ? 0 : run.settle.now() - dispatchedAt;
      await settleLease(held, { timeoutMs, sinceMs }, signal);
    },
    // The wait for the page's reaction begins as soon as the input is in, beside the
    // action's own check (a filled value read again a moment later). An expectation may take
    // seconds to come true: the wait's bound counts from then, as it always did.
    afterStep: () => {
      if (params.expect !== undefined) return;
      settling = waitForPage({ ...run, signal: AbortSignal.any([signal, early.signal]) });
    },
  }).catch(async (error) => {
    if (ref === undefined || target === undefined || !targetGone(error)) throw error;
    // Drawn again since a read paired it with its new node, or else found now by how it read.
    const redrawnAs = epochs.redrawnAs(leaseId, params.documentEpoch, ref) ??
      await findRedrawn(held, epochs, params.documentEpoch, ref, target, signal);
    throw redrawnTarget(error, redrawnAs);
  });
  const ranInto = dialogOf(outcome.cause);
  if (ranInto !== undefined) {
    // The page is blocked by its dialog: nothing waits for it.
    early.abort();
    return {
      requestId: params.requestId,
      status: "unverified",
      documentChanged: false,
      documentEpoch: params.documentEpoch,
      observation: null,
      dialog: ranInto,
    };
  }
  return await finish(held, books, params, run, {
    status: outcome.status,
    documentChanged: outcome.documentChanged,
    settling: settling ?? waitForPage(run),
    actedOn: target?.backendNodeId,
    note: noteFor(params.action, outcome),
  });
}

/** Whether `error` says the action's target left the document. */
function targetGone(error: unknown): boolean {
  // A node the page let go of may no longer resolve at all: that refusal says no reason.
  return isLeashError(error, "STALE_TARGET") &&
    (error.detail === undefined || error.detail.reason === "detached");
}

/**
 * `error`, a target gone, or for a target the page drew again in its place
 * (`redrawnAs`, the new node's ref), the same refusal naming that ref: the
 * reader acts on it without observing the page again.
 */
function redrawnTarget(error: unknown, redrawnAs: string | undefined): unknown {
  if (redrawnAs === undefined) return error;
  return new LeashError("STALE_TARGET", {
    cause: error,
    detail: { reason: "detached", redrawnAs },
  });
}

/** What an action's run hands on to {@linkcode finish}. */
interface Performed {
  status: ActResult["status"];
  documentChanged: boolean;
  /** The wait for the page's reaction, begun beside the action's checks or after them. */
  settling: Promise<ActResult["unsettled"]>;
  /** The backend node the action aimed at, for the observation's placement. */
  actedOn: number | undefined;
  note: ActResult["note"];
}

/** Wait for the page's reaction, observe it and build the result. */
async function finish(
  held: OwnedLease,
  books: ObserveBooks,
  params: ActParams,
  run: ActRun,
  performed: Performed,
): Promise<ActResult> {
  const { note } = performed;
  const unsettled = await performed.settling;
  const { observation, dialog } = run.observe === false
    ? { observation: null, dialog: undefined }
    : await observationAfter(
      held,
      books,
      run.signal,
      performed.actedOn,
      params.action.kind !== "dialog" && performed.documentChanged,
      performed.status === "verified" ? enteredText(params.action) : undefined,
    );
  const documentEpoch = observation?.documentEpoch ?? params.documentEpoch;
  return {
    requestId: params.requestId,
    status: performed.status,
    // A dialog's answer may let the page go (a leave-page prompt accepted): the epoch tells.
    documentChanged: params.action.kind === "dialog"
      ? documentEpoch !== params.documentEpoch
      : performed.documentChanged,
    documentEpoch,
    observation,
    ...(note === undefined ? {} : { note }),
    ...(unsettled === undefined ? {} : { unsettled }),
    ...(dialog === undefined ? {} : { dialog }),
  };
}

/**
 * The text an action puts in its field, when its check verified the field
 * holds it: `fill`'s and `type`'s. The field's row goes without saying only
 * where its value is just that text (typed into a field that was empty, or
 * cleared first); text typed after other text makes another value, shown.
 * Compared flat (`flatName`), as a name is: a multi-line field's value keeps
 * its line breaks.
 */
function enteredText(action: ActParams["action"]): string | undefined {
  const entered = action.kind === "fill" || action.kind === "fillEditable" ||
    (action.kind === "type" && action.ref !== undefined);
  return entered ? flatName(action.text) : undefined;
}
