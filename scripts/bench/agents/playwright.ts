/**
 * `@playwright/mcp` as a baseline: its own headless browser from the given
 * executable (never a downloaded one), an in-memory profile, and its
 * default snapshot (`browser_snapshot`) and click (`browser_click` with a
 * snapshot ref).
 *
 * @module
 */
import type { Driver } from "./driver.ts";
import {
  connectStdio,
  type ServerCommand,
  type StdioSession,
  type ToolReply,
} from "./mcp_stdio.ts";
import { type NodePackage, readNodePackage } from "./node_package.ts";

/**
 * Start `@playwright/mcp` under `node` with `browserPath`, working in
 * `workDir` (it writes snapshot files there).
 */
export async function startPlaywright(
  browserPath: string,
  workDir: string,
  node: { command: string; env: Record<string, string> },
): Promise<Driver> {
  const found: NodePackage = await readNodePackage("@playwright/mcp");
  const session = await connectStdio(playwrightCommand(found, browserPath, workDir, node));
  return new PlaywrightDriver(`@playwright/mcp ${found.version}`, session);
}

/** How to run the installed `@playwright/mcp` under `node` on `browserPath`, working in `workDir`. */
export function playwrightCommand(
  found: NodePackage,
  browserPath: string,
  workDir: string,
  node: { command: string; env: Record<string, string> },
): ServerCommand {
  return {
    command: node.command,
    args: [
      found.bin,
      "--executable-path",
      browserPath,
      "--headless",
      "--isolated",
      // Chromium refuses its sandbox as root; the Leash test browser runs without it too.
      "--no-sandbox",
      "--output-dir",
      workDir,
    ],
    cwd: workDir,
    env: node.env,
  };
}

class PlaywrightDriver implements Driver {
  readonly label: string;
  /** `browser_navigate` writes its snapshot to a file and links it: the model reads no page. */
  readonly navigateShowsPage = false;
  readonly steps = {
    observe: "browser_snapshot",
    click: "browser_click",
    navigate: "browser_navigate",
  };
  readonly #session: StdioSession;
  readonly #last = new Map<string, string>();
  #current: string | undefined;

  constructor(label: string, session: StdioSession) {
    this.label = label;
    this.#session = session;
  }

  async open(key: string, url: string): Promise<void> {
    // One tab, navigated from page to page: each page is measured in its own phase.
    await this.#session.call("browser_navigate", { url }, 60_000);
    this.#current = key;
  }

  async observe(key: string): Promise<ToolReply> {
    this.#check(key);
    const reply = await this.#session.call("browser_snapshot", {});
    this.#last.set(key, reply.text);
    return reply;
  }

  findButton(key: string, name: string): Promise<{ ref: string; extra: ToolReply[] }> {
    this.#check(key);
    const text = this.#last.get(key) ?? "";
    const line = text.split("\n").find((row) =>
      row.trimStart().startsWith(`- button ${JSON.stringify(name)} [`)
    );
    const ref = line === undefined ? undefined : /\[ref=([^\]\s]+)\]/.exec(line)?.[1];
    if (ref === undefined) {
      return Promise.reject(new Error(`Cannot find button "${name}" in the Playwright snapshot`));
    }
    return Promise.resolve({ ref, extra: [] });
  }

  click(key: string, ref: string): Promise<ToolReply> {
    this.#check(key);
    return this.#session.call("browser_click", { element: "the button", target: ref });
  }

  navigate(key: string, url: string): Promise<ToolReply> {
    this.#check(key);
    return this.#session.call("browser_navigate", { url }, 60_000);
  }

  async close(): Promise<void> {
    await this.#session.call("browser_close", {}, 10_000).catch(() => {});
    await this.#session.close();
  }

  #check(key: string): void {
    if (this.#current !== key) throw new Error(`Cannot use page ${key}: it is not open`);
  }
}
