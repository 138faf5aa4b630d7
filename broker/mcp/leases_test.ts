import assert from "node:assert/strict";
import { sampleLease } from "./_fake_link.ts";
import { NotedError } from "./errors.ts";
import { LeaseBook, leaseEndNote } from "./leases.ts";

Deno.test("the first reason a lease ended is the one reported", () => {
  const book = new LeaseBook();
  book.granted(sampleLease(), 1);
  book.end("L1", "released");
  book.endGeneration(1, "connection-lost");
  assert.throws(() => book.assertNotEnded("L1"), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.note, leaseEndNote("released"));
    return true;
  });
});

Deno.test("left-origin, learnt from an answer, refines a revocation but nothing else", () => {
  const book = new LeaseBook();
  book.end("A", "revoked");
  book.end("A", "left-origin");
  book.end("A", "released");
  assert.equal(book.get("A")?.ended, "left-origin");
  book.end("B", "released");
  book.end("B", "left-origin");
  assert.equal(book.get("B")?.ended, "released");
});

Deno.test("only the ended connection's leases end with it", () => {
  const book = new LeaseBook();
  book.granted(sampleLease("A"), 1);
  book.granted(sampleLease("B"), 2);
  book.endGeneration(1, "renewed");
  assert.deepEqual(book.live().map((lease) => lease.leaseId), ["B"]);
  assert.equal(book.liveOn(1), 0);
  assert.equal(book.liveOn(2), 1);
});

Deno.test("an epoch is noted only on a live lease", () => {
  const book = new LeaseBook();
  book.granted(sampleLease("A"), 1);
  book.noteEpoch("A", "d1");
  book.end("A", "revoked");
  book.noteEpoch("A", "d2");
  assert.equal(book.get("A")?.epoch, "d1");
});

Deno.test("the book keeps a bounded number of ended leases, oldest dropped first", () => {
  const book = new LeaseBook();
  for (let i = 0; i < 300; i++) book.end(`L${i}`, "revoked");
  assert.equal(book.get("L0"), undefined);
  assert.equal(book.get("L299")?.ended, "revoked");
  book.granted(sampleLease("live"), 1);
  for (let i = 300; i < 600; i++) book.end(`L${i}`, "revoked");
  assert.deepEqual(book.live().map((lease) => lease.leaseId), ["live"]);
});
