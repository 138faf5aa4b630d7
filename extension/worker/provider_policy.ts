/**
 * The extension's own limits on its Broker connection, as a transport
 * decorator so they hold for every method alike: it closes the connection
 * when more than 32 operations would run at once (the spec's extension rule,
 * where an ordinary peer answers `QUEUE_FULL`), and it refuses to send a
 * success response over 900,000 serialized bytes, so the peer answers
 * `RESULT_TOO_LARGE` instead of anything truncated.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import type { Transport } from "../../contracts/transport.ts";

/** Options for {@linkcode ProviderPolicyTransport}. */
export interface ProviderPolicyOptions {
  /** Operations allowed at once; one more closes. Default `limits.maxExtensionOperations`. */
  maxOperations?: number;
  /** Largest serialized success response. Default `limits.maxExtensionResponseBytes`. */
  maxResponseBytes?: number;
  /** Largest serialized message of any other kind. Default `limits.maxFrameBytes`. */
  maxMessageBytes?: number;
  /** Told why the policy closed the connection. */
  onViolation?: (reason: "too-many-operations") => void;
}

/**
 * Wraps the transport the provider's peer uses. An operation is an incoming
 * request whose response has not been sent yet.
 */
export class ProviderPolicyTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #inner: Transport;
  readonly #maxOperations: number;
  readonly #maxResponseBytes: number;
  readonly #maxMessageBytes: number;
  readonly #onViolation: ProviderPolicyOptions["onViolation"];
  readonly #operations = new Set<string>();
  #closed = false;

  constructor(inner: Transport, options: ProviderPolicyOptions = {}) {
    this.#inner = inner;
    this.#maxOperations = options.maxOperations ?? limits.maxExtensionOperations;
    this.#maxResponseBytes = options.maxResponseBytes ?? limits.maxExtensionResponseBytes;
    this.#maxMessageBytes = options.maxMessageBytes ?? limits.maxFrameBytes;
    this.#onViolation = options.onViolation;
    inner.onmessage = (message) => this.#receive(message);
    inner.onclose = () => {
      this.#closed = true;
      this.#operations.clear();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
  }

  /** Operations running now. */
  get operations(): number {
    return this.#operations.size;
  }

  start(): void {
    this.#inner.start();
  }

  send(message: unknown): void {
    if (this.#closed) throw new LeashError("CONNECTION_LOST");
    const response = responseOf(message);
    const cap = response?.ok === true ? this.#maxResponseBytes : this.#maxMessageBytes;
    const text = JSON.stringify(message);
    if (text === undefined) {
      throw new TypeError("Cannot send message: it has no JSON representation");
    }
    if (exceedsUtf8(text, cap)) throw new LeashError("RESULT_TOO_LARGE");
    this.#inner.send(message);
    if (response !== undefined) this.#operations.delete(response.id);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#inner.close();
  }

  #receive(message: unknown): void {
    if (this.#closed) return;
    const id = requestIdOf(message);
    if (id !== undefined && !this.#operations.has(id)) {
      if (this.#operations.size >= this.#maxOperations) {
        this.#onViolation?.("too-many-operations");
        this.close();
        return;
      }
      this.#operations.add(id);
    }
    this.onmessage?.(message);
  }
}

/** The ID of a request envelope, without trusting anything else about it. */
function requestIdOf(message: unknown): string | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  if (!("type" in message) || message.type !== "request") return undefined;
  if (!("id" in message) || typeof message.id !== "string") return undefined;
  return message.id;
}

/** The ID and outcome of an outgoing response envelope (the peer built it). */
function responseOf(message: unknown): { id: string; ok: boolean } | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  if (!("type" in message) || message.type !== "response") return undefined;
  if (!("id" in message) || typeof message.id !== "string") return undefined;
  return { id: message.id, ok: "ok" in message && message.ok === true };
}

/** Whether `text` takes more than `cap` bytes in UTF-8, counting only as far as needed. */
export function exceedsUtf8(text: string, cap: number): boolean {
  // A UTF-16 unit takes one to three bytes (a surrogate pair four for two units).
  if (text.length * 3 <= cap) return false;
  if (text.length > cap) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
    if (bytes > cap) return true;
  }
  return false;
}
