/**
 * How sure the engine is: the action's own postcondition and the caller's
 * expectation combined into verified, unverified or uncertain.
 *
 * @module
 */
import type { ExpectationResult } from "./expectation.ts";
import type { ActionOutcome, Check } from "./types.ts";

/** What was learned after the action. */
export interface Evidence {
  /** The postcondition's check; `"unreadable"` when the page could not answer; absent when none. */
  postcondition?: Check | "unreadable";
  /** The expectation's result; absent when none was given. */
  expectation?: ExpectationResult;
}

/**
 * The status and reason for `evidence`:
 * - a postcondition that could not be read is `uncertain`, unless the
 *   caller's expectation held (it speaks for the outcome);
 * - a failed postcondition, then a failed expectation, is `unverified`;
 * - anything that held is `verified`;
 * - with nothing to check, `unverified`.
 */
export function verdict(evidence: Evidence): Pick<ActionOutcome, "status" | "reason"> {
  const { postcondition, expectation } = evidence;
  if (postcondition === "unreadable") {
    return expectation?.status === "verified"
      ? { status: "verified", reason: null }
      : { status: "uncertain", reason: "postcondition-unreadable" };
  }
  if (postcondition !== undefined && !postcondition.held) {
    return { status: "unverified", reason: "postcondition-failed" };
  }
  if (expectation?.status === "unverified") {
    return { status: "unverified", reason: "expectation-failed" };
  }
  if (postcondition !== undefined || expectation !== undefined) {
    return { status: "verified", reason: null };
  }
  return { status: "unverified", reason: "nothing-to-check" };
}
