import assert from "node:assert/strict";
import type { SessionArea } from "./opened_tabs.ts";
import { standingDurations, StandingGrants, standingGrantsKey } from "./standing_grants.ts";

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

const claude = { clientName: "claude-code" };
const app = "http://localhost:5173";

Deno.test("a standing grant covers its client on its exact origin until it expires, then never", async () => {
  let now = 1_000;
  const area = memoryArea();
  const grants = new StandingGrants(area, () => now);
  await grants.add(claude, app, "1h");
  assert.equal(await grants.covers(claude, app), true);
  // Never another origin, another name, or the same name through another program.
  assert.equal(await grants.covers(claude, "http://localhost:5174"), false);
  assert.equal(await grants.covers(claude, "https://localhost:5173"), false);
  assert.equal(await grants.covers({ clientName: "codex" }, app), false);
  assert.equal(await grants.covers({ ...claude, mcpClientName: "other" }, app), false);
  // A restarted worker reads the same grant back.
  assert.equal(await new StandingGrants(area, () => now).covers(claude, app), true);

  now += standingDurations["1h"] - 1;
  assert.equal(await grants.covers(claude, app), true);
  now += 1;
  assert.equal(await grants.covers(claude, app), false);
  assert.deepEqual(await grants.list(), []);
  assert.deepEqual(area.items[standingGrantsKey], []);
});

Deno.test("a revoked standing grant covers nothing and leaves the others", async () => {
  const grants = new StandingGrants(memoryArea(), () => 0);
  const first = await grants.add(claude, app, "8h");
  await grants.add(claude, "https://staging.example", "1h");
  assert.deepEqual((await grants.list()).map((grant) => grant.origin), [
    "https://staging.example",
    app,
  ]);
  assert.equal(await grants.revoke(first.grantId), true);
  assert.equal(await grants.revoke(first.grantId), false);
  assert.equal(await grants.covers(claude, app), false);
  assert.equal(await grants.covers(claude, "https://staging.example"), true);
});

Deno.test("a stored list that is not grants counts as none", async () => {
  const area = memoryArea();
  area.items[standingGrantsKey] = [
    { clientName: "claude-code", origin: app, expiresAt: "never" },
    "x",
    { grantId: "g", clientName: "claude-code", origin: app, expiresAt: 10, extra: true },
  ];
  assert.equal(await new StandingGrants(area, () => 0).covers(claude, app), false);
});
