/**
 * How failures reach an agent. A tool error names the wire code and its
 * fixed sentence from `errorCodes` (what to do next), optionally followed by
 * a local note this process knows for sure (the lease ended because you
 * released it; no Broker answers on this runtime dir). Nothing else — no
 * foreign message, no stack — ever reaches the agent.
 *
 * @module
 */
import {
  type ErrorCode,
  errorCodes,
  type ErrorDetail,
  LeashError,
  refusalReasons,
} from "../../contracts/errors.ts";
import { isDialogType } from "../../contracts/methods/dialog.ts";
import { quote } from "../../contracts/page_text.ts";
import { dialogText } from "./dialog_text.ts";

/** A wire code plus one local sentence the tool result adds after the fixed one. */
export class NotedError extends LeashError {
  /** The extra sentence, in our own words. */
  readonly note: string;

  constructor(code: ErrorCode, note: string, options?: ErrorOptions) {
    super(code, options);
    this.name = "NotedError";
    this.note = note;
  }
}

/** No Broker answers on the runtime dir (no socket, stale socket, no token, no permission). */
export class BrokerUnreachable extends NotedError {
  constructor(runtimeDir: string, options?: ErrorOptions) {
    super(
      "CONNECTION_LOST",
      `No Leash Broker answers on ${runtimeDir}: start it (leash serve, or deno task broker), then retry.`,
      options,
    );
    this.name = "BrokerUnreachable";
  }
}

/** What an agent or a person is told about a failure. */
export interface ToolFailure {
  code: ErrorCode;
  /** The fixed sentence for `code`. */
  message: string;
  /** Which condition failed (`TARGET_NOT_INTERACTABLE`, `TARGET_COVERED`), when known. */
  detail?: ErrorDetail;
  note?: string;
}

/**
 * The failure to report for anything a tool threw: a `LeashError` keeps its
 * code (and note), anything else is `INTERNAL` so foreign text stays local.
 */
export function toToolFailure(error: unknown): ToolFailure {
  if (!(error instanceof LeashError)) return { code: "INTERNAL", message: errorCodes.INTERNAL };
  const failure: ToolFailure = { code: error.code, message: errorCodes[error.code] };
  if (error.detail !== undefined) failure.detail = error.detail;
  if (error instanceof NotedError) failure.note = error.note;
  return failure;
}

/**
 * A detail as one line in our own words; the only page text, the name of
 * what is in the way, is quoted.
 *
 * @example
 * ```ts
 * detailText({ reason: "covered", by: { role: "dialog", name: "Cookies" } });
 * // 'Why: another element is where the input would go: dialog "Cookies".'
 * ```
 */
export function detailText(detail: ErrorDetail): string {
  const type = detail.by?.role ?? "";
  if (detail.reason === "dialog" && detail.by !== undefined && isDialogType(type)) {
    return dialogText({ type, message: detail.by.name });
  }
  let line = `Why: ${refusalReasons[detail.reason]}`;
  if (detail.by !== undefined) {
    const name = detail.by.name === "" ? "" : ` ${quote(detail.by.name)}`;
    line += `: ${detail.by.role}${name}`;
  }
  line += ".";
  if (detail.use !== undefined) line += ` Use ${detail.use} instead.`;
  if (detail.redrawnAs !== undefined) {
    line += ` The page drew it again, reading as it did, as ${detail.redrawnAs}: use that ref.`;
  }
  if (detail.cursor !== undefined) {
    line += `\nThe page as it was then has cursor ${
      quote(detail.cursor)
    }: observe with since set to it to see only what changed.`;
  }
  return line;
}

/** The failure as text: `CODE: sentence`, then the detail and the note, each on its own line. */
export function failureText(failure: ToolFailure): string {
  const lines = [`${failure.code}: ${failure.message}`];
  if (failure.detail !== undefined) lines.push(detailText(failure.detail));
  if (failure.note !== undefined) lines.push(failure.note);
  return lines.join("\n");
}
