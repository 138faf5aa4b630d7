/**
 * Seeded hostile byte streams for everything that reads frames: the frame
 * decoder, the Broker's socket and the Native Host's stdin. Each stream
 * starts from well-formed frames of real protocol messages and is then
 * damaged the ways a broken or hostile peer damages it: flipped bits,
 * inserted, deleted and overwritten bytes, truncation, length prefixes at
 * every boundary of the cap, malformed UTF-8, broken JSON with a correct
 * prefix, splices of two streams, and plain noise.
 *
 * @module
 */
import { encodeFrame } from "../../contracts/framing.ts";
import type { JsonValue } from "../../contracts/json.ts";
import { limits } from "../../contracts/limits.ts";
import { eventSamples, methodSamples } from "../../contracts/testing/samples.ts";
import { mulberry32 } from "../../contracts/testing/mutate.ts";

/** A PRNG returning floats in [0, 1). */
export type Random = () => number;

/** One hostile stream: how it was made, its bytes, and where to cut it into chunks. */
export interface ByteCase {
  /** The damage done, e.g. `flip`, `prefix`, `utf8`. */
  kind: string;
  bytes: Uint8Array;
  /** Ascending cut points inside `bytes`: the stream arrives in `cuts.length + 1` chunks. */
  cuts: number[];
}

/** Damage kinds, in the order {@linkcode byteCases} cycles through them. */
export const damageKinds = [
  "valid",
  "flip",
  "overwrite",
  "insert",
  "delete",
  "truncate",
  "prefix",
  "utf8",
  "json",
  "splice",
  "noise",
  "small-prefix",
] as const;

/** A damage kind. */
export type DamageKind = typeof damageKinds[number];

const encoder = new TextEncoder();

/** Real protocol messages: golden envelopes around every method and event sample. */
export function messageCorpus(): JsonValue[] {
  const corpus: JsonValue[] = [];
  let id = 0;
  for (const [method, sample] of Object.entries(methodSamples)) {
    const params: JsonValue = JSON.parse(JSON.stringify(sample.params));
    const result: JsonValue = JSON.parse(JSON.stringify(sample.result ?? null));
    corpus.push(
      { type: "request", id: `r${id}`, method, params },
      { type: "response", id: `r${id}`, ok: true, value: result },
    );
    id++;
  }
  for (const [event, value] of Object.entries(eventSamples)) {
    corpus.push({ type: "event", event, value: JSON.parse(JSON.stringify(value)) });
  }
  corpus.push(
    { type: "response", id: "r-x", ok: false, code: "STALE_TARGET" },
    { type: "cancel", id: "r0" },
    { type: "request", id: "😀", method: "browser.instances", params: {} },
  );
  return corpus;
}

/** Byte sequences that are not UTF-8, each for a different reason. */
const badUtf8: readonly number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0x80], // overlong NUL
  [0xe0, 0x80, 0x80], // overlong
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
  [0xe2, 0x82], // cut short
  [0xf0, 0x9f, 0x98], // an emoji cut short
  [0xc3], // a lead byte alone
];

/** Text edits that break JSON while the prefix stays right. */
const jsonBreakers: readonly string[] = [
  "{",
  "}",
  "]",
  '"',
  ",",
  ":",
  "\\",
  "\u0000",
  "NaN",
  "undefined",
  "'",
  "/*",
  "\ufeff",
  "\n",
  "1e999999",
  "-",
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function int(random: Random, below: number): number {
  return Math.floor(random() * below);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function noise(random: Random, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = int(random, 256);
  return bytes;
}

function prefix(length: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, length >>> 0, true);
  return bytes;
}

/** A frame around `payload` exactly as given. */
function frameOf(payload: Uint8Array): Uint8Array {
  return concat([prefix(payload.length), payload]);
}

/** One to `most` frames of corpus messages, and where each frame starts. */
function validStream(
  random: Random,
  corpus: readonly JsonValue[],
  most: number,
): { bytes: Uint8Array; starts: number[] } {
  const frames: Uint8Array[] = [];
  const starts: number[] = [];
  let at = 0;
  const count = 1 + int(random, most);
  for (let i = 0; i < count; i++) {
    const frame = encodeFrame(pick(random, corpus));
    starts.push(at);
    at += frame.length;
    frames.push(frame);
  }
  return { bytes: concat(frames), starts };
}

/** Lengths at and around every boundary the decoder checks. */
function boundaryLengths(cap: number, actual: number): number[] {
  return [
    0,
    1,
    2,
    3,
    4,
    actual - 1,
    actual + 1,
    cap - 1,
    cap,
    cap + 1,
    limits.maxFrameBytes + 1,
    0x7fffffff,
    0x80000000,
    0xffffffff,
  ].filter((n) => n >= 0);
}

/** The payload of the frame starting at `start` (valid streams only). */
function payloadAt(bytes: Uint8Array, start: number): Uint8Array {
  const length = new DataView(bytes.buffer, bytes.byteOffset + start, 4).getUint32(0, true);
  return bytes.subarray(start + 4, start + 4 + length);
}

/** Replace the frame at `start` of a valid stream with a frame around `payload`. */
function replaceFrame(bytes: Uint8Array, start: number, payload: Uint8Array): Uint8Array {
  const old = payloadAt(bytes, start);
  return concat([
    bytes.subarray(0, start),
    frameOf(payload),
    bytes.subarray(start + 4 + old.length),
  ]);
}

function damage(
  kind: DamageKind,
  random: Random,
  corpus: readonly JsonValue[],
  cap: number,
): Uint8Array {
  const { bytes, starts } = validStream(random, corpus, 4);
  const at = () => int(random, bytes.length);
  switch (kind) {
    case "valid":
      return bytes;
    case "flip": {
      const out = bytes.slice();
      const flips = 1 + int(random, 8);
      for (let i = 0; i < flips; i++) out[at()] ^= 1 << int(random, 8);
      return out;
    }
    case "overwrite": {
      const out = bytes.slice();
      const from = at();
      out.set(noise(random, Math.min(1 + int(random, 16), out.length - from)), from);
      return out;
    }
    case "insert": {
      const where = at();
      return concat([
        bytes.subarray(0, where),
        noise(random, 1 + int(random, 16)),
        bytes.subarray(where),
      ]);
    }
    case "delete": {
      const from = at();
      const to = Math.min(bytes.length, from + 1 + int(random, 32));
      return concat([bytes.subarray(0, from), bytes.subarray(to)]);
    }
    case "truncate":
      return bytes.subarray(0, at());
    case "prefix": {
      const start = pick(random, starts);
      const out = bytes.slice();
      const actual = payloadAt(bytes, start).length;
      out.set(prefix(pick(random, boundaryLengths(cap, actual))), start);
      return out;
    }
    case "utf8": {
      const start = pick(random, starts);
      const payload = payloadAt(bytes, start);
      const where = int(random, payload.length + 1);
      const bad = Uint8Array.from(pick(random, badUtf8));
      const replaced = concat([payload.subarray(0, where), bad, payload.subarray(where)]);
      return replaceFrame(bytes, start, replaced);
    }
    case "json": {
      const start = pick(random, starts);
      const text = new TextDecoder().decode(payloadAt(bytes, start));
      const where = int(random, text.length + 1);
      const cut = random() < 0.5 ? int(random, 4) : 0;
      const broken = text.slice(0, where) + pick(random, jsonBreakers) + text.slice(where + cut);
      return replaceFrame(bytes, start, encoder.encode(broken));
    }
    case "splice": {
      const other = validStream(random, corpus, 3).bytes;
      return concat([bytes.subarray(0, at()), other.subarray(int(random, other.length))]);
    }
    case "noise":
      return noise(random, int(random, 257));
    case "small-prefix": {
      // A length the cap admits, followed by fewer, exactly enough or more random bytes.
      const length = int(random, Math.min(cap, 512) + 1);
      const body = noise(random, Math.max(0, length + int(random, 9) - 4));
      return concat([prefix(length), body]);
    }
  }
}

/** Cut points for `length` bytes: usually a few, sometimes every byte. */
export function cutsFor(random: Random, length: number): number[] {
  if (length > 1 && length <= 512 && random() < 0.03) {
    return Array.from({ length: length - 1 }, (_, i) => i + 1);
  }
  const cuts = new Set<number>();
  const count = int(random, 5);
  for (let i = 0; i < count && length > 1; i++) cuts.add(1 + int(random, length - 1));
  return [...cuts].sort((a, b) => a - b);
}

/** `bytes` cut at `cuts` into chunks, in order. */
export function chunksOf(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of cuts) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

/** What {@linkcode byteCases} makes streams from and against which cap. */
export interface ByteCaseOptions {
  seed: number;
  count: number;
  /** The frame cap the reader under test enforces; default `limits.maxFrameBytes`. */
  cap?: number;
  /** Messages the valid frames carry; default {@linkcode messageCorpus}. */
  corpus?: readonly JsonValue[];
  /** Damage kinds to draw from; default all. */
  kinds?: readonly DamageKind[];
}

/**
 * `count` hostile streams from `seed`, cycling through the damage kinds so
 * each gets an equal share; the same options always give the same streams.
 */
export function* byteCases(options: ByteCaseOptions): Generator<ByteCase> {
  const random = mulberry32(options.seed);
  const corpus = options.corpus ?? messageCorpus();
  const cap = options.cap ?? limits.maxFrameBytes;
  const kinds = options.kinds ?? damageKinds;
  for (let i = 0; i < options.count; i++) {
    const kind = kinds[i % kinds.length];
    const bytes = damage(kind, random, corpus, cap);
    yield { kind, bytes, cuts: cutsFor(random, bytes.length) };
  }
}
