import assert from "node:assert/strict";
import { median, percentile, tokensOf } from "./stats.ts";

Deno.test("median takes the middle value, or the mean of the middle two", () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

Deno.test("percentile uses the nearest rank", () => {
  const values = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  assert.equal(percentile(values, 90), 90);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile([7, 3, 5], 90), 7);
  assert.equal(percentile([4], 90), 4);
  assert.ok(Number.isNaN(percentile([], 90)));
});

Deno.test("tokensOf counts more tokens for more text", () => {
  assert.equal(tokensOf(""), 0);
  const one = tokensOf('button "Send" ref=e4');
  assert.ok(one > 0);
  assert.ok(tokensOf('button "Send" ref=e4\n'.repeat(10)) > one * 5);
});
