import assert from "node:assert/strict";
import { formatTabId, parseTabId } from "./tab_ids.ts";

Deno.test("wire tab IDs name tabs of this instance only", () => {
  assert.equal(formatTabId("inst", 42), "inst:42");
  assert.equal(parseTabId("inst", "inst:42"), 42);
  assert.equal(parseTabId("inst", "other:42"), undefined);
  assert.equal(parseTabId("inst", "inst:0"), undefined);
  assert.equal(parseTabId("inst", "inst:-1"), undefined);
  assert.equal(parseTabId("inst", "inst:4x"), undefined);
  assert.equal(parseTabId("inst", "inst:99999999999999999"), undefined);
  assert.equal(parseTabId("inst", "inst"), undefined);
});
