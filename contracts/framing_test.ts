import assert from "node:assert/strict";
import { encodeFrame, FrameDecoder, FrameDecoderStream, FrameError } from "./framing.ts";
import { isLeashError } from "./errors.ts";
import { limits } from "./limits.ts";

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A frame with an arbitrary payload, bypassing the encoder's checks. */
function rawFrame(payload: Uint8Array, length = payload.length): Uint8Array {
  const frame = new Uint8Array(4 + payload.length);
  new DataView(frame.buffer).setUint32(0, length, true);
  frame.set(payload, 4);
  return frame;
}

function assertFrameError(fn: () => unknown, kind: FrameError["kind"]): FrameError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof FrameError, `expected a FrameError, got ${caught}`);
  assert.equal(caught.kind, kind);
  assert.match(caught.message, /^Cannot decode frame: /);
  return caught;
}

Deno.test("encodeFrame() writes a little-endian length prefix and UTF-8 JSON", () => {
  const frame = encodeFrame({ a: "é" });
  const payload = new TextEncoder().encode('{"a":"é"}');
  assert.deepEqual(frame, rawFrame(payload));
  assert.equal(frame[0], payload.length);
});

Deno.test("decoder returns both frames of a two-frame stream split at every byte", () => {
  const first = { type: "request", id: "1", method: "tabs.list", params: { n: "😀" } };
  const second = { type: "event", event: "tab.closed", value: [1, null, true] };
  const stream = concat(encodeFrame(first), encodeFrame(second));
  for (let split = 0; split <= stream.length; split++) {
    const decoder = new FrameDecoder();
    const messages = [
      ...decoder.push(stream.subarray(0, split)),
      ...decoder.push(stream.subarray(split)),
    ];
    assert.deepEqual(messages, [first, second], `split at ${split}`);
    decoder.end();
  }
});

Deno.test("decoder survives a stream fed one byte at a time", () => {
  const stream = concat(encodeFrame("x"), encodeFrame({ deep: [[["y"]]] }));
  const decoder = new FrameDecoder();
  const messages: unknown[] = [];
  for (const byte of stream) messages.push(...decoder.push(Uint8Array.of(byte)));
  assert.deepEqual(messages, ["x", { deep: [[["y"]]] }]);
  decoder.end();
});

Deno.test("decoder returns many frames from one chunk in order", () => {
  const values = Array.from({ length: 500 }, (_, i) => ({ i, s: "v".repeat(i % 7) }));
  const decoder = new FrameDecoder();
  assert.deepEqual(decoder.push(concat(...values.map((v) => encodeFrame(v)))), values);
  decoder.end();
});

Deno.test("decoder does not keep a view of the caller's chunk for a partial frame", () => {
  const frame = encodeFrame({ text: "abcdef" });
  const chunk = frame.slice(0, 10);
  const decoder = new FrameDecoder();
  assert.deepEqual(decoder.push(chunk), []);
  chunk.fill(0);
  assert.deepEqual(decoder.push(frame.subarray(10)), [{ text: "abcdef" }]);
});

Deno.test("decoder rejects a zero length prefix", () => {
  const decoder = new FrameDecoder();
  assertFrameError(() => decoder.push(new Uint8Array(4)), "zero-length");
});

Deno.test("decoder accepts a payload of exactly the cap", () => {
  // A JSON string: quotes plus 1,048,573 letters is exactly 1,048,575 bytes.
  const value = "a".repeat(limits.maxFrameBytes - 2);
  const frame = encodeFrame(value);
  assert.equal(frame.length, 4 + limits.maxFrameBytes);
  const decoder = new FrameDecoder();
  assert.deepEqual(decoder.push(frame.subarray(0, 1000)), []);
  assert.deepEqual(decoder.push(frame.subarray(1000)), [value]);
  decoder.end();
});

Deno.test("decoder rejects cap + 1 as soon as the prefix arrives, before any payload", () => {
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, limits.maxFrameBytes + 1, true);
  const decoder = new FrameDecoder();
  assert.deepEqual(decoder.push(prefix.subarray(0, 3)), []);
  assertFrameError(() => decoder.push(prefix.subarray(3)), "oversize");
});

Deno.test("decoder rejects a 4 GiB length prefix without allocating it", () => {
  const decoder = new FrameDecoder();
  assertFrameError(() => decoder.push(Uint8Array.of(0xff, 0xff, 0xff, 0xff)), "oversize");
});

Deno.test("decoder honours a smaller cap from its options", () => {
  const decoder = new FrameDecoder({ maxFrameBytes: 8 });
  assert.deepEqual(decoder.push(encodeFrame("123456")), ["123456"]);
  assertFrameError(() => decoder.push(encodeFrame("1234567")), "oversize");
});

Deno.test("decoder rejects malformed UTF-8", () => {
  // 0xC3 starts a two-byte sequence; 0x28 cannot continue it.
  const payload = Uint8Array.of(0x22, 0xc3, 0x28, 0x22);
  assertFrameError(() => new FrameDecoder().push(rawFrame(payload)), "bad-utf8");
  // A lone surrogate encoded as UTF-8 (CESU style) is not valid UTF-8 either.
  const surrogate = Uint8Array.of(0x22, 0xed, 0xa0, 0x80, 0x22);
  assertFrameError(() => new FrameDecoder().push(rawFrame(surrogate)), "bad-utf8");
  // An overlong encoding of "/".
  const overlong = Uint8Array.of(0x22, 0xc0, 0xaf, 0x22);
  assertFrameError(() => new FrameDecoder().push(rawFrame(overlong)), "bad-utf8");
  // A payload that ends inside a three-byte sequence.
  const cut = Uint8Array.of(0x22, 0x61, 0x22, 0xe2, 0x82);
  assertFrameError(() => new FrameDecoder().push(rawFrame(cut)), "bad-utf8");
});

Deno.test("decoder accepts a literal U+FFFD, which is valid UTF-8", () => {
  const decoder = new FrameDecoder();
  assert.deepEqual(decoder.push(encodeFrame({ replacement: "a\uFFFDb" })), [{
    replacement: "a\uFFFDb",
  }]);
});

Deno.test("decoder rejects malformed JSON", () => {
  const payload = new TextEncoder().encode('{"a":1');
  assertFrameError(() => new FrameDecoder().push(rawFrame(payload)), "bad-json");
});

Deno.test("decoder rejects a stream that ends inside a frame or a prefix", () => {
  const frame = encodeFrame({ a: 1 });
  const inFrame = new FrameDecoder();
  inFrame.push(frame.subarray(0, frame.length - 1));
  assertFrameError(() => inFrame.end(), "truncated");

  const inPrefix = new FrameDecoder();
  inPrefix.push(frame.subarray(0, 2));
  assertFrameError(() => inPrefix.end(), "truncated");
});

Deno.test("decoder stays poisoned after an error and rethrows the same error", () => {
  const decoder = new FrameDecoder();
  const first = assertFrameError(() => decoder.push(new Uint8Array(4)), "zero-length");
  assert.throws(() => decoder.push(encodeFrame(1)), (error) => error === first);
  assert.throws(() => decoder.end(), (error) => error === first);
});

Deno.test("pushEach() delivers the messages that precede a bad frame", () => {
  const decoder = new FrameDecoder();
  const seen: unknown[] = [];
  const stream = concat(encodeFrame(1), encodeFrame(2), new Uint8Array(4));
  assertFrameError(() => decoder.pushEach(stream, (message) => seen.push(message)), "zero-length");
  assert.deepEqual(seen, [1, 2]);
});

Deno.test("encodeFrame() throws RESULT_TOO_LARGE over the cap instead of truncating", () => {
  const justOver = "a".repeat(limits.maxFrameBytes - 1);
  assert.throws(() => encodeFrame(justOver), (error) => isLeashError(error, "RESULT_TOO_LARGE"));
  // Multi-byte text that is short in UTF-16 units but long in bytes.
  const wide = "é".repeat(Math.ceil(limits.maxFrameBytes / 2));
  assert.throws(() => encodeFrame(wide), (error) => isLeashError(error, "RESULT_TOO_LARGE"));
  assert.throws(() => encodeFrame("abcd", 5), (error) => isLeashError(error, "RESULT_TOO_LARGE"));
  assert.equal(encodeFrame("abc", 5).length, 9);
});

Deno.test("encodeFrame() throws a TypeError for values without a JSON form", () => {
  assert.throws(() => encodeFrame(undefined), TypeError);
  assert.throws(() => encodeFrame(() => 1), TypeError);
  assert.throws(() => encodeFrame(1n), TypeError);
  const cycle: { self?: unknown } = {};
  cycle.self = cycle;
  assert.throws(() => encodeFrame(cycle), TypeError);
});

Deno.test("astral-plane strings survive a round trip split inside a character", () => {
  const value = { text: "𝄞 music, 😀 face, 🜲 alchemy", key: "𐍈" };
  const frame = encodeFrame(value);
  const decoder = new FrameDecoder();
  // 4 (prefix) + 9 ('{"text":"') puts 𝄞 at bytes 13 to 16, so 15 splits it.
  const messages = [...decoder.push(frame.subarray(0, 15)), ...decoder.push(frame.subarray(15))];
  assert.deepEqual(messages, [value]);
});

Deno.test("FrameDecoderStream yields messages and errors on a truncated stream", async () => {
  const good = new Blob([encodeFrame({ a: 1 }), encodeFrame([2])]).stream()
    .pipeThrough(new FrameDecoderStream());
  assert.deepEqual(await Array.fromAsync(good), [{ a: 1 }, [2]]);

  const frame = encodeFrame("cut");
  const cut = new Blob([encodeFrame(1), frame.subarray(0, 5)]).stream()
    .pipeThrough(new FrameDecoderStream());
  const seen: unknown[] = [];
  await assert.rejects(
    async () => {
      for await (const message of cut) seen.push(message);
    },
    (error) => error instanceof FrameError && error.kind === "truncated",
  );
  assert.deepEqual(seen, [1]);
});
