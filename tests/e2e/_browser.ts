/**
 * Headless Chromium with the Leash extension loaded, on a profile folder
 * the caller prepared (the host manifest must be in it before the
 * extension's first connection attempt), watched over its DevTools port.
 *
 * `tests/support/chromium.ts` launches on a profile it creates itself; the
 * end-to-end world needs the profile first, so it launches here with the
 * same base flags.
 *
 * @module
 */
import { join } from "node:path";
import { baseFlags } from "../support/chromium.ts";
import { until } from "./_wait.ts";

/** What to launch. */
export interface BrowserLaunch {
  /** The browser binary. */
  path: string;
  /** The profile folder; it must exist. Not removed on close. */
  profileDir: string;
  /** The unpacked extension to load. */
  extensionDir: string;
  /** Environment overrides for the browser (and so for the Native Host it starts). */
  env: Record<string, string>;
}

/** The flags the world adds to {@linkcode baseFlags}. */
export function extensionFlags(launch: BrowserLaunch): string[] {
  return [
    `--user-data-dir=${launch.profileDir}`,
    `--load-extension=${launch.extensionDir}`,
    // The debugging infobar would shrink the viewport and can end a lease when dismissed.
    "--silent-debugger-extension-api",
    "about:blank",
  ];
}

/** A running browser. */
export class E2eBrowser {
  /** The browser process ID. */
  readonly pid: number;
  /** The browser-level DevTools WebSocket URL. */
  readonly webSocketUrl: string;
  readonly #child: Deno.ChildProcess;
  readonly #stderr: StderrTail;
  #closing: Promise<void> | undefined;

  private constructor(child: Deno.ChildProcess, webSocketUrl: string, stderr: StderrTail) {
    this.#child = child;
    this.pid = child.pid;
    this.webSocketUrl = webSocketUrl;
    this.#stderr = stderr;
  }

  /** The last 16 KiB the browser wrote on stderr, for failure messages. */
  get stderr(): string {
    return this.#stderr.text;
  }

  /** Launch and wait for the DevTools port; on failure the process is killed. */
  static async launch(launch: BrowserLaunch): Promise<E2eBrowser> {
    const child = new Deno.Command(launch.path, {
      args: [...baseFlags, ...extensionFlags(launch)],
      env: launch.env,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const stderr = new StderrTail(child.stderr);
    let exited = false;
    child.status.then(() => exited = true, () => exited = true);
    try {
      const url = await until("the DevTools port", async () => {
        if (exited) throw new Error("the browser exited before opening its DevTools port");
        const text = await Deno.readTextFile(join(launch.profileDir, "DevToolsActivePort"));
        const [port, path] = text.split("\n");
        return /^\d+$/.test(port) && path?.startsWith("/devtools/browser/")
          ? `ws://127.0.0.1:${port}${path.trim()}`
          : undefined;
      }, { timeoutMs: 20_000, intervalMs: 25 });
      return new E2eBrowser(child, url, stderr);
    } catch (error) {
      await stop(child);
      await stderr.done;
      throw new Error(`Cannot launch Chromium: ${String(error)}\n${stderr.text}`, { cause: error });
    }
  }

  /** Kill the browser: SIGTERM, then SIGKILL after 3 s. Idempotent. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await stop(this.#child);
      await this.#stderr.done;
    })();
    return this.#closing;
  }
}

/** Keeps the end of a stream while draining it, so the child never blocks on a full pipe. */
class StderrTail {
  readonly done: Promise<void>;
  text = "";

  constructor(stream: ReadableStream<Uint8Array>) {
    this.done = this.#drain(stream);
  }

  async #drain(stream: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
        this.text = (this.text + chunk).slice(-16_384);
      }
    } catch {
      // The stream ends with the process.
    }
  }
}

/** SIGTERM, then SIGKILL when the browser is still there after 3 s. */
async function stop(child: Deno.ChildProcess): Promise<void> {
  const exited = child.status.then(() => true, () => true);
  try {
    child.kill("SIGTERM");
  } catch {
    // Already gone.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), 3_000));
  const inTime = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (inTime) return;
  try {
    child.kill("SIGKILL");
  } catch {
    // Exited in between.
  }
  await exited;
}
