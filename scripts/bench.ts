/**
 * `deno task bench`: every benchmark, each measured beside its baseline in
 * the same run and printed as a ratio. Benchmarks are not tests: nothing here
 * asserts a speed.
 *
 * @module
 */
import type { BenchRow } from "./bench/row.ts";

/** A named group of cases, loaded lazily so one failing group doesn't hide the rest. */
interface Suite {
  name: string;
  run: () => Promise<BenchRow[]>;
}

const suites: Suite[] = [
  { name: "framing", run: async () => (await import("./bench/decode.ts")).benchDecode() },
  { name: "validation", run: async () => (await import("./bench/validate.ts")).benchValidate() },
  { name: "broker", run: async () => (await import("./bench/broker.ts")).benchBroker() },
  { name: "journal", run: async () => (await import("./bench/journal.ts")).benchJournal() },
  { name: "signals", run: async () => (await import("./bench/signals.ts")).benchSignals() },
  { name: "agents", run: async () => (await import("./bench/agents.ts")).benchAgents() },
  { name: "forms", run: async () => (await import("./bench/forms.ts")).benchForms() },
  { name: "debug", run: async () => (await import("./bench/debug.ts")).benchDebug() },
  {
    name: "realworld",
    run: async () => (await import("./bench/realworld.ts")).benchRealworld(),
  },
];

function format(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString("en-US");
  return value.toPrecision(3);
}

function printRows(rows: BenchRow[]): void {
  const table = rows.map((row) => [
    row.name,
    `${format(row.ours)} ${row.unit}`,
    `${format(row.baseline)} ${row.unit}`,
    `${row.ratio.toFixed(2)}×`,
    row.note ?? "",
  ]);
  const header = ["case", "ours", "baseline", "ratio", "note"];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((cells) => cells[i].length))
  );
  const line = (cells: string[]) =>
    cells.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const cells of table) console.log(line(cells));
}

const only = Deno.args[0];
let failed = false;
for (const suite of suites) {
  if (only && suite.name !== only) continue;
  console.log(`\n## ${suite.name}\n`);
  try {
    printRows(await suite.run());
  } catch (error) {
    failed = true;
    console.error(`Cannot run the ${suite.name} benchmark: ${error}`);
  }
}
if (failed) Deno.exit(1);
