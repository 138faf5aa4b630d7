/**
 * How the runtime engines reach a leased tab: the tab queue its work waits
 * in, and the `Cdp` seam over the lease's provider.
 *
 * @module
 */
import type { OwnedLease } from "../authority/owned_lease.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { type Hit, maxInputEvents } from "../../contracts/methods/mod.ts";
import type { Cdp } from "./act/mod.ts";
import type { RuntimeServices } from "./services.ts";

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
 * provider's fenced `cdp`, and runs of input events through `cdp.input`
 * (at most `maxInputEvents` a call). A provider that does not serve
 * `cdp.input` refuses it before sending anything; its events then go one
 * `cdp` call at a time. A call without a signal (the engine's cleanup,
 * its read after a failure) is bounded by the provider deadline alone.
 */
export function leaseCdp(held: OwnedLease): Cdp {
  const unbounded = new AbortController().signal;
  const cdp: Cdp = (method, params, options) =>
    held.call("cdp", { lease: held.token, method, params }, options?.signal ?? unbounded);
  /**
   * A call the provider may not serve: `undefined` when it refused it as
   * unknown (before sending anything), and from then on without asking.
   */
  const optional = <T>() => {
    let served = true;
    return async (call: () => Promise<T>): Promise<T | undefined> => {
      if (!served) return undefined;
      try {
        return await call();
      } catch (error) {
        if (!isLeashError(error, "UNSUPPORTED") && !isLeashError(error, "UNKNOWN_METHOD")) {
          throw error;
        }
        served = false;
        return undefined;
      }
    };
  };
  const input = optional<true>();
  cdp.input = async (events, options) => {
    const signal = options?.signal ?? unbounded;
    for (let start = 0; start < events.length; start += maxInputEvents) {
      const run = events.slice(start, start + maxInputEvents);
      const sent = await input(async () => {
        await held.call("cdp.input", { lease: held.token, events: run }, signal);
        return true;
      });
      if (sent === undefined) {
        for (const event of run) await cdp(event.method, event.params, { signal });
      }
    }
  };
  const hit = optional<Hit>();
  cdp.hit = (aimed, options) =>
    hit(() => held.call("cdp.hit", { lease: held.token, ...aimed }, options?.signal ?? unbounded));
  const click = optional<true>();
  cdp.click = (aimed, options) =>
    click(async () => {
      await held.call("cdp.click", { lease: held.token, ...aimed }, options?.signal ?? unbounded);
      return true;
    });
  return cdp;
}
