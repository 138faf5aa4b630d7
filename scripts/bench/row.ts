/**
 * The shape every benchmark case reports, so one runner can print them all.
 *
 * @module
 */

/** One benchmark case: our code against a baseline, measured in the same run. */
export interface BenchRow {
  /** What was measured, e.g. `decode 64 KiB response`. */
  name: string;
  /** Our measurement, in `unit`. */
  ours: number;
  /** The baseline's measurement, in `unit`. */
  baseline: number;
  /** The unit of `ours` and `baseline`, e.g. `MB/s`. */
  unit: string;
  /** `ours / baseline`; above 1 means ours is better for a throughput unit. */
  ratio: number;
  /** How the case was run or what the baseline is, when the name does not say. */
  note?: string;
}
