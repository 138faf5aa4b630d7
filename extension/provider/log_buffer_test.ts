import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { LogBuffer } from "./log_buffer.ts";

interface Line {
  seq: number;
  text: string;
}

function filled(count: number, caps = { maxEntries: 5, maxUnits: 1_000 }): LogBuffer<Line> {
  const buffer = new LogBuffer<Line>(caps);
  for (let i = 0; i < count; i++) {
    const line = { seq: buffer.nextSeq(), text: `line ${i + 1}` };
    buffer.push(line, line.text.length);
  }
  return buffer;
}

Deno.test("a log keeps the newest entries within its entry cap and counts the dropped", () => {
  const buffer = filled(8);
  assert.equal(buffer.size, 5);
  const read = buffer.read({ limit: 50 });
  assert.deepEqual(read.entries.map((line) => line.seq), [4, 5, 6, 7, 8]);
  assert.equal(read.cursor, "8");
  assert.equal(read.dropped, 3);
});

Deno.test("a log keeps within its units cap", () => {
  const buffer = filled(10, { maxEntries: 100, maxUnits: 20 });
  assert.ok(buffer.units <= 20);
  assert.deepEqual(buffer.read({ limit: 50 }).entries.map((line) => line.seq), [8, 9, 10]);
});

Deno.test("without since a read returns the newest limit; with since, the next ones oldest first", () => {
  const buffer = filled(5);
  const newest = buffer.read({ limit: 2 });
  assert.deepEqual(newest.entries.map((line) => line.seq), [4, 5]);
  assert.equal(newest.omitted, 3);
  assert.equal(newest.cursor, "5");
  const after = buffer.read({ since: "1", limit: 2 });
  assert.deepEqual(after.entries.map((line) => line.seq), [2, 3]);
  assert.equal(after.cursor, "3");
  assert.equal(after.omitted, 2);
  const nothingNew = buffer.read({ since: "5", limit: 2 });
  assert.deepEqual(nothingNew.entries, []);
  assert.equal(nothingNew.cursor, "5");
});

Deno.test("a read since a cursor counts what the caps dropped after it", () => {
  const buffer = filled(3);
  const seen = buffer.read({ limit: 50 }).cursor;
  for (let i = 0; i < 7; i++) {
    const line = { seq: buffer.nextSeq(), text: "more" };
    buffer.push(line, 4);
  }
  const read = buffer.read({ since: seen, limit: 50 });
  assert.equal(read.dropped, 2);
  assert.deepEqual(read.entries.map((line) => line.seq), [6, 7, 8, 9, 10]);
});

Deno.test("a cursor past the newest entry is another log's: STALE_CURSOR", () => {
  const buffer = filled(2);
  assert.throws(
    () => buffer.read({ since: "9", limit: 5 }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );
});

Deno.test("a filtered read keeps only matching entries", () => {
  const buffer = filled(5);
  const read = buffer.read({ limit: 50, where: (line) => line.seq % 2 === 0 });
  assert.deepEqual(read.entries.map((line) => line.seq), [2, 4]);
});
