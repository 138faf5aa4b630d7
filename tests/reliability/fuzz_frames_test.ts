/**
 * Fuzzing the frame decoder: seeded hostile byte streams, cut into chunks at
 * random points, against three caps. Every stream must decode to exactly
 * what a reference reading of the spec gives (the same messages, then the
 * same typed rejection), nothing but a `FrameError` may be thrown, and the
 * decoder may never allocate a payload buffer larger than its cap: the
 * global `Uint8Array` constructor is watched while it runs.
 */
import assert from "node:assert/strict";
import {
  FrameDecoder,
  FrameDecoderStream,
  FrameError,
  type FrameErrorKind,
} from "../../contracts/framing.ts";
import { limits } from "../../contracts/limits.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import { FrameReader } from "../../local/frame_reader.ts";
import { byteCases, chunksOf, damageKinds } from "./_byte_streams.ts";
import { figure, seedFor, sized } from "./_size.ts";

/** What reading a stream gave: messages (as JSON text) and the rejection, if any. */
interface Outcome {
  messages: string[];
  error?: FrameErrorKind;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The spec read literally: a 4-byte little-endian length, nonzero and at
 * most the cap (checked before anything else), then that many bytes of
 * UTF-8 JSON; a stream may end only on a frame boundary.
 */
function reference(bytes: Uint8Array, cap: number): Outcome {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const messages: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 4) return { messages, error: "truncated" };
    const length = view.getUint32(at, true);
    at += 4;
    if (length === 0) return { messages, error: "zero-length" };
    if (length > cap) return { messages, error: "oversize" };
    if (bytes.length - at < length) return { messages, error: "truncated" };
    let text: string;
    try {
      text = strictUtf8.decode(bytes.subarray(at, at + length));
    } catch {
      return { messages, error: "bad-utf8" };
    }
    at += length;
    try {
      messages.push(JSON.stringify(JSON.parse(text)));
    } catch {
      return { messages, error: "bad-json" };
    }
  }
  return { messages };
}

/** A crash: something other than a `FrameError` escaped the decoder. */
class Crash extends Error {}

function decode(chunks: readonly Uint8Array[], cap: number): Outcome {
  const decoder = new FrameDecoder({ maxFrameBytes: cap });
  const messages: string[] = [];
  try {
    for (const chunk of chunks) decoder.pushEach(chunk, (m) => messages.push(JSON.stringify(m)));
    decoder.end();
  } catch (error) {
    if (!(error instanceof FrameError)) throw new Crash(String(error), { cause: error });
    // Poisoned: the next push gives the same error, never a half-read frame.
    assert.throws(() => decoder.push(new Uint8Array([1])), (again) => again === error);
    return { messages, error: error.kind };
  }
  return { messages };
}

/** The largest buffer `new Uint8Array(n)` was asked for while `run` ran, and how many. */
function watchAllocations<T>(run: () => T): { result: T; largest: number; count: number } {
  const original = globalThis.Uint8Array;
  let largest = 0;
  let count = 0;
  globalThis.Uint8Array = new Proxy(original, {
    construct(target, args, newTarget) {
      const size = args[0];
      if (typeof size === "number") {
        count++;
        largest = Math.max(largest, size);
      }
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    return { result: run(), largest, count };
  } finally {
    globalThis.Uint8Array = original;
  }
}

/** Read `bytes` through a `StreamTransport`, the Broker's and the clients' reader. */
function viaTransport(bytes: Uint8Array, cuts: number[], cap: number): Promise<Outcome> {
  const outcome: Outcome = { messages: [] };
  const done = Promise.withResolvers<Outcome>();
  const transport = new StreamTransport(
    ReadableStream.from(chunksOf(bytes, cuts)),
    new WritableStream(),
    { maxFrameBytes: cap },
  );
  transport.onmessage = (message) => outcome.messages.push(JSON.stringify(message));
  transport.onerror = (error) => {
    if (error instanceof FrameError) outcome.error = error.kind;
    else done.reject(new Crash(String(error), { cause: error }));
  };
  transport.onclose = () => done.resolve(outcome);
  transport.start();
  return done.promise;
}

/** Caps to fuzz against: the protocol's, and small ones that real payloads cross. */
const caps = [limits.maxFrameBytes, 4096, 64];

Deno.test("fuzzed byte streams decode exactly as the spec reads them, with typed rejections and no allocation above the cap", () => {
  const total = sized(120_000, 3_000_000);
  const seed = seedFor(0x1ea5);
  const perCap = Math.ceil(total / caps.length);
  const byKind = new Map<string, number>();
  let inputs = 0;
  let crashes = 0;
  let largestOverCap = 0;
  let allocations = 0;
  for (const [index, cap] of caps.entries()) {
    let largest = 0;
    for (const stream of byteCases({ seed: seed + index, count: perCap, cap })) {
      inputs++;
      const chunks = chunksOf(stream.bytes, stream.cuts);
      let watched: ReturnType<typeof watchAllocations<Outcome>>;
      try {
        watched = watchAllocations(() => decode(chunks, cap));
      } catch (error) {
        crashes++;
        throw new Error(`Cannot decode ${stream.kind} stream #${inputs} (seed ${seed}): crash`, {
          cause: error,
        });
      }
      const got = watched.result;
      allocations += watched.count;
      largest = Math.max(largest, watched.largest);
      assert.deepEqual(
        got,
        reference(stream.bytes, cap),
        `${stream.kind} stream #${inputs}, seed ${seed}, cap ${cap}`,
      );
      const outcome = got.error ?? "ok";
      byKind.set(outcome, (byKind.get(outcome) ?? 0) + 1);
    }
    // The decoder's own buffers only: a prefix is 4 bytes, a spanning payload at most the cap.
    assert.ok(largest <= cap, `a ${largest}-byte buffer was allocated under a ${cap}-byte cap`);
    largestOverCap = Math.max(largestOverCap, largest / cap);
  }
  assert.ok(allocations > 0, "the allocation watch saw the decoder's buffers");
  for (const kind of ["ok", "zero-length", "oversize", "bad-utf8", "bad-json", "truncated"]) {
    assert.ok((byKind.get(kind) ?? 0) > 0, `the fuzz reached ${kind}`);
  }
  const outcomes = [...byKind].map(([kind, n]) => `${kind} ${n}`).join(", ");
  figure(
    "fuzz frames",
    `${inputs} inputs (${damageKinds.length} damage kinds, caps ${
      caps.join("/")
    }, seed ${seed}), ` +
      `${crashes} crashes, 0 hangs, max alloc ${
        (largestOverCap * 100).toFixed(0)
      }% of cap ≤ cap, ` +
      `outcomes: ${outcomes}, lost: nothing`,
  );
});

Deno.test("a frame at the cap is decoded across chunks and one byte more is refused before any allocation", () => {
  const cap = limits.maxFrameBytes;
  const body = `"${"a".repeat(cap - 2)}"`;
  const payload = new TextEncoder().encode(body);
  const frame = new Uint8Array(4 + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, true);
  frame.set(payload, 4);
  const { result, largest } = watchAllocations(() =>
    decode([frame.subarray(0, 10), frame.subarray(10)], cap)
  );
  assert.equal(result.error, undefined);
  assert.equal(result.messages.length, 1);
  assert.equal(largest, cap);

  const over = new Uint8Array(8);
  new DataView(over.buffer).setUint32(0, cap + 1, true);
  const refused = watchAllocations(() => decode([over], cap));
  assert.equal(refused.result.error, "oversize");
  assert.ok(refused.largest <= 4, "nothing but the prefix buffer");
});

Deno.test("deeply nested JSON is decoded or refused with a FrameError, never a crash", () => {
  for (const depth of [1_000, 100_000, 500_000]) {
    const text = `{"type":"event","event":"x","value":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const payload = new TextEncoder().encode(text);
    const frame = new Uint8Array(4 + payload.length);
    new DataView(frame.buffer).setUint32(0, payload.length, true);
    frame.set(payload, 4);
    assert.deepEqual(decode([frame], limits.maxFrameBytes), reference(frame, limits.maxFrameBytes));
  }
});

Deno.test("the Broker's transport, the host's frame reader and the stream decoder reject fuzzed streams with the same typed errors", async () => {
  const count = sized(3_000, 60_000);
  const seed = seedFor(0x57e4);
  const cap = 4096;
  let inputs = 0;
  let discarded = 0;
  for (const stream of byteCases({ seed, count, cap })) {
    inputs++;
    const want = reference(stream.bytes, cap);
    const label = `${stream.kind} stream #${inputs}, seed ${seed}`;

    const viaStream: Outcome = { messages: [] };
    try {
      const readable = ReadableStream.from(chunksOf(stream.bytes, stream.cuts))
        .pipeThrough(new FrameDecoderStream({ maxFrameBytes: cap }));
      for await (const message of readable) viaStream.messages.push(JSON.stringify(message));
    } catch (error) {
      assert.ok(error instanceof FrameError, `${label}: ${error}`);
      viaStream.error = error.kind;
    }
    // Erroring a Web Stream discards what its reader has not taken yet, so messages
    // decoded from the same chunk as the bad frame may be missing; never others.
    assert.equal(viaStream.error, want.error, label);
    assert.deepEqual(viaStream.messages, want.messages.slice(0, viaStream.messages.length), label);
    if (want.error === undefined) assert.deepEqual(viaStream.messages, want.messages, label);
    discarded += want.messages.length - viaStream.messages.length;

    assert.deepEqual(await viaTransport(stream.bytes, stream.cuts, cap), want, label);

    const viaReader: Outcome = { messages: [] };
    const reader = new FrameReader(ReadableStream.from(chunksOf(stream.bytes, stream.cuts)), {
      maxFrameBytes: cap,
    });
    try {
      while (true) {
        const message = await reader.next();
        if (message === undefined) break;
        viaReader.messages.push(JSON.stringify(message));
      }
    } catch (error) {
      assert.ok(error instanceof FrameError, `${label}: ${error}`);
      viaReader.error = error.kind;
    }
    assert.deepEqual(viaReader, want, label);
  }
  figure(
    "fuzz frame streams",
    `${inputs} inputs through StreamTransport (the Broker's reader), FrameReader (the host's) ` +
      `and FrameDecoderStream, 0 crashes, lost: nothing by the first two; FrameDecoderStream dropped ${discarded} messages that shared ` +
      `a chunk with a bad frame (it is used by no product code)`,
  );
});
