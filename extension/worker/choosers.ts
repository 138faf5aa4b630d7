/**
 * The file choosers leased pages opened while an upload intercepted them,
 * from `Page.fileChooserOpened` (the Broker's upload turns interception on
 * around its click on a drop zone or a "Choose file" button, so the page's
 * file input is known without a dialog shown). Only which input opened it
 * and whether it takes several files are kept, until the upload ends, a new
 * one begins, or the tab is gone.
 *
 * @module
 */
import { z } from "zod";
import type { ChooserWatch, OpenedChooser } from "../provider/context.ts";

const ChooserOpenedSchema = z.object({
  mode: z.enum(["selectSingle", "selectMultiple"]),
  // Absent for a chooser no file input opened (the File System Access picker).
  backendNodeId: z.number().int().positive().optional(),
});

/** Intercepted file choosers per tab, fed with the debugger events of leased tabs. */
export class ChooserTracker implements ChooserWatch {
  readonly #opened = new Map<number, OpenedChooser>();
  readonly #waiters = new Map<number, Set<() => void>>();

  /** Hear one debugger event of `tabId`'s top-level session. */
  heard(tabId: number, method: string, params: unknown): void {
    if (method !== "Page.fileChooserOpened") return;
    const parsed = ChooserOpenedSchema.safeParse(params);
    if (!parsed.success || parsed.data.backendNodeId === undefined) return;
    this.#opened.set(tabId, {
      backendNodeId: parsed.data.backendNodeId,
      multiple: parsed.data.mode === "selectMultiple",
    });
    for (const wake of [...(this.#waiters.get(tabId) ?? [])]) wake();
  }

  /** The chooser `tabId`'s page opened since the last {@linkcode clear}, if any. */
  opened(tabId: number): OpenedChooser | undefined {
    return this.#opened.get(tabId);
  }

  /** Resolves once a chooser opened on `tabId` (at once if one did), or after `ms`. */
  async wait(tabId: number, ms: number, signal: AbortSignal): Promise<OpenedChooser | undefined> {
    if (this.#opened.has(tabId) || ms <= 0) return this.#opened.get(tabId);
    const heard = Promise.withResolvers<void>();
    let waiters = this.#waiters.get(tabId);
    if (waiters === undefined) this.#waiters.set(tabId, waiters = new Set());
    const wake = () => heard.resolve();
    waiters.add(wake);
    const timer = setTimeout(wake, ms);
    signal.addEventListener("abort", wake, { once: true });
    try {
      await heard.promise;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", wake);
      waiters.delete(wake);
      if (waiters.size === 0 && this.#waiters.get(tabId) === waiters) this.#waiters.delete(tabId);
    }
    return this.#opened.get(tabId);
  }

  /** An upload begins or ended on `tabId`, or the tab is gone: what was heard is forgotten. */
  clear(tabId: number): void {
    this.#opened.delete(tabId);
  }
}
