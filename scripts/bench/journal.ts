/**
 * Journal write throughput: one action's journal work (intent committed,
 * dispatch mark committed, outcome committed and result cached: three
 * synced commits) with the Broker's `synchronous=FULL`, against the same
 * work with durability off (`synchronous=OFF`, a benchmark-only setting),
 * measured in alternating slices of the same run on files in the same temp
 * dir. The latency row is the median per action; lower is better there, so
 * a ratio above 1 means slower. What durability costs depends on the disk's
 * flush latency, so the ratio is a property of the machine as much as ours.
 *
 * Run directly: `deno run -A scripts/bench/journal.ts`.
 *
 * @module
 */
import { join } from "node:path";
import { Journal } from "../../broker/journal/journal.ts";
import { payloadHash } from "../../broker/journal/payload_hash.ts";
import type { Durability } from "../../broker/journal/database.ts";
import type { BenchRow } from "./row.ts";

const warmUp = 50;
const sliceMs = 400;
/** FULL and OFF alternate in slices so machine drift hits both. */
const slices = 4;

/** A result the size of a small observation, as the cache holds it. */
const result = { requestId: "", status: "verified", observation: "x".repeat(4_096) };

interface Side {
  journal: Journal;
  next: number;
  latencies: number[];
  elapsed: number;
}

function oneAction(side: Side): void {
  const requestId = `bench-${side.next++}`;
  const decision = side.journal.begin({
    journalScope: "b".repeat(64),
    requestId,
    payloadHash: payloadHash({
      leaseId: "lease-1",
      documentEpoch: "doc-1",
      action: { kind: "click", ref: `e${side.next}` },
    }),
    leaseId: "lease-1",
    instance: "chrome-1",
    tab: "7",
    origin: "https://shop.example",
    action: { kind: "click", ref: `e${side.next}`, description: '"Submit"' },
  });
  if (decision.kind !== "new") throw new Error(`Cannot benchmark: got ${decision.kind}`);
  side.journal.markDispatched(decision.entryId);
  side.journal.complete(decision.entryId, { status: "verified", result: { ...result, requestId } });
}

function slice(side: Side): void {
  const end = performance.now() + sliceMs;
  while (performance.now() < end) {
    const begin = performance.now();
    oneAction(side);
    const took = performance.now() - begin;
    side.latencies.push(took);
    side.elapsed += took;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Journal writes per second and per-action latency, durable against durability off. */
export async function benchJournal(): Promise<BenchRow[]> {
  const dir = await Deno.makeTempDir({ prefix: "leash-bench-journal-" });
  const open = (durability: Durability): Side => ({
    journal: Journal.open(join(dir, `${durability}.db`), { durability }),
    next: 0,
    latencies: [],
    elapsed: 0,
  });
  const full = open("full");
  const off = open("off");
  try {
    for (const side of [full, off]) {
      for (let i = 0; i < warmUp; i++) oneAction(side);
    }
    for (let i = 0; i < slices; i++) {
      slice(full);
      slice(off);
      // Let timers and I/O of a surrounding runner through between slices.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  } finally {
    full.journal.close();
    off.journal.close();
    await Deno.remove(dir, { recursive: true });
  }
  const rate = (side: Side) => side.latencies.length / (side.elapsed / 1000);
  const note = "baseline: synchronous=OFF (durability off, benchmark-only); " +
    "3 commits per action, WAL";
  return [
    {
      name: "journal writes (intent + dispatch mark + outcome)",
      ours: rate(full),
      baseline: rate(off),
      unit: "actions/s",
      ratio: rate(full) / rate(off),
      note: `${note}; ${full.latencies.length} vs ${off.latencies.length} actions`,
    },
    {
      name: "journal time per action, median",
      ours: median(full.latencies),
      baseline: median(off.latencies),
      unit: "ms",
      ratio: median(full.latencies) / median(off.latencies),
      note: "lower is better: a ratio above 1 is what synced commits cost",
    },
  ];
}

if (import.meta.main) {
  const rows = await benchJournal();
  console.table(
    rows.map(({ name, ours, baseline, unit, ratio }) => ({ name, ours, baseline, unit, ratio })),
  );
}
