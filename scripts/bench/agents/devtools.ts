/**
 * `chrome-devtools-mcp` as a baseline: its own headless browser from the
 * given executable, a temporary profile, no usage statistics or CrUX
 * lookups (the machine reaches no such service), and its default snapshot
 * (`take_snapshot`) and click (`click` with a snapshot uid).
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

/** The installed `chrome-devtools-mcp` package (its `engines` decide whether Node can run it). */
export function devtoolsPackage(): Promise<NodePackage> {
  return readNodePackage("chrome-devtools-mcp", "chrome-devtools-mcp");
}

/** Start `chrome-devtools-mcp` under `node` with `browserPath`, working in `workDir`. */
export async function startDevtools(
  browserPath: string,
  workDir: string,
  node: { command: string; env: Record<string, string> },
): Promise<Driver> {
  const found = await devtoolsPackage();
  const session = await connectStdio(devtoolsCommand(found, browserPath, workDir, node));
  return new DevtoolsDriver(`chrome-devtools-mcp ${found.version}`, session);
}

/** How to run the installed `chrome-devtools-mcp` under `node` on `browserPath`, in `workDir`. */
export function devtoolsCommand(
  found: NodePackage,
  browserPath: string,
  workDir: string,
  node: { command: string; env: Record<string, string> },
): ServerCommand {
  return {
    command: node.command,
    args: [
      found.bin,
      "--executablePath",
      browserPath,
      "--headless",
      "--isolated",
      "--no-usage-statistics",
      "--no-performance-crux",
      // Chromium refuses its sandbox as root; the Leash test browser runs without it too.
      "--chromeArg=--no-sandbox",
    ],
    cwd: workDir,
    env: node.env,
  };
}

class DevtoolsDriver implements Driver {
  readonly label: string;
  /** `navigate_page` answers with the list of pages, not the page. */
  readonly navigateShowsPage = false;
  readonly steps = { observe: "take_snapshot", click: "click", navigate: "navigate_page" };
  readonly #session: StdioSession;
  readonly #pages = new Map<string, number>();
  readonly #last = new Map<string, string>();

  constructor(label: string, session: StdioSession) {
    this.label = label;
    this.#session = session;
  }

  async open(key: string, url: string): Promise<void> {
    const reply = await this.#session.call("new_page", { url }, 60_000);
    // The reply lists the pages, `N: title (url) [selected]` for the new one.
    const selected = reply.text.split("\n").find((line) => line.endsWith("[selected]"));
    const pageId = selected === undefined ? undefined : /^(\d+):/.exec(selected)?.[1];
    if (pageId === undefined) throw new Error(`Cannot open ${url}: no page selected in the reply`);
    this.#pages.set(key, Number(pageId));
  }

  async observe(key: string): Promise<ToolReply> {
    const reply = await this.#session.call("take_snapshot", { pageId: this.#pageId(key) });
    this.#last.set(key, reply.text);
    return reply;
  }

  findButton(key: string, name: string): Promise<{ ref: string; extra: ToolReply[] }> {
    const text = this.#last.get(key) ?? "";
    const suffix = ` button ${JSON.stringify(name)}`;
    const line = text.split("\n").find((row) => {
      const trimmed = row.trimStart();
      return trimmed.startsWith("uid=") &&
        (trimmed.endsWith(suffix) || trimmed.includes(`${suffix} `));
    });
    const uid = line === undefined ? undefined : /uid=(\S+)/.exec(line)?.[1];
    if (uid === undefined) {
      return Promise.reject(new Error(`Cannot find button "${name}" in the DevTools snapshot`));
    }
    return Promise.resolve({ ref: uid, extra: [] });
  }

  click(key: string, ref: string): Promise<ToolReply> {
    return this.#session.call("click", { pageId: this.#pageId(key), uid: ref });
  }

  navigate(key: string, url: string): Promise<ToolReply> {
    return this.#session.call(
      "navigate_page",
      { pageId: this.#pageId(key), type: "url", url },
      60_000,
    );
  }

  close(): Promise<void> {
    return this.#session.close();
  }

  #pageId(key: string): number {
    const pageId = this.#pages.get(key);
    if (pageId === undefined) throw new Error(`Cannot use page ${key}: it is not open`);
    return pageId;
  }
}
