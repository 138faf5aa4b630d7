/**
 * Summaries of a series of timings and the token count of what an agent
 * receives, shared by every tool measured in the agents benchmark.
 *
 * @module
 */
import { countTokens } from "gpt-tokenizer";

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank `p`th percentile of `values`; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Tokens of `text` as a model reads it: GPT's `o200k_base` encoding (the
 * `gpt-tokenizer` default), one fixed yardstick for every tool.
 */
export function tokensOf(text: string): number {
  return countTokens(text);
}
