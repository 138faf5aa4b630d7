/**
 * A {@linkcode Transport} over a pair of byte streams carrying length-prefixed
 * frames: a Deno socket's `readable`/`writable`, or stdin/stdout of the
 * Native Host. Web Streams only, so it stays portable.
 *
 * @module
 */
import { LeashError } from "./errors.ts";
import { encodeFrame, FrameDecoder } from "./framing.ts";
import { limits } from "./limits.ts";
import type { Transport } from "./transport.ts";

/** Options for {@linkcode StreamTransport}. */
export interface StreamTransportOptions {
  /** Largest frame payload sent or received; defaults to `limits.maxFrameBytes`. */
  maxFrameBytes?: number;
  /**
   * Bytes handed to the writer but not yet written beyond which `send()`
   * refuses; defaults to `limits.maxBufferedOutputBytes`.
   */
  maxBufferedBytes?: number;
  /**
   * How long `close()` waits for frames already sent to be written before it
   * closes the stream anyway, dropping them; defaults to 1,000 ms.
   */
  closeTimeoutMs?: number;
}

const defaultCloseTimeoutMs = 1_000;

/**
 * Frames messages onto a `WritableStream` and decodes them from a
 * `ReadableStream`. `send()` is synchronous and all-or-nothing; writes keep
 * their order. A decode or I/O failure is reported to `onerror` and closes
 * the transport; the end of the readable closes it too.
 *
 * @example
 * ```ts ignore
 * const conn = await Deno.connect({ transport: "unix", path });
 * const transport = new StreamTransport(conn.readable, conn.writable);
 * transport.onmessage = (message) => console.log(message);
 * transport.start();
 * ```
 */
export class StreamTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #readable: ReadableStream<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #maxFrameBytes: number;
  readonly #maxBufferedBytes: number;
  readonly #closeTimeoutMs: number;
  readonly #decoder: FrameDecoder;
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #bufferedBytes = 0;
  #started = false;
  #closed = false;

  constructor(
    readable: ReadableStream<Uint8Array>,
    writable: WritableStream<Uint8Array>,
    options: StreamTransportOptions = {},
  ) {
    this.#readable = readable;
    // Taken now so `send()` works before `start()`, and nobody else can interleave writes.
    this.#writer = writable.getWriter();
    this.#maxFrameBytes = options.maxFrameBytes ?? limits.maxFrameBytes;
    this.#maxBufferedBytes = options.maxBufferedBytes ?? limits.maxBufferedOutputBytes;
    this.#closeTimeoutMs = options.closeTimeoutMs ?? defaultCloseTimeoutMs;
    this.#decoder = new FrameDecoder({ maxFrameBytes: this.#maxFrameBytes });
  }

  /** Bytes handed to the writer that it has not finished writing. */
  get bufferedBytes(): number {
    return this.#bufferedBytes;
  }

  start(): void {
    if (this.#started) throw new Error("Cannot start transport: it was already started");
    this.#started = true;
    if (this.#closed) return;
    this.#reader = this.#readable.getReader();
    this.#readLoop(this.#reader);
  }

  send(message: unknown): void {
    if (this.#closed) throw new LeashError("CONNECTION_LOST");
    const frame = encodeFrame(message, this.#maxFrameBytes);
    const size = frame.length;
    if (this.#bufferedBytes + size > this.#maxBufferedBytes) throw new LeashError("QUEUE_FULL");
    this.#bufferedBytes += size;
    // The stream queues writes in call order, so no extra serialization is needed.
    this.#writer.write(frame).then(
      () => {
        this.#bufferedBytes -= size;
      },
      (error) => this.#fail(error),
    );
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const reader = this.#reader;
    const readable = this.#readable;
    const cancelRead = () => {
      if (reader !== undefined) reader.cancel().catch(() => {});
      else if (!readable.locked) readable.cancel().catch(() => {});
    };
    // A graceful close flushes frames already sent, such as a final error
    // response. The read side is cancelled only afterwards, because cancelling
    // a Deno socket's readable closes the whole socket, queued writes included.
    // A peer that stops reading would otherwise keep the socket and every
    // queued frame alive forever, after its connection had already given its
    // place back: past the deadline the socket is closed and the frames dropped.
    const deadline = setTimeout(cancelRead, this.#closeTimeoutMs);
    this.#writer.close().catch(() => {}).finally(() => {
      clearTimeout(deadline);
      cancelRead();
    });
    queueMicrotask(() => this.onclose?.());
  }

  async #readLoop(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const deliver = (message: unknown) => this.#deliver(message);
    try {
      while (!this.#closed) {
        const { value, done } = await reader.read();
        if (done) {
          if (!this.#closed) this.#decoder.end();
          break;
        }
        this.#decoder.pushEach(value, deliver);
      }
    } catch (error) {
      this.#fail(error);
    } finally {
      this.close();
    }
  }

  #deliver(message: unknown): void {
    if (this.#closed) return;
    try {
      this.onmessage?.(message);
    } catch (error) {
      // The rest of the stream cannot be trusted to the same handler; stop here.
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    if (this.#closed) return;
    this.onerror?.(
      error instanceof Error
        ? error
        : new Error("Cannot report failure: a non-Error was thrown", { cause: error }),
    );
    this.close();
  }
}
