/**
 * What an agent pays to look at a page and click on it, through MCP, on
 * the fixture pages (`form.html`, and `long.html` with 200, 2,000 and 20,000
 * rows, with how each tool's times grow from 2,000 to 20,000): Leash
 * (its MCP server, Broker, Native Host and extension in real Chromium,
 * personal mode) beside `@playwright/mcp` and `chrome-devtools-mcp`
 * driving their own headless instances of the same Chromium executable, in
 * the same run. Each tool observes the page its default way, finds a button
 * (Leash by `query` when the budget left it out), clicks it by ref and
 * navigates to the page again; tokens count the text the agent
 * receives (`gpt-tokenizer`, o200k_base). The observe rounds look again
 * at a page nothing changed since the last look: Leash answers those with
 * the last read's signals (`signals_cache.ts`), so they time a second
 * look; a first look of a page is in "navigate and look", and the read
 * after each click is fresh. Ratios are ours / theirs: for
 * tokens and latency alike, lower is better. A tool that cannot start or
 * breaks midway gets a "not measured" row saying why, never a number.
 *
 * Run alone: `deno task bench agents`.
 *
 * @module
 */
import { join } from "node:path";
import { startWorld, type World } from "../../tests/e2e/harness.ts";
import type { BenchRow } from "./row.ts";
import { type NodeRuntime, setUpBench } from "./agents/setup.ts";
import { devtoolsPackage, startDevtools } from "./agents/devtools.ts";
import type { Driver } from "./agents/driver.ts";
import { startLeash } from "./agents/leash.ts";
import { cannotRun, type NodePackage, readNodePackage } from "./agents/node_package.ts";
import { firstLine, type PageSpec, runPhase, type ToolRun } from "./agents/phase.ts";
import { startPlaywright } from "./agents/playwright.ts";
import { curveRows, notMeasured, pageRows } from "./agents/rows.ts";

/** The whole benchmark, start to teardown, stays within this. */
const totalBudgetMs = 240_000;
/** Kept back from the phases for closing the servers, the browsers and the world. */
const teardownReserveMs = 10_000;
const closeTimeoutMs = 8_000;

type BaselineStart = (
  browser: string,
  workDir: string,
  node: NodeRuntime,
) => Promise<Driver>;

/** Measure Leash against the baselines; see the module doc. */
export async function benchAgents(): Promise<BenchRow[]> {
  const setup = await setUpBench("agents");
  if (!("browser" in setup)) return [setup];
  const { began, browser, workDir, node } = setup;
  const rows: BenchRow[] = [];
  const tools: ToolRun[] = [];
  let world: World | undefined;
  try {
    const [startedWorld, playwright, devtools] = await Promise.allSettled([
      startWorld({ accessMode: "personal" }),
      startBaseline(
        "Playwright MCP",
        readNodePackage("@playwright/mcp"),
        startPlaywright,
        { browser, workDir: join(workDir, "playwright"), node },
      ),
      startBaseline(
        "DevTools MCP",
        devtoolsPackage(),
        startDevtools,
        { browser, workDir: join(workDir, "devtools"), node },
      ),
    ]);
    const baselines = [
      { short: "Playwright MCP", started: playwright },
      { short: "DevTools MCP", started: devtools },
    ];
    for (const { short, started } of baselines) {
      if (started.status === "rejected") rows.push(notMeasured(short, firstLine(started.reason)));
      else if ("driver" in started.value) tools.push(started.value);
      else rows.push(started.value);
    }
    if (startedWorld.status === "rejected") {
      return [notMeasured("Leash", firstLine(startedWorld.reason)), ...rows];
    }
    world = startedWorld.value;
    const leash: ToolRun = {
      short: "Leash",
      driver: await startLeash({
        runtimeDir: world.runtimeDir,
        instanceId: world.instance.id,
        openTab: world.openTab,
      }),
      pages: new Map(),
    };
    tools.unshift(leash);

    const fixtures = world.fixtures;
    const long = (rows: number, rounds: number, weight: number) => ({
      key: rows === 2_000 ? "long" : `long${rows}`,
      url: fixtures.url(rows === 2_000 ? "long.html" : `long.html?rows=${rows}`),
      button: `Open order ${rows - 1}`,
      rounds,
      weight,
    });
    // The curve: lists of 200, 2,000 and 20,000 rows, beside a small form.
    const pages: Array<PageSpec & { weight: number }> = [
      { key: "form", url: world.fixtures.url("form.html"), button: "Send", rounds: 10, weight: 1 },
      long(200, 7, 1),
      long(2_000, 7, 3),
      long(20_000, 3, 6),
    ];
    let weightLeft = pages.reduce((sum, page) => sum + page.weight, 0);
    for (const page of pages) {
      const left = began + totalBudgetMs - teardownReserveMs - performance.now();
      await runPhase(tools, page, Math.max(0, left) * page.weight / weightLeft);
      weightLeft -= page.weight;
    }
    for (const page of pages) {
      for (const baseline of tools.slice(1)) rows.push(...pageRows(leash, baseline, page));
    }
    for (const tool of tools) rows.push(...curveRows(tool, pages[2], pages[3]));
    for (const tool of tools) {
      if (tool.failure !== undefined) rows.push(notMeasured(tool.short, tool.failure));
    }
    console.log(describeRun(tools, browser, node, performance.now() - began));
    return rows;
  } finally {
    await Promise.all(tools.map((tool) => withTimeout(tool.driver.close(), closeTimeoutMs)));
    if (world !== undefined) await withTimeout(world.dispose(), closeTimeoutMs);
    await Deno.remove(workDir, { recursive: true }).catch(() => {});
  }
}

/**
 * Start one baseline under Node when the installed Node satisfies the
 * package's `engines`; otherwise a "not measured" row saying so.
 */
async function startBaseline(
  short: string,
  found: Promise<NodePackage>,
  start: BaselineStart,
  where: { browser: string; workDir: string; node: NodeRuntime },
): Promise<ToolRun | BenchRow> {
  const { node } = where;
  const installed = await found;
  const refusal = cannotRun(installed, node.version);
  if (refusal !== undefined) return notMeasured(short, refusal);
  await Deno.mkdir(where.workDir, { recursive: true });
  const driver = await start(where.browser, where.workDir, node);
  return { short, driver, pages: new Map() };
}

function describeRun(tools: ToolRun[], browser: string, node: NodeRuntime, ms: number): string {
  const labels = tools.map((tool) => tool.driver.label).join(", ");
  return `${labels}; browser ${browser}; baselines under node ${node.version ?? "?"}; ` +
    `tokens: gpt-tokenizer o200k_base; ${(ms / 1000).toFixed(1)} s\n`;
}

async function withTimeout(step: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => timer = setTimeout(resolve, ms));
  try {
    await Promise.race([step.catch(() => {}), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
