/**
 * Frames bound for the extension. Chrome closes the port on any byte of
 * stdout that is not a whole frame and on any message above 1 MiB, so this
 * writer checks a frame completely before the first byte of it is written:
 * a frame that is too large, or that contains a secret it was told to
 * refuse (the Broker's token), is never written at all.
 *
 * @module
 */
import { encodeFrame } from "../contracts/framing.ts";
import { limits } from "../contracts/limits.ts";

/** A frame held back because it contained a refused secret. */
export class SecretInFrameError extends Error {
  constructor() {
    super("Cannot write frame: it contains a secret that must not reach the extension");
    this.name = "SecretInFrameError";
  }
}

const encoder = new TextEncoder();

/** Whether `needle` occurs in `haystack`. */
function containsBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (
    let at = haystack.indexOf(first);
    at !== -1 && at <= last;
    at = haystack.indexOf(first, at + 1)
  ) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return false;
}

/** Writes whole frames to a byte stream, in call order, under Chrome's cap. */
export class BrowserFrameWriter {
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #maxBytes: number;
  readonly #refused: Uint8Array[] = [];
  #last: Promise<void> = Promise.resolve();

  /** Write to `writable`; payloads above `maxBytes` (default 1 MiB) are refused. */
  constructor(
    writable: WritableStream<Uint8Array>,
    maxBytes: number = limits.maxHostToBrowserBytes,
  ) {
    this.#writer = writable.getWriter();
    this.#maxBytes = maxBytes;
  }

  /**
   * Refuse every later frame that contains `secret`. The token is hex, which
   * JSON never escapes, so a byte search of the encoded frame finds it
   * however the Broker spelled it.
   */
  refuse(secret: string): void {
    if (secret.length > 0) this.#refused.push(encoder.encode(secret));
  }

  /**
   * Encode `message` and write it as one frame. Throws
   * `LeashError("RESULT_TOO_LARGE")` above the cap and
   * {@linkcode SecretInFrameError} for a refused secret, having written
   * nothing; rejects when the stream fails (the extension went away).
   */
  async write(message: unknown): Promise<void> {
    const frame = encodeFrame(message, this.#maxBytes);
    for (const secret of this.#refused) {
      if (containsBytes(frame, secret)) throw new SecretInFrameError();
    }
    const written = this.#writer.write(frame);
    this.#last = written.catch(() => {});
    await written;
  }

  /** Wait until every frame written so far has been written (or failed). */
  async flush(): Promise<void> {
    await this.#last;
  }
}
