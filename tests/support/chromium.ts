/**
 * Headless Chromium for tests: find the browser, launch it with a fresh
 * profile and a DevTools port, and always clean up.
 *
 * ```ts
 * import { CdpClient } from "./cdp.ts";
 *
 * const path = browserForTests();            // undefined → skip (throws when CI=true)
 * const browser = await Chromium.launch({ path });
 * try {
 *   const client = await CdpClient.connect(browser.webSocketUrl);
 *   // …
 * } finally {
 *   await browser.close();                    // kills the process, removes the profile
 * }
 * ```
 *
 * @module
 */
import { join } from "node:path";

/** Where a browser is looked for when `LEASH_BROWSER` is not set, in order. */
export const browserCandidates: readonly string[] = [
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
];

/** The flags every test browser gets, before the caller's own. */
export const baseFlags: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--remote-debugging-port=0",
];

/**
 * The browser to use: `LEASH_BROWSER` when set (it must exist), else the
 * first of {@linkcode browserCandidates} that is a file; `undefined` when
 * there is none.
 */
export function findBrowser(): string | undefined {
  const chosen = Deno.env.get("LEASH_BROWSER");
  if (chosen !== undefined && chosen !== "") {
    if (!isFile(chosen)) throw new Error(`Cannot use LEASH_BROWSER: ${chosen} is not a file`);
    return chosen;
  }
  return browserCandidates.find(isFile);
}

let skipNoted = false;

/**
 * The browser for a test file, or `undefined` to skip it. With `CI=true` a
 * missing browser throws (a failure, never a skip); otherwise it prints one
 * line saying why browser tests are skipped.
 */
export function browserForTests(): string | undefined {
  const path = findBrowser();
  if (path !== undefined) return path;
  if (Deno.env.get("CI") === "true") {
    throw new Error(
      "Cannot run browser tests: no Chromium found (set LEASH_BROWSER); CI=true forbids skipping",
    );
  }
  if (!skipNoted) {
    skipNoted = true;
    console.error("Skipping browser tests: no Chromium found (set LEASH_BROWSER to run them).");
  }
  return undefined;
}

/** How to launch. */
export interface LaunchOptions {
  /** The browser binary; default {@linkcode findBrowser}. */
  path?: string;
  /** Flags after {@linkcode baseFlags} and `--user-data-dir`. */
  args?: readonly string[];
  /** How long to wait for `DevToolsActivePort`; default 20 s. */
  startTimeoutMs?: number;
}

/** A running headless Chromium with its own temporary profile. */
export class Chromium {
  /** The browser-level DevTools WebSocket URL. */
  readonly webSocketUrl: string;
  /** The DevTools port on 127.0.0.1. */
  readonly port: number;
  /** The temporary profile directory, removed by {@linkcode close}. */
  readonly userDataDir: string;
  readonly #child: Deno.ChildProcess;
  readonly #stderr: StderrTail;
  #closing: Promise<void> | undefined;

  private constructor(
    endpoint: { port: number; path: string },
    userDataDir: string,
    child: Deno.ChildProcess,
    stderr: StderrTail,
  ) {
    this.port = endpoint.port;
    this.webSocketUrl = `ws://127.0.0.1:${endpoint.port}${endpoint.path}`;
    this.userDataDir = userDataDir;
    this.#child = child;
    this.#stderr = stderr;
  }

  /**
   * Launch headless with a fresh profile and wait for its DevTools port.
   * On any failure the process is killed and the profile removed.
   */
  static async launch(options: LaunchOptions = {}): Promise<Chromium> {
    const path = options.path ?? findBrowser();
    if (path === undefined) throw new Error("Cannot launch Chromium: no browser found");
    const userDataDir = await Deno.makeTempDir({ prefix: "leash-chromium-" });
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command(path, {
        args: [...baseFlags, `--user-data-dir=${userDataDir}`, ...(options.args ?? [])],
        stdin: "null",
        stdout: "null",
        stderr: "piped",
      }).spawn();
    } catch (error) {
      await removeDir(userDataDir);
      throw new Error(`Cannot launch Chromium: ${path} did not start`, { cause: error });
    }
    const stderr = new StderrTail(child.stderr);
    try {
      const endpoint = await waitForPort(userDataDir, child, options.startTimeoutMs ?? 20_000);
      return new Chromium(endpoint, userDataDir, child, stderr);
    } catch (error) {
      await stop(child);
      await stderr.done;
      await removeDir(userDataDir);
      throw new Error(`Cannot launch Chromium: ${errorText(error)}\n${stderr.text}`, {
        cause: error,
      });
    }
  }

  /** The last few kilobytes the browser wrote on stderr, for failure messages. */
  get stderr(): string {
    return this.#stderr.text;
  }

  /** Kill the browser and remove its profile. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await stop(this.#child);
      await this.#stderr.done;
      await removeDir(this.userDataDir);
    })();
    return this.#closing;
  }

  /** Same as {@linkcode close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** Keeps the last 16 KiB of a stream while draining it, so the child never blocks. */
class StderrTail {
  readonly done: Promise<void>;
  #text = "";

  constructor(stream: ReadableStream<Uint8Array>) {
    this.done = this.#drain(stream);
  }

  get text(): string {
    return this.#text;
  }

  async #drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
        this.#text = (this.#text + chunk).slice(-16_384);
      }
    } catch {
      // The stream ends with the process; a read error then carries nothing useful.
    }
  }
}

/** Read `DevToolsActivePort` (port, then path) once the browser has written it. */
async function waitForPort(
  userDataDir: string,
  child: Deno.ChildProcess,
  timeoutMs: number,
): Promise<{ port: number; path: string }> {
  const file = join(userDataDir, "DevToolsActivePort");
  let exited = false;
  child.status.then(() => exited = true, () => exited = true);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error("the browser exited before opening its DevTools port");
    const endpoint = parsePortFile(await readIfPresent(file));
    if (endpoint !== undefined) return endpoint;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no DevToolsActivePort after ${timeoutMs} ms`);
}

/** `DevToolsActivePort` holds the port on line 1 and the browser target path on line 2. */
function parsePortFile(text: string | undefined): { port: number; path: string } | undefined {
  const [portLine, path] = (text ?? "").split("\n");
  const port = Number(portLine);
  if (!Number.isInteger(port) || port <= 0 || !path?.startsWith("/devtools/browser/")) {
    return undefined;
  }
  return { port, path: path.trim() };
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(file);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** SIGTERM, then SIGKILL if the browser has not exited within 3 s. */
async function stop(child: Deno.ChildProcess): Promise<void> {
  const status = child.status.then(() => true, () => true);
  try {
    child.kill("SIGTERM");
  } catch {
    // Already exited.
  }
  const timeout = Promise.withResolvers<boolean>();
  const timer = setTimeout(() => timeout.resolve(false), 3_000);
  const exited = await Promise.race([status, timeout.promise]);
  clearTimeout(timer);
  if (!exited) {
    try {
      child.kill("SIGKILL");
    } catch {
      // Exited in between.
    }
    await status;
  }
}

/** Remove a profile; Chromium's helpers may still be writing, so retry briefly. */
async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await Deno.remove(dir, { recursive: true });
      return;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await Deno.remove(dir, { recursive: true }).catch(() => {});
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
