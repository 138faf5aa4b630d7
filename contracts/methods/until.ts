/**
 * What `browser.observe` may wait for before it answers (`until`): text
 * that appears or goes away, an element's state, and the network going
 * idle. Every condition
 * given must hold at once; the wait is bounded by `timeoutMs`, and when it
 * runs out the answer is `TIMEOUT` with the cursor of an observation read
 * at that moment, so the caller can ask what changed since.
 *
 * @module
 */
import { z } from "zod";
import { CallerTextSchema } from "./common.ts";
import { ElementExpectationSchema } from "./element_expectation.ts";

/** The longest wait an observation may be asked for. */
export const maxUntilMs = 30_000;

/** The wait when `timeoutMs` is absent. */
export const defaultUntilMs = 10_000;

export const UntilSchema = z.strictObject({
  /** Text the page must show (as `expect.textPresent` matches it). */
  textPresent: CallerTextSchema.min(1).optional(),
  /** Text the page must no longer show. */
  textGone: CallerTextSchema.min(1).optional(),
  /** An observed element's states (by its ref, from a live document of the lease). */
  element: ElementExpectationSchema.optional(),
  /** No request of the page open (long-lived ones such as event streams left out). */
  networkIdle: z.literal(true).optional(),
  /** How long to wait at most, in ms; {@linkcode defaultUntilMs} when absent. */
  timeoutMs: z.number().int().min(0).max(maxUntilMs).optional(),
}).refine(
  (until) =>
    until.textPresent !== undefined || until.textGone !== undefined ||
    until.element !== undefined || until.networkIdle !== undefined,
  { message: "until needs textPresent, textGone, element or networkIdle" },
);

export type Until = z.infer<typeof UntilSchema>;
