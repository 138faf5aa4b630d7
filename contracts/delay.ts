/**
 * An abortable pause on the caller's own timers, shared by every wait that
 * must stop at once when its operation is cancelled.
 *
 * @module
 */

/**
 * Wait `ms`; rejects with the signal's reason when it aborts first (or
 * already has).
 *
 * @example
 * ```ts
 * await delay(20, AbortSignal.timeout(1_000));
 * ```
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
