/**
 * The worker's link to DeskBridge's host, `leash-desk`: opened on first
 * use (never at start, so a person who never uses DeskBridge never starts
 * it), one request at a time per ID, every response validated. When the
 * host goes away every waiting call resolves `undefined` (unreachable) and
 * the next call opens a new port; the host has ended every run by then.
 *
 * @module
 */
import { DESK_PROTOCOL_VERSION } from "../../contracts/desk/codes.ts";
import { type DeskResponse, DeskResponseSchema } from "../../contracts/desk/envelope.ts";

/** The part of a native `chrome.runtime.Port` the link uses. */
export interface NativePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(callback: (message: unknown) => void): void };
  onDisconnect: { addListener(callback: () => void): void };
}

/** The link to `leash-desk`. */
export class DeskLink {
  readonly #open: () => NativePort;
  readonly #onDiagnostic: (event: string) => void;
  readonly #pending = new Map<string, (response: DeskResponse | undefined) => void>();
  #port: NativePort | undefined;
  #next = 0;

  constructor(open: () => NativePort, onDiagnostic: (event: string) => void = () => {}) {
    this.#open = open;
    this.#onDiagnostic = onDiagnostic;
  }

  #connect(): NativePort {
    if (this.#port !== undefined) return this.#port;
    const port = this.#open();
    this.#port = port;
    port.onMessage.addListener((message) => {
      const parsed = DeskResponseSchema.safeParse(message);
      if (!parsed.success || parsed.data.id === null) {
        this.#onDiagnostic("desk-response-invalid");
        return;
      }
      const resolve = this.#pending.get(parsed.data.id);
      this.#pending.delete(parsed.data.id);
      resolve?.(parsed.data);
    });
    port.onDisconnect.addListener(() => {
      if (this.#port === port) this.#port = undefined;
      this.#onDiagnostic("desk-port-closed");
      for (const resolve of this.#pending.values()) resolve(undefined);
      this.#pending.clear();
    });
    return port;
  }

  /** Ask DeskBridge; `undefined` when the host could not be reached or went away. */
  call(action: string, args: Record<string, unknown>): Promise<DeskResponse | undefined> {
    const id = `w${++this.#next}`;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      try {
        this.#connect().postMessage({
          version: DESK_PROTOCOL_VERSION,
          id,
          action,
          arguments: args,
        });
      } catch {
        this.#pending.delete(id);
        this.#port = undefined;
        resolve(undefined);
      }
    });
  }
}
