import assert from "node:assert/strict";
import { EpochBook } from "./epochs.ts";
import { counter } from "./_test_utils.ts";

Deno.test("epochFor() is stable for one document and new for a new loader", () => {
  const book = new EpochBook();
  const first = book.epochFor("lease", "frame", "loader-1");
  assert.equal(book.epochFor("lease", "frame", "loader-1"), first);
  const second = book.epochFor("lease", "frame", "loader-2");
  assert.notEqual(second, first);
  assert.equal(book.current("lease", "frame"), second);
});

Deno.test("default epochs are 12 base32 characters and differ", () => {
  const book = new EpochBook();
  const epochs = new Set<string>();
  for (let i = 0; i < 200; i++) epochs.add(book.epochFor("lease", "frame", `loader-${i}`));
  assert.equal(epochs.size, 200);
  for (const epoch of epochs) assert.match(epoch, /^[a-z2-7]{12}$/);
});

Deno.test("a superseded epoch is retired with its refs", () => {
  const book = new EpochBook();
  const old = book.epochFor("lease", "frame", "loader-1");
  const ref = book.refTable(old)?.refFor(42, { role: "button", name: "Pay" });
  assert.equal(ref, "e1");
  book.epochFor("lease", "frame", "loader-2");
  assert.equal(book.describe(old), undefined);
  assert.equal(book.refTable(old), undefined);
  assert.equal(book.resolve("lease", old, "e1"), undefined);
});

Deno.test("a loader that comes back gets a fresh epoch, not its old one", () => {
  const book = new EpochBook();
  const first = book.epochFor("lease", "frame", "loader-1");
  book.epochFor("lease", "frame", "loader-2");
  assert.notEqual(book.epochFor("lease", "frame", "loader-1"), first);
});

Deno.test("refs of a new document of the same lease never repeat the old ones", () => {
  const book = new EpochBook();
  const old = book.epochFor("lease", "frame", "loader-1");
  const oldRefs = [1, 2, 3].map((id) => book.refTable(old)?.refFor(id, { role: "link", name: "" }));
  const fresh = book.epochFor("lease", "frame", "loader-2");
  const newRef = book.refTable(fresh)?.refFor(1, { role: "link", name: "" });
  assert.deepEqual(oldRefs, ["e1", "e2", "e3"]);
  assert.equal(newRef, "e4");
  assert.equal(book.resolve("lease", fresh, "e1"), undefined);
});

Deno.test("resolve() refuses an epoch of another lease", () => {
  const book = new EpochBook();
  const mine = book.epochFor("mine", "frame", "loader");
  book.refTable(mine)?.refFor(42, { role: "button", name: "Pay" });
  book.epochFor("theirs", "frame", "loader");
  assert.deepEqual(book.resolve("mine", mine, "e1"), {
    backendNodeId: 42,
    role: "button",
    name: "Pay",
  });
  assert.equal(book.resolve("theirs", mine, "e1"), undefined);
});

Deno.test("two leases on the same document get different epochs", () => {
  const book = new EpochBook();
  assert.notEqual(book.epochFor("a", "frame", "loader"), book.epochFor("b", "frame", "loader"));
});

Deno.test("frames of one lease have their own epochs and locate() finds a ref's document", () => {
  const book = new EpochBook({ token: counter("d") });
  const main = book.epochFor("lease", "main", "L1");
  const child = book.epochFor("lease", "child", "L2");
  book.refTable(main)?.refFor(1, { role: "button", name: "Top" });
  book.refTable(child)?.refFor(1, { role: "button", name: "Inner" });
  assert.deepEqual(book.locate("lease", "e2"), {
    leaseId: "lease",
    frameId: "child",
    loaderId: "L2",
    documentEpoch: child,
    target: { backendNodeId: 1, role: "button", name: "Inner" },
  });
  assert.equal(book.locate("lease", "e3"), undefined);
  assert.equal(book.locate("other", "e1"), undefined);
});

Deno.test("forget() drops every epoch and ref of a lease only", () => {
  const book = new EpochBook();
  const gone = book.epochFor("gone", "frame", "loader");
  const kept = book.epochFor("kept", "frame", "loader");
  book.forget("gone");
  assert.equal(book.describe(gone), undefined);
  assert.equal(book.current("gone", "frame"), undefined);
  assert.deepEqual(book.describe(kept), { leaseId: "kept", frameId: "frame", loaderId: "loader" });
  // A forgotten lease starts over with new epochs.
  assert.notEqual(book.epochFor("gone", "frame", "loader"), gone);
});

Deno.test("the least recently used document of a lease goes past the bound", () => {
  const book = new EpochBook({ maxDocumentsPerLease: 2 });
  const a = book.epochFor("lease", "a", "loader");
  const b = book.epochFor("lease", "b", "loader");
  book.epochFor("lease", "a", "loader"); // a is now the most recent
  book.epochFor("lease", "c", "loader");
  assert.equal(book.describe(b), undefined);
  assert.ok(book.describe(a) !== undefined);
});

Deno.test("a token generator that repeats cannot alias two epochs", () => {
  const book = new EpochBook({ token: () => "same" });
  book.epochFor("lease", "a", "loader");
  assert.throws(() => book.epochFor("lease", "b", "loader"), /Cannot mint a token/);
});
