/**
 * Leash through its own MCP server, as an agent host runs it: the Broker's
 * runtime dir, the permission table's flags, a tab of the real browser
 * with the extension claimed in personal mode, then `browser_observe` and
 * `browser_act` clicks by ref with the observation's document epoch.
 *
 * @module
 */
import { mcpRunArgs } from "../../../broker/mcp/launch.ts";
import { ClaimResultSchema } from "../../../broker/mcp/tools/lease.ts";
import { LeanActResultSchema } from "../../../broker/mcp/structured.ts";
import { leashRows, type Row } from "../../../tests/realworld/rows.ts";
import type { Driver, FoundRef } from "./driver.ts";
import {
  connectStdio,
  type ServerCommand,
  type StdioSession,
  type ToolReply,
} from "./mcp_stdio.ts";

/** What the Leash side needs from the end-to-end world. */
export interface LeashWorld {
  runtimeDir: string;
  instanceId: string;
  /** Open `url` in a new tab of the world's browser; resolves with its Leash tab ID. */
  openTab(url: string): Promise<{ tab: string }>;
}

const repoRoot = new URL("../../../", import.meta.url).pathname;

/** The Leash MCP server from this checkout, on the Broker of `runtimeDir`. */
export function leashServerCommand(runtimeDir: string): ServerCommand {
  return {
    command: Deno.execPath(),
    args: mcpRunArgs(runtimeDir),
    cwd: repoRoot,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "",
      ...(Deno.env.has("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR") ?? "" } : {}),
      NO_COLOR: "1",
    },
  };
}

/** Start the Leash MCP server on `world`'s Broker. */
export async function startLeash(world: LeashWorld): Promise<Driver> {
  return new LeashDriver(world, await connectStdio(leashServerCommand(world.runtimeDir)));
}

interface LeasedPage {
  leaseId: string;
  /** The rows of the last observation, as its text shows them. */
  last?: Row[];
}

class LeashDriver implements Driver {
  readonly label = "Leash";
  /** The navigate result carries the new document's whole observation. */
  readonly navigateShowsPage = true;
  readonly steps = {
    observe: "browser_observe",
    click: "browser_act click",
    navigate: "browser_act navigate",
  };
  readonly #world: LeashWorld;
  readonly #session: StdioSession;
  readonly #pages = new Map<string, LeasedPage>();

  constructor(world: LeashWorld, session: StdioSession) {
    this.#world = world;
    this.#session = session;
  }

  async open(key: string, url: string): Promise<void> {
    const { tab } = await this.#world.openTab(url);
    const claimed = await this.#session.call("browser_claim", {
      instance: this.#world.instanceId,
      tab,
      reason: "Benchmark observe and click",
      // This benchmark measures observe on its own, so the claim does not look first.
      observe: false,
    }, 60_000);
    this.#pages.set(key, { leaseId: ClaimResultSchema.parse(claimed.structured).leaseId });
  }

  async observe(key: string): Promise<ToolReply> {
    const page = this.#page(key);
    const reply = await this.#session.call("browser_observe", { leaseId: page.leaseId });
    page.last = leashRows(reply.text);
    return reply;
  }

  async findButton(key: string, name: string): Promise<FoundRef> {
    const page = this.#page(key);
    const shown = page.last === undefined ? undefined : buttonRef(page.last, name);
    if (shown !== undefined) return { ref: shown, extra: [] };
    // Left out by the budget: narrow with a query, as the observation's last line says to.
    const reply = await this.#session.call("browser_observe", {
      leaseId: page.leaseId,
      query: name,
    });
    page.last = leashRows(reply.text);
    const found = buttonRef(page.last, name);
    if (found === undefined) throw new Error(`Cannot find button "${name}" in a Leash query`);
    return { ref: found, extra: [reply] };
  }

  async click(key: string, ref: string): Promise<ToolReply> {
    const page = this.#page(key);
    if (page.last === undefined) throw new Error(`Cannot click on ${key}: observe it first`);
    // The server fences the click with the epoch of the observation that showed the ref.
    const reply = await this.#session.call("browser_act", {
      leaseId: page.leaseId,
      action: { kind: "click", ref },
    });
    const result = LeanActResultSchema.parse(reply.structured);
    if (result.documentChanged) throw new Error(`Cannot click ${ref} again: the document changed`);
    return reply;
  }

  async navigate(key: string, url: string): Promise<ToolReply> {
    const page = this.#page(key);
    if (page.last === undefined) throw new Error(`Cannot navigate ${key}: observe it first`);
    // No ref: the server fences the navigation with the epoch it last showed.
    const reply = await this.#session.call("browser_act", {
      leaseId: page.leaseId,
      action: { kind: "navigate", url },
    }, 60_000);
    const result = LeanActResultSchema.parse(reply.structured);
    if (result.observation === null) {
      throw new Error(`Cannot navigate ${key}: the page was not read`);
    }
    // The result's text carries the new document's whole observation.
    page.last = leashRows(reply.text);
    return reply;
  }

  async close(): Promise<void> {
    for (const { leaseId } of this.#pages.values()) {
      await this.#session.call("browser_release", { leaseId }, 10_000).catch(() => {});
    }
    await this.#session.close();
  }

  #page(key: string): LeasedPage {
    const page = this.#pages.get(key);
    if (page === undefined) throw new Error(`Cannot use page ${key}: it is not claimed`);
    return page;
  }
}

function buttonRef(rows: readonly Row[], name: string): string | undefined {
  return rows.find((row) => row.role === "button" && row.name === name && row.ref !== undefined)
    ?.ref;
}
