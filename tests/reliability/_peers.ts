/**
 * Raw sockets a reliability run sets on the Broker: hostile ones that write
 * whatever they are given and keep every byte they get back, deaf ones that
 * never read, the check that what came back is whole frames of valid
 * envelopes (never truncated JSON), and small process helpers.
 *
 * @module
 */
import { type Envelope, parseEnvelope } from "../../contracts/envelope.ts";
import { FrameDecoder } from "../../contracts/framing.ts";

export class HostileSocket {
  readonly #conn: Deno.UnixConn;
  readonly #received: Uint8Array[] = [];
  readonly #ended: Promise<void>;
  #closedByPeer = false;

  private constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
    this.#ended = this.#read();
  }

  /** Connect to `path`. */
  static async connect(path: string): Promise<HostileSocket> {
    return new HostileSocket(await Deno.connect({ transport: "unix", path }));
  }

  /** Write `chunks` in order; false when the other side stopped taking them. */
  async write(chunks: readonly Uint8Array[]): Promise<boolean> {
    try {
      for (const chunk of chunks) {
        let at = 0;
        while (at < chunk.length) at += await this.#conn.write(chunk.subarray(at));
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Say we will write no more (half close): the other side reads its end of input. */
  async closeWrite(): Promise<void> {
    await this.#conn.closeWrite().catch(() => {});
  }

  /**
   * Wait until the other side closes, at most `timeoutMs`; resolves whether
   * it did. Our side stays open, so a close seen here is the other side's.
   */
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

  /** Whether the other side closed (or reset) the connection. */
  get closedByPeer(): boolean {
    return this.#closedByPeer;
  }

  /** Every byte received so far, joined. */
  received(): Uint8Array {
    const out = new Uint8Array(this.#received.reduce((n, chunk) => n + chunk.length, 0));
    let at = 0;
    for (const chunk of this.#received) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  }

  /** Close our side. */
  close(): void {
    try {
      this.#conn.close();
    } catch {
      // Already closed.
    }
  }

  async #read(): Promise<void> {
    const buffer = new Uint8Array(64 * 1024);
    try {
      while (true) {
        const n = await this.#conn.read(buffer);
        if (n === null) break;
        this.#received.push(buffer.slice(0, n));
      }
    } catch {
      // A reset is a close too.
    }
    this.#closedByPeer = true;
  }
}

/** A socket that writes and never reads: what it is sent piles up at the sender. */
export class DeafSocket {
  readonly #conn: Deno.UnixConn;

  private constructor(conn: Deno.UnixConn) {
    this.#conn = conn;
  }

  /** Connect to `path`. */
  static async connect(path: string): Promise<DeafSocket> {
    return new DeafSocket(await Deno.connect({ transport: "unix", path }));
  }

  /**
   * Write every byte of `bytes`: `"closed"` when the other side closed the
   * socket under the write, `"written"` when all went out, `"blocked"` when
   * the write was still stuck after `timeoutMs` (the other side neither
   * reads nor lets go).
   */
  async write(bytes: Uint8Array, timeoutMs: number): Promise<"closed" | "written" | "blocked"> {
    const writing = (async () => {
      try {
        let at = 0;
        while (at < bytes.length) at += await this.#conn.write(bytes.subarray(at));
        return "written" as const;
      } catch {
        return "closed" as const;
      }
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const blocked = new Promise<"blocked">((resolve) => {
      timer = setTimeout(() => resolve("blocked"), timeoutMs);
    });
    try {
      return await Promise.race([writing, blocked]);
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
}

/**
 * Decode `bytes` as a peer's whole output: frames only, each a valid
 * envelope, ending on a frame boundary. Throws on anything else.
 */
export function envelopesIn(bytes: Uint8Array): Envelope[] {
  const decoder = new FrameDecoder();
  const envelopes: Envelope[] = [];
  decoder.pushEach(bytes, (message) => {
    const envelope = parseEnvelope(message);
    if (envelope === undefined) {
      throw new Error(`Cannot read the output: ${JSON.stringify(message)} is no envelope`);
    }
    envelopes.push(envelope);
  });
  decoder.end();
  return envelopes;
}

/** Run `work` over `items` with at most `limit` at once, in order of start. */
export async function pooled<T, R>(
  items: Iterable<T>,
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const iterator = items[Symbol.iterator]();
  const results: R[] = [];
  let index = 0;
  const lane = async () => {
    while (true) {
      const next = iterator.next();
      if (next.done) return;
      const mine = index++;
      results[mine] = await work(next.value, mine);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

/**
 * How many file descriptors process `pid` holds open (Linux only), listed
 * with `ls` for the reason `procText` in `_broker_child.ts` gives.
 */
export async function openFiles(pid: number): Promise<number> {
  const output = await new Deno.Command("ls", {
    args: ["-1", `/proc/${pid}/fd`],
    stdin: "null",
    stderr: "null",
  }).output();
  if (!output.success) throw new Error(`Cannot list /proc/${pid}/fd: ls failed`);
  return new TextDecoder().decode(output.stdout).split("\n").filter((line) => line !== "").length;
}

/** A 128-code-point transport ID, unique per `n`: the longest the protocol admits. */
export function longId(prefix: string, n: number): string {
  const tail = `${prefix}${n}`;
  return "😀".repeat(128 - tail.length) + tail;
}
