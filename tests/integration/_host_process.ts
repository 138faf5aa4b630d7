/**
 * The real Native Host as a child process, started exactly as the installed
 * launcher starts it (`deno run` with the table's `host` flags for the
 * scope), with framed stdin and stdout, plus a few things every host test
 * needs: a provider hello without token, a listener that counts who
 * connected, and the check that stdout holds nothing but frames.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { encodeFrame, FrameDecoder } from "../../contracts/framing.ts";
import { type ProviderHello, type Welcome, WelcomeSchema } from "../../contracts/hello.ts";
import { SuccessEnvelopeSchema } from "../../contracts/envelope.ts";
import { runtimePath } from "../../local/dirs.ts";
import { hostDenoArgs, type HostScope } from "../../local/host_run_args.ts";
import { specProviderHello } from "./_hellos.ts";

/** The spec's provider hello as the extension sends it: no token. */
export function providerHello(instanceId = "opaque-instance"): ProviderHello {
  const { token: _token, ...hello } = specProviderHello("unused", instanceId);
  return hello;
}

/** The hello request envelope the extension sends first. */
export function helloRequest(params: unknown, id = "hello-1"): Record<string, unknown> {
  return { type: "request", id, method: "hello", params };
}

/** The deno cache the tests run with, so a temporary HOME does not start an empty one. */
export function denoDir(): string {
  return Deno.env.get("DENO_DIR") ?? join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");
}

/** Decode every byte of `stdout` as frames; fails if anything is left over or malformed. */
export function onlyFrames(stdout: Uint8Array): unknown[] {
  const decoder = new FrameDecoder({ maxFrameBytes: 1_048_576 });
  const frames = decoder.push(stdout);
  decoder.end();
  return frames;
}

/** Whether `bytes` contain the ASCII `text`. */
export function containsText(bytes: Uint8Array, text: string): boolean {
  return new TextDecoder().decode(bytes).includes(text);
}

/** How a host run ended. */
export interface HostResult {
  code: number;
  stdout: Uint8Array;
  stderr: string;
  /** Stderr's JSON log lines. */
  logs: Record<string, unknown>[];
}

/** A Native Host child process. */
export class HostProcess {
  readonly #child: Deno.ChildProcess;
  readonly #stdin: WritableStreamDefaultWriter<Uint8Array>;
  readonly #decoder = new FrameDecoder();
  readonly #frames: unknown[] = [];
  readonly #waiters: Array<() => void> = [];
  readonly #stdout: Uint8Array[] = [];
  readonly #stdoutDone: Promise<void>;
  readonly #stderr: Promise<string>;
  #stdinClosed = false;

  private constructor(child: Deno.ChildProcess) {
    this.#child = child;
    this.#stdin = child.stdin.getWriter();
    this.#stdoutDone = this.#readStdout();
    this.#stderr = new Response(child.stderr).text();
  }

  /**
   * Start `deno <args>` as a host (the default args run `native_host/main.ts`
   * with the table's flags for `scope`), with `env` added.
   */
  static spawn(options: {
    args?: string[];
    origin?: string[];
    scope?: HostScope;
    env?: Record<string, string>;
    command?: string;
    cwd?: string;
  }): HostProcess {
    const args = options.args ?? hostDenoArgs(options.scope!, options.origin ?? []);
    const child = new Deno.Command(options.command ?? Deno.execPath(), {
      args,
      cwd: options.cwd,
      env: { DENO_DIR: denoDir(), ...options.env },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    return new HostProcess(child);
  }

  async #readStdout(): Promise<void> {
    for await (const chunk of this.#child.stdout) {
      this.#stdout.push(chunk);
      try {
        this.#frames.push(...this.#decoder.push(chunk));
      } catch {
        // onlyFrames() reports it from the whole of stdout.
      }
      for (const wake of this.#waiters.splice(0)) wake();
    }
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Write one frame holding `message`. */
  async send(message: unknown): Promise<void> {
    await this.#stdin.write(encodeFrame(message, 2_000_000));
  }

  /** Write raw bytes. */
  async sendBytes(bytes: Uint8Array): Promise<void> {
    await this.#stdin.write(bytes);
  }

  /** The next frame on stdout, or `undefined` once stdout ended. */
  async nextFrame(): Promise<unknown> {
    while (this.#frames.length === 0) {
      const ended = await Promise.race([
        this.#stdoutDone.then(() => true),
        new Promise<false>((resolve) => this.#waiters.push(() => resolve(false))),
      ]);
      if (ended && this.#frames.length === 0) return undefined;
    }
    return this.#frames.shift();
  }

  /** Close stdin, as Chrome does when the port closes. */
  async closeStdin(): Promise<void> {
    if (this.#stdinClosed) return;
    this.#stdinClosed = true;
    await this.#stdin.close().catch(() => {});
  }

  /** Wait for the exit; stdin is closed after the host exits, if still open. */
  async result(): Promise<HostResult> {
    const status = await this.#child.status;
    await this.closeStdin();
    await this.#stdoutDone;
    const stderr = await this.#stderr;
    const stdout = new Uint8Array(this.#stdout.reduce((n, chunk) => n + chunk.length, 0));
    let at = 0;
    for (const chunk of this.#stdout) {
      stdout.set(chunk, at);
      at += chunk.length;
    }
    const logs = stderr.split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    return { code: status.code, stdout, stderr, logs };
  }
}

/** The names of the log events in `result`. */
export function events(result: HostResult): unknown[] {
  return result.logs.map((line) => line.event);
}

/**
 * A runtime dir the test owns: a token file and a listening socket that
 * counts connections, standing in for a Broker where a test must script the
 * Broker's side or prove that nobody connected.
 */
export class OwnedSocket {
  readonly runtimeDir: string;
  readonly token: string;
  readonly #listener: Deno.UnixListener;
  readonly #accepted: Deno.UnixConn[] = [];
  readonly #waiters: Array<() => void> = [];
  readonly #loop: Promise<void>;

  private constructor(runtimeDir: string, token: string, listener: Deno.UnixListener) {
    this.runtimeDir = runtimeDir;
    this.token = token;
    this.#listener = listener;
    this.#loop = this.#accept();
  }

  /** A fresh runtime dir under `root` with a token and a listening socket. */
  static async open(root: string): Promise<OwnedSocket> {
    const runtimeDir = join(root, "owned-run");
    await Deno.mkdir(runtimeDir, { mode: 0o700 });
    const token = Array.from(
      crypto.getRandomValues(new Uint8Array(32)),
      (byte) => byte.toString(16).padStart(2, "0"),
    ).join("");
    await Deno.writeTextFile(runtimePath(runtimeDir, "token"), `${token}\n`, { mode: 0o600 });
    const listener = Deno.listen({ transport: "unix", path: runtimePath(runtimeDir, "socket") });
    return new OwnedSocket(runtimeDir, token, listener);
  }

  async #accept(): Promise<void> {
    try {
      for await (const conn of this.#listener) {
        this.#accepted.push(conn);
        for (const wake of this.#waiters.splice(0)) wake();
      }
    } catch {
      // Closed.
    }
  }

  /** The next connection, in order of arrival. */
  async connection(index: number): Promise<Deno.UnixConn> {
    while (this.#accepted.length <= index) {
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
    return this.#accepted[index];
  }

  /**
   * How many peers connected before now, once they have exited. The kernel
   * queues connections in order, so a sentinel of our own is accepted after
   * every earlier one; it announces itself with four 0xff bytes (a length no
   * frame can have), and every earlier peer, being gone, reads to its end.
   */
  async connectionsSoFar(): Promise<number> {
    const sentinel = await Deno.connect({
      transport: "unix",
      path: runtimePath(this.runtimeDir, "socket"),
    });
    await sentinel.write(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
    try {
      for (let index = 0;; index++) {
        const conn = await this.connection(index);
        const head = new Uint8Array(4);
        let filled = 0;
        while (filled < 4) {
          const n = await conn.read(head.subarray(filled));
          if (n === null) break;
          filled += n;
        }
        if (filled === 4 && head.every((byte) => byte === 0xff)) return index;
        // An earlier peer: drain it to its end.
        const rest = new Uint8Array(65_536);
        while (filled === 4 && await conn.read(rest) !== null);
      }
    } finally {
      sentinel.close();
    }
  }

  /** Stop listening and close every connection. */
  async close(): Promise<void> {
    this.#listener.close();
    for (const conn of this.#accepted) {
      try {
        conn.close();
      } catch {
        // Already closed.
      }
    }
    await this.#loop;
  }
}

/** The welcome in `frame`, which must be a success response to `id` with a schema-valid welcome. */
export function welcomeIn(frame: unknown, id = "hello-1"): Welcome {
  const envelope = SuccessEnvelopeSchema.parse(frame);
  assert.equal(envelope.id, id);
  return WelcomeSchema.parse(envelope.value);
}
