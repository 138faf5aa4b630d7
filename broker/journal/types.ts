/**
 * The journal's public shapes: what a handler records before dispatch, what
 * it learns back, and what an outcome is.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";

/** What was asked, in words a person can audit; never the text typed into a field. */
export interface ActionSummary {
  /** The action kind, e.g. `click`, `fill`. */
  kind: string;
  /** The element ref the action aimed at, when it had one. */
  ref?: string;
  /** A short description, e.g. `"Submit"` or `"Password" (12 characters)`. */
  description: string;
}

/**
 * One action intent, committed before anything is dispatched. Identity is
 * (`journalScope`, `requestId`); `payloadHash` tells an exact retry from a
 * changed payload.
 */
export interface Intent {
  /**
   * The client's `journalKey`, or {@linkcode connectionJournalScope} for a
   * legacy client without one (isolation to its own connection).
   */
  journalScope: string;
  /** The client's action request ID. */
  requestId: string;
  /** {@linkcode payloadHash} of the action's parameters. */
  payloadHash: string;
  leaseId: string;
  /** The browser instance the lease is on. */
  instance: string;
  /** The leased tab. */
  tab: string;
  /** The leased origin, for the audit view. */
  origin?: string;
  /** A label for the client, for the audit view. */
  clientName?: string;
  action: ActionSummary;
}

/** How an action ended, from the action engine's point of view. */
export type ActionStatus = "verified" | "unverified" | "uncertain";

/** A finished action: its status and the full result an exact retry gets back. */
export interface Completion<R> {
  status: ActionStatus;
  result: R;
}

/**
 * How an action that ran is recorded when its request is answered with an
 * error all the same: `ORIGIN_CHANGED`, because its page left the leased
 * origin and the lease ended with it.
 */
export interface CompleteOptions {
  /** The error the request is answered with, now and on every exact retry. */
  answer?: "ORIGIN_CHANGED";
}

/**
 * A recorded outcome. `failed` carries an error code; whether input reached
 * the page is {@linkcode EntryMeta.dispatched}.
 */
export type Outcome = ActionStatus | "failed";

/** What the journal knows about one entry, without any page data. */
export interface EntryMeta {
  entryId: number;
  journalScope: string;
  requestId: string;
  leaseId: string;
  /** `null` while no outcome is recorded. */
  outcome: Outcome | null;
  /**
   * The wire code of a `failed` outcome, or the error an action that ran
   * was answered with (see {@linkcode CompleteOptions}).
   */
  code: ErrorCode | null;
  /** Whether the dispatch mark was committed, i.e. input may have reached the page. */
  dispatched: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  dispatchedAt: number | null;
  completedAt: number | null;
  /** Set when a Broker found this entry without an outcome at start: its process died. */
  recoveredAt: number | null;
}

/**
 * The journal's answer to {@linkcode Journal.begin}.
 *
 * - `new`: the intent is committed; perform the action, then `complete` or `fail`.
 * - `cached`: an exact retry of a completed request; answer with `result`, dispatch nothing.
 * - `answered`: an exact retry of an action that ran and was answered with
 *   the error `code` (its page left the leased origin); answer `code`
 *   again, dispatch nothing.
 * - `recovery-required`: an exact retry whose result is no longer cached
 *   (evicted, purged or Broker restarted); answer `RECOVERY_REQUIRED`.
 * - `conflict`: the request ID was used with another payload; answer `REQUEST_CONFLICT`.
 * - `uncertain`: an exact retry of an intent whose outcome is unknown (its
 *   process died, or it failed after dispatch); answer `OUTCOME_UNKNOWN`,
 *   never replay.
 * - `in-progress`: the same request is running in this process; wait for
 *   `settled`, then ask again (the answer is then `cached` or another final one).
 */
export type BeginDecision<R> =
  | { kind: "new"; entryId: number }
  | { kind: "cached"; result: R; meta: EntryMeta }
  | { kind: "answered"; code: ErrorCode; meta: EntryMeta }
  | { kind: "recovery-required"; meta: EntryMeta }
  | { kind: "conflict"; meta: EntryMeta }
  | { kind: "uncertain"; meta: EntryMeta }
  | { kind: "in-progress"; meta: EntryMeta; settled: Promise<void> };

/**
 * The journal scope of a legacy client (no `journalKey`): its own
 * connection, so its request IDs never meet another connection's.
 */
export function connectionJournalScope(connectionId: string): string {
  return `connection:${connectionId}`;
}
