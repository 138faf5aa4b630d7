/**
 * What one debugging step costs an agent: finding why a save fails on the
 * fixture app (`debug_app.html`, whose save logs an error and gets a 500
 * with a JSON body), through MCP — the console's errors, the failing
 * request, and that request's response body — with Leash
 * (`browser_console`, `browser_network`, `browser_network_request`),
 * `@playwright/mcp` (`browser_console_messages`,
 * `browser_network_requests`, `browser_network_request`) and
 * `chrome-devtools-mcp` (`list_console_messages`, `list_network_requests`,
 * `get_network_request`), in the same run on the same Chromium. Tokens
 * count the text the agent reads (`gpt-tokenizer`, o200k_base); ratios are
 * ours / theirs, lower is better.
 *
 * Beside it, what capture costs: `browser_observe` on the 2,000-row page
 * with the lease's console and network capture on, against the same lease
 * before capture started.
 *
 * Run alone: `deno task bench debug`.
 *
 * @module
 */
import { join } from "node:path";
import { startWorld, type World } from "../../tests/e2e/harness.ts";
import { devtoolsCommand, devtoolsPackage } from "./agents/devtools.ts";
import { leashServerCommand } from "./agents/leash.ts";
import { connectStdio, type StdioSession } from "./agents/mcp_stdio.ts";
import { readNodePackage } from "./agents/node_package.ts";
import { playwrightCommand } from "./agents/playwright.ts";
import { notMeasured } from "./agents/rows.ts";
import { setUpBench } from "./agents/setup.ts";
import { median, tokensOf } from "./agents/stats.ts";
import type { BenchRow } from "./row.ts";

/** The save runs this long after the page loaded, once every tool listens. */
const autosaveMs = 5_000;
/** Observations timed per side of the capture overhead. */
const observeRounds = 7;

interface Step {
  tokens: number;
  calls: number;
  found: boolean;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sum what the agent read over `replies`, and whether the 500's body was among them. */
function step(replies: string[]): Step {
  const text = replies.join("\n");
  return {
    tokens: replies.reduce((sum, reply) => sum + tokensOf(reply), 0),
    calls: replies.length,
    found: text.includes("database is down") && text.includes("Save failed"),
  };
}

/** Leash: claim (capture runs from the grant), let the save fail, then the debugging step. */
async function leashStep(world: World, session: StdioSession, url: string): Promise<Step> {
  const { tab } = await world.openTab(url);
  await session.call("browser_claim", { instance: world.instance.id, tab }, 60_000);
  await delay(autosaveMs + 1_500);
  const console = await session.call("browser_console", { level: "error" });
  const network = await session.call("browser_network", { filter: "failed" });
  const id = /^(n\d+) POST 500/m.exec(network.text)?.[1] ?? "n1";
  const request = await session.call("browser_network_request", { id, body: true });
  if (Deno.env.get("LEASH_BENCH_SHOW") === "1") {
    globalThis.console.log([console.text, network.text, request.text].join("\n---\n"));
  }
  return step([console.text, network.text, request.text]);
}

/** `@playwright/mcp`: navigate, let the save fail, then its debugging step. */
async function playwrightStep(session: StdioSession, url: string): Promise<Step> {
  await session.call("browser_navigate", { url }, 60_000);
  await delay(autosaveMs + 1_500);
  const console = await session.call("browser_console_messages", { level: "error" });
  const network = await session.call("browser_network_requests", {});
  const index = Number(/^\[?(\d+)\]? .*POST.*500/m.exec(network.text)?.[1] ?? 1);
  const request = await session.call("browser_network_request", { index });
  return step([console.text, network.text, request.text]);
}

/** `chrome-devtools-mcp`: open the page, let the save fail, then its debugging step. */
async function devtoolsStep(session: StdioSession, url: string): Promise<Step> {
  const opened = await session.call("new_page", { url }, 60_000);
  // The reply lists the pages, `N: title (url) [selected]` for the new one.
  const selected = opened.text.split("\n").find((line) => line.endsWith("[selected]")) ?? "";
  const pageId = Number(/^(\d+):/.exec(selected)?.[1] ?? 1);
  await delay(autosaveMs + 1_500);
  const console = await session.call("list_console_messages", { pageId });
  const network = await session.call("list_network_requests", { pageId });
  const reqid = Number(/reqid=(\d+) POST .*500/m.exec(network.text)?.[1] ?? 1);
  const request = await session.call("get_network_request", { pageId, reqid });
  return step([console.text, network.text, request.text]);
}

function tokenRow(name: string, ours: Step, theirs: Step): BenchRow {
  return {
    name,
    ours: ours.tokens,
    baseline: theirs.tokens,
    unit: "tokens",
    ratio: ours.tokens / theirs.tokens,
    note: `${ours.calls} vs ${theirs.calls} calls; found the cause: ${
      ours.found ? "yes" : "no"
    } vs ${theirs.found ? "yes" : "no"}`,
  };
}

/** Median `browser_observe` time on the lease, in ms. */
async function observeMs(session: StdioSession): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < observeRounds; round++) {
    const started = performance.now();
    await session.call("browser_observe", {}, 60_000);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Observe the 2,000-row page before and after capture starts on the same lease. */
async function captureOverhead(world: World, session: StdioSession): Promise<BenchRow> {
  await session.call("browser_release", {}).catch(() => {});
  const { tab } = await world.openTab(world.fixtures.url("long.html?rows=2000"));
  await session.call("browser_claim", { instance: world.instance.id, tab, capture: false }, 60_000);
  await observeMs(session);
  const before = await observeMs(session);
  await session.call("browser_console", {});
  await session.call("browser_network", {});
  const after = await observeMs(session);
  return {
    name: "observe 2,000 rows with console+network capture on",
    ours: after,
    baseline: before,
    unit: "ms",
    ratio: after / before,
    note: `median of ${observeRounds}; baseline: the same lease before capture started`,
  };
}

/** Run the benchmark; see the module doc. */
export async function benchDebug(): Promise<BenchRow[]> {
  const setup = await setUpBench("debug");
  if (!("browser" in setup)) return [setup];
  const { browser, workDir, node } = setup;
  const rows: BenchRow[] = [];
  const world = await startWorld({ accessMode: "personal" });
  const sessions: StdioSession[] = [];
  try {
    const url = world.fixtures.url(`debug_app.html?autosave=${autosaveMs}`);
    const leash = await connectStdio(leashServerCommand(world.runtimeDir));
    sessions.push(leash);
    const ours = await leashStep(world, leash, url);
    const baselines: Array<[string, () => Promise<Step>]> = [
      ["Playwright MCP", async () => {
        const found = await readNodePackage("@playwright/mcp");
        const dir = join(workDir, "playwright");
        await Deno.mkdir(dir, { recursive: true });
        const session = await connectStdio(playwrightCommand(found, browser, dir, node));
        sessions.push(session);
        return await playwrightStep(session, url);
      }],
      ["DevTools MCP", async () => {
        const found = await devtoolsPackage();
        const dir = join(workDir, "devtools");
        await Deno.mkdir(dir, { recursive: true });
        const session = await connectStdio(devtoolsCommand(found, browser, dir, node));
        sessions.push(session);
        return await devtoolsStep(session, url);
      }],
    ];
    for (const [name, run] of baselines) {
      try {
        rows.push(tokenRow(`debug a failing save vs ${name}`, ours, await run()));
      } catch (error) {
        const why = error instanceof Error ? error.message.split("\n")[0] : "failed";
        const leashAlone =
          `Leash alone: ${ours.tokens} tokens in ${ours.calls} calls, found the cause: ${
            ours.found ? "yes" : "no"
          }`;
        rows.push(notMeasured(`debug a failing save vs ${name}`, `${why}; ${leashAlone}`));
      }
    }
    try {
      rows.push(await captureOverhead(world, leash));
    } catch (error) {
      rows.push(
        notMeasured(
          "capture overhead",
          error instanceof Error ? error.message.split("\n")[0] : "failed",
        ),
      );
    }
    return rows;
  } finally {
    for (const session of sessions) await session.close().catch(() => {});
    await world.dispose();
  }
}
