/**
 * The wire framing for host stdio and the Broker socket: a four-byte
 * little-endian payload length, then that many bytes of UTF-8 JSON. The spec
 * says native-endian; every platform Chrome and Deno ship on is little-endian,
 * so the byte order is fixed here rather than read from the machine.
 *
 * Portable: Web APIs only, so Deno and the MV3 service worker share it.
 *
 * @module
 */
import { LeashError } from "./errors.ts";
import { limits } from "./limits.ts";

/** Bytes in the length prefix. */
export const framePrefixBytes = 4;

/** Why a byte stream could not be decoded into frames. */
export type FrameErrorKind = "zero-length" | "oversize" | "bad-utf8" | "bad-json" | "truncated";

/**
 * A local decode failure. It never crosses the wire: the stream it came from
 * cannot be trusted any more, so the connection closes.
 */
export class FrameError extends Error {
  /** What was wrong with the bytes. */
  readonly kind: FrameErrorKind;

  constructor(kind: FrameErrorKind, reason: string, options?: ErrorOptions) {
    super(`Cannot decode frame: ${reason}`, options);
    this.name = "FrameError";
    this.kind = kind;
  }
}

/** Options for {@linkcode FrameDecoder} and {@linkcode FrameDecoderStream}. */
export interface FrameDecoderOptions {
  /** Largest accepted payload in bytes; defaults to `limits.maxFrameBytes`. */
  maxFrameBytes?: number;
}

const encoder = new TextEncoder();

/**
 * Serializes `message` into one frame. Throws `LeashError("RESULT_TOO_LARGE")`
 * when the payload would pass `maxBytes` (it never truncates) and a
 * `TypeError` when `message` has no JSON form (undefined, a function, a
 * BigInt, a cycle).
 *
 * @example
 * ```ts
 * const frame = encodeFrame({ type: "cancel", id: "1" });
 * ```
 */
export function encodeFrame(
  message: unknown,
  maxBytes: number = limits.maxFrameBytes,
): Uint8Array<ArrayBuffer> {
  let text: string | undefined;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    throw new TypeError("Cannot encode frame: the message is not serializable", { cause: error });
  }
  if (text === undefined) {
    throw new TypeError("Cannot encode frame: the message has no JSON representation");
  }
  // Every UTF-16 unit takes at least one UTF-8 byte, so this skips the encode.
  if (text.length > maxBytes) throw new LeashError("RESULT_TOO_LARGE");
  const payload = encoder.encode(text);
  const length = payload.length;
  if (length > maxBytes) throw new LeashError("RESULT_TOO_LARGE");
  const frame = new Uint8Array(framePrefixBytes + length);
  frame[0] = length & 0xff;
  frame[1] = (length >>> 8) & 0xff;
  frame[2] = (length >>> 16) & 0xff;
  frame[3] = (length >>> 24) & 0xff;
  frame.set(payload, framePrefixBytes);
  return frame;
}

/**
 * An incremental frame decoder. Feed it chunks as they arrive, split at any
 * byte; it returns every frame each chunk completes. Each byte is copied at
 * most once: frames wholly inside a chunk are decoded in place, and a frame
 * that spans chunks gets one buffer of exactly its length, allocated only
 * after the length passed its checks.
 *
 * After a {@linkcode FrameError} the decoder is poisoned: every later call
 * throws the same error.
 *
 * @example
 * ```ts
 * const decoder = new FrameDecoder();
 * const messages = decoder.push(encodeFrame({ ok: true }));
 * decoder.end();
 * ```
 */
export class FrameDecoder {
  readonly #maxFrameBytes: number;
  readonly #text = new TextDecoder("utf-8");
  readonly #strictText = new TextDecoder("utf-8", { fatal: true });
  readonly #prefix = new Uint8Array(framePrefixBytes);
  #prefixFilled = 0;
  /** The frame being assembled across chunks, once its length is known. */
  #payload: Uint8Array | undefined;
  #payloadFilled = 0;
  #failure: unknown;
  #failed = false;
  #ended = false;

  constructor(options: FrameDecoderOptions = {}) {
    this.#maxFrameBytes = options.maxFrameBytes ?? limits.maxFrameBytes;
  }

  /**
   * Decodes `chunk` and returns the messages it completed, in order. Throws a
   * {@linkcode FrameError} at the first bad frame; messages earlier in the
   * same chunk are then lost, so a caller that must keep them uses
   * {@linkcode FrameDecoder.prototype.pushEach}.
   */
  push(chunk: Uint8Array): unknown[] {
    const messages: unknown[] = [];
    this.pushEach(chunk, (message) => messages.push(message));
    return messages;
  }

  /**
   * Decodes `chunk`, handing each completed message to `onMessage` as soon as
   * it is decoded, so messages before a bad frame are delivered before the
   * {@linkcode FrameError} is thrown. If `onMessage` throws, the decoder is
   * poisoned with that error, because the rest of the chunk was not read.
   */
  pushEach(chunk: Uint8Array, onMessage: (message: unknown) => void): void {
    this.#checkUsable();
    try {
      this.#decode(chunk, onMessage);
    } catch (error) {
      this.#failed = true;
      this.#failure = error;
      throw error;
    }
  }

  /**
   * Declares the end of input. Throws a `"truncated"` {@linkcode FrameError}
   * if a partial frame (even part of a prefix) remains.
   */
  end(): void {
    this.#checkUsable();
    this.#ended = true;
    if (this.#prefixFilled === 0 && this.#payload === undefined) return;
    const reason = this.#payload === undefined
      ? `the stream ended inside a length prefix (${this.#prefixFilled} of 4 bytes)`
      : `the stream ended inside a frame (${this.#payloadFilled} of ${this.#payload.length} bytes)`;
    this.#failed = true;
    this.#failure = new FrameError("truncated", reason);
    throw this.#failure;
  }

  #checkUsable(): void {
    if (this.#failed) throw this.#failure;
    if (this.#ended) throw new TypeError("Cannot decode frame: the decoder has ended");
  }

  #decode(chunk: Uint8Array, onMessage: (message: unknown) => void): void {
    const size = chunk.length;
    let at = 0;
    while (at < size) {
      const payload = this.#payload;
      if (payload !== undefined) {
        const take = Math.min(payload.length - this.#payloadFilled, size - at);
        payload.set(chunk.subarray(at, at + take), this.#payloadFilled);
        this.#payloadFilled += take;
        at += take;
        if (this.#payloadFilled < payload.length) return;
        this.#payload = undefined;
        this.#payloadFilled = 0;
        onMessage(this.#parse(payload));
        continue;
      }

      let length: number;
      if (this.#prefixFilled === 0 && size - at >= framePrefixBytes) {
        length = (chunk[at] | (chunk[at + 1] << 8) | (chunk[at + 2] << 16) |
          (chunk[at + 3] << 24)) >>> 0;
        at += framePrefixBytes;
      } else {
        const prefix = this.#prefix;
        while (this.#prefixFilled < framePrefixBytes && at < size) {
          prefix[this.#prefixFilled++] = chunk[at++];
        }
        if (this.#prefixFilled < framePrefixBytes) return;
        this.#prefixFilled = 0;
        length = (prefix[0] | (prefix[1] << 8) | (prefix[2] << 16) | (prefix[3] << 24)) >>> 0;
      }

      // Checked before anything is allocated, so a hostile prefix costs nothing.
      if (length === 0) throw new FrameError("zero-length", "the length prefix is zero");
      if (length > this.#maxFrameBytes) {
        throw new FrameError(
          "oversize",
          `the length ${length} exceeds the ${this.#maxFrameBytes}-byte cap`,
        );
      }

      if (size - at >= length) {
        onMessage(this.#parse(chunk.subarray(at, at + length)));
        at += length;
      } else {
        const buffer = new Uint8Array(length);
        buffer.set(chunk.subarray(at), 0);
        this.#payload = buffer;
        this.#payloadFilled = size - at;
        return;
      }
    }
  }

  #parse(bytes: Uint8Array): unknown {
    // The replacing decoder has a much faster path than the fatal one, and it
    // turns every malformed sequence into U+FFFD; only when that character
    // shows up (rare: it is also legal text) does the fatal decoder decide.
    const text = this.#text.decode(bytes);
    if (text.indexOf("\uFFFD") !== -1) {
      try {
        this.#strictText.decode(bytes);
      } catch (error) {
        throw new FrameError("bad-utf8", "the payload is not valid UTF-8", { cause: error });
      }
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new FrameError("bad-json", "the payload is not valid JSON", { cause: error });
    }
  }
}

/**
 * A `TransformStream` from raw bytes to decoded messages. Messages before a
 * bad frame are enqueued; then the stream errors with the
 * {@linkcode FrameError}, as it does when input ends inside a frame.
 *
 * @example
 * ```ts
 * const messages = new Blob([encodeFrame(1), encodeFrame(2)]).stream()
 *   .pipeThrough(new FrameDecoderStream());
 * ```
 */
export class FrameDecoderStream extends TransformStream<Uint8Array, unknown> {
  constructor(options: FrameDecoderOptions = {}) {
    const decoder = new FrameDecoder(options);
    super({
      transform(chunk, controller) {
        decoder.pushEach(chunk, (message) => controller.enqueue(message));
      },
      flush() {
        decoder.end();
      },
    });
  }
}
