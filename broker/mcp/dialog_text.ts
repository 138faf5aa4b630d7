/**
 * How an open JavaScript dialog reads to an agent, in an action's result
 * and in a `DIALOG_OPEN` error: its type in our words, its message quoted
 * as page data, and how to answer it.
 *
 * @module
 */
import type { OpenDialog } from "../../contracts/methods/mod.ts";
import { pageDataNote, quote } from "../../contracts/page_text.ts";

/** What each dialog type asks of the reader. */
const asks = {
  alert: "an alert (accept to close it)",
  confirm: "a confirm (accept is OK, dismiss is Cancel)",
  prompt: "a prompt (accept with promptText to answer it, dismiss is Cancel)",
  beforeunload: "a leave-page prompt (accept leaves the page, dismiss stays)",
} as const;

/**
 * The dialog as lines: the page-data note when the page's message is
 * shown, then what is open and how to answer it.
 *
 * @example
 * ```ts
 * dialogText({ type: "confirm", message: "Delete it?" });
 * ```
 */
export function dialogText(dialog: OpenDialog): string {
  const said = dialog.message === "" ? "" : `: ${quote(dialog.message)}`;
  const lines = [
    `dialog open: ${asks[dialog.type]}${said}`,
    'The page is blocked until it is answered: browser_act {"kind":"dialog","accept":true} or {"kind":"dialog","accept":false}.',
  ];
  return dialog.message === "" ? lines.join("\n") : [pageDataNote, ...lines].join("\n");
}
