/**
 * Envelope validation throughput: the zod `parseEnvelope` every peer runs on
 * each message, against Ajv's compiled validator for the published schema
 * (contracts/protocol/v1.schema.json), on the same envelopes in the same run.
 * Both sides only check the envelope: a `value` or `params` member is not
 * walked by either, so nesting depth costs neither.
 *
 * Run directly for a table: `deno run --allow-read=. scripts/bench/validate.ts`.
 *
 * @module
 */
import { compileProtocol } from "../../contracts/testing/ajv.ts";
import { parseEnvelope } from "../../contracts/envelope.ts";
import { methodSamples } from "../../contracts/testing/samples.ts";
import type { BenchRow } from "./row.ts";

const warmUpMs = 50;
const measureMs = 200;
/** Ours and the baseline alternate in slices so machine drift hits both. */
const slices = 4;
/** Validations per timed call, so the clock is read rarely. */
const batch = 1_000;

const requests: unknown[] = [
  { type: "request", id: "r1", method: "browser.instances", params: {} },
  {
    type: "request",
    id: "req-000042",
    method: "browser.observe",
    params: { sessionId: "s1", leaseId: "lease-1", query: "Submit", maxTokens: 2000 },
  },
  {
    type: "request",
    id: "😀-astral-id",
    method: "browser.act",
    params: methodSamples["browser.act"].params,
  },
];

const responses: unknown[] = [
  { type: "response", id: "r1", ok: true, value: methodSamples["browser.act"].result },
  { type: "response", id: "r2", ok: true, value: methodSamples["browser.readPage"].result },
  { type: "response", id: "r3", ok: true, value: null },
  { type: "response", id: "r4", ok: false, code: "STALE_TARGET" },
];

const events: unknown[] = [
  {
    type: "event",
    event: "page.changed",
    value: { tab: "instance:7", leaseId: "lease", sequence: 1 },
  },
  { type: "event", event: "lease.revoked", value: { leaseId: "lease-1", reason: "stop" } },
  { type: "cancel", id: "r2" },
];

/** Runs `pass` for about `ms`, returning validations done and milliseconds spent. */
function timed(pass: () => number, ms: number): { count: number; elapsed: number } {
  const start = performance.now();
  let count = 0;
  let elapsed = 0;
  do {
    count += pass();
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return { count, elapsed };
}

/** Both validators on one mix of envelopes, each of which both must accept. */
function benchMix(name: string, envelopes: unknown[]): BenchRow {
  const ajv = compileProtocol().envelope;
  // Distinct copies per slot, so neither side sees the same object every time.
  const inputs = Array.from(
    { length: batch },
    (_, i) => structuredClone(envelopes[i % envelopes.length]),
  );
  let accepted = 0;
  const ours = () => {
    for (const input of inputs) if (parseEnvelope(input) !== undefined) accepted++;
    return inputs.length;
  };
  const baseline = () => {
    for (const input of inputs) if (ajv(input)) accepted++;
    return inputs.length;
  };

  const warmUp = [timed(ours, warmUpMs), timed(baseline, warmUpMs)];
  const totals = { ours: { count: 0, elapsed: 0 }, baseline: { count: 0, elapsed: 0 } };
  for (let i = 0; i < slices; i++) {
    for (const [side, pass] of [["ours", ours], ["baseline", baseline]] as const) {
      const run = timed(pass, measureMs / slices);
      totals[side].count += run.count;
      totals[side].elapsed += run.elapsed;
    }
  }
  const validated = warmUp[0].count + warmUp[1].count + totals.ours.count + totals.baseline.count;
  if (accepted !== validated) {
    throw new Error(`Cannot benchmark ${name}: a validator rejected a valid envelope`);
  }

  const perSecond = (side: { count: number; elapsed: number }) =>
    side.count / (side.elapsed / 1000);
  const oursRate = perSecond(totals.ours);
  const baselineRate = perSecond(totals.baseline);
  return {
    name,
    ours: Math.round(oursRate),
    baseline: Math.round(baselineRate),
    unit: "validations/s",
    ratio: Math.round((oursRate / baselineRate) * 1000) / 1000,
    note:
      `zod parseEnvelope vs Ajv 2020 compiled from v1.schema.json; ${envelopes.length} envelopes`,
  };
}

/** Envelope validation throughput rows: the full mix, then each kind alone. */
export async function benchValidate(): Promise<BenchRow[]> {
  const cases: [string, unknown[]][] = [
    ["validate envelope mix", [...requests, ...responses, ...events]],
    ["validate small requests", requests],
    ["validate nested responses", responses],
    ["validate events and cancels", events],
  ];
  const rows: BenchRow[] = [];
  for (const [name, envelopes] of cases) {
    rows.push(benchMix(name, envelopes));
    // Let timers and I/O of a surrounding runner through between cases.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return rows;
}

if (import.meta.main) {
  const rows = await benchValidate();
  console.table(
    rows.map(({ name, ours, baseline, unit, ratio }) => ({ name, ours, baseline, unit, ratio })),
  );
}
