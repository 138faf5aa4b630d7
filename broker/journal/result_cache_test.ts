import assert from "node:assert/strict";
import { ResultCache, serializedSize } from "./result_cache.ts";
import { ManualClock } from "./_testing.ts";

const limits = { entries: 3, bytes: 1_000, ageMs: 120_000 };

Deno.test("ResultCache evicts the oldest entry past its count", () => {
  const cache = new ResultCache<string>(limits, new ManualClock().now);
  for (const id of [1, 2, 3, 4]) cache.put(id, "lease", `r${id}`);
  assert.equal(cache.lookup(1), undefined);
  assert.deepEqual([2, 3, 4].map((id) => cache.lookup(id)?.result), ["r2", "r3", "r4"]);
  assert.equal(cache.size, 3);
});

Deno.test("ResultCache evicts the oldest entries past its byte bound and skips an oversized result", () => {
  const cache = new ResultCache<string>(limits, new ManualClock().now);
  const big = "x".repeat(400);
  cache.put(1, "lease", big);
  cache.put(2, "lease", big);
  assert.equal(cache.bytes, 2 * serializedSize(big));
  cache.put(3, "lease", big);
  assert.equal(cache.lookup(1), undefined);
  assert.ok(cache.lookup(2) !== undefined && cache.lookup(3) !== undefined);
  cache.put(4, "lease", "y".repeat(1_000));
  assert.equal(cache.lookup(4), undefined, "a result larger than the bound is not kept");
  assert.ok(cache.lookup(3) !== undefined, "and evicts nothing");
});

Deno.test("ResultCache counts UTF-8 bytes of the JSON", () => {
  assert.equal(serializedSize({ a: "é" }), '{"a":"é"}'.length + 1);
});

Deno.test("ResultCache drops entries older than its age bound", () => {
  const clock = new ManualClock();
  const cache = new ResultCache<string>(limits, clock.now);
  cache.put(1, "lease", "r1");
  clock.advance(60_000);
  cache.put(2, "lease", "r2");
  clock.advance(60_000);
  assert.equal(cache.lookup(1), undefined);
  assert.equal(cache.lookup(2)?.result, "r2");
  clock.advance(60_000);
  assert.equal(cache.lookup(2), undefined);
  assert.equal(cache.bytes, 0);
});

Deno.test("ResultCache.purgeLease() drops only that lease's results", () => {
  const cache = new ResultCache<string>(limits, new ManualClock().now);
  cache.put(1, "lease-a", "r1");
  cache.put(2, "lease-b", "r2");
  cache.put(3, "lease-a", "r3");
  assert.equal(cache.purgeLease("lease-a"), 2);
  assert.deepEqual([1, 2, 3].map((id) => cache.lookup(id)?.result), [undefined, "r2", undefined]);
});
