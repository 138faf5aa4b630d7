/**
 * Frames from the extension, read one at a time: a four-byte little-endian
 * length, checked against the 1 MB cap before a byte of payload is
 * allocated, then that many bytes of UTF-8 JSON. Unlike the relay, which
 * closes on any bad frame, DeskBridge answers a frame whose payload is
 * empty, not UTF-8 or not JSON, and goes on: the length was honest, so the
 * stream is still in step.
 *
 * @module
 */
import { DESK_MAX_MESSAGE_BYTES } from "../contracts/desk/codes.ts";
import { framePrefixBytes } from "../contracts/framing.ts";

/** One frame read. */
export type Inbound =
  | { kind: "message"; value: unknown }
  | { kind: "malformed"; reason: "zero-length" | "bad-utf8" | "bad-json" };

/** Why the stream cannot go on. */
export class StreamBroken extends Error {
  constructor(readonly reason: "oversize" | "truncated") {
    super(`Cannot read frame: ${reason}`);
    this.name = "StreamBroken";
  }
}

const strict = new TextDecoder("utf-8", { fatal: true });

/** Reads frames from a byte stream. */
export class DeskFrameReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #maxBytes: number;
  #chunks: Uint8Array[] = [];
  #buffered = 0;
  #ended = false;

  constructor(readable: ReadableStream<Uint8Array>, maxBytes: number = DESK_MAX_MESSAGE_BYTES) {
    this.#reader = readable.getReader();
    this.#maxBytes = maxBytes;
  }

  /** Buffer at least `count` bytes; false when the stream ended first. */
  async #fill(count: number): Promise<boolean> {
    while (this.#buffered < count) {
      if (this.#ended) return false;
      const { value, done } = await this.#reader.read();
      if (done) {
        this.#ended = true;
        return false;
      }
      this.#chunks.push(value);
      this.#buffered += value.length;
    }
    return true;
  }

  /** Take exactly `count` buffered bytes into a buffer of that size. */
  #take(count: number): Uint8Array {
    const out = new Uint8Array(count);
    let filled = 0;
    while (filled < count) {
      const head = this.#chunks[0];
      const take = Math.min(head.length, count - filled);
      out.set(head.subarray(0, take), filled);
      filled += take;
      if (take === head.length) this.#chunks.shift();
      else this.#chunks[0] = head.subarray(take);
    }
    this.#buffered -= count;
    return out;
  }

  /**
   * The next frame, or `undefined` when the stream ended on a frame
   * boundary. Throws {@linkcode StreamBroken} for an oversize length or a
   * stream that ends inside a frame.
   */
  async next(): Promise<Inbound | undefined> {
    if (!await this.#fill(framePrefixBytes)) {
      if (this.#buffered === 0) return undefined;
      throw new StreamBroken("truncated");
    }
    const prefix = this.#take(framePrefixBytes);
    const length = new DataView(prefix.buffer).getUint32(0, true);
    if (length > this.#maxBytes) throw new StreamBroken("oversize");
    if (length === 0) return { kind: "malformed", reason: "zero-length" };
    if (!await this.#fill(length)) throw new StreamBroken("truncated");
    const payload = this.#take(length);
    let text: string;
    try {
      text = strict.decode(payload);
    } catch {
      return { kind: "malformed", reason: "bad-utf8" };
    }
    try {
      return { kind: "message", value: JSON.parse(text) };
    } catch {
      return { kind: "malformed", reason: "bad-json" };
    }
  }

  /** Stop reading. Idempotent. */
  cancel(): void {
    this.#ended = true;
    this.#reader.cancel().catch(() => {});
  }
}
