import assert from "node:assert/strict";
import type { TabInfo } from "./methods/mod.ts";
import { redactTabs } from "./tab_listing.ts";

const url = "https://app.example/p?code=XYZ&page=2#id_token=abc";
const leasedView = "https://app.example/p?code=[redacted]&page=2#id_token=[redacted]";
const unleasedView = "https://app.example/p?code=[redacted]&page=[redacted]#[redacted]";

const tabs: TabInfo[] = [
  { tab: "i:1", active: true, title: "Leased", url },
  { tab: "i:2", active: false, title: "Its popup", url, openedBy: "i:1" },
  { tab: "i:3", active: false, title: "Another", url, openedBy: "i:9" },
  { tab: "i:4", active: false },
];

Deno.test("redactTabs() shows the viewer's leased tabs and their popups in the leased view", () => {
  assert.deepEqual(redactTabs(tabs, { discovery: true, leasedTabs: new Set(["i:1"]) }), [
    { tab: "i:1", active: true, title: "Leased", url: leasedView },
    { tab: "i:2", active: false, title: "Its popup", url: leasedView, openedBy: "i:1" },
    { tab: "i:3", active: false, title: "Another", url: unleasedView },
    { tab: "i:4", active: false },
  ]);
});

Deno.test("redactTabs() shows every tab in the unleased view to a viewer without leases", () => {
  assert.deepEqual(redactTabs(tabs, { discovery: true, leasedTabs: new Set() }), [
    { tab: "i:1", active: true, title: "Leased", url: unleasedView },
    { tab: "i:2", active: false, title: "Its popup", url: unleasedView },
    { tab: "i:3", active: false, title: "Another", url: unleasedView },
    { tab: "i:4", active: false },
  ]);
});

Deno.test("redactTabs() without discovery shows tab IDs, the active flag and popups of the viewer's leased tabs only", () => {
  assert.deepEqual(redactTabs(tabs, { discovery: false, leasedTabs: new Set(["i:1"]) }), [
    { tab: "i:1", active: true },
    { tab: "i:2", active: false, openedBy: "i:1" },
    { tab: "i:3", active: false },
    { tab: "i:4", active: false },
  ]);
  assert.deepEqual(redactTabs(tabs, { discovery: false, leasedTabs: new Set() })[1], {
    tab: "i:2",
    active: false,
  });
});

Deno.test("redactTabs() leaves out a URL that outgrows the wire once redacted", () => {
  const long = `https://app.example/?${"a=1&".repeat(2_000)}`;
  assert.ok(long.length <= 8192);
  assert.deepEqual(
    redactTabs([{ tab: "i:1", active: false, title: "Long", url: long }], {
      discovery: true,
      leasedTabs: new Set(),
    }),
    [{ tab: "i:1", active: false, title: "Long" }],
  );
});

Deno.test("redactTabs() applied twice equals applied once, so both sides can apply it", () => {
  for (const leasedTabs of [new Set<string>(), new Set(["i:1"]), new Set(["i:3"])]) {
    const viewer = { discovery: true, leasedTabs };
    const once = redactTabs(tabs, viewer);
    assert.deepEqual(redactTabs(once, viewer), once);
  }
});
