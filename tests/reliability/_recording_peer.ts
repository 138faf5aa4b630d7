/**
 * A framed peer that keeps every envelope it receives and checks each one
 * as it comes, for tests that speak the protocol by hand and must see
 * exactly what the Broker answers.
 *
 * @module
 */
import { type Envelope, parseEnvelope } from "../../contracts/envelope.ts";
import { FrameDecoder } from "../../contracts/framing.ts";

/**
 * A framed peer that records every envelope it receives, answers the
 * Broker's own requests (`browser.approveBatchStep`) with a refusal, and
 * waits for the answers to the requests it sent. It checks each frame as it
 * comes: a frame that is not a valid envelope fails the run.
 */
export class RecordingPeer {
  readonly #conn: Deno.UnixConn;
  readonly #decoder = new FrameDecoder();
  /** Every envelope received, in order. */
  readonly received: Envelope[] = [];
  /** Responses received, by request ID; a second response for one ID is a finding. */
  readonly responses = new Map<string, Envelope>();
  /** Problems with what arrived: malformed frames, duplicate or unasked-for responses. */
  readonly problems: string[] = [];
  readonly #asked = new Set<string>();
  readonly #ended: Promise<void>;
  #wake: (() => void) | undefined;
  #closed = false;

  private constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
    this.#ended = this.#read();
  }

  /** Connect to `path`. */
  static async connect(path: string): Promise<RecordingPeer> {
    return new RecordingPeer(await Deno.connect({ transport: "unix", path }));
  }

  /** Whether the other side closed. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Send one message as a frame; false once the other side is gone. */
  send(message: unknown): Promise<boolean> {
    return this.sendAll([message]);
  }

  /** Send messages as frames in one write; false once the other side is gone. */
  async sendAll(messages: readonly unknown[]): Promise<boolean> {
    const frames: Uint8Array[] = [];
    for (const message of messages) {
      if (typeof message === "object" && message !== null && "type" in message) {
        if (message.type === "request" && "id" in message && typeof message.id === "string") {
          this.#asked.add(message.id);
        }
      }
      frames.push(frameBytes(message));
    }
    const bytes = new Uint8Array(frames.reduce((n, frame) => n + frame.length, 0));
    let at = 0;
    for (const frame of frames) {
      bytes.set(frame, at);
      at += frame.length;
    }
    return await this.sendBytes(bytes);
  }

  /** Write raw bytes; false once the other side is gone. */
  async sendBytes(bytes: Uint8Array): Promise<boolean> {
    try {
      let at = 0;
      while (at < bytes.length) at += await this.#conn.write(bytes.subarray(at));
      return true;
    } catch {
      return false;
    }
  }

  /** Send a request and wait for its response; `undefined` when the peer closed first. */
  async request(id: string, method: string, params: unknown): Promise<Envelope | undefined> {
    await this.send({ type: "request", id, method, params });
    await this.settled([id]);
    return this.responses.get(id);
  }

  /** Wait until every one of `ids` is answered or the other side closed, at most `timeoutMs`. */
  async settled(ids: Iterable<string>, timeoutMs = 15_000): Promise<boolean> {
    const wanted = [...ids];
    const deadline = Date.now() + timeoutMs;
    while (!this.#closed && !wanted.every((id) => this.responses.has(id))) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return true;
  }

  /** Wait until the other side closes, at most `timeoutMs`; resolves whether it did. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) =>
      timer = setTimeout(() => resolve(false), timeoutMs)
    );
    try {
      return await Promise.race([this.#ended.then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
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

  #onMessage(message: unknown): void {
    const envelope = parseEnvelope(message);
    if (envelope === undefined) {
      this.problems.push(`not an envelope: ${JSON.stringify(message).slice(0, 200)}`);
      return;
    }
    this.received.push(envelope);
    if (envelope.type === "response") {
      if (this.responses.has(envelope.id)) this.problems.push(`second response to ${envelope.id}`);
      else if (!this.#asked.has(envelope.id)) this.problems.push(`unasked response ${envelope.id}`);
      this.responses.set(envelope.id, envelope);
    } else if (envelope.type === "request") {
      void this.sendBytes(
        frameBytes({ type: "response", id: envelope.id, ok: true, value: { allowed: false } }),
      );
    }
  }

  async #read(): Promise<void> {
    const buffer = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const n = await this.#conn.read(buffer);
        if (n === null) break;
        this.#decoder.pushEach(buffer.subarray(0, n), (message) => this.#onMessage(message));
        this.#wake?.();
      }
      this.#decoder.end();
    } catch (error) {
      if (!(error instanceof Deno.errors.ConnectionReset)) {
        this.problems.push(`the stream broke: ${error}`);
      }
    }
    this.#closed = true;
    this.#wake?.();
  }
}

const frameEncoder = new TextEncoder();

/** One frame around `message`'s JSON. */
export function frameBytes(message: unknown): Uint8Array {
  const payload = frameEncoder.encode(JSON.stringify(message));
  const bytes = new Uint8Array(4 + payload.length);
  new DataView(bytes.buffer).setUint32(0, payload.length, true);
  bytes.set(payload, 4);
  return bytes;
}
