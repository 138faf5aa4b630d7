/**
 * What filling and submitting a five-field form costs an agent, through
 * MCP in real Chromium: Leash's `browser_batch` (one call: five fills and
 * the submit, verified by the page's own text) beside the same six steps
 * as `browser_act` calls, and beside the anchors' own form tools —
 * `@playwright/mcp`'s `browser_fill_form` and `chrome-devtools-mcp`'s
 * `fill_form`, each followed by their click on the submit button. Tokens
 * count the text the agent receives and the arguments it writes
 * (`gpt-tokenizer`, o200k_base); latency is the fill-and-submit calls
 * alone (medians). Each round opens the form afresh and observes it once,
 * untimed. The Leash rows also say how many journal entries a batch made:
 * one plan and its children. A tool that cannot start gets a "not
 * measured" row saying why.
 *
 * Run alone: `deno task bench forms`.
 *
 * @module
 */
import { join } from "node:path";
import { journalPath, readAudit } from "../../broker/journal/mod.ts";
import { startWorld, type World } from "../../tests/e2e/harness.ts";
import type { BenchRow } from "./row.ts";
import { leashServerCommand } from "./agents/leash.ts";
import { connectStdio, type StdioSession, type ToolReply } from "./agents/mcp_stdio.ts";
import { cannotRun, readNodePackage } from "./agents/node_package.ts";
import { devtoolsCommand, devtoolsPackage } from "./agents/devtools.ts";
import { playwrightCommand } from "./agents/playwright.ts";
import { firstLine } from "./agents/phase.ts";
import { notMeasured } from "./agents/rows.ts";
import { setUpBench } from "./agents/setup.ts";
import { median, tokensOf } from "./agents/stats.ts";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";

const rounds = 5;
const fields: ReadonlyArray<readonly [string, string]> = [
  ["Full name", "Ada Lovelace"],
  ["Street", "12 St James's Square"],
  ["City", "London"],
  ["Postcode", "SW1Y 4JH"],
  ["Phone", "+44 20 7946 0000"],
];
const submit = "Save address";
const saved = "Saved: Ada Lovelace, 12 St James's Square, London SW1Y 4JH (+44 20 7946 0000)";

/** One round's cost: the calls an agent makes to fill and submit. */
interface Round {
  tokens: number;
  ms: number;
}

/** A way to fill the form: opens it (untimed), then fills and submits it (timed). */
interface Filler {
  label: string;
  /** Open the form and observe it once, keeping the text the refs come from. */
  open(url: string): Promise<void>;
  /** Fill and submit; the calls it made, with their arguments. */
  fill(): Promise<Array<{ args: Record<string, unknown>; reply: ToolReply }>>;
  /** Close its server (and release what it holds). */
  close(): Promise<void>;
}

async function measure(filler: Filler, url: string): Promise<Round[]> {
  const measured: Round[] = [];
  for (let i = 0; i < rounds; i++) {
    await filler.open(url);
    const began = performance.now();
    const calls = await filler.fill();
    const ms = performance.now() - began;
    const tokens = calls.reduce(
      (sum, call) => sum + tokensOf(JSON.stringify(call.args)) + tokensOf(call.reply.text),
      0,
    );
    measured.push({ tokens, ms });
  }
  return measured;
}

/** The ref on the line of `role "name"` in a snapshot text, by the tool's ref syntax. */
function refIn(text: string, role: string, name: string, pattern: RegExp): string {
  const line = text.split("\n").find((row) => row.includes(`${role} ${JSON.stringify(name)}`));
  const ref = line === undefined ? undefined : pattern.exec(line)?.[1];
  if (ref === undefined) throw new Error(`Cannot find ${role} "${name}" in the snapshot`);
  return ref;
}

/** Leash: one batch, or one act per step. */
function leashFiller(world: World, session: StdioSession, asBatch: boolean): Filler {
  let leaseId: string | undefined;
  let text = "";
  return {
    label: asBatch ? "Leash browser_batch" : "Leash browser_act per step",
    async open(url) {
      if (leaseId !== undefined) {
        await session.call("browser_release", { leaseId }, 10_000);
      }
      const { tab } = await world.openTab(url);
      const claimed = await session.call("browser_claim", {
        instance: world.instance.id,
        tab,
        reason: "Benchmark form fill",
        observe: false,
      }, 60_000);
      leaseId = ClaimResultSchema.parse(claimed.structured).leaseId;
      text = (await session.call("browser_observe", { leaseId })).text;
    },
    async fill() {
      const pattern = /\[(e\d+)\]|\b(e\d+)\b/;
      const ref = (role: string, name: string) => {
        const line = text.split("\n").find((row) =>
          row.includes(`${role} ${JSON.stringify(name)}`)
        );
        const match = line === undefined ? null : pattern.exec(line);
        const found = match?.[1] ?? match?.[2];
        if (found === undefined) throw new Error(`Cannot find ${role} "${name}" in Leash's text`);
        return found;
      };
      const steps = [
        ...fields.map(([name, value]) => ({
          action: { kind: "fill", ref: ref("textbox", name), text: value },
        })),
        { action: { kind: "click", ref: ref("button", submit) }, expect: { textPresent: saved } },
      ];
      const calls = [];
      if (asBatch) {
        const args = { leaseId, steps };
        calls.push({ args, reply: await session.call("browser_batch", args, 60_000) });
        if (!calls[0].reply.text.startsWith("batch verified")) {
          throw new Error(`Cannot fill the form in one batch: ${firstLine(calls[0].reply.text)}`);
        }
      } else {
        for (const step of steps) {
          const args = { leaseId, ...step };
          calls.push({ args, reply: await session.call("browser_act", args, 60_000) });
        }
        if (!calls.at(-1)?.reply.text.startsWith("act verified")) {
          throw new Error("Cannot fill the form step by step: the submit was not verified");
        }
      }
      return calls;
    },
    async close() {
      if (leaseId !== undefined) await session.call("browser_release", { leaseId }, 10_000);
      await session.close();
    },
  };
}

function playwrightFiller(session: StdioSession): Filler {
  let text = "";
  const pattern = /\[ref=([^\]\s]+)\]/;
  return {
    label: "Playwright MCP browser_fill_form + browser_click",
    async open(url) {
      await session.call("browser_navigate", { url }, 60_000);
      text = (await session.call("browser_snapshot", {})).text;
    },
    async fill() {
      const fill = {
        fields: fields.map(([name, value]) => ({
          element: name,
          name,
          type: "textbox",
          target: refIn(text, "textbox", name, pattern),
          value,
        })),
      };
      const click = { element: submit, target: refIn(text, "button", submit, pattern) };
      return [
        { args: fill, reply: await session.call("browser_fill_form", fill, 60_000) },
        { args: click, reply: await session.call("browser_click", click, 60_000) },
      ];
    },
    async close() {
      await session.call("browser_close", {}, 10_000).catch(() => {});
      await session.close();
    },
  };
}

function devtoolsFiller(session: StdioSession): Filler {
  let text = "";
  let pageId = 0;
  const pattern = /uid=(\S+)/;
  return {
    label: "DevTools MCP fill_form + click",
    async open(url) {
      const reply = await session.call("new_page", { url }, 60_000);
      // The reply lists the pages, `N: title (url) [selected]` for the new one.
      const selected = reply.text.split("\n").find((line) => line.endsWith("[selected]"));
      const id = selected === undefined ? undefined : /^(\d+):/.exec(selected)?.[1];
      if (id === undefined) throw new Error(`Cannot open ${url}: no page selected in the reply`);
      pageId = Number(id);
      text = (await session.call("take_snapshot", { pageId })).text;
    },
    async fill() {
      const fill = {
        pageId,
        elements: fields.map(([name, value]) => ({
          uid: refIn(text, "textbox", name, pattern),
          value,
        })),
      };
      const click = { pageId, uid: refIn(text, "button", submit, pattern) };
      return [
        { args: fill, reply: await session.call("fill_form", fill, 60_000) },
        { args: click, reply: await session.call("click", click, 60_000) },
      ];
    },
    close: () => session.close(),
  };
}

function row(name: string, ours: Round[], theirs: Round[], note: string): BenchRow[] {
  const pick = (list: Round[], key: keyof Round) => median(list.map((round) => round[key]));
  return (["tokens", "ms"] as const).map((key) => {
    const a = pick(ours, key);
    const b = pick(theirs, key);
    return {
      name: `${name} (${key === "tokens" ? "tokens" : "latency"})`,
      ours: a,
      baseline: b,
      unit: key === "tokens" ? "tokens" : "ms",
      ratio: a / b,
      note: `${note}; medians of ${rounds} rounds; lower is better`,
    };
  });
}

/** Measure the form fill; see the module doc. */
export async function benchForms(): Promise<BenchRow[]> {
  const setup = await setUpBench("forms");
  if (!("browser" in setup)) return [setup];
  const { browser, workDir, node } = setup;
  const rows: BenchRow[] = [];
  const fillers: Filler[] = [];
  let world: World | undefined;
  try {
    world = await startWorld({ accessMode: "personal" });
    const url = world.fixtures.url("form_five.html");
    const batchSession = await connectStdio(leashServerCommand(world.runtimeDir));
    const batch = leashFiller(world, batchSession, true);
    fillers.push(batch);
    const perStepSession = await connectStdio(leashServerCommand(world.runtimeDir));
    const perStep = leashFiller(world, perStepSession, false);
    fillers.push(perStep);

    const entriesBefore = readAudit(journalPath(world.broker.dirs.stateDir), 10_000).length;
    const batched = await measure(batch, url);
    const entries = readAudit(journalPath(world.broker.dirs.stateDir), 10_000).length -
      entriesBefore;
    const stepwise = await measure(perStep, url);
    const journalNote = `journal: ${entries / rounds} entries per batch (one plan and its 6 steps)`;
    rows.push(
      ...row(
        "form 5 fields + submit: browser_batch vs browser_act per step",
        batched,
        stepwise,
        journalNote,
      ),
    );

    const anchors = [
      {
        short: "Playwright MCP",
        found: readNodePackage("@playwright/mcp"),
        start: async () =>
          playwrightFiller(
            await connectStdio(
              playwrightCommand(
                await readNodePackage("@playwright/mcp"),
                browser,
                join(workDir, "pw"),
                node,
              ),
            ),
          ),
      },
      {
        short: "DevTools MCP",
        found: devtoolsPackage(),
        start: async () =>
          devtoolsFiller(
            await connectStdio(
              devtoolsCommand(await devtoolsPackage(), browser, join(workDir, "dt"), node),
            ),
          ),
      },
    ];
    for (const anchor of anchors) {
      try {
        const refusal = cannotRun(await anchor.found, node.version);
        if (refusal !== undefined) {
          rows.push(notMeasured(`form 5 fields vs ${anchor.short}`, refusal));
          continue;
        }
        await Deno.mkdir(join(workDir, anchor.short === "Playwright MCP" ? "pw" : "dt"), {
          recursive: true,
        });
        const filler = await anchor.start();
        fillers.push(filler);
        const theirs = await measure(filler, url);
        rows.push(
          ...row(
            `form 5 fields + submit: browser_batch vs ${filler.label}`,
            batched,
            theirs,
            "Leash verifies every step and the page's text; the anchor does not",
          ),
        );
      } catch (error) {
        rows.push(notMeasured(`form 5 fields vs ${anchor.short}`, firstLine(error)));
      }
    }
    return rows;
  } catch (error) {
    return [...rows, notMeasured("forms", firstLine(error))];
  } finally {
    for (const filler of fillers) await filler.close().catch(() => {});
    if (world !== undefined) await world.dispose().catch(() => {});
    await Deno.remove(workDir, { recursive: true }).catch(() => {});
  }
}
