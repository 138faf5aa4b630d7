import assert from "node:assert/strict";
import { isLeashError } from "../contracts/errors.ts";
import { FrameDecoder } from "../contracts/framing.ts";
import { BrowserFrameWriter, SecretInFrameError } from "./browser_writer.ts";

function collector() {
  const chunks: Uint8Array[] = [];
  const writable = new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) });
  return { chunks, writable };
}

Deno.test("BrowserFrameWriter writes whole frames in order", async () => {
  const { chunks, writable } = collector();
  const writer = new BrowserFrameWriter(writable);
  await writer.write({ a: 1 });
  await writer.write({ b: 2 });
  await writer.flush();
  const decoder = new FrameDecoder();
  assert.deepEqual(chunks.flatMap((chunk) => decoder.push(chunk)), [{ a: 1 }, { b: 2 }]);
});

Deno.test("BrowserFrameWriter refuses a frame above its cap and writes nothing", async () => {
  const { chunks, writable } = collector();
  const writer = new BrowserFrameWriter(writable, 16);
  await assert.rejects(
    writer.write("x".repeat(20)),
    (error) => isLeashError(error, "RESULT_TOO_LARGE"),
  );
  assert.equal(chunks.length, 0);
});

Deno.test("BrowserFrameWriter refuses a frame holding a refused secret and writes nothing", async () => {
  const { chunks, writable } = collector();
  const writer = new BrowserFrameWriter(writable);
  const secret = "0123456789abcdef".repeat(4);
  writer.refuse(secret);
  await assert.rejects(writer.write({ value: `x${secret}y` }), SecretInFrameError);
  await assert.rejects(writer.write({ [secret]: 1 }), SecretInFrameError);
  await writer.write({ value: secret.slice(1) });
  assert.equal(chunks.length, 1);
});
