/**
 * Waiting for something the browser, the extension or the Broker does on
 * its own time, with a deadline so a broken run fails instead of hanging.
 *
 * @module
 */

/** Resolve after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How to poll. */
export interface UntilOptions {
  /** Give up after this long; default 15 s. */
  timeoutMs?: number;
  /** Pause between probes; default 50 ms. */
  intervalMs?: number;
  /** Stops waiting: rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Probe until it returns something other than `undefined` (a thrown probe
 * counts as "not yet"), then return that. Throws `Cannot wait for <what>`
 * with the last probe error after the deadline.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  options: UntilOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (true) {
    options.signal?.throwIfAborted();
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= deadline) {
      const detail = last instanceof Error ? `: ${last.message}` : "";
      throw new Error(`Cannot wait for ${what}: not there after ${timeoutMs} ms${detail}`, {
        cause: last,
      });
    }
    await delay(options.intervalMs ?? 50);
  }
}

/** `promise`, or a `Cannot <what>` error after `ms`. */
export async function withTimeout<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Cannot ${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
