import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import type { ObservationScope } from "../../../contracts/methods/mod.ts";
import { CursorBook } from "./cursors.ts";

const page: ObservationScope = { kind: "page" };
const staleCursor = (error: unknown) => isLeashError(error, "STALE_CURSOR");

Deno.test("baseline() returns what record() remembered, and again on reuse", () => {
  const book = new CursorBook();
  const cursor = book.record({ leaseId: "L", documentEpoch: "D", scope: page, rows: [] });
  const expected = { leaseId: "L", documentEpoch: "D", scope: page };
  assert.deepEqual(book.baseline(cursor, expected), { ...expected, rows: [] });
  assert.deepEqual(book.baseline(cursor, expected).rows, []);
});

Deno.test("baseline() rejects another lease, document or scope with STALE_CURSOR", () => {
  const book = new CursorBook();
  const scope: ObservationScope = { kind: "query", query: "Pay" };
  const cursor = book.record({ leaseId: "L", documentEpoch: "D", scope, rows: [] });
  assert.throws(
    () => book.baseline(cursor, { leaseId: "M", documentEpoch: "D", scope }),
    staleCursor,
  );
  assert.throws(
    () => book.baseline(cursor, { leaseId: "L", documentEpoch: "E", scope }),
    staleCursor,
  );
  assert.throws(
    () => book.baseline(cursor, { leaseId: "L", documentEpoch: "D", scope: page }),
    staleCursor,
  );
  assert.throws(
    () =>
      book.baseline(cursor, {
        leaseId: "L",
        documentEpoch: "D",
        scope: { ...scope, rootRef: "e1" },
      }),
    staleCursor,
  );
  assert.throws(
    () => book.baseline("never-issued", { leaseId: "L", documentEpoch: "D", scope }),
    staleCursor,
  );
});

Deno.test("each lease keeps its most recently used cursors", () => {
  const book = new CursorBook({ perLease: 2 });
  const expected = { leaseId: "L", documentEpoch: "D", scope: page };
  const first = book.record({ ...expected, rows: [] });
  const second = book.record({ ...expected, rows: [] });
  const other = book.record({ leaseId: "M", documentEpoch: "D", scope: page, rows: [] });
  book.baseline(first, expected); // first is now more recent than second
  book.record({ ...expected, rows: [] });
  assert.throws(() => book.baseline(second, expected), staleCursor);
  assert.ok(book.baseline(first, expected));
  assert.ok(book.baseline(other, { ...expected, leaseId: "M" }));
});

Deno.test("the book is bounded in total", () => {
  const book = new CursorBook({ perLease: 8, total: 3 });
  const cursors = ["A", "B", "C", "D"].map((leaseId) =>
    book.record({ leaseId, documentEpoch: "D", scope: page, rows: [] })
  );
  assert.equal(book.size, 3);
  assert.throws(
    () => book.baseline(cursors[0], { leaseId: "A", documentEpoch: "D", scope: page }),
    staleCursor,
  );
});

Deno.test("forget() drops a lease's cursors and latest() finds the newest match", () => {
  const book = new CursorBook();
  const a1 = book.record({ leaseId: "A", documentEpoch: "D", scope: page, rows: [] });
  const a2 = book.record({ leaseId: "A", documentEpoch: "D", scope: page, rows: [] });
  book.record({ leaseId: "A", documentEpoch: "D", scope: { kind: "query", query: "q" }, rows: [] });
  assert.equal(book.latest("A", "D", page), a2);
  assert.equal(book.latest("A", "E", page), undefined);
  book.forget("A");
  assert.equal(book.size, 0);
  assert.throws(
    () => book.baseline(a1, { leaseId: "A", documentEpoch: "D", scope: page }),
    staleCursor,
  );
});

Deno.test("default cursors are random and distinct", () => {
  const book = new CursorBook();
  const a = book.record({ leaseId: "A", documentEpoch: "D", scope: page, rows: [] });
  const b = book.record({ leaseId: "A", documentEpoch: "D", scope: page, rows: [] });
  assert.notEqual(a, b);
  assert.match(a, /^[a-z2-7]{12}$/);
});

Deno.test("history() lists one lease's observations of a document and scope, newest first", () => {
  const book = new CursorBook();
  const row = (backendNodeId: number) => ({
    backendNodeId,
    ref: null,
    role: "text",
    name: String(backendNodeId),
    states: [],
    level: 0,
  });
  book.record({ leaseId: "L", documentEpoch: "D", scope: page, rows: [row(1)] });
  book.record({ leaseId: "M", documentEpoch: "D", scope: page, rows: [row(2)] });
  book.record({ leaseId: "L", documentEpoch: "E", scope: page, rows: [row(3)] });
  book.record({ leaseId: "L", documentEpoch: "D", scope: { kind: "query", query: "x" }, rows: [] });
  book.record({ leaseId: "L", documentEpoch: "D", scope: page, rows: [row(4)] });
  assert.deepEqual(
    book.history("L", "D", page).map((record) => record.rows.map((one) => one.backendNodeId)),
    [[4], [1]],
  );
  book.forget("L");
  assert.deepEqual(book.history("L", "D", page), []);
});
