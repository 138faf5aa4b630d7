import assert from "node:assert/strict";
import {
  checkFolderRules,
  type FolderRules,
  folderRules,
  formatReport,
  type ImportGraph,
  rowOf,
  testSide,
} from "./folder_rules.ts";
import { packageName, workspaceGraph } from "./import_graph.ts";

const root = new URL("../../", import.meta.url).pathname;

/** A graph from `from → to` pairs; a `to` without a `/` is an external package. */
function graphOf(...edges: [string, string?][]): ImportGraph {
  const graph = new Map<string, { files: string[]; packages: string[] }>();
  const module = (path: string) => {
    const found = graph.get(path) ?? { files: [], packages: [] };
    graph.set(path, found);
    return found;
  };
  for (const [from, to] of edges) {
    const imports = module(from);
    if (to === undefined) continue;
    if (to.includes("/")) {
      imports.files.push(to);
      module(to);
    } else imports.packages.push(to);
  }
  return graph;
}

/** The report of `rules` over `edges`, one line per finding. */
function findings(rules: FolderRules, ...edges: [string, string?][]): string[] {
  return formatReport(checkFolderRules(graphOf(...edges), rules));
}

const small: FolderRules = {
  "app": { imports: ["app/**"], packages: ["zod"], tests: { imports: [], packages: ["ajv"] } },
  "app/lib/**": { imports: [], packages: [] },
  "app/lib/bottom.ts": { imports: [], packages: [] },
  "app/testing": { imports: ["app/lib/**"], packages: [], testOnly: true },
  "tools/**": { imports: ["**"], packages: "any" },
};

Deno.test("the workspace's imports follow the folder rules", async () => {
  const started = performance.now();
  const { graph, errors } = await workspaceGraph(root);
  const elapsedMs = Math.round(performance.now() - started);
  assert.deepEqual(errors, []);
  assert.ok(graph.size > 100, `a graph of ${graph.size} modules in ${elapsedMs} ms`);
  const lines = formatReport(checkFolderRules(graph, folderRules));
  assert.equal(lines.length, 0, `imports the folder rules refuse:\n${lines.join("\n")}`);
});

Deno.test("an import no rule allows is reported as from → to (rule)", () => {
  assert.deepEqual(findings(small, ["app/lib/x.ts", "app/main.ts"], ["app/main.ts", "node:fs"]), [
    "app/lib/x.ts → app/main.ts (app/lib/**)",
    "app/main.ts → node:fs (app)",
  ]);
});

Deno.test("a module in a folder without a row is reported, and so is an import of it", () => {
  assert.deepEqual(
    findings(small, ["app/main.ts", "app/new/x.ts"], ["tools/t.ts", "app/new/x.ts"]),
    [
      "app/main.ts → app/new/x.ts (app)",
      "app/new/ has no row in the folder rules",
    ],
  );
});

Deno.test("allowed imports pass: the own row, named rows, rows under a /**, named packages", () => {
  assert.deepEqual(
    findings(
      small,
      ["app/main.ts", "app/other.ts"],
      ["app/main.ts", "app/lib/deep/x.ts"],
      ["app/main.ts", "app/lib/bottom.ts"],
      ["app/main.ts", "zod"],
      ["app/lib/deep/x.ts", "app/lib/y.ts"],
      ["tools/t.ts", "app/main.ts"],
      ["tools/t.ts", "left-pad"],
    ),
    [],
  );
});

Deno.test("the most specific row governs a file: its own, then its folder's, then the nearest /**", () => {
  assert.equal(rowOf(small, "app/lib/bottom.ts"), "app/lib/bottom.ts");
  assert.equal(rowOf(small, "app/lib/x.ts"), "app/lib/**");
  assert.equal(rowOf(small, "app/lib/deep/x.ts"), "app/lib/**");
  assert.equal(rowOf(small, "app/main.ts"), "app");
  assert.equal(rowOf(small, "app/new/x.ts"), undefined);
  assert.deepEqual(findings(small, ["app/lib/bottom.ts", "app/lib/x.ts"]), [
    "app/lib/bottom.ts → app/lib/x.ts (app/lib/bottom.ts)",
  ]);
});

Deno.test("tests and private modules only tests import follow the wider test rule; public modules do not", () => {
  const graph = graphOf(
    ["app/main_test.ts", "app/main.ts"],
    ["app/main_test.ts", "app/_fake.ts"],
    ["app/_fake.ts", "app/_deeper.ts"],
    ["app/main.ts", "app/_used.ts"],
    ["app/_used_test.ts", "app/_used.ts"],
  );
  assert.deepEqual(
    [...testSide(graph)].sort(),
    ["app/_deeper.ts", "app/_fake.ts", "app/_used_test.ts", "app/main_test.ts"],
  );
  assert.deepEqual(findings(small, ["app/main_test.ts", "ajv"], ["app/main.ts", "ajv"]), [
    "app/main.ts → ajv (app)",
  ]);
  assert.deepEqual(findings(small, ["app/_fake.ts", "ajv"], ["app/x_test.ts", "app/_fake.ts"]), []);
});

Deno.test("a test-only row is out of reach of product code, even under a /**", () => {
  assert.deepEqual(
    findings(
      small,
      ["app/main.ts", "app/testing/t.ts"],
      ["app/main_test.ts", "app/testing/t.ts"],
    ),
    ["app/main.ts → app/testing/t.ts (app)"],
  );
  // `**` does not reach it either; naming the row exactly is a deliberate grant.
  assert.deepEqual(findings(small, ["tools/t.ts", "app/testing/t.ts"]), [
    "tools/t.ts → app/testing/t.ts (tools/**)",
  ]);
  const granted: FolderRules = {
    ...small,
    "tools/**": { imports: ["**", "app/testing"], packages: "any" },
  };
  assert.deepEqual(findings(granted, ["tools/t.ts", "app/testing/t.ts"]), []);
});

Deno.test("the table keeps members one way and the Broker's layers downward", () => {
  const refused = (from: string, to: string) => findings(folderRules, [from, to]).length > 0;
  const allowed = (from: string, to: string) => !refused(from, to);
  // contracts: itself and zod; tests also Ajv and node:assert.
  assert.ok(allowed("contracts/methods/lease.ts", "contracts/envelope.ts"));
  assert.ok(allowed("contracts/envelope.ts", "zod"));
  assert.ok(refused("contracts/envelope.ts", "contracts/methods/lease.ts"));
  assert.ok(refused("contracts/methods/lease.ts", "contracts/peer.ts"));
  assert.ok(refused("contracts/envelope.ts", "local/dirs.ts"));
  assert.ok(refused("contracts/envelope.ts", "node:fs"));
  assert.ok(refused("contracts/envelope.ts", "ajv"));
  assert.ok(allowed("contracts/twin_test.ts", "ajv"));
  assert.ok(allowed("contracts/twin_test.ts", "contracts/testing/mutate.ts"));
  // The Deno side: local → contracts; broker and native_host → contracts, local.
  assert.ok(allowed("local/dirs.ts", "contracts/errors.ts"));
  assert.ok(refused("local/dirs.ts", "broker/main.ts"));
  assert.ok(allowed("native_host/host.ts", "local/dirs.ts"));
  assert.ok(refused("native_host/host.ts", "broker/client/client.ts"));
  assert.ok(refused("broker/main.ts", "native_host/host.ts"));
  assert.ok(refused("broker/main.ts", "extension/mod.ts"));
  // Product code never imports the wire's test tooling.
  assert.ok(refused("broker/client/client.ts", "contracts/testing/memory_transport.ts"));
  assert.ok(allowed("broker/client/client_test.ts", "contracts/testing/memory_transport.ts"));
  // Inside the Broker: the agent surface reaches the Broker only through the client.
  assert.ok(allowed("broker/cli/shell.ts", "broker/mcp/session.ts"));
  assert.ok(allowed("broker/mcp/session.ts", "broker/client/client.ts"));
  assert.ok(refused("broker/mcp/format.ts", "broker/runtime/observe/render.ts"));
  assert.ok(refused("broker/client/client.ts", "broker/mcp/session.ts"));
  // server → handlers → runtime → authority → journal → file_lock.ts.
  assert.ok(allowed("broker/server/connection.ts", "broker/handlers/lease.ts"));
  assert.ok(allowed("broker/handlers/act.ts", "broker/runtime/act/perform.ts"));
  assert.ok(allowed("broker/handlers/act.ts", "broker/journal/mod.ts"));
  assert.ok(allowed("broker/runtime/services.ts", "broker/authority/state.ts"));
  assert.ok(allowed("broker/journal/writer_lock.ts", "broker/file_lock.ts"));
  assert.ok(refused("broker/journal/open_error.ts", "broker/server/start_error.ts"));
  assert.ok(refused("broker/runtime/services.ts", "broker/server/server.ts"));
  assert.ok(refused("broker/authority/leases.ts", "broker/handlers/lease.ts"));
  assert.ok(refused("broker/file_lock.ts", "broker/journal/mod.ts"));
  assert.ok(refused("broker/install/install.ts", "broker/server/server.ts"));
  assert.ok(allowed("broker/doctor/doctor.ts", "broker/install/install.ts"));
  // The extension: worker → provider, never back; never the Deno side.
  assert.ok(allowed("extension/worker/main.ts", "extension/provider/mod.ts"));
  assert.ok(refused("extension/provider/page.ts", "extension/worker/lease_table.ts"));
  assert.ok(allowed("extension/popup/popup.ts", "extension/messages.ts"));
  assert.ok(refused("extension/messages.ts", "extension/popup/popup.ts"));
  assert.ok(refused("extension/worker/main.ts", "local/dirs.ts"));
  assert.ok(refused("extension/worker/main.ts", "node:path"));
  // Tests and scripts may use anything.
  assert.ok(allowed("tests/e2e/harness.ts", "broker/main.ts"));
  assert.ok(allowed("scripts/bench/validate.ts", "contracts/testing/ajv.ts"));
});

Deno.test("external specifiers are named by package", () => {
  assert.equal(packageName("npm:zod@^4.6.7"), "zod");
  assert.equal(packageName("npm:/zod@^4.6.7/mini"), "zod");
  assert.equal(
    packageName("npm:/@modelcontextprotocol/sdk@1.32.2/server/mcp.js"),
    "@modelcontextprotocol/sdk",
  );
  assert.equal(packageName("npm:ajv"), "ajv");
  assert.equal(packageName("jsr:@std/path@^1/posix"), "jsr:@std/path");
  assert.equal(packageName("node:assert/strict"), "node:assert/strict");
  assert.equal(packageName("https://example.com/mod.ts"), "https://example.com/mod.ts");
});
