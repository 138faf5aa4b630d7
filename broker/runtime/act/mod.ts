/**
 * The Broker's action engine: performs one `browser.act` action on a leased
 * page through the {@linkcode Cdp} seam (allowlisted DevTools methods and
 * fixed page functions only), hit-tests pointer input, and checks what
 * happened.
 *
 * ```ts
 * // Click e12 on a page of the lease's origin and expect a thank-you text;
 * // `recordDispatch` runs right before the first input.
 * function submit(cdp: Cdp, target: ActTarget, resolveRef: ResolveRef, recordDispatch: () => void) {
 *   return performAction({
 *     cdp,
 *     target,
 *     action: { kind: "click", ref: "e12" },
 *     leaseScope: { kind: "origin", origin: "https://example.com" },
 *     beforeDispatch: recordDispatch,
 *     expect: { textPresent: "Thanks" },
 *     resolveRef,
 *   });
 * }
 * ```
 *
 * @module
 */
export type { Cdp, CdpCallOptions } from "./cdp.ts";
export { checkExpectation, defaultExpectTimeoutMs } from "./expectation.ts";
export type { ExpectationOptions, ExpectationResult } from "./expectation.ts";
export type { BeforeDispatch } from "./gate.ts";
export { performAction } from "./perform.ts";
export type {
  ActionOutcome,
  ActTarget,
  Check,
  CheckName,
  OutcomeReason,
  PerformActionOptions,
  ResolveRef,
} from "./types.ts";
