/**
 * The one table of which folder may import which, and the checker that holds
 * the real import graph against it.
 *
 * A row's key names the files it governs:
 *
 * - `broker/handlers` — the files directly in that folder;
 * - `broker/runtime/**` — the files in that folder and in every folder under
 *   it, for a layer made of families (`broker/runtime/<family>/`) or a tree
 *   with no inner rules (`tests/**`);
 * - `broker/file_lock.ts` — one file that sits in a layer of its own.
 *
 * A file takes the most specific row: its own, else its folder's, else the
 * nearest `/**` row above it. A file no row covers fails the check, so a new
 * folder gets its row or the check fails.
 *
 * A row's `imports` name rows: `broker/journal` is that row, `contracts/**`
 * every row in `contracts/`. A file may always import files of its own row.
 * `packages` name what comes from outside the workspace: npm packages by
 * name (`zod`, `@modelcontextprotocol/sdk`), built-ins with their scheme
 * (`node:sqlite`, `jsr:@std/path`).
 *
 * Test files and test helpers follow their row's `tests` rule on top of its
 * own. A module is on the test side when its place says so (`*_test.ts`, a
 * `testing/` folder, anything under `tests/`), or when it is a private
 * module (`_name.ts`) that only test-side modules import. Entry points are
 * started by path, not imported, so a public module stays on the product
 * side whoever imports it. A row marked `testOnly` is imported by test-side
 * modules only; a `/**` in a product rule never reaches it.
 *
 * @module
 */

/** What the files of one row may import. */
export interface FolderRule {
  /** Rows the row's files may import besides their own; `**` is every row. */
  readonly imports: readonly string[];
  /** External packages the row's files may import; `any` for no limit. */
  readonly packages: readonly string[] | "any";
  /** What test files and test helpers of the row may import besides. */
  readonly tests?: {
    readonly imports: readonly string[];
    readonly packages: readonly string[];
  };
  /** Only test-side modules import this row. */
  readonly testOnly?: boolean;
}

/** Rows by key: a folder, a folder with everything under it (`/**`), or one file. */
export type FolderRules = Readonly<Record<string, FolderRule>>;

/** What one workspace module imports: workspace paths and external package names. */
export interface ModuleImports {
  readonly files: readonly string[];
  readonly packages: readonly string[];
}

/** Workspace-relative module paths and what each imports. */
export type ImportGraph = ReadonlyMap<string, ModuleImports>;

/** One import the table does not allow. */
export interface Violation {
  readonly from: string;
  /** A workspace path or an external package name. */
  readonly to: string;
  /** The key of the row whose rule `from` follows, with `tests` when it is on the test side. */
  readonly rule: string;
}

/** What the check found. */
export interface FolderReport {
  /** Folders that hold a module no row covers, sorted. */
  readonly unruled: readonly string[];
  /** Imports no rule allows, in graph order. */
  readonly violations: readonly Violation[];
}

const nodeAssert = "node:assert/strict";

/** What a test of a Deno-side member may use besides its own member's code. */
function denoSideTests(member: string) {
  return {
    imports: [`${member}/**`, "contracts/**", "local/**", "tests/**"],
    packages: [nodeAssert],
  };
}

const contractsTests = { imports: ["contracts/**"], packages: [nodeAssert, "ajv"] };
const brokerTests = denoSideTests("broker");
const extensionTests = { imports: ["extension/**", "contracts/**"], packages: [nodeAssert] };
const denoSide = ["contracts/**", "local/**"];

/**
 * The Broker's server side, top to bottom: each layer imports only the
 * layers below it.
 */
const brokerLayers = [
  "broker/server",
  "broker/handlers",
  "broker/runtime/**",
  "broker/authority",
  "broker/journal",
  "broker/file_lock.ts",
];

/** `layer`'s place in {@linkcode brokerLayers}: the layers it may import. */
function below(layer: string): string[] {
  return brokerLayers.slice(brokerLayers.indexOf(layer) + 1);
}

/** A DeskBridge skill area: the shared skill shape, the wire's codes, its own packages. */
function deskSkill(packages: readonly string[], testPackages: readonly string[] = []): FolderRule {
  return {
    imports: ["desk/skills", "contracts/desk"],
    packages,
    tests: { imports: ["desk/skills/testing"], packages: [nodeAssert, ...testPackages] },
  };
}

/** The folder rules of the workspace. */
export const folderRules: FolderRules = {
  // The wire: pure TypeScript that runs in Deno and in the MV3 worker.
  "contracts": { imports: [], packages: ["zod"], tests: contractsTests },
  "contracts/methods": { imports: ["contracts"], packages: ["zod"], tests: contractsTests },
  // DeskBridge's wire family: its own vocabulary, apart from the browser protocol's.
  "contracts/desk": { imports: [], packages: ["zod"], tests: contractsTests },
  // The package face, the RPC peer and the JSON Schema sit above the method table.
  "contracts/mod.ts": { imports: ["contracts", "contracts/methods"], packages: [] },
  "contracts/peer.ts": { imports: ["contracts", "contracts/methods"], packages: ["zod"] },
  "contracts/schema.ts": { imports: ["contracts", "contracts/methods"], packages: ["zod"] },
  // The lease-scope rule reads the method table's lease scope.
  "contracts/scope.ts": {
    imports: ["contracts", "contracts/methods"],
    packages: [],
    tests: contractsTests,
  },
  // The tab-listing rule reads the method table's tab shape.
  "contracts/tab_listing.ts": {
    imports: ["contracts", "contracts/methods"],
    packages: [],
    tests: contractsTests,
  },
  "contracts/protocol": { imports: [], packages: [] },
  "contracts/testing": {
    imports: ["contracts/**"],
    packages: ["zod"],
    tests: contractsTests,
    testOnly: true,
  },

  // What the Broker and the Native Host share on this machine.
  "local": {
    imports: ["contracts/**"],
    packages: ["zod", "node:path", "node:url", "node:util"],
    tests: denoSideTests("local"),
  },

  // The Broker. Root files (the `leash` command line, the package face) sit on top.
  "broker": {
    imports: ["broker/**", ...denoSide],
    packages: ["node:util"],
    tests: brokerTests,
  },
  // The agent surface reaches the Broker through the client SDK only; the CLI
  // verbs are the MCP tools under shorter names.
  "broker/cli": {
    imports: ["broker/mcp/**", "broker/client", ...denoSide],
    packages: ["zod"],
    tests: brokerTests,
  },
  "broker/mcp/**": {
    imports: ["broker/client", ...denoSide],
    packages: ["zod", "@modelcontextprotocol/sdk", "node:path", "node:process", "node:util"],
    tests: brokerTests,
  },
  "broker/client": { imports: denoSide, packages: [], tests: brokerTests },
  // The server side: see brokerLayers.
  "broker/server": {
    imports: [...below("broker/server"), ...denoSide],
    packages: [],
    tests: brokerTests,
  },
  "broker/handlers": {
    imports: [...below("broker/handlers"), ...denoSide],
    packages: ["zod"],
    tests: brokerTests,
  },
  "broker/runtime/**": {
    imports: [...below("broker/runtime/**"), ...denoSide],
    packages: ["zod"],
    tests: brokerTests,
  },
  "broker/authority": {
    imports: [...below("broker/authority"), ...denoSide],
    packages: [],
    tests: brokerTests,
  },
  "broker/journal": {
    imports: [...below("broker/journal"), ...denoSide],
    packages: ["zod", "node:crypto", "node:path", "node:sqlite"],
    tests: brokerTests,
  },
  "broker/file_lock.ts": { imports: [], packages: [] },
  // Install stands apart: it writes what Chrome launches.
  "broker/install": {
    imports: denoSide,
    packages: ["zod", "node:path", "node:url"],
    tests: brokerTests,
  },
  // The doctor checks what install wrote and asks a running Broker through the client.
  "broker/doctor": {
    imports: ["broker/install", "broker/client", ...denoSide],
    packages: [],
    tests: brokerTests,
  },

  // `leash desk …`: the person's verbs for DeskBridge's policy, apart from the Broker.
  "broker/desk": {
    imports: denoSide,
    packages: ["node:path", "node:util"],
    tests: brokerTests,
  },

  // The relay Chrome launches.
  "native_host": { imports: denoSide, packages: [], tests: denoSideTests("native_host") },

  // DeskBridge's desktop host: it acts itself, so it never reaches the Broker.
  // `ignore` gives `.gitignore` semantics, `diff` the unified diff of `patch_file`.
  "desk/**": {
    imports: [...denoSide, "desk/skills/**"],
    packages: ["zod", "ignore", "diff", "node:path"],
    tests: denoSideTests("desk"),
  },
  // Its skill engines: each area stands alone on the shared skill shape, and
  // the host injects its path rule and policy into them.
  "desk/skills": {
    imports: ["contracts/desk"],
    packages: ["zod", "node:crypto", "node:fs/promises", "node:path"],
  },
  "desk/skills/testing": {
    imports: ["desk/skills", "contracts/desk"],
    packages: [nodeAssert, "node:fs/promises", "node:os", "node:path", "node:zlib", "pdf-lib"],
    testOnly: true,
  },
  "desk/skills/commands": deskSkill([
    "zod",
    "node:child_process",
    "node:fs/promises",
    "node:path",
    "node:process",
  ]),
  "desk/skills/assets": deskSkill([
    "zod",
    "node:crypto",
    "node:dns/promises",
    "node:fs/promises",
    "node:http",
    "node:https",
    "node:net",
    "node:path",
    "node:stream",
    "node:tls",
  ], ["node:child_process", "node:os"]),
  "desk/skills/documents": deskSkill([
    "zod",
    "mammoth",
    "turndown",
    "@types/turndown",
    "unpdf",
    "node:buffer",
    "node:fs/promises",
    "node:path",
    "node:zlib",
  ], ["pdf-lib"]),
  "desk/skills/images": deskSkill(["zod", "wasm-vips", "node:fs/promises", "node:path"]),
  "desk/skills/applications": deskSkill([
    "zod",
    "node:child_process",
    "node:crypto",
    "node:fs",
    "node:fs/promises",
    "node:http",
    "node:path",
    "node:process",
  ], ["node:net"]),
  // The desktop programs the clipboard and windows areas run, in process groups like commands.
  "desk/skills/desktop": {
    ...deskSkill(["node:fs", "node:path"]),
    imports: ["desk/skills", "desk/skills/commands", "contracts/desk"],
  },
  "desk/skills/clipboard": {
    ...deskSkill(["zod"]),
    imports: ["desk/skills", "desk/skills/desktop", "contracts/desk"],
  },
  // Captures are cut, scaled and written by the images area's engine.
  "desk/skills/windows": {
    ...deskSkill(["zod", "node:fs/promises", "node:os", "node:path"]),
    imports: ["desk/skills", "desk/skills/desktop", "desk/skills/images", "contracts/desk"],
  },

  // The MV3 extension: root files are what the worker and the pages share.
  "extension": { imports: ["contracts/**"], packages: ["zod"], tests: extensionTests },
  "extension/mod.ts": {
    imports: ["extension", "extension/worker", "extension/provider", "contracts/**"],
    packages: [],
  },
  "extension/worker": {
    imports: ["extension", "extension/provider", "contracts/**"],
    packages: ["zod"],
    tests: extensionTests,
  },
  "extension/provider": {
    imports: ["extension", "contracts/**"],
    packages: ["zod"],
    tests: extensionTests,
  },
  // The extension's own pages.
  "extension/approval": {
    imports: ["extension", "contracts/**"],
    packages: [],
    tests: extensionTests,
  },
  // The Agent tab: where the person runs a web agent with DeskBridge context.
  "extension/agent": {
    imports: ["extension", "contracts/**"],
    packages: ["zod"],
    tests: extensionTests,
  },
  "extension/popup": {
    imports: ["extension", "contracts/**"],
    packages: [],
    tests: extensionTests,
  },
  "extension/ui": { imports: ["extension", "contracts/**"], packages: [] },
  // Fakes of the browser, the debugger and ports, for the extension's tests.
  "extension/testing": {
    imports: ["extension", "extension/worker", "extension/provider", "contracts/**"],
    packages: [],
    tests: extensionTests,
    testOnly: true,
  },

  // Tests and scripts may use anything.
  "tests/**": { imports: ["**"], packages: "any" },
  "scripts/**": { imports: ["**", "contracts/testing"], packages: "any" },
};

/** The folder of a workspace path (`""` for a root file). */
function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** Whether row `key` covers `path`, and how closely (higher is more specific). */
function closeness(key: string, path: string): number {
  if (key === path) return Number.MAX_SAFE_INTEGER;
  if (key.endsWith("/**")) {
    const folder = key.slice(0, -3);
    return path.startsWith(`${folder}/`) ? folder.length : -1;
  }
  return folderOf(path) === key ? key.length + 1 : -1;
}

/** The key of the row that governs `path`, or `undefined` when none does. */
export function rowOf(rules: FolderRules, path: string): string | undefined {
  let best: string | undefined;
  let bestCloseness = -1;
  for (const key of Object.keys(rules)) {
    const value = closeness(key, path);
    if (value > bestCloseness) [best, bestCloseness] = [key, value];
  }
  return best;
}

/** Whether the import entry `entry` names row `key`. */
function names(entry: string, key: string): boolean {
  if (entry === key) return true;
  if (entry === "**") return true;
  if (!entry.endsWith("/**")) return false;
  const folder = entry.slice(0, -3);
  return key === folder || key.startsWith(`${folder}/`);
}

/**
 * The modules on the test side: tests by their place, then every private
 * module (`_name.ts`) that only test-side modules import.
 */
export function testSide(graph: ImportGraph): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [from, { files }] of graph) {
    for (const to of files) importers.set(to, [...importers.get(to) ?? [], from]);
  }
  const side = new Set(
    [...graph.keys()].filter((path) =>
      path.endsWith("_test.ts") || /(^|\/)testing\//.test(path) || path.startsWith("tests/")
    ),
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const [path, from] of importers) {
      const isPrivate = path.slice(path.lastIndexOf("/") + 1).startsWith("_");
      if (isPrivate && !side.has(path) && from.every((importer) => side.has(importer))) {
        side.add(path);
        grew = true;
      }
    }
  }
  return side;
}

/** Every module no row covers, and every import no rule allows. */
export function checkFolderRules(graph: ImportGraph, rules: FolderRules): FolderReport {
  const tests = testSide(graph);
  const unruled = new Set<string>();
  const violations: Violation[] = [];
  for (const [from, { files, packages }] of graph) {
    const key = rowOf(rules, from);
    if (key === undefined) {
      unruled.add(folderOf(from));
      continue;
    }
    const rule = rules[key];
    const test = tests.has(from);
    const imports = test ? [...rule.imports, ...rule.tests?.imports ?? []] : rule.imports;
    const label = test ? `${key}, tests` : key;
    for (const to of files) {
      const target = rowOf(rules, to);
      const allowed = target === undefined
        ? imports.includes("**")
        : target === key || imports.some((entry) =>
          names(entry, target) && (test || entry === target || !rules[target].testOnly)
        );
      if (!allowed) violations.push({ from, to, rule: label });
    }
    if (rule.packages === "any") continue;
    const allowedPackages = test
      ? [...rule.packages, ...rule.tests?.packages ?? []]
      : rule.packages;
    for (const name of packages) {
      if (!allowedPackages.includes(name)) violations.push({ from, to: name, rule: label });
    }
  }
  return { unruled: [...unruled].sort(), violations };
}

/** One line per finding: `from → to (rule)`, then each folder without a row. */
export function formatReport(report: FolderReport): string[] {
  return [
    ...report.violations.map(({ from, to, rule }) => `${from} → ${to} (${rule})`),
    ...report.unruled.map((folder) => `${folder || "(root)"}/ has no row in the folder rules`),
  ];
}
