/**
 * Decode throughput of {@linkcode FrameDecoder} against the plain
 * `JSON.parse(new TextDecoder().decode(bytes))` of the same payload bytes.
 * The decoder is fed the framed stream in 64 KiB chunks, as a socket delivers
 * it, so it pays for prefixes, frames split across chunks and its checks; the
 * baseline gets each payload whole and unframed.
 *
 * Run directly for a table: `deno run scripts/bench/decode.ts`.
 *
 * @module
 */
import { encodeFrame, FrameDecoder } from "../../contracts/framing.ts";
import type { BenchRow } from "./row.ts";

/** Bytes per chunk handed to the decoder, the size of one socket read. */
const chunkBytes = 64 * 1024;
/** Framed bytes per timed pass, so small messages still make a long pass. */
const passBytes = 4 * 1024 * 1024;
const warmUpMs = 150;
const measureMs = 500;
/** Ours and the baseline alternate in slices so machine drift hits both. */
const slices = 5;

/** A node of a made-up accessibility snapshot, like an observation result carries. */
function node(index: number, depth: number): Record<string, unknown> {
  return {
    ref: `1_${index}`,
    role: ["button", "link", "checkbox", "textbox", "heading"][index % 5],
    name: `Item ${index}: Newsletter “weekly” — ünïcödé 😀`,
    checked: index % 3 === 0,
    bounds: { x: index * 3, y: index * 7, width: 120.5, height: 24 },
    children: depth > 0 ? [node(index * 2 + 1, depth - 1), node(index * 2 + 2, depth - 1)] : [],
  };
}

/** A success response whose serialized form is close to `targetBytes`. */
export function responseEnvelope(targetBytes: number): unknown {
  const nodes: unknown[] = [];
  const envelope = {
    type: "response",
    id: "req-7f3a9c",
    ok: true,
    value: { documentEpoch: 42, url: "https://example.com/inbox", nodes, text: "" },
  };
  const size = () => new TextEncoder().encode(JSON.stringify(envelope)).length;
  // Grow in halving steps so a 900 KB envelope takes few serializations.
  for (let step = 256; step >= 1; step = Math.floor(step / 2)) {
    while (size() < targetBytes) {
      const mark = nodes.length;
      for (let i = 0; i < step; i++) nodes.push(node(nodes.length, 2));
      if (size() > targetBytes) {
        nodes.length = mark;
        break;
      }
    }
  }
  // Pad with text to land on the target exactly.
  envelope.value.text = "x".repeat(Math.max(0, targetBytes - size()));
  return envelope;
}

/** The framed stream of `count` copies of `frame`, cut into socket-sized chunks. */
function chunkedStream(frame: Uint8Array, count: number): Uint8Array[] {
  const stream = new Uint8Array(frame.length * count);
  for (let i = 0; i < count; i++) stream.set(frame, i * frame.length);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < stream.length; at += chunkBytes) {
    chunks.push(stream.slice(at, at + chunkBytes));
  }
  return chunks;
}

/** Runs `pass` for about `ms`, returning passes completed and milliseconds spent. */
function timed(pass: () => void, ms: number): { passes: number; elapsed: number } {
  const start = performance.now();
  let passes = 0;
  let elapsed = 0;
  do {
    pass();
    passes++;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return { passes, elapsed };
}

/** Throughput of both sides for one message size. */
function benchSize(name: string, targetBytes: number): BenchRow {
  const frame = encodeFrame(responseEnvelope(targetBytes));
  const payload = frame.slice(4);
  const count = Math.max(1, Math.round(passBytes / frame.length));
  const chunks = chunkedStream(frame, count);
  // Every pass builds its own copies so neither side can reuse the other's work.
  const payloads = Array.from({ length: count }, () => payload.slice());
  // Counting results keeps either side from being optimized away.
  let decoded = 0;
  let parsed = 0;

  const ours = () => {
    const decoder = new FrameDecoder();
    for (const chunk of chunks) decoded += decoder.push(chunk).length;
    decoder.end();
  };
  const baseline = () => {
    for (const bytes of payloads) {
      const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (value !== null) parsed++;
    }
  };

  const warmUp = { ours: timed(ours, warmUpMs), baseline: timed(baseline, warmUpMs) };
  const totals = { ours: { passes: 0, elapsed: 0 }, baseline: { passes: 0, elapsed: 0 } };
  for (let i = 0; i < slices; i++) {
    for (const [side, pass] of [["ours", ours], ["baseline", baseline]] as const) {
      const run = timed(pass, measureMs / slices);
      totals[side].passes += run.passes;
      totals[side].elapsed += run.elapsed;
    }
  }
  const passes = (side: "ours" | "baseline") => warmUp[side].passes + totals[side].passes;
  if (decoded !== count * passes("ours") || parsed !== count * passes("baseline")) {
    throw new Error(`Cannot benchmark ${name}: some messages were not decoded`);
  }

  const megabytesPerSecond = (side: { passes: number; elapsed: number }) =>
    (payload.length * count * side.passes) / 1e6 / (side.elapsed / 1000);
  const oursRate = megabytesPerSecond(totals.ours);
  const baselineRate = megabytesPerSecond(totals.baseline);
  return {
    name,
    ours: round(oursRate),
    baseline: round(baselineRate),
    unit: "MB/s",
    ratio: Math.round((oursRate / baselineRate) * 1000) / 1000,
    note: `${payload.length} B payloads, ${count} per pass, fed in 64 KiB chunks; ` +
      "baseline JSON.parse(new TextDecoder().decode(payload))",
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Decode throughput rows for 1 KiB, 64 KiB and 900 KB response envelopes. */
export async function benchDecode(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, bytes] of cases) {
    rows.push(benchSize(name, bytes));
    // Let timers and I/O of a surrounding runner through between cases.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return rows;
}

const cases: [string, number][] = [
  ["decode 1 KiB response", 1024],
  ["decode 64 KiB response", 64 * 1024],
  ["decode 900 KB response", 900_000],
];

if (import.meta.main) {
  const rows = await benchDecode();
  console.table(
    rows.map(({ name, ours, baseline, unit, ratio }) => ({ name, ours, baseline, unit, ratio })),
  );
  for (const row of rows) if (row.note) console.log(`${row.name}: ${row.note}`);
}
