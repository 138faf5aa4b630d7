/**
 * The action engine's public shapes.
 *
 * @module
 */
import type { Action, Expectation } from "../../../contracts/methods/mod.ts";
import type { LeaseScope } from "../../../contracts/methods/common.ts";
import type { Cdp } from "./cdp.ts";
import type { BeforeDispatch } from "./gate.ts";

/**
 * The element an action is aimed at, as the caller resolved it from a ref:
 * its backend node and the role and name it had when it was observed.
 */
export interface ActTarget {
  backendNodeId: number;
  role: string;
  name: string;
}

/**
 * Resolve a ref named by an expectation to its element in the current ref
 * map; `undefined` when the ref is unknown (the check then fails).
 */
export type ResolveRef = (
  ref: string,
) => ActTarget | undefined | Promise<ActTarget | undefined>;

/** What a single check was about. */
export type CheckName =
  | "value"
  /** The filled value read back equal, then no longer a moment later: the page put it back. */
  | "value.reverted"
  /** The pointer rests on the element (it matches `:hover`). */
  | "hover"
  | "checked"
  | "selected"
  | "focus"
  | "inView"
  /** The file input held every uploaded file. */
  | "files"
  | "url"
  | "textPresent"
  | "element.checked"
  | "element.selected"
  | "element.expanded"
  | "element.disabled"
  | "element.focused"
  | "element.value";

/** One check and whether it held. */
export interface Check {
  name: CheckName;
  held: boolean;
}

/** Why a result is not `verified`. */
export type OutcomeReason =
  /** No expectation was given and the action has no checkable postcondition. */
  | "nothing-to-check"
  /** The action's own postcondition (e.g. the value read back) did not hold. */
  | "postcondition-failed"
  /** The caller's expectation did not hold (see `checks`). */
  | "expectation-failed"
  /** The postcondition could not be read: the document changed or went away. */
  | "postcondition-unreadable"
  /** Something failed after input was dispatched. */
  | "error-after-dispatch";

/** What an action did and how sure the engine is about it. */
export interface ActionOutcome {
  /** Whether anything that can change the page was sent (the `beforeDispatch` hook ran). */
  dispatched: boolean;
  status: "verified" | "unverified" | "uncertain";
  /** Whether the main frame's document (its loader) differs from before the action. */
  documentChanged: boolean;
  /** Every check made, in order: postcondition first, then the expectation's. */
  checks: Check[];
  /** Why the status is not `verified`; `null` when it is. */
  reason: OutcomeReason | null;
  /** The local error behind `error-after-dispatch`, for logs only; never for the wire. */
  cause?: unknown;
}

/**
 * Told when text entry's last input went in, with whether the field
 * `suggests` (starts a search or opens suggestions as typed;
 * `undefined` when there was no field to ask).
 */
export type Typed = (suggests: boolean | undefined) => void;

/** Wait until the page went quiet, at most `timeoutMs` (see `PerformActionOptions.rest`). */
export type Rest = (timeoutMs: number) => Promise<void>;

/** Everything {@linkcode performAction} needs. */
export interface PerformActionOptions {
  /** The seam to the leased page. */
  cdp: Cdp;
  /** The element, resolved by the caller from the action's ref; `undefined` for page actions. */
  target: ActTarget | undefined;
  /** Where a drag ends, resolved by the caller from its `to` ref. */
  dropTarget?: ActTarget;
  action: Action;
  /**
   * The main frame's loader ID when the target was observed (the provider's
   * document identity); a different current document is `STALE_TARGET`
   * before anything is sent. Unchecked when absent.
   */
  loaderId?: string;
  /** The lease's scope, which bounds `navigate`. */
  leaseScope: LeaseScope;
  /** Cancels the action; after dispatch it ends as `uncertain`. */
  signal?: AbortSignal;
  /** Called exactly once, right before the first page-changing call, and only if one is made. */
  beforeDispatch?: BeforeDispatch;
  /** Checked after the action. */
  expect?: Expectation;
  /**
   * Told when a text entry's last input went in and whether its field
   * suggests as typed: the wait after it holds for a debounced search
   * only where one may start.
   */
  typed?: Typed;
  /**
   * Called once, when the step has sent its input and before its checks
   * are read: the wait for the page's reaction may go on beside them.
   */
  afterStep?: () => void;
  /**
   * Wait, bounded by `timeoutMs`, until the page went quiet after the input
   * so far, counted on its own clock (`page.settle`): what a person holding a
   * drag over its end waits for before letting go. A wall-clock pause of
   * the same purpose stands in when absent.
   */
  rest?: Rest;
  /** Resolves refs named by `expect.element`; required when it is given. */
  resolveRef?: ResolveRef;
  /** How long an expectation may take to come true; default 2,000 ms. */
  expectTimeoutMs?: number;
  /**
   * How long the action may wait for its target to become actionable
   * before it is refused; default 2,000 ms, 0 looks once.
   */
  actionabilityTimeoutMs?: number;
}
