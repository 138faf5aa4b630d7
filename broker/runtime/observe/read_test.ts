import assert from "node:assert/strict";
import { maxAxNodes } from "../../../contracts/methods/mod.ts";
import { defaultMaxTokens } from "./budget.ts";
import { readRows } from "./read.ts";

Deno.test("a read covers the default budget's rows unless no delta can follow", () => {
  const defaultRows = Math.ceil(defaultMaxTokens / 3);
  assert.equal(readRows(undefined), defaultRows);
  // The read after an action is smaller in tokens, yet covers the rows a delta compares.
  assert.equal(readRows(1_500), defaultRows);
  assert.equal(readRows(1_500, true), 500);
  assert.equal(readRows(30_000), Math.min(maxAxNodes, 10_000));
  assert.equal(readRows(10_000_000, true), maxAxNodes);
});
