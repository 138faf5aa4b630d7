/**
 * What the runtime handlers (observe, act, readPage, capture) share: the
 * runtime services, the tab queue a lease's work waits in, and the `Cdp`
 * seam over the lease's provider.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Cdp } from "../runtime/act/mod.ts";
import type { RuntimeServices } from "../runtime/services.ts";
import type { HandlerDeps, OwnedLease } from "./context.ts";

/** The runtime services; a Broker always has them, so their absence is a wiring bug. */
export function runtimeOf(deps: HandlerDeps): RuntimeServices {
  if (deps.runtime === undefined) {
    throw new Error("Cannot serve a runtime method: the handlers were built without a runtime");
  }
  return deps.runtime;
}

/**
 * Run `work` in the tab queue of `held`'s tab, after the work queued before
 * it. Its signal aborts on the caller's `signal` and when the lease ends.
 */
export function onTab<T>(
  runtime: RuntimeServices,
  held: OwnedLease,
  signal: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const { instance, tab, leaseId } = held.lease;
  return runtime.queues.run({ instance, tab }, leaseId, work, signal);
}

/**
 * The action engine's seam: allowlisted DevTools methods through the
 * provider's fenced `cdp`. A call without a signal (the engine's cleanup,
 * its read after a failure) is bounded by the provider deadline alone.
 */
export function leaseCdp(held: OwnedLease): Cdp {
  const unbounded = new AbortController().signal;
  return (method, params, options) =>
    held.call("cdp", { lease: held.token, method, params }, options?.signal ?? unbounded);
}

/** `STALE_TARGET` with a local reason for the logs. */
export function staleTarget(reason: string): LeashError {
  return new LeashError("STALE_TARGET", { cause: new Error(reason) });
}
