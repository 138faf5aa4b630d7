import assert from "node:assert/strict";
import { cannotRun, readNodePackage, satisfies } from "./node_package.ts";

Deno.test("satisfies reads the engines ranges the MCP servers state", () => {
  const devtools = "^20.19.0 || ^22.12.0 || >=23";
  assert.equal(satisfies("20.20.2", devtools), true);
  assert.equal(satisfies("20.18.0", devtools), false);
  assert.equal(satisfies("21.7.0", devtools), false);
  assert.equal(satisfies("22.11.0", devtools), false);
  assert.equal(satisfies("22.12.0", devtools), true);
  assert.equal(satisfies("24.1.0", devtools), true);
  assert.equal(satisfies("18.0.0", ">=18"), true);
  assert.equal(satisfies("16.20.0", ">=18"), false);
  assert.equal(satisfies("20.1.0", ">=18 <21"), true);
  assert.equal(satisfies("21.1.0", ">=18 <21"), false);
  assert.equal(satisfies("20.1.0", "whatever"), false);
});

Deno.test("readNodePackage resolves an installed package's bin", async () => {
  const found = await readNodePackage("@playwright/mcp");
  assert.match(found.version, /^\d+\.\d+\.\d+/);
  assert.ok(found.bin.endsWith("/node_modules/@playwright/mcp/cli.js"), found.bin);
  await assert.rejects(readNodePackage("not-a-package-here"), /not installed/);
});

Deno.test("cannotRun() says why a package is skipped: no node, or a node its engines exclude", () => {
  const installed = { name: "p", version: "1.0.0", bin: "/p", engines: "^20.19.0 || >=22.12.0" };
  assert.match(cannotRun(installed, undefined) ?? "", /node does not run here/);
  assert.match(cannotRun(installed, "18.0.0") ?? "", /needs node .* has 18\.0\.0/);
  assert.equal(cannotRun(installed, "22.12.0"), undefined);
});
