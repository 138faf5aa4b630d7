/**
 * The `dialog` action and the dialogs other actions run into.
 *
 * While a JavaScript dialog is open the provider answers every call on the
 * lease `DIALOG_OPEN`, with the dialog's type and (when it is of the
 * lease's origin) its message in the error's detail. An action whose input
 * opened a dialog therefore ends in that error after dispatch; its result
 * reports the dialog instead of an observation ({@linkcode dialogOf}).
 *
 * The `dialog` action answers the dialog through the provider's fenced
 * `dialog.answer`: nothing on the page is read first (the page is blocked),
 * and the journal's dispatch mark comes right before the answer.
 *
 * @module
 */
import { isLeashError } from "../../../contracts/errors.ts";
import type { Action } from "../../../contracts/methods/mod.ts";
import { isDialogType, type OpenDialog } from "../../../contracts/methods/dialog.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";

type DialogAction = Extract<Action, { kind: "dialog" }>;

/** The dialog a `DIALOG_OPEN` error names, or `undefined` for any other error. */
export function dialogOf(error: unknown): OpenDialog | undefined {
  if (!isLeashError(error, "DIALOG_OPEN")) return undefined;
  const by = error.detail?.by;
  if (by === undefined || !isDialogType(by.role)) return { type: "alert", message: "" };
  return { type: by.role, message: by.name };
}

/**
 * Answer the dialog open on `held`'s tab as `action` says, after calling
 * `beforeDispatch`. Throws `STALE_TARGET` when no dialog is open (the
 * person answered it), `OUT_OF_SCOPE` for a dialog of another origin; both
 * before anything was sent.
 */
export async function answerDialog(
  held: OwnedLease,
  action: DialogAction,
  { beforeDispatch, signal }: { beforeDispatch: () => void; signal: AbortSignal },
): Promise<void> {
  signal.throwIfAborted();
  beforeDispatch();
  await held.call("dialog.answer", {
    lease: held.token,
    accept: action.accept,
    ...(action.promptText === undefined ? {} : { promptText: action.promptText }),
  }, signal);
}
