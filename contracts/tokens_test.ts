import assert from "node:assert/strict";
import { estimateTokens } from "./tokens.ts";

Deno.test("estimateTokens() charges words, numbers, punctuation and other scripts", () => {
  assert.equal(estimateTokens(""), 0);
  assert.equal(estimateTokens("cell"), 1);
  assert.equal(estimateTokens("Lovelace"), 2);
  assert.equal(estimateTokens("1234567"), 3);
  assert.equal(estimateTokens('button "Pay" ref=e12'), 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1);
  assert.equal(estimateTokens("    link"), 2);
  assert.equal(estimateTokens("東京🙂"), 3);
  assert.equal(estimateTokens("a\nb"), 3);
});

Deno.test("estimateTokens() adds up over lines joined by newlines", () => {
  const lines = ['  row "Item 1 3 pcs"', '    cell "Item 1"', "      button ref=e1"];
  const sum = lines.reduce((total, line) => total + estimateTokens(line), 0) + lines.length - 1;
  assert.equal(estimateTokens(lines.join("\n")), sum);
});
