/**
 * The real-world suite (`tests/realworld/`) as a benchmark: every task on
 * its page built with an unmodified npm UI library, driven by the same
 * scripted agent with the same rule set through Leash (its MCP server,
 * Broker, Native Host and extension in real Chromium, personal mode),
 * `@playwright/mcp` and `chrome-devtools-mcp` (each on its own headless
 * instance of the same Chromium executable), in the same run. Per task:
 * achieved or not (by the page's own report), tool calls, tokens
 * (`gpt-tokenizer`, o200k_base, of every call's arguments and answer) and
 * wall time; then what each server failed and why. A server that cannot
 * start gets a "not measured" row saying why, never a number.
 *
 * Run alone: `deno task bench realworld` (with `LEASH_BENCH_TRANSCRIPTS=DIR`, every server's
 * calls as its model read them are written to `DIR/<server>.txt`).
 *
 * @module
 */
import { join } from "node:path";
import { startWorld, type World } from "../../tests/e2e/harness.ts";
import { type Adapter, brief, formatTranscript, Meter } from "../../tests/realworld/agent.ts";
import { devtoolsAdapter } from "../../tests/realworld/adapters/devtools.ts";
import { startLeashAdapter } from "../../tests/realworld/adapters/leash.ts";
import { playwrightAdapter } from "../../tests/realworld/adapters/playwright.ts";
import { servePages } from "../../tests/realworld/libraries.ts";
import { chosenTasks, runSuite, type TaskResult } from "../../tests/realworld/suite.ts";
import { devtoolsCommand, devtoolsPackage } from "./agents/devtools.ts";
import { connectStdio, type ServerCommand } from "./agents/mcp_stdio.ts";
import { cannotRun, type NodePackage, readNodePackage } from "./agents/node_package.ts";
import { playwrightCommand } from "./agents/playwright.ts";
import { notMeasured } from "./agents/rows.ts";
import type { BenchRow } from "./row.ts";
import { setUpBench } from "./agents/setup.ts";

/** The tasks run: all, or `LEASH_TASKS=id,id`'s (`chosenTasks`). */
const tasks = chosenTasks();

interface Server {
  short: string;
  adapter: Adapter;
  meter: Meter;
  results?: TaskResult[];
  failure?: string;
}

/** Run the suite on all three servers; see the module doc. */
export async function benchRealworld(): Promise<BenchRow[]> {
  const setup = await setUpBench("realworld");
  if (!("browser" in setup)) return [setup];
  const { began, browser, workDir, node } = setup;
  const version = node.version;
  const rows: BenchRow[] = [];
  const servers: Server[] = [];
  let world: World | undefined;
  const pages = await servePages();
  try {
    const [startedWorld, playwright, devtools] = await Promise.allSettled([
      startWorld({ accessMode: "personal" }),
      startBaseline(
        "Playwright MCP",
        readNodePackage("@playwright/mcp"),
        (found) => playwrightCommand(found, browser, join(workDir, "playwright"), node),
        playwrightAdapter,
        version,
      ),
      startBaseline(
        "DevTools MCP",
        devtoolsPackage(),
        (found) => devtoolsCommand(found, browser, join(workDir, "devtools"), node),
        devtoolsAdapter,
        version,
      ),
    ]);
    if (startedWorld.status === "fulfilled") {
      world = startedWorld.value;
      const meter = new Meter();
      const opened = world;
      servers.push({
        short: "Leash",
        meter,
        adapter: await startLeashAdapter({
          runtimeDir: opened.runtimeDir,
          async openTab(url) {
            const tab = await opened.openTab(url);
            return {
              tab: tab.tab,
              close: async () => {
                await opened.cdp.send("Target.closeTarget", { targetId: tab.targetId });
              },
            };
          },
        }, meter),
      });
    } else {
      rows.push(notMeasured("Leash", brief(startedWorld.reason)));
    }
    for (const [short, started] of [["Playwright MCP", playwright], ["DevTools MCP", devtools]]) {
      if (typeof started === "string") continue;
      if (started.status === "rejected") {
        rows.push(notMeasured(short as string, brief(started.reason)));
      } else if ("adapter" in started.value) servers.push(started.value);
      else rows.push(started.value);
    }
    for (const server of servers) {
      try {
        server.results = await runSuite(
          server.adapter,
          server.meter,
          pages,
          server.short.replaceAll(" ", "-").toLowerCase(),
          tasks,
        );
      } catch (error) {
        server.failure = brief(error);
        rows.push(notMeasured(server.short, server.failure));
      }
    }
    // Every server's calls as its model read them, for reading where the tokens go.
    const transcripts = Deno.env.get("LEASH_BENCH_TRANSCRIPTS");
    if (transcripts !== undefined) {
      await Deno.mkdir(transcripts, { recursive: true });
      for (const server of servers) {
        const file = `${server.short.replaceAll(" ", "-").toLowerCase()}.txt`;
        await Deno.writeTextFile(join(transcripts, file), formatTranscript(server.meter));
      }
    }
    console.log(taskTable(servers));
    console.log(tokenRatios(servers));
    console.log(callKinds(servers));
    console.log(failures(servers));
    console.log(
      `${servers.map((server) => server.adapter.label).join(", ")}; browser ${browser}; ` +
        `baselines under node ${version ?? "?"}; tokens: gpt-tokenizer o200k_base; ` +
        `${((performance.now() - began) / 1000).toFixed(1)} s\n`,
    );
    const leash = servers.find((server) => server.short === "Leash");
    for (const baseline of servers.filter((server) => server !== leash)) {
      if (leash?.results !== undefined && baseline.results !== undefined) {
        rows.push(...summaryRows(leash.results, baseline.short, baseline.results));
      }
    }
    return rows;
  } finally {
    for (const server of servers) await withTimeout(server.adapter.close(), 8_000);
    if (world !== undefined) await withTimeout(world.dispose(), 8_000);
    await pages.close();
    await Deno.remove(workDir, { recursive: true }).catch(() => {});
  }
}

/** A baseline under Node when the installed Node satisfies its `engines`; else a row saying why not. */
async function startBaseline(
  short: string,
  found: Promise<NodePackage>,
  command: (found: NodePackage) => ServerCommand,
  adapt: (
    label: string,
    session: Awaited<ReturnType<typeof connectStdio>>,
    cwd: string,
  ) => Adapter,
  version: string | undefined,
): Promise<Server | BenchRow> {
  const installed = await found;
  const refusal = cannotRun(installed, version);
  if (refusal !== undefined) return notMeasured(short, refusal);
  const server = command(installed);
  await Deno.mkdir(server.cwd, { recursive: true });
  const meter = new Meter();
  const session = meter.wrap(await connectStdio(server));
  const label = `${installed.name} ${installed.version}`;
  return { short, meter, adapter: adapt(label, session, server.cwd) };
}

/** One line per task: achieved, calls, tokens and seconds for each server side by side. */
function taskTable(servers: readonly Server[]): string {
  const measured = servers.filter((server) => server.results !== undefined);
  const header = ["task", ...measured.map((server) => server.short)];
  const table = tasks.map((task) => [
    task.id,
    ...measured.map((server) => {
      const result = server.results?.find((one) => one.task.id === task.id);
      if (result === undefined) return "-";
      return `${result.achieved ? "yes" : "no"} ${result.calls} calls ${result.tokens} tok ` +
        `${(result.ms / 1000).toFixed(1)} s`;
    }),
  ]);
  table.push([
    "achieved",
    ...measured.map((server) =>
      `${server.results?.filter((result) => result.achieved).length} of ${tasks.length}`
    ),
  ]);
  return aligned(header, table);
}

/** Lines of `table` under `header`, each column padded to its widest cell. */
function aligned(header: string[], table: string[][]): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((cells) => cells[i].length))
  );
  const line = (cells: string[]) =>
    cells.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...table.map(line)]
    .join("\n");
}

/**
 * Leash's tokens per task, and its start (opening the page and the first
 * look), as ratios to the better anchor's: the one with fewer tokens on that
 * task, among those that achieved it.
 */
function tokenRatios(servers: readonly Server[]): string {
  const leash = servers.find((server) => server.short === "Leash")?.results;
  const anchors = servers.filter((server) => server.short !== "Leash" && server.results);
  if (leash === undefined || anchors.length === 0) return "";
  const better = (taskId: string, pick: (result: TaskResult) => number) => {
    let best: { short: string; value: number } | undefined;
    for (const anchor of anchors) {
      const result = anchor.results?.find((one) => one.task.id === taskId && one.achieved);
      if (result !== undefined && (best === undefined || pick(result) < best.value)) {
        best = { short: anchor.short, value: pick(result) };
      }
    }
    return best;
  };
  const ratio = (ours: number, theirs: number | undefined) =>
    theirs === undefined ? "-" : `${(ours / theirs).toFixed(2)}×`;
  const table = leash.map((result) => {
    const tokens = better(result.task.id, (one) => one.tokens);
    const start = better(result.task.id, (one) => one.startTokens);
    return [
      result.task.id,
      String(result.tokens),
      tokens === undefined ? "-" : `${tokens.value} (${tokens.short})`,
      ratio(result.tokens, tokens?.value),
      String(result.startTokens),
      start === undefined ? "-" : `${start.value} (${start.short})`,
      ratio(result.startTokens, start?.value),
    ];
  });
  return `\n${
    aligned([
      "task",
      "Leash tok",
      "better anchor",
      "ratio",
      "Leash start",
      "better start",
      "ratio",
    ], table)
  }`;
}

/** Each server's calls by tool: how many, their tokens, and tokens per call. */
function callKinds(servers: readonly Server[]): string {
  const table = servers.flatMap((server) =>
    [...server.meter.byTool].map(([tool, { calls, tokens }]) => [
      server.short,
      tool,
      String(calls),
      String(tokens),
      (tokens / calls).toFixed(0),
    ])
  );
  return `\n${aligned(["server", "tool", "calls", "tokens", "per call"], table)}`;
}

/** What each server failed and why, then the first tries it needed to retry. */
function failures(servers: readonly Server[]): string {
  const lines: string[] = [];
  for (const server of servers) {
    for (const result of server.results ?? []) {
      if (!result.achieved) {
        lines.push(`${server.short} failed ${result.task.id}: ${result.failure}`);
      }
      for (const retry of result.retries) {
        lines.push(`${server.short} retried ${result.task.id} ${retry}`);
      }
    }
  }
  return lines.length === 0 ? "\nevery server achieved every task" : `\n${lines.join("\n")}`;
}

/** Totals over the tasks, ours beside one baseline's; tasks achieved is higher-better. */
function summaryRows(ours: TaskResult[], short: string, theirs: TaskResult[]): BenchRow[] {
  const sum = (results: TaskResult[], pick: (result: TaskResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const row = (
    name: string,
    pick: (result: TaskResult) => number,
    unit: string,
    note: string,
  ): BenchRow => {
    const a = sum(ours, pick);
    const b = sum(theirs, pick);
    return { name: `${name} vs ${short}`, ours: a, baseline: b, unit, ratio: a / b, note };
  };
  return [
    row(
      "tasks achieved",
      (result) => result.achieved ? 1 : 0,
      "tasks",
      `of ${tasks.length}; higher is better`,
    ),
    row("tool calls, all tasks", (result) => result.calls, "calls", "lower is better"),
    row("tokens, all tasks", (result) => result.tokens, "tokens", "lower is better"),
    row("wall time, all tasks", (result) => result.ms, "ms", "lower is better"),
  ];
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
