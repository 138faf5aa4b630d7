/**
 * `chrome.debugger` attachments, counted per tab: the first lease on a tab
 * attaches, the last one to end detaches. A new attach waits for a detach
 * still in progress on the same tab, since Chrome refuses a second debugger.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** What the attachments need from `chrome.debugger`. */
export interface DebuggerControl {
  /** Attach to the tab and enable what leases need; rejects when Chrome refuses. */
  attach(tabId: number): Promise<void>;
  /** Detach; rejects when already gone, which is ignored. */
  detach(tabId: number): Promise<void>;
}

interface Attachment {
  count: number;
  ready: Promise<void>;
}

/** Counted debugger attachments by tab. */
export class DebuggerAttachments {
  readonly #control: DebuggerControl;
  readonly #attached = new Map<number, Attachment>();
  readonly #detaching = new Map<number, Promise<void>>();

  constructor(control: DebuggerControl) {
    this.#control = control;
  }

  /** Whether the tab has (or is getting) an attachment. */
  has(tabId: number): boolean {
    return this.#attached.has(tabId);
  }

  /** Take one reference on the tab's attachment; `DEBUGGER_UNAVAILABLE` when Chrome refuses. */
  async acquire(tabId: number): Promise<void> {
    let attachment = this.#attached.get(tabId);
    if (attachment === undefined) {
      const previous = this.#detaching.get(tabId) ?? Promise.resolve();
      attachment = { count: 0, ready: previous.then(() => this.#control.attach(tabId)) };
      this.#attached.set(tabId, attachment);
    }
    attachment.count++;
    try {
      await attachment.ready;
    } catch (error) {
      attachment.count--;
      if (attachment.count === 0 && this.#attached.get(tabId) === attachment) {
        this.#attached.delete(tabId);
      }
      throw new LeashError("DEBUGGER_UNAVAILABLE", { cause: error });
    }
  }

  /** Drop one reference; the last one detaches. Never rejects. */
  async release(tabId: number): Promise<void> {
    const attachment = this.#attached.get(tabId);
    if (attachment === undefined) return;
    attachment.count--;
    if (attachment.count > 0) return;
    this.#attached.delete(tabId);
    const detach = attachment.ready
      .then(() => this.#control.detach(tabId))
      .catch(() => {
        // Not attached, or the tab is gone: nothing is left to detach.
      });
    this.#detaching.set(tabId, detach);
    await detach;
    if (this.#detaching.get(tabId) === detach) this.#detaching.delete(tabId);
  }

  /** Chrome detached on its own (tab closed, the person cancelled): forget the tab. */
  detached(tabId: number): void {
    this.#attached.delete(tabId);
  }
}
