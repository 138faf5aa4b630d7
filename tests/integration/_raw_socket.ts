/**
 * A peer written from the spec alone: a Unix socket carrying 4-byte
 * little-endian length-prefixed UTF-8 JSON, with none of `contracts/`. Tests
 * use it to say exactly what they mean on the wire, including garbage.
 *
 * @module
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** One frame: a 4-byte little-endian length, then the UTF-8 JSON. */
export function frame(value: unknown): Uint8Array {
  const body = encoder.encode(JSON.stringify(value));
  const bytes = new Uint8Array(4 + body.length);
  new DataView(bytes.buffer).setUint32(0, body.length, true);
  bytes.set(body, 4);
  return bytes;
}

/** What {@linkcode RawSocket.next} yields when the other side closed. */
export const closedMark: unique symbol = Symbol("closed");

/** A raw framed socket. */
export class RawSocket {
  readonly #conn: Deno.UnixConn;
  readonly #frames: unknown[] = [];
  #buffer = new Uint8Array(0);
  #closed = false;
  #wake: (() => void) | undefined;

  private constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
    void this.#readLoop();
  }

  /** Connect to `path`. */
  static async connect(path: string): Promise<RawSocket> {
    return new RawSocket(await Deno.connect({ transport: "unix", path }));
  }

  /** Write raw bytes. Fails quietly once the other side is gone. */
  async sendBytes(bytes: Uint8Array): Promise<void> {
    try {
      let offset = 0;
      while (offset < bytes.length) offset += await this.#conn.write(bytes.subarray(offset));
    } catch {
      // A closed peer is what several tests expect; they look at `next()`.
    }
  }

  /** Write one framed JSON value. */
  send(value: unknown): Promise<void> {
    return this.sendBytes(frame(value));
  }

  /**
   * The next frame, {@linkcode closedMark} when the other side closed, or
   * `undefined` when nothing came within `timeoutMs`.
   */
  async next(timeoutMs = 2_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    while (this.#frames.length === 0 && !this.#closed) {
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (this.#frames.length > 0) return this.#frames.shift();
    return closedMark;
  }

  /** Send a request and wait for the response with its id, skipping anything else. */
  async request(id: string, method: string, params: unknown, timeoutMs = 2_000): Promise<unknown> {
    await this.send({ type: "request", id, method, params });
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const message = await this.next(Math.max(0, deadline - Date.now()));
      if (message === undefined || message === closedMark) return message;
      if (isRecord(message) && message.type === "response" && message.id === id) return message;
    }
  }

  /** Whether the other side closed within `timeoutMs` (frames before the close are dropped). */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const message = await this.next(Math.max(0, deadline - Date.now()));
      if (message === closedMark) return true;
      if (message === undefined) return false;
    }
  }

  /** Close our side. */
  close(): void {
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
  }

  async #readLoop(): Promise<void> {
    const chunk = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const read = await this.#conn.read(chunk);
        if (read === null) break;
        this.#append(chunk.subarray(0, read));
      }
    } catch {
      // A reset counts as a close.
    }
    this.#closed = true;
    this.#wake?.();
  }

  #append(bytes: Uint8Array): void {
    const joined = new Uint8Array(this.#buffer.length + bytes.length);
    joined.set(this.#buffer);
    joined.set(bytes, this.#buffer.length);
    let offset = 0;
    while (joined.length - offset >= 4) {
      const length = new DataView(joined.buffer, offset, 4).getUint32(0, true);
      if (joined.length - offset - 4 < length) break;
      this.#frames.push(
        JSON.parse(decoder.decode(joined.subarray(offset + 4, offset + 4 + length))),
      );
      offset += 4 + length;
    }
    this.#buffer = joined.slice(offset);
    this.#wake?.();
  }
}

/** Whether `value` is a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
