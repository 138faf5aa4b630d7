/**
 * The one list of error codes that may cross the wire, each with a fixed
 * local sentence that tells the reader what to do next. Error responses carry
 * the code and at most an {@linkcode ErrorDetail} of fixed words (which
 * condition failed, the action that can, the role and bounded name of what
 * is in the way); receivers build the text from these tables, so no foreign
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
  NAVIGATION_FAILED:
    "The page did not load (no server answered, or the browser refused the address); check the URL and that its server runs, then open it again.",
  DIALOG_OPEN:
    "A JavaScript dialog is open on the page and blocks it; answer it with the dialog action (accept or dismiss), or ask the person to.",
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

/**
 * Why a target refused an action, each with a fixed sentence: the detail a
 * `TARGET_NOT_INTERACTABLE` or `TARGET_COVERED` answer may carry, so the
 * reader learns which condition failed without any foreign text.
 */
export const refusalReasons = {
  detached: "the element is no longer in the document",
  hidden: "the element is not visible",
  disabled: "the element is disabled",
  readonly: "the element is read-only",
  moving: "the element did not stop moving",
  offscreen: "no part of the element shows in the viewport",
  covered: "another element is where the input would go",
  wrongKind: "the element does not take this kind of action",
  noFileInput:
    "the element is no file input, no label of one, and holds or sits beside no single one: observe and choose the file input's button or drop zone",
  oneFile: "the file input takes one file",
  oneOption: "a single select takes one option; only a multiple select takes a list",
  noOption:
    "no enabled option has that label or value; observe the select with rootRef to see all its options",
  unfocusable: "the element did not take the focus",
  reverted: "the page put the old value back",
  malformed:
    "the field holds a value only as its type writes it: a date 2026-12-24, a time 14:30, a local date and time 2026-12-24T14:30, a month 2026-12, a week 2026-W52, a colour #336699, a range a number within its bounds and steps",
  dialog: "a JavaScript dialog is open",
  noHistory: "the tab's history has no entry that way",
  otherOrigin: "that history entry is outside the lease's origin",
  offOrigin:
    "the URL is outside the lease's origin; open it in a new tab with browser_open (leash open) instead",
  notYet: "what the observation waited for did not come true in time",
  tooManyPixels: "the capture would be more than 16,384 pixels wide or tall",
  tooManyBytes: "even as a low-quality JPEG the image is larger than one answer may carry",
  noBox: "the element has no box on the page to capture",
} as const;

/** A refusal reason. */
export type RefusalReason = keyof typeof refusalReasons;

/** All refusal reasons, in declaration order. */
export const refusalReasonList = Object.keys(refusalReasons) as [
  RefusalReason,
  ...RefusalReason[],
];

/**
 * What a failure may add to its code. Everything is a fixed word except
 * `by.name`, which is page text: bounded on the wire and quoted wherever it
 * is shown.
 */
export interface ErrorDetail {
  reason: RefusalReason;
  /** The action kind that can take this target, e.g. `check` or `select`. */
  use?: string;
  /** What is in the way, by accessibility role and name. */
  by?: { role: string; name: string };
  /** The cursor of the observation read when a wait ran out (`notYet`). */
  cursor?: string;
  /**
   * For a target no longer in the document (`detached`): the ref of the
   * node the page drew in its place, reading as it did, when an
   * observation saw it do so.
   */
  redrawnAs?: string;
}

/** Options of a {@linkcode LeashError}. */
export interface LeashErrorOptions extends ErrorOptions {
  /** Crosses the wire beside the code (see {@linkcode ErrorDetail}). */
  detail?: ErrorDetail;
}

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
  /** Which condition failed, when the thrower knows; sent beside the code. */
  readonly detail: ErrorDetail | undefined;

  constructor(code: ErrorCode, options?: LeashErrorOptions) {
    super(errorCodes[code], options);
    this.name = "LeashError";
    this.code = code;
    this.detail = options?.detail;
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
