import assert from "node:assert/strict";
import { join } from "node:path";
import { folderRules, type ImportGraph } from "./folder_rules.ts";
import { workspaceGraph } from "./import_graph.ts";
import { computedImportsOf, runtimeUsesOf, runtimeViolations } from "./runtime_globals.ts";

const root = new URL("../../", import.meta.url).pathname;

Deno.test("contracts/ and extension/ touch no runtime they do not run on, and no module imports a computed specifier", async () => {
  const { graph } = await workspaceGraph(root);
  const sources = new Map<string, string>();
  for (const path of graph.keys()) {
    if (path.endsWith(".ts")) sources.set(path, await Deno.readTextFile(join(root, path)));
  }
  assert.deepEqual(runtimeViolations(graph, folderRules, sources), []);
});

Deno.test("the scanner finds runtime globals in code only", () => {
  const source = [
    "/** Works over a `chrome.runtime.Port` or `Deno.connect`. */",
    `const a = "Deno.env is not read here";`,
    "const b = `process.env`;",
    "const re = /chrome\\.runtime/;",
    "const ratio = total / count / 2;",
    "const env = Deno.env.get('X');",
    "chrome?.runtime.connect();",
    "const p = globalThis.process;",
    'const q = process["env"];',
    "const fs = require('fs');",
    "const ok = obj.require(1) + `${a}/${b}`;",
    "const t = `text ${globalThis.Deno.pid} Deno.`;",
  ].join("\n");
  assert.deepEqual(runtimeUsesOf(source), ["Deno.", "chrome?.", "process[", "require(", "Deno."]);
});

Deno.test("the scanner counts computed imports, not literal ones, comments or strings", () => {
  const source = [
    `const a = await import("./a.ts");`,
    `const b = await import('jsr:@std/path');`,
    `const c = await import(name);`,
    "const d = await import(`./${name}.ts`);",
    `// const e = await import(name);`,
    `const f = "import(name)";`,
  ].join("\n");
  assert.equal(computedImportsOf(source), 2);
});

Deno.test("each member is held to its own runtime: chrome is the extension's, Deno is every test's", () => {
  const graph: ImportGraph = new Map([
    ["contracts/a.ts", { files: [], packages: [] }],
    ["contracts/a_test.ts", { files: ["contracts/a.ts"], packages: [] }],
    ["extension/b.ts", { files: [], packages: [] }],
    ["broker/c.ts", { files: [], packages: [] }],
    ["tests/d.ts", { files: [], packages: [] }],
  ]);
  const sources = new Map([
    ["contracts/a.ts", "chrome.runtime.connect(); Deno.exit();"],
    ["contracts/a_test.ts", "Deno.test('x', () => {});"],
    ["extension/b.ts", "chrome.runtime.connect(); process.exit(); await import(name);"],
    ["broker/c.ts", "Deno.exit();"],
    ["tests/d.ts", "await import(name);"],
  ]);
  assert.deepEqual(runtimeViolations(graph, folderRules, sources), [
    "contracts/a.ts: uses chrome.",
    "contracts/a.ts: uses Deno.",
    "extension/b.ts: imports a computed specifier",
    "extension/b.ts: uses process.",
  ]);
});
