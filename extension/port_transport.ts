/**
 * A {@linkcode Transport} over a `chrome.runtime.Port`, such as the one
 * `chrome.runtime.connectNative` returns. Chrome serializes messages itself,
 * so this carrier only adapts callbacks, makes closing idempotent and, since
 * Chrome does not fire `onDisconnect` on the port that calls `disconnect()`,
 * reports its own close.
 *
 * @module
 */
import { LeashError } from "../contracts/errors.ts";
import type { Transport } from "../contracts/transport.ts";

/** The part of `chrome.runtime.Port` the transport uses; a test passes a fake. */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(callback: (message: unknown) => void): void };
  onDisconnect: { addListener(callback: () => void): void };
}

/** Options for {@linkcode PortTransport}. */
export interface PortTransportOptions {
  /**
   * Reads (and so marks as checked) the error Chrome set for a disconnect.
   * Chrome logs an "Unchecked runtime.lastError" otherwise, e.g. for a
   * native host that is not installed.
   */
  readLastError?: () => string | undefined;
  /** Receives the disconnect reason Chrome gave, if any. */
  onDisconnectReason?: (reason: string) => void;
}

/**
 * Adapts a port to the peer's transport seam. Messages that arrive before
 * `start()` wait for it; after a close nothing more is delivered or sent.
 *
 * @example
 * ```ts ignore
 * const port = chrome.runtime.connectNative("dev.leash.host");
 * const transport = new PortTransport(port, {
 *   readLastError: () => chrome.runtime.lastError?.message,
 * });
 * ```
 */
export class PortTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #port: PortLike;
  readonly #options: PortTransportOptions;
  #started = false;
  #closed = false;
  #closeReported = false;
  #inbox: unknown[] = [];

  constructor(port: PortLike, options: PortTransportOptions = {}) {
    this.#port = port;
    this.#options = options;
    // Listeners go on at once so nothing Chrome dispatches is missed.
    port.onMessage.addListener((message) => this.#receive(message));
    port.onDisconnect.addListener(() => this.#onDisconnect());
  }

  start(): void {
    if (this.#started) throw new Error("Cannot start transport: it was already started");
    this.#started = true;
    const pending = this.#inbox;
    this.#inbox = [];
    for (const message of pending) this.#deliver(message);
  }

  send(message: unknown): void {
    if (this.#closed) throw new LeashError("CONNECTION_LOST");
    try {
      this.#port.postMessage(message);
    } catch (error) {
      // Chrome throws when the port is already disconnected.
      this.#finish();
      throw new LeashError("CONNECTION_LOST", { cause: error });
    }
  }

  close(): void {
    if (this.#closed) return;
    try {
      this.#port.disconnect();
    } catch {
      // A port that is already gone needs no disconnect.
    }
    this.#finish();
  }

  #receive(message: unknown): void {
    if (this.#closed) return;
    if (!this.#started) {
      this.#inbox.push(message);
      return;
    }
    this.#deliver(message);
  }

  #deliver(message: unknown): void {
    if (this.#closed) return;
    try {
      this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(
        error instanceof Error
          ? error
          : new Error("Cannot deliver message: a non-Error was thrown", { cause: error }),
      );
      this.close();
    }
  }

  #onDisconnect(): void {
    const reason = this.#options.readLastError?.();
    if (reason !== undefined) this.#options.onDisconnectReason?.(reason);
    this.#finish();
  }

  /** Mark closed and report it once, in a microtask so a caller's own close finishes first. */
  #finish(): void {
    this.#closed = true;
    this.#inbox = [];
    if (this.#closeReported) return;
    this.#closeReported = true;
    queueMicrotask(() => this.onclose?.());
  }
}
