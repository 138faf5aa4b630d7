import assert from "node:assert/strict";
import { openedTabsKey, type SessionArea, StoredOpenedTabs } from "./opened_tabs.ts";

/** A storage area in memory, shared by every record built on it (as across worker restarts). */
function memoryArea(): SessionArea & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  return {
    items,
    get: (key) => Promise.resolve(key in items ? { [key]: structuredClone(items[key]) } : {}),
    set: (next) => {
      Object.assign(items, structuredClone(next));
      return Promise.resolve();
    },
  };
}

Deno.test("StoredOpenedTabs keeps what it opened across a new record on the same storage (a worker restart)", async () => {
  const area = memoryArea();
  const before = new StoredOpenedTabs(area);
  await before.add(5);
  await before.add(9);
  const after = new StoredOpenedTabs(area);
  assert.equal(await after.has(5), true);
  assert.equal(await after.has(9), true);
  assert.equal(await after.has(6), false);
  await after.remove(5);
  assert.equal(await new StoredOpenedTabs(area).has(5), false);
});

Deno.test("StoredOpenedTabs loses no update when several overlap", async () => {
  const area = memoryArea();
  const opened = new StoredOpenedTabs(area);
  await Promise.all([1, 2, 3, 4].map((id) => opened.add(id)));
  await opened.remove(2);
  assert.deepEqual(area.items[openedTabsKey], [1, 3, 4]);
});

Deno.test("StoredOpenedTabs ignores a malformed slot and prunes tabs that are gone", async () => {
  const area = memoryArea();
  area.items[openedTabsKey] = ["7", -1, 3, 1.5, null];
  const opened = new StoredOpenedTabs(area);
  assert.equal(await opened.has(3), true);
  assert.equal(await opened.has(7), false);
  await opened.add(8);
  await opened.prune((id) => Promise.resolve(id === 8));
  assert.deepEqual(area.items[openedTabsKey], [8]);
});
