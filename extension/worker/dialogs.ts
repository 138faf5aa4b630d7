/**
 * The JavaScript dialogs open on leased tabs, from the `Page` events of
 * their debugger sessions. While a dialog is open the tab's renderer is
 * blocked and every DevTools command that needs it waits, so the provider
 * asks here first and answers `DIALOG_OPEN` at once; listeners hear a
 * dialog open so work already waiting on the tab stops waiting.
 *
 * Only the dialog's type, its message (bounded) and the URL of the frame
 * that opened it are kept, and only until it closes or the tab is gone.
 *
 * @module
 */
import { z } from "zod";
import { DialogTypeSchema } from "../../contracts/methods/dialog.ts";
import { boundText } from "../../contracts/text.ts";
import type { DialogWatch, TabDialog } from "../provider/context.ts";

/** The longest message kept, in UTF-16 units; what reaches a client is bounded further. */
const maxMessageUnits = 2_000;

const DialogOpeningSchema = z.object({
  url: z.string(),
  message: z.string(),
  type: DialogTypeSchema,
});

/** Open dialogs per tab, fed with the debugger events of leased tabs. */
export class DialogTracker implements DialogWatch {
  readonly #open = new Map<number, TabDialog>();
  readonly #listeners = new Map<number, Set<(dialog: TabDialog) => void>>();

  /**
   * Hear one debugger event of `tabId`'s top-level session; whether it
   * opened or closed a dialog.
   */
  heard(tabId: number, method: string, params: unknown): boolean {
    if (method === "Page.javascriptDialogClosed") {
      return this.#open.delete(tabId);
    }
    if (method !== "Page.javascriptDialogOpening") return false;
    const parsed = DialogOpeningSchema.safeParse(params);
    // A dialog of a type this build does not know still blocks the page.
    const dialog: TabDialog = parsed.success
      ? {
        type: parsed.data.type,
        message: boundText(parsed.data.message, maxMessageUnits).text,
        url: parsed.data.url,
      }
      : { type: "alert", message: "", url: "" };
    this.#open.set(tabId, dialog);
    for (const listener of [...(this.#listeners.get(tabId) ?? [])]) listener(dialog);
    return true;
  }

  /** The dialog open on `tabId`, if any. */
  open(tabId: number): TabDialog | undefined {
    return this.#open.get(tabId);
  }

  /** Call `onOpen` when a dialog opens on `tabId`, until the returned function is called. */
  watch(tabId: number, onOpen: (dialog: TabDialog) => void): () => void {
    let listeners = this.#listeners.get(tabId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(tabId, listeners);
    }
    const listener = (dialog: TabDialog) => onOpen(dialog);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(tabId) === listeners) {
        this.#listeners.delete(tabId);
      }
    };
  }

  /** `dialog` was answered on `tabId`; a newer dialog on the tab stays. */
  answered(tabId: number, dialog: TabDialog): void {
    if (this.#open.get(tabId) === dialog) this.#open.delete(tabId);
  }

  /** The tab is gone or no longer attached: nothing it showed is kept. */
  forget(tabId: number): void {
    this.#open.delete(tabId);
  }
}
