/**
 * Turns what Leash and one baseline measured on a page into benchmark
 * rows: observation tokens, observe and click latency (median and p90),
 * click reply tokens and, where the button was not in the default
 * observation, the tokens read to reach it. Every ratio is ours / theirs,
 * and for all of these lower is better.
 *
 * @module
 */
import type { BenchRow } from "../row.ts";
import type { PageRecord, PageSpec, Step, ToolRun } from "./phase.ts";
import { median, percentile } from "./stats.ts";

/** The rows comparing `ours` with `baseline` on `page`; empty when either has no record. */
export function pageRows(ours: ToolRun, baseline: ToolRun, page: PageSpec): BenchRow[] {
  const mine = ours.pages.get(page.key);
  const theirs = baseline.pages.get(page.key);
  if (mine === undefined || theirs === undefined) return [];
  const versus = `vs ${baseline.short}`;
  const observe = `${ours.driver.steps.observe} vs ${baseline.driver.steps.observe}`;
  const click = `${ours.driver.steps.click} vs ${baseline.driver.steps.click}`;
  const timings = (record: PageRecord, step: Step) =>
    step === "observe" ? record.observeMs : step === "click" ? record.clickMs : record.navigateMs;
  const rounds = (step: Step) => {
    const a = timings(mine, step);
    const b = timings(theirs, step);
    return `n=${a.length}/${b.length}${failures(mine, theirs, step)}`;
  };
  const rows: BenchRow[] = [];
  const add = (name: string, a: number, b: number, unit: string, note: string) => {
    if (Number.isNaN(a) || Number.isNaN(b)) return;
    rows.push({
      name: `${page.key} ${name} ${versus}`,
      ours: a,
      baseline: b,
      unit,
      ratio: a / b,
      note: `${note}; lower is better`,
    });
  };
  add(
    "observe tokens",
    median(mine.observeTokens),
    median(theirs.observeTokens),
    "tokens",
    observe,
  );
  add(
    "observe median",
    median(mine.observeMs),
    median(theirs.observeMs),
    "ms",
    `${observe}, ${rounds("observe")}`,
  );
  add(
    "observe p90",
    percentile(mine.observeMs, 90),
    percentile(theirs.observeMs, 90),
    "ms",
    rounds("observe"),
  );
  add(
    "click median",
    median(mine.clickMs),
    median(theirs.clickMs),
    "ms",
    `${click} "${page.button}", ${rounds("click")}`,
  );
  add(
    "click p90",
    percentile(mine.clickMs, 90),
    percentile(theirs.clickMs, 90),
    "ms",
    rounds("click"),
  );
  add(
    "click reply tokens",
    median(mine.clickTokens),
    median(theirs.clickTokens),
    "tokens",
    "what each click returns",
  );
  add(
    "navigate median",
    median(mine.navigateMs),
    median(theirs.navigateMs),
    "ms",
    `${ours.driver.steps.navigate} vs ${baseline.driver.steps.navigate}, ${rounds("navigate")}`,
  );
  // What the model needs after a navigation is the new page: where a navigate reply shows none,
  // the observe after it counts.
  const looked = (tool: ToolRun) =>
    tool.driver.navigateShowsPage
      ? tool.driver.steps.navigate
      : `${tool.driver.steps.navigate} + ${tool.driver.steps.observe}`;
  add(
    "navigate and look median",
    median(mine.navigateLookMs),
    median(theirs.navigateLookMs),
    "ms",
    `${looked(ours)} vs ${looked(baseline)}`,
  );
  add(
    "navigate and look tokens",
    median(mine.navigateLookTokens),
    median(theirs.navigateLookTokens),
    "tokens",
    `${looked(ours)} vs ${looked(baseline)}`,
  );
  if (mine.findExtraTokens > 0 && theirs.findExtraTokens === 0) {
    // Theirs has no query: finding one row costs it the snapshot it reads the ref from.
    add(
      `find "${page.button}"`,
      median(mine.findMs),
      median(theirs.observeMs),
      "ms",
      `${ours.driver.steps.observe} query vs ${baseline.driver.steps.observe}`,
    );
  }
  if (mine.findExtraTokens + theirs.findExtraTokens > 0) {
    add(
      `tokens to reach "${page.button}"`,
      reachTokens(mine),
      reachTokens(theirs),
      "tokens",
      "one observe plus any query needed for the button's ref",
    );
  }
  return rows;
}

/** `; ours failed 1 (TIMEOUT: …)` when timed calls failed; they are not in the timings. */
function failures(mine: PageRecord, theirs: PageRecord, step: Step): string {
  const said = [["ours", mine.failed[step]], ["theirs", theirs.failed[step]]] as const;
  return said.filter(([, failed]) => failed.length > 0)
    .map(([who, failed]) => `; ${who} failed ${failed.length} (${brief(failed[0])})`).join("");
}

/** `TIMEOUT` out of `Cannot run browser_observe: TIMEOUT: The operation…`. */
function brief(failure: string): string {
  const said = failure.replace(/^Cannot run \S+: /, "");
  const code = /^[A-Z_]+(?=:)/.exec(said)?.[0];
  return code ?? (said.length > 40 ? `${said.slice(0, 37)}...` : said);
}

function reachTokens(record: PageRecord): number {
  return median(record.observeTokens) + record.findExtraTokens;
}

/**
 * How `tool`'s observe, click and navigate medians grow from page `from` to
 * page `to` (e.g. 2,000 to 20,000 rows): ratio `to / from`, lower is better.
 */
export function curveRows(tool: ToolRun, from: PageSpec, to: PageSpec): BenchRow[] {
  const a = tool.pages.get(from.key);
  const b = tool.pages.get(to.key);
  if (a === undefined || b === undefined) return [];
  const steps = [
    ["observe", a.observeMs, b.observeMs],
    ["click", a.clickMs, b.clickMs],
    ["navigate", a.navigateMs, b.navigateMs],
  ] as const;
  return steps.flatMap(([step, small, large]) => {
    const [base, grown] = [median(small), median(large)];
    if (Number.isNaN(base) || Number.isNaN(grown)) return [];
    return [{
      name: `${tool.short} ${step} ${to.key} vs ${from.key}`,
      ours: grown,
      baseline: base,
      unit: "ms",
      ratio: grown / base,
      note: `growth with the page's size, medians; lower is better`,
    }];
  });
}

/** A row saying `what` was not measured and why: no number is made up for it. */
export function notMeasured(what: string, why: string): BenchRow {
  return {
    name: `${what}: not measured`,
    ours: NaN,
    baseline: NaN,
    unit: "",
    ratio: NaN,
    note: why,
  };
}
