import assert from "node:assert/strict";
import { limits } from "../../contracts/limits.ts";
import { OpenedTabs } from "./opened_tabs.ts";

Deno.test("OpenedTabs.since() names the tabs opened after a mark, per lease", () => {
  const opened = new OpenedTabs();
  opened.add("L1", "i:5");
  const mark = opened.mark("L1");
  assert.deepEqual(opened.since("L1", mark), []);
  opened.add("L1", "i:6");
  opened.add("L2", "i:7");
  assert.deepEqual(opened.since("L1", mark), ["i:6"]);
  assert.deepEqual(opened.since("L1", 0), ["i:5", "i:6"]);
  assert.deepEqual(opened.since("L2", 0), ["i:7"]);
  assert.deepEqual(opened.since("L3", 0), []);
});

Deno.test("OpenedTabs keeps only the latest tabs of a lease, and forgets an ended lease", () => {
  const opened = new OpenedTabs();
  const count = limits.maxOpenedTabs + 3;
  for (let i = 0; i < count; i++) opened.add("L1", `i:${i}`);
  const since = opened.since("L1", 0);
  assert.equal(since.length, limits.maxOpenedTabs);
  assert.equal(since.at(-1), `i:${count - 1}`);
  assert.deepEqual(opened.since("L1", count - 1), [`i:${count - 1}`]);
  opened.forget("L1");
  assert.equal(opened.mark("L1"), 0);
  assert.deepEqual(opened.since("L1", 0), []);
});
