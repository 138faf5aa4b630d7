/**
 * One page's measurement across every tool still standing: open (untimed),
 * one warm-up observe, observe rounds, find the button (untimed), click
 * rounds. Rounds interleave the tools, each round in a rotated order, so a
 * load spike on this shared machine falls on all of them alike. A timed
 * call that fails is counted (and left out of the timings) and the rounds
 * go on; a tool that fails an untimed step, or {@linkcode maxFailures}
 * timed calls of one step, is marked failed and left out of the rest of the
 * run, while the others go on.
 *
 * @module
 */
import type { Driver } from "./driver.ts";
import type { ToolReply } from "./mcp_stdio.ts";
import { tokensOf } from "./stats.ts";

/** One page of the benchmark. */
export interface PageSpec {
  /** Short name used in row names, e.g. `form`. */
  key: string;
  url: string;
  /** The exact name of the button clicked. */
  button: string;
  /** Rounds wanted for observe and for click (fewer when the phase's time runs out). */
  rounds: number;
}

/** What one tool measured on one page. */
export interface PageRecord {
  observeMs: number[];
  observeTokens: number[];
  /** Tokens of the replies read to find the button's ref beyond the measured observations. */
  findExtraTokens: number;
  clickMs: number[];
  clickTokens: number[];
  /** How long finding the button took (for Leash a `query` when the budget left it out). */
  findMs: number[];
  /** Navigating to the page again, with whatever the tool returns for it. */
  navigateMs: number[];
  navigateTokens: number[];
  /**
   * The same navigation until the model has read the new page: with the
   * observe after it where the navigate reply shows no page.
   */
  navigateLookMs: number[];
  navigateLookTokens: number[];
  /** First lines of the timed calls that failed, per step. */
  failed: { observe: string[]; click: string[]; navigate: string[] };
}

/** A timed step of a phase. */
export type Step = "observe" | "click" | "navigate";

/** Navigations timed per page, at most: each reloads the whole page. */
export const navigateRounds = 3;

/** A tool in the run and everything it measured; `failure` once it broke. */
export interface ToolRun {
  /** Short name for row names, e.g. `Playwright MCP`. */
  short: string;
  driver: Driver;
  failure?: string;
  pages: Map<string, PageRecord>;
}

/** Fewer timings than this and a median or p90 means nothing: a tool gets extra rounds to reach it. */
export const minRounds = 3;

/** Timed calls of one step that may fail before the tool is out of the run. */
export const maxFailures = 3;

/** Run `page` on every tool in `tools` without a failure, within `budgetMs` after the untimed steps. */
export async function runPhase(tools: ToolRun[], page: PageSpec, budgetMs: number): Promise<void> {
  const started = performance.now();
  await Promise.all(
    live(tools).map((tool) =>
      guard(tool, `open ${page.key}`, async () => {
        await tool.driver.open(page.key, page.url);
        tool.pages.set(page.key, {
          observeMs: [],
          observeTokens: [],
          findExtraTokens: 0,
          clickMs: [],
          clickTokens: [],
          findMs: [],
          navigateMs: [],
          navigateTokens: [],
          navigateLookMs: [],
          navigateLookTokens: [],
          failed: { observe: [], click: [], navigate: [] },
        });
      })
    ),
  );
  for (const tool of live(tools)) {
    await guard(tool, `observe ${page.key} (warm-up)`, () => tool.driver.observe(page.key));
  }
  // Two fifths of what is left for the observes, two for the clicks, the rest for navigations.
  const observeEnd = started + budgetMs * 2 / 5;
  await rounds(tools, page, observeEnd, "observe", (tool) => tool.driver.observe(page.key));

  const refs = new Map<ToolRun, string>();
  for (const tool of live(tools)) {
    await guard(tool, `find "${page.button}"`, async () => {
      const began = performance.now();
      const found = await tool.driver.findButton(page.key, page.button);
      record(tool, page).findMs.push(performance.now() - began);
      record(tool, page).findExtraTokens = found.extra.reduce(
        (sum, reply) => sum + tokensOf(reply.text),
        0,
      );
      refs.set(tool, found.ref);
    });
  }
  await rounds(tools, page, started + budgetMs * 4 / 5, "click", (tool) => {
    const ref = refs.get(tool);
    if (ref === undefined) throw new Error(`Cannot click on ${page.key}: no ref found`);
    return tool.driver.click(page.key, ref);
  });
  const navigations = { ...page, rounds: Math.min(page.rounds, navigateRounds) };
  await rounds(tools, navigations, started + budgetMs, "navigate", async (tool) => {
    const began = performance.now();
    const reply = await tool.driver.navigate(page.key, page.url);
    const ms = performance.now() - began;
    const look = tool.driver.navigateShowsPage ? undefined : await tool.driver.observe(page.key);
    const into = record(tool, page);
    into.navigateLookMs.push(performance.now() - began);
    into.navigateLookTokens.push(tokensOf(reply.text) + tokensOf(look?.text ?? ""));
    return { ...reply, ms };
  });
}

function samplesOf(into: PageRecord, step: Step): { ms: number[]; tokens: number[] } {
  if (step === "observe") return { ms: into.observeMs, tokens: into.observeTokens };
  if (step === "click") return { ms: into.clickMs, tokens: into.clickTokens };
  return { ms: into.navigateMs, tokens: into.navigateTokens };
}

async function rounds(
  tools: ToolRun[],
  page: PageSpec,
  endsAt: number,
  step: Step,
  /** One timed call; a reply with `ms` says its own time (the call was followed by an untimed one). */
  once: (tool: ToolRun) => Promise<ToolReply & { ms?: number }>,
): Promise<void> {
  const samples = (tool: ToolRun) => samplesOf(record(tool, page), step).ms.length;
  const lacking = (tool: ToolRun) => samples(tool) < minRounds;
  let lastRoundMs = 0;
  // Past the rounds wanted (or the phase's time), only a tool short of the minimum goes on,
  // until it has it or fails out: each extra round gives it a sample or a failure.
  for (let round = 0; round < page.rounds + minRounds + maxFailures; round++) {
    const extra = round >= page.rounds || performance.now() + lastRoundMs > endsAt;
    const due = live(tools).filter((tool) => !extra || lacking(tool));
    if (due.length === 0) break;
    const roundBegan = performance.now();
    const turn = round % due.length;
    for (const tool of [...due.slice(turn), ...due.slice(0, turn)]) {
      const into = record(tool, page);
      const begin = performance.now();
      try {
        const reply = await once(tool);
        const elapsed = reply.ms ?? performance.now() - begin;
        samplesOf(into, step).ms.push(elapsed);
        samplesOf(into, step).tokens.push(tokensOf(reply.text));
      } catch (error) {
        const failures = into.failed[step];
        failures.push(firstLine(error));
        if (failures.length >= maxFailures) {
          tool.failure = `failed ${failures.length} times at ${step} ${page.key}: ${failures[0]}`;
        }
      }
    }
    lastRoundMs = performance.now() - roundBegan;
  }
}

function live(tools: ToolRun[]): ToolRun[] {
  return tools.filter((tool) => tool.failure === undefined);
}

function record(tool: ToolRun, page: PageSpec): PageRecord {
  const found = tool.pages.get(page.key);
  if (found === undefined) throw new Error(`Cannot record ${page.key}: it was not opened`);
  return found;
}

/** Run `step`; a throw marks `tool` failed with what it was doing and why. */
async function guard(tool: ToolRun, doing: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    tool.failure = `failed at ${doing}: ${firstLine(error)}`;
  }
}

/** The first line of an error's message, short enough for a table's note. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split("\n").find((text) => text.trim() !== "") ?? message;
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
