/**
 * The one list of error codes that may cross the wire, each with a fixed
 * local sentence that tells the reader what to do next. Error responses carry
 * only the code; receivers build the text from this table, so no foreign
 * message, stack or payload ever crosses a boundary.
 *
 * @module
 */

/** Every wire error code with its fixed sentence. */
export const errorCodes = {
  PROTOCOL_MISMATCH:
    "The peers share no compatible protocol version or capability set; upgrade Broker, Native Host and extension together.",
  UNAUTHENTICATED:
    "The hello was not authenticated; read the token from the Broker's runtime directory and say hello again.",
  HANDSHAKE_REQUIRED: "No request is accepted before a successful hello; send the hello first.",
  ROLE_FORBIDDEN: "This method is not available to the caller's role; use a method of your role.",
  QUEUE_FULL: "A fixed capacity is reached; wait for pending work to finish, then retry.",
  UNKNOWN_METHOD: "The method is not part of this protocol; check the method name.",
  INVALID_PARAMS: "The parameters do not match the method's schema; fix them and retry.",
  INVALID_RESULT: "The peer answered with a result that does not match the method's schema.",
  UNSUPPORTED:
    "The capability this needs was not negotiated on this connection; upgrade the peer or avoid the feature.",
  INSTANCE_NOT_FOUND: "No browser instance with that ID is connected; list instances and retry.",
  INSTANCE_CONFLICT:
    "Another browser with this instance ID is already connected; close it, or give this browser a profile of its own.",
  TAB_NOT_FOUND: "The tab no longer exists; list tabs and claim another.",
  LEASE_NOT_FOUND:
    "The lease does not exist or has ended; claim the tab again and ask the person if needed.",
  STALE_LEASE:
    "The lease was replaced or revoked since this request was made; claim the tab again.",
  CLAIM_DENIED: "The person denied access to the tab; ask them before trying again.",
  CLAIM_TIMEOUT:
    "The person did not answer the access request in time; ask them to watch for the approval window, then claim again.",
  TAB_LEASED:
    "Another session holds a lease on this tab; wait until it is released or claim another tab.",
  ORIGIN_CHANGED:
    "The tab left the leased origin, so the lease ended; an action that took it there already ran and is not repeated. Claim the tab again for its new origin if access is still needed, and observe before acting.",
  OUT_OF_SCOPE: "The request reaches outside the lease's tab or origin; stay within the lease.",
  STALE_TARGET:
    "The page changed since it was observed; observe again and use the new document epoch and refs.",
  STALE_CURSOR:
    "The cursor or continuation belongs to another scope or document, or was already used; observe or read afresh.",
  TARGET_COVERED:
    "Another element covers the target, so nothing was dispatched; dismiss the overlay or scroll, then observe again.",
  TARGET_NOT_INTERACTABLE:
    "The target cannot take this action (hidden, disabled or of the wrong kind); observe again and choose another element.",
  REQUEST_CONFLICT:
    "This request ID was already used with a different payload; use a new request ID for a new action.",
  RECOVERY_REQUIRED:
    "This request already ran and its full result is no longer kept; observe the page to learn its state instead of retrying.",
  OUTCOME_UNKNOWN:
    "The action may have been dispatched but its outcome was never recorded; observe the page before deciding what to do.",
  CDP_FORBIDDEN: "The DevTools command or its parameters are not on the allowlist.",
  DEBUGGER_UNAVAILABLE:
    "The browser refused to attach its debugger to the tab; close DevTools on it or choose an ordinary web page.",
  RESULT_TOO_LARGE:
    "The result exceeds the response budget and was not truncated; narrow the request (query, subtree or window).",
  TIMEOUT: "The operation did not finish in time; check the page state before retrying.",
  CANCELLED: "The operation was cancelled before it finished.",
  CONNECTION_LOST:
    "The connection closed before an answer arrived; reconnect, then check state before retrying.",
  INTERNAL: "An internal error occurred; retry, and report it if it persists.",
} as const;

/** A wire error code. */
export type ErrorCode = keyof typeof errorCodes;

/** All error codes, in declaration order. */
export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** Whether `value` is a known wire error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorCodes, value);
}

/**
 * An error with a stable wire code. Its message is always the fixed local
 * sentence for that code; any detail stays in the local `cause` and is never
 * serialized.
 */
export class LeashError extends Error {
  /** The stable wire code. */
  readonly code: ErrorCode;

  constructor(code: ErrorCode, options?: ErrorOptions) {
    super(errorCodes[code], options);
    this.name = "LeashError";
    this.code = code;
  }
}

/** Whether `error` is a {@linkcode LeashError} with `code` (any code when omitted). */
export function isLeashError(error: unknown, code?: ErrorCode): error is LeashError {
  return error instanceof LeashError && (code === undefined || error.code === code);
}

/**
 * The wire code for any thrown value: a {@linkcode LeashError} keeps its own,
 * everything else is `INTERNAL`, so foreign text never reaches the wire.
 */
export function toErrorCode(error: unknown): ErrorCode {
  return error instanceof LeashError ? error.code : "INTERNAL";
}
