import assert from "node:assert/strict";
import { textChunks } from "./input.ts";

Deno.test("textChunks() splits long text without losing or reordering anything", () => {
  const text = "abcdefghij".repeat(5);
  const chunks = textChunks(text, 8);
  assert.equal(chunks.join(""), text);
  assert.ok(chunks.every((chunk) => chunk.length <= 8));
  assert.deepEqual(textChunks("", 8), []);
});

Deno.test("textChunks() never splits a surrogate pair", () => {
  const text = "a😀b😀c😀";
  const chunks = textChunks(text, 2);
  assert.equal(chunks.join(""), text);
  for (const chunk of chunks) assert.ok(chunk.isWellFormed(), JSON.stringify(chunk));
});
