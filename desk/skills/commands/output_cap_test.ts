import assert from "node:assert/strict";
import { OutputCap } from "./output_cap.ts";
import { commandsRuntime } from "./runtime.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("OutputCap keeps the head and the tail across chunks of any size", () => {
  const cap = new OutputCap({ headBytes: 4, tailBytes: 5, jsonBytes: 1000 });
  for (const chunk of ["ab", "cdef", "g", "hijklmnop", "qr", "stuvwxyz"]) cap.push(bytes(chunk));
  const result = cap.result();
  assert.equal(result.totalBytes, 26);
  assert.equal(result.truncated, true);
  assert.equal(result.text, "abcd\n[… 17 bytes of output left out …]\nvwxyz");
});

Deno.test("OutputCap keeps a short stream whole", () => {
  const cap = new OutputCap({ headBytes: 4, tailBytes: 5, jsonBytes: 1000 });
  cap.push(bytes("abcdef"));
  cap.push(bytes("ghi"));
  assert.deepEqual(cap.result(), { text: "abcdefghi", totalBytes: 9, truncated: false });
});

Deno.test("OutputCap fits text that JSON escapes sixfold to its JSON budget", () => {
  const cap = new OutputCap({ headBytes: 600, tailBytes: 600, jsonBytes: 1000 });
  cap.push(new Uint8Array(1200).fill(1));
  const result = cap.result();
  assert.equal(result.truncated, true);
  assert.ok(new TextEncoder().encode(JSON.stringify(result.text)).length <= 1000);
  assert.ok(result.text.startsWith("\u0001") && result.text.endsWith("\u0001"));
});

Deno.test("the commands skill is unavailable where there are no process groups", () => {
  assert.deepEqual(commandsRuntime("linux"), { available: true });
  const windows = commandsRuntime("win32");
  assert.equal(windows.available, false);
});
