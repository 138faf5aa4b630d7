/**
 * Telling a page's answer ("no such node", "no layout") from a failure of
 * the lease or the link, which must pass through unchanged.
 *
 * @module
 */
import { LeashError } from "../../../contracts/errors.ts";

/**
 * Whether `error` is DevTools refusing a call about the page (a raw DevTools
 * error in tests; `STALE_TARGET` or `INTERNAL` from the provider, which maps
 * DevTools refusals to those) rather than a lease, link, cancel or timeout
 * failure.
 */
export function isPageRefusal(error: unknown): boolean {
  if (error instanceof LeashError) {
    return error.code === "STALE_TARGET" || error.code === "INTERNAL";
  }
  if (error instanceof DOMException) {
    return error.name !== "AbortError" && error.name !== "TimeoutError";
  }
  return true;
}

/**
 * Run `work`; a page refusal becomes `LeashError(code)`, anything else
 * (including an aborted `signal`) passes through.
 */
export async function refusalAs<T>(
  code: "STALE_TARGET" | "TARGET_NOT_INTERACTABLE" | "TARGET_COVERED",
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    signal?.throwIfAborted();
    if (!isPageRefusal(error) || (error instanceof LeashError && error.code === code)) throw error;
    throw new LeashError(code, { cause: error });
  }
}
