import assert from "node:assert/strict";
import { createIdSource, IncomingIds } from "./_peer_ids.ts";

Deno.test("IncomingIds keeps a counting sender's IDs as one entry, past any capacity", () => {
  const ids = new IncomingIds(10);
  const next = createIdSource();
  const sent = Array.from({ length: 25_000 }, next);
  for (const id of sent) assert.equal(ids.admit(id), "new", id);
  assert.equal(ids.size, 1);
  // Nothing was forgotten on the way: every one of them is still a reuse.
  for (const id of [sent[0], sent[9_999], sent[10_000], sent[24_999]]) {
    assert.equal(ids.admit(id), "reused", id);
  }
  assert.equal(ids.admit(next()), "new");
});

Deno.test("IncomingIds still closes at capacity for IDs that do not count", () => {
  const ids = new IncomingIds(3);
  assert.deepEqual(["a", "b", "c", "d"].map((id) => ids.admit(id)), ["new", "new", "new", "full"]);
  assert.equal(ids.has("d"), false, "an ID refused for capacity is not remembered");
  // Counted IDs out of order, and a new prefix each time, cost an entry each.
  const counted = new IncomingIds(3);
  assert.deepEqual(
    ["p-5", "p-3", "q-0", "r-0"].map((id) => counted.admit(id)),
    ["new", "new", "new", "full"],
  );
});

Deno.test("IncomingIds remembers counted IDs out of order exactly, and folds them in when the run reaches them", () => {
  const ids = new IncomingIds(100);
  assert.equal(ids.admit("p-0"), "new");
  assert.equal(ids.admit("p-3"), "new", "ahead of the run: kept alone");
  assert.equal(ids.admit("p-2"), "new");
  assert.equal(ids.size, 3);
  assert.equal(ids.has("p-1"), false, "a gap is not taken for seen");
  assert.equal(ids.admit("p-1"), "new");
  assert.equal(ids.size, 1, "p-2 and p-3 joined the run once p-1 arrived");
  assert.deepEqual(
    ["p-0", "p-1", "p-2", "p-3"].map((id) => ids.admit(id)),
    ["reused", "reused", "reused", "reused"],
  );
  assert.equal(ids.admit("p-4"), "new");
  assert.equal(ids.size, 1);
  // A run starts at its prefix's first counter and does not cover what lies before it.
  assert.equal(ids.admit("q-a"), "new");
  assert.equal(ids.has("q-9"), false);
  assert.equal(ids.admit("q-9"), "new");
  assert.equal(ids.admit("q-9"), "reused");
});

Deno.test("IncomingIds does not read a counter into IDs that only look like one", () => {
  const ids = new IncomingIds(100);
  assert.equal(ids.admit("p-1"), "new");
  for (const id of ["p-01", "p-+1", "p-1.0", "p-1e0", "p-A", "p--1", "p-", "-1", "p-1 "]) {
    assert.equal(ids.has(id), false, id);
    assert.equal(ids.admit(id), "new", id);
    assert.equal(ids.admit(id), "reused", id);
  }
  // Eleven base-36 digits may pass the safe integers: such an ID is kept alone.
  assert.equal(ids.admit("p-zzzzzzzzzzz"), "new");
  assert.equal(ids.admit("p-zzzzzzzzzzz"), "reused");
});

Deno.test("IncomingIds hands a cancel's entry to its request, which then joins the run", () => {
  const ids = new IncomingIds(2);
  assert.equal(ids.admit("p-0"), "new");
  assert.equal(ids.cancelEarly("p-1"), true);
  assert.equal(ids.size, 2);
  assert.equal(ids.cancelEarly("x"), false, "the capacity counts early cancels");
  assert.equal(ids.admit("p-1"), "cancelled");
  assert.equal(ids.size, 1);
  assert.equal(ids.admit("p-1"), "reused");
});

Deno.test("IncomingIds decides reuse exactly as a plain set of every ID would", () => {
  // A seeded walk over a small alphabet of counted, near-counted and plain IDs.
  let state = 0x9e3779b9;
  const random = (n: number) => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state % n;
  };
  const shapes = [
    () => `p-${random(40).toString(36)}`,
    () => `q-${random(8).toString(36)}`,
    () => `p-0${random(5)}`,
    () => `${random(30)}`,
    () => `r-${random(3)}-${random(3)}`,
  ];
  const ids = new IncomingIds(Number.MAX_SAFE_INTEGER);
  const seen = new Set<string>();
  let reused = 0;
  for (let step = 0; step < 20_000; step++) {
    const id = shapes[random(shapes.length)]();
    const expected = seen.has(id) ? "reused" : "new";
    assert.equal(ids.admit(id), expected, `step ${step}: ${id}`);
    if (expected === "reused") reused++;
    seen.add(id);
  }
  assert.ok(reused > 10_000, "the walk reused IDs often");
  assert.ok(ids.size < seen.size, "and kept fewer entries than IDs");
});
