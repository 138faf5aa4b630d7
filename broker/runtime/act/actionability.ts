/**
 * Actionability: an action waits until its target can take it, then sends
 * its input once. Every element action goes through here before the
 * dispatch gate opens, so waiting never sends anything.
 *
 * A step asks for what it needs ({@linkcode Needs}): every element action
 * needs the target attached, keeping its observed identity and visible;
 * most need it enabled, some of a kind or editable; pointer actions also
 * need it stable (the same box over two reads at least a frame apart) and
 * hit by the hit test at the aim point (`pointer.ts`). A probe checks all
 * of it at once and answers ready or {@linkcode Unready}; an unready target
 * is probed again on a backoff ({@linkcode retryDelayMs}) until the
 * action's deadline, and only then refused with the last reason. What
 * waiting cannot change — the element left the document or is no longer
 * the one observed (`STALE_TARGET`), it is the wrong kind of element or
 * read-only — is refused at once.
 *
 * @module
 */
import { delay } from "../../../contracts/delay.ts";
import { type ErrorDetail, LeashError, type RefusalReason } from "../../../contracts/errors.ts";
import type { ElementKind } from "./target.ts";

/** How long an action waits for its target by default. */
export const defaultActionabilityTimeoutMs = 2_000;

/**
 * The pauses between probes, as Playwright's: at once, then 20, 100, 100 ms,
 * then every 500 ms.
 */
export const retryDelaysMs: readonly number[] = [0, 20, 100, 100, 500];

/** The pause before probe `retry` + 2 (`retry` counts from 0). */
export function retryDelayMs(retry: number): number {
  return retryDelaysMs[Math.min(Math.max(retry, 0), retryDelaysMs.length - 1)];
}

/**
 * The gap between the two box reads of a stability probe: longer than a
 * frame at 60 Hz, so a box that moves by the frame reads differently.
 */
export const stableGapMs = 20;

/** What a step needs of its target before it may act. */
export interface Needs {
  /** The element kinds the action takes (see `describeElement`); any when absent. */
  kinds?: readonly ElementKind[];
  /** Refuse read-only fields. */
  editable?: boolean;
  /** Accept a disabled element (only looking at it, e.g. scrolling to it). */
  allowDisabled?: boolean;
}

/** Why a target cannot take the action yet, or at all. */
export interface Unready {
  code: "TARGET_NOT_INTERACTABLE" | "TARGET_COVERED";
  reason: RefusalReason;
  /** Refuse at once: waiting cannot change it. */
  final?: boolean;
  /** The action kind that can take the target (`wrongKind`). */
  use?: string;
  /** The backend node found at the aim point instead of the target (`covered`). */
  coveredBy?: number;
}

/** A probe's answer. */
export type Probe<T> = { ready: true; value: T } | { ready: false; unready: Unready };

/** The time an action may wait for its target, shared by all its steps. */
export interface Patience {
  /** `Date.now()` after which an unready target is refused. */
  deadline: number;
  signal?: AbortSignal;
  /** Names what covers the target, by accessibility role and name, for the refusal. */
  nameCover?: (backendNodeId: number) => Promise<ErrorDetail["by"]>;
}

/** A ready probe answer. */
export function ready<T>(value: T): Probe<T> {
  return { ready: true, value };
}

/** An unready probe answer. */
export function unready<T>(unready: Unready): Probe<T> {
  return { ready: false, unready };
}

/**
 * Probe until the target is ready and return the probe's value; refuse
 * with the last reason when the deadline passes or a reason is final. At
 * least one probe runs, however short the time. Rejects with the signal's
 * reason when it aborts while waiting.
 */
export async function untilActionable<T>(
  patience: Patience,
  probe: () => Promise<Probe<T>>,
): Promise<T> {
  for (let retry = 0;; retry++) {
    patience.signal?.throwIfAborted();
    const answer = await probe();
    if (answer.ready) return answer.value;
    const left = patience.deadline - Date.now();
    if (answer.unready.final === true || left <= 0) {
      throw await refusal(patience, answer.unready);
    }
    await delay(Math.min(retryDelayMs(retry), left), patience.signal);
  }
}

/** The refusal of an unready target, naming what covers it when it is covered. */
export async function refusal(patience: Patience, unready: Unready): Promise<LeashError> {
  const detail: ErrorDetail = { reason: unready.reason };
  if (unready.use !== undefined) detail.use = unready.use;
  if (unready.coveredBy !== undefined && patience.nameCover !== undefined) {
    try {
      const by = await patience.nameCover(unready.coveredBy);
      if (by !== undefined) detail.by = by;
    } catch {
      patience.signal?.throwIfAborted();
      // The cover went away or cannot be read: the refusal stands without its name.
    }
  }
  return new LeashError(unready.code, { detail });
}

/**
 * Whether two reads of an element's box are the same box: the same
 * number of quads, every corner within a hundredth of a pixel.
 */
export function sameQuads(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
): boolean {
  if (a.length !== b.length) return false;
  return a.every((quad, i) =>
    quad.length === b[i].length && quad.every((value, j) => Math.abs(value - b[i][j]) < 0.01)
  );
}
