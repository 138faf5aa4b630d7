/**
 * Token budgets. An observation keeps whole rows in document order until
 * the next one would exceed its budget, then ends with one line that says
 * how much it left out and how to get it; a row is never cut in half.
 *
 * Tokens are estimated, not counted, by `estimateTokens`
 * (`contracts/tokens.ts`).
 *
 * @module
 */
import type { AxSnapshot } from "../../../contracts/methods/mod.ts";
import type { Observation, ObservationScope } from "../../../contracts/methods/mod.ts";
import { estimateTokens } from "../../../contracts/tokens.ts";

/** How an observation was cut, as the wire reports it. */
export type Truncation = NonNullable<Observation["truncated"]>;

/** The budget when a request names none. */
export const defaultMaxTokens = 4_000;

/** What {@linkcode fitLines} decided. */
export interface Fit {
  /** How many of the lines, from the first, fit. */
  shown: number;
  /** The closing line, when something was left out. */
  trailer: string | null;
}

/**
 * How many of `lines` fit after `header` within `maxTokens`, with the
 * closing line `trailer(omitted)` counted too. `trailer` returns null when
 * nothing needs saying (nothing omitted and nothing else to report).
 */
export function fitLines(
  header: readonly string[],
  lines: readonly string[],
  options: { maxTokens: number; trailer: (omitted: number) => string | null },
): Fit {
  const budget = options.maxTokens;
  // Each line costs its text plus the newline that separates it. Costs are
  // taken only as far as the budget reaches, so a huge page costs little more
  // than a small one.
  const cost = (line: string) => estimateTokens(line) + 1;
  let spent = header.reduce((sum, line) => sum + cost(line), 0);
  const costs: number[] = [];
  while (costs.length < lines.length) {
    const next = cost(lines[costs.length]);
    if (spent + next > budget) break;
    spent += next;
    costs.push(next);
  }
  const all = options.trailer(0);
  if (costs.length === lines.length && (all === null || spent + cost(all) <= budget)) {
    return { shown: lines.length, trailer: all };
  }
  // The longest count prints the longest trailer, so reserving it is always enough.
  const reserve = cost(options.trailer(lines.length) ?? "");
  let shown = costs.length;
  while (shown > 0 && spent + reserve > budget) spent -= costs[--shown];
  return { shown, trailer: options.trailer(lines.length - shown) };
}

/** `count` with thousands separators, the same on every platform: `1,950`. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

const cutReasons: Record<NonNullable<AxSnapshot["cut"]>["reason"], string> = {
  nodes: "node limit",
  depth: "depth limit",
  time: "time limit",
  text: "text limit",
};

/** What to tell a reader about a truncated observation. */
export interface TruncationInput {
  /** Rows the budget left out. */
  omittedRows: number;
  /** Where the provider's own bounded read stopped, if it did. */
  cut: AxSnapshot["cut"];
  scope: ObservationScope;
  /** Whether the rows are a delta's changes rather than the tree. */
  delta: boolean;
}

/**
 * The closing line and the wire `truncated` value, or null when nothing was
 * left out. `omitted` counts the rows the budget left out plus the nodes the
 * provider did not read.
 */
export function describeTruncation(
  input: TruncationInput,
): { line: string; truncation: Truncation } | null {
  const { omittedRows, cut } = input;
  if (omittedRows === 0 && cut === null) return null;
  const parts: string[] = [];
  if (omittedRows > 0) {
    const what = input.delta ? "changed rows" : "rows";
    parts.push(`${formatCount(omittedRows)} more ${what} not shown`);
  }
  if (cut !== null) {
    const lost = cut.omitted > 0 ? `, about ${formatCount(cut.omitted)} nodes not read` : "";
    parts.push(`the page read stopped at its ${cutReasons[cut.reason]}${lost}`);
  }
  const hint = input.delta
    ? `observe without since for a fresh view, narrow with query:"<text>", or observe a subtree with rootRef:<ref>`
    : input.scope.kind === "query"
    ? "narrow the query, add rootRef:<ref> to search one container, or read the page in windows with readPage"
    : `narrow with query:"<text>", observe a subtree with rootRef:<ref>, or read the page in windows with readPage`;
  return {
    line: `… ${parts.join("; ")} — ${hint}`,
    truncation: { omitted: omittedRows + (cut?.omitted ?? 0), hint },
  };
}
