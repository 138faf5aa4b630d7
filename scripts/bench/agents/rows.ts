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
import type { PageRecord, PageSpec, ToolRun } from "./phase.ts";
import { median, percentile } from "./stats.ts";

/** The rows comparing `ours` with `baseline` on `page`; empty when either has no record. */
export function pageRows(ours: ToolRun, baseline: ToolRun, page: PageSpec): BenchRow[] {
  const mine = ours.pages.get(page.key);
  const theirs = baseline.pages.get(page.key);
  if (mine === undefined || theirs === undefined) return [];
  const versus = `vs ${baseline.short}`;
  const observe = `${ours.driver.steps.observe} vs ${baseline.driver.steps.observe}`;
  const click = `${ours.driver.steps.click} vs ${baseline.driver.steps.click}`;
  const rounds = (step: "observe" | "click") => {
    const a = step === "observe" ? mine.observeMs : mine.clickMs;
    const b = step === "observe" ? theirs.observeMs : theirs.clickMs;
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
function failures(mine: PageRecord, theirs: PageRecord, step: "observe" | "click"): string {
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
