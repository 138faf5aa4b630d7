import assert from "node:assert/strict";
import { keepRows, type TreeRow } from "./tree.ts";

function row(backendNodeId: number, parent: number | null, level: number): TreeRow {
  return { backendNodeId, role: "group", name: "", states: [], level, parent };
}

Deno.test("keepRows() re-points parents at the nearest kept ancestor and recounts levels", () => {
  const rows = [row(1, null, 0), row(2, 0, 1), row(3, 1, 2), row(4, 0, 1)];
  assert.deepEqual(keepRows(rows, [true, false, true, true]), [
    row(1, null, 0),
    row(3, 0, 1),
    row(4, 0, 1),
  ]);
});

Deno.test("keepRows() lifts rows whose ancestors are all gone to the top, keeping relative depth", () => {
  const rows = [row(1, null, 0), row(2, 0, 1), row(3, 1, 2), row(9, null, 2)];
  assert.deepEqual(keepRows(rows, [false, true, true, true]), [
    row(2, null, 0),
    row(3, 0, 1),
    row(9, null, 1),
  ]);
});
