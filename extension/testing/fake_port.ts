/**
 * A fake `chrome.runtime.Port` for tests, with Chrome's rule that
 * `disconnect()` fires no `onDisconnect` on the port that calls it.
 *
 * @module
 */
import type { PortLike } from "../port_transport.ts";

/** A scriptable port: messages sent by the code under test land in `sent`. */
export class FakePort implements PortLike {
  readonly sent: unknown[] = [];
  disconnected = false;
  /** Makes `postMessage` throw, as Chrome does on a dead port. */
  failPost = false;
  readonly #messageListeners: Array<(message: unknown) => void> = [];
  readonly #disconnectListeners: Array<() => void> = [];

  onMessage = {
    addListener: (callback: (message: unknown) => void) => {
      this.#messageListeners.push(callback);
    },
  };
  onDisconnect = {
    addListener: (callback: () => void) => {
      this.#disconnectListeners.push(callback);
    },
  };

  postMessage(message: unknown): void {
    if (this.failPost || this.disconnected) {
      throw new Error("Attempting to use a disconnected port object");
    }
    this.sent.push(structuredClone(message));
  }

  disconnect(): void {
    this.disconnected = true;
  }

  /** The other side sends a message (Chrome delivers it even after a late disconnect race). */
  deliver(message: unknown): void {
    for (const listener of this.#messageListeners) listener(message);
  }

  /** The other side disconnects (or Chrome reports a late disconnect). */
  remoteDisconnect(): void {
    this.disconnected = true;
    for (const listener of this.#disconnectListeners) listener();
  }
}

/** Let queued microtasks and one macrotask run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
