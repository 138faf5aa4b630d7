import assert from "node:assert/strict";
import { Backoff } from "./backoff.ts";

Deno.test("backoff doubles up to its cap and starts over after a reset", () => {
  const backoff = new Backoff({ initialMs: 500, maxMs: 4_000, random: () => 0 });
  assert.deepEqual([1, 2, 3, 4, 5].map(() => backoff.next()), [500, 1000, 2000, 4000, 4000]);
  backoff.reset();
  assert.equal(backoff.next(), 500);
});

Deno.test("jitter only shortens a delay, by at most a fifth", () => {
  const backoff = new Backoff({ initialMs: 1000, random: () => 0.999 });
  const delay = backoff.next();
  assert.ok(delay <= 1000 && delay >= 800);
});
