import assert from "node:assert/strict";
import type { Driver } from "./driver.ts";
import type { PageRecord, ToolRun } from "./phase.ts";
import { notMeasured, pageRows } from "./rows.ts";

function run(short: string, record: PageRecord | undefined, navigateShowsPage = true): ToolRun {
  const driver: Driver = {
    label: short,
    steps: { observe: `${short}_observe`, click: `${short}_click`, navigate: `${short}_go` },
    navigateShowsPage,
    open: () => Promise.resolve(),
    observe: () => Promise.resolve({ text: "", structured: undefined }),
    findButton: () => Promise.resolve({ ref: "e1", extra: [] }),
    click: () => Promise.resolve({ text: "", structured: undefined }),
    navigate: () => Promise.resolve({ text: "", structured: undefined }),
    close: () => Promise.resolve(),
  };
  return { short, driver, pages: new Map(record === undefined ? [] : [["long", record]]) };
}

function record(overrides: Partial<PageRecord>): PageRecord {
  return {
    observeMs: [10, 20, 30],
    observeTokens: [100, 100, 100],
    findExtraTokens: 0,
    clickMs: [5, 5, 50],
    clickTokens: [7, 7, 7],
    findMs: [1],
    navigateMs: [],
    navigateTokens: [],
    navigateLookMs: [],
    navigateLookTokens: [],
    failed: { observe: [], click: [], navigate: [] },
    ...overrides,
  };
}

const page = { key: "long", url: "http://x/long.html", button: "Open order 9", rounds: 3 };

Deno.test("pageRows gives ours / theirs ratios with lower-is-better notes", () => {
  const ours = run("Leash", record({ findExtraTokens: 30 }));
  const theirs = run("Other", record({ observeTokens: [1_000, 1_000, 1_000], clickMs: [10, 10] }));
  const rows = pageRows(ours, theirs, page);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const tokens = byName.get("long observe tokens vs Other");
  assert.ok(tokens !== undefined);
  assert.equal(tokens.ratio, 0.1);
  assert.equal(tokens.unit, "tokens");
  assert.equal(byName.get("long observe median vs Other")?.ours, 20);
  assert.equal(byName.get("long click p90 vs Other")?.ours, 50);
  assert.equal(byName.get("long click median vs Other")?.ratio, 0.5);
  assert.match(byName.get("long click median vs Other")?.note ?? "", /n=3\/2/);
  const reach = byName.get('long tokens to reach "Open order 9" vs Other');
  assert.equal(reach?.ours, 130);
  assert.equal(reach?.baseline, 1_000);
  assert.ok(rows.every((row) => row.note?.endsWith("lower is better")));
});

Deno.test("pageRows says which timed calls failed and leaves out steps with no timing", () => {
  const ours = run(
    "Leash",
    record({
      clickMs: [],
      failed: { observe: ["Cannot run look: TIMEOUT: slow"], click: [], navigate: [] },
    }),
  );
  const rows = pageRows(ours, run("Other", record({})), page);
  const median = rows.find((row) => row.name === "long observe median vs Other");
  assert.match(median?.note ?? "", /ours failed 1 \(TIMEOUT\)/);
  assert.ok(!rows.some((row) => row.name.startsWith("long click median")));
  assert.ok(!rows.some((row) => row.name.includes("reach")), "no query was needed");
  assert.deepEqual(pageRows(ours, run("Missing", undefined), page), []);
});

Deno.test("notMeasured carries no number", () => {
  const row = notMeasured("DevTools MCP", "skipped: needs node ^22");
  assert.ok(Number.isNaN(row.ours) && Number.isNaN(row.baseline) && Number.isNaN(row.ratio));
  assert.equal(row.name, "DevTools MCP: not measured");
});

Deno.test("pageRows compares navigations until the model has read the page, naming the look taken", () => {
  const ours = run("Leash", record({ navigateMs: [300], navigateLookMs: [300] }));
  const theirs = run(
    "Other",
    record({ navigateMs: [100], navigateLookMs: [600], navigateLookTokens: [900] }),
    false,
  );
  const byName = new Map(pageRows(ours, theirs, page).map((row) => [row.name, row]));
  assert.equal(byName.get("long navigate median vs Other")?.ratio, 3);
  const looked = byName.get("long navigate and look median vs Other");
  assert.equal(looked?.ratio, 0.5);
  assert.match(looked?.note ?? "", /^Leash_go vs Other_go \+ Other_observe;/);
});
