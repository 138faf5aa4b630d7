/**
 * Running browser work under the signals that may end it: the request's own
 * (cancel, connection close), the lease's (Stop, navigation, revoke) and a
 * deadline. Chrome cannot abort a DevTools command once sent; the caller
 * stops waiting and answers with the typed reason instead.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** The typed error for an aborted signal: a `LeashError` reason stays, a timeout is `TIMEOUT`. */
export function abortReason(signal: AbortSignal): LeashError {
  const reason: unknown = signal.reason;
  if (reason instanceof LeashError) return reason;
  if (reason instanceof DOMException && reason.name === "TimeoutError") {
    return new LeashError("TIMEOUT", { cause: reason });
  }
  return new LeashError("CANCELLED", { cause: reason });
}

/** `promise`, unless `signal` aborts first; then its {@linkcode abortReason}. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The work was already started; keep its late failure from going unhandled.
    promise.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** One signal for a request, its lease and a deadline `timeoutMs` from now. */
export function operationSignal(
  request: AbortSignal,
  lease: AbortSignal,
  timeoutMs: number,
): AbortSignal {
  return AbortSignal.any([request, lease, AbortSignal.timeout(timeoutMs)]);
}
