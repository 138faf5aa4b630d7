/**
 * Pull-style frame reading: `await reader.next()` gives the next decoded
 * message, so the host can read exactly one frame (the hello) before it
 * decides anything, then keep reading in a loop.
 *
 * @module
 */
import { FrameDecoder } from "../contracts/framing.ts";

/**
 * Reads length-prefixed frames from a byte stream, one message at a time.
 * Messages that arrived before a bad frame are still handed out; the
 * `FrameError` follows them.
 */
export class FrameReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder: FrameDecoder;
  readonly #queue: unknown[] = [];
  #failure: { error: unknown } | undefined;
  #ended = false;

  /** Read from `readable`, accepting payloads of at most `maxFrameBytes`. */
  constructor(readable: ReadableStream<Uint8Array>, options: { maxFrameBytes?: number } = {}) {
    this.#reader = readable.getReader();
    this.#decoder = new FrameDecoder(options);
  }

  /**
   * The next message, or `undefined` once the stream ended cleanly on a
   * frame boundary. Throws the `FrameError` of a bad frame (including a
   * stream that ends inside one) or the stream's own error.
   */
  async next(): Promise<unknown> {
    while (this.#queue.length === 0) {
      if (this.#failure !== undefined) throw this.#failure.error;
      if (this.#ended) return undefined;
      try {
        const { value, done } = await this.#reader.read();
        if (done) {
          this.#ended = true;
          this.#decoder.end();
        } else {
          this.#decoder.pushEach(value, (message) => this.#queue.push(message));
        }
      } catch (error) {
        this.#failure = { error };
      }
    }
    return this.#queue.shift();
  }

  /** Stop reading and release the stream. Idempotent. */
  cancel(): void {
    this.#ended = true;
    this.#reader.cancel().catch(() => {});
  }
}
