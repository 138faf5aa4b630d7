/**
 * Import and runtime boundaries, read from the source:
 *
 * - `contracts/` is pure TypeScript that runs in Deno and in the MV3 worker:
 *   its modules import only each other and `zod`, and touch no runtime
 *   (`Deno`, `chrome`, `process`, `require`). Tests and `contracts/testing/` may
 *   also import `ajv` and `node:assert/strict`, and use `Deno`.
 * - The extension and the Deno side (Broker, Native Host) meet only in
 *   `contracts/`: neither imports the other. The Broker and the Native Host
 *   share Deno-side code through `local/` and never import each other.
 */
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const contractsDir = new URL("contracts/", root);

/**
 * Members and the members they must never import. Dependencies point one
 * way, toward `contracts/`: the Broker and the Native Host share Deno-side
 * code through `local/`, never through each other.
 */
const forbiddenMembers: Record<string, string[]> = {
  local: ["broker", "native_host", "extension"],
  broker: ["native_host", "extension"],
  native_host: ["broker", "extension"],
  extension: ["local", "broker", "native_host"],
};

/** Workspace package names of the members, for bare imports. */
const memberPackages: Record<string, string> = {
  "@leash/broker": "broker",
  "@leash/native_host": "native_host",
  "@leash/native-host": "native_host",
  "@leash/extension": "extension",
  "@leash/local": "local",
  "@leash/contracts": "contracts",
};

const keywordsBeforeRegex = new Set([
  "return",
  "typeof",
  "case",
  "do",
  "else",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "yield",
  "await",
]);

/** Source with comments removed (`code`), and also with string and regex contents blanked (`bare`). */
interface Scanned {
  code: string;
  bare: string;
}

/**
 * A small lexer: enough of TypeScript to tell comments, strings, template
 * text and regex literals from code, so a comment that mentions
 * `chrome.runtime` or a string that says `Deno.` is not taken for a use.
 */
function scan(source: string): Scanned {
  let code = "";
  let bare = "";
  let i = 0;
  const emit = (text: string, blank: boolean) => {
    code += text;
    bare += blank ? text.replace(/[^\n]/g, " ") : text;
  };
  const previousToken = (): string => {
    const match = /([A-Za-z_$][\w$]*|\S)\s*$/.exec(bare);
    return match?.[1] ?? "";
  };
  while (i < source.length) {
    const char = source[i];
    const next = source[i + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      i = end === -1 ? source.length : end;
      continue;
    }
    if (char === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      const newlines = source.slice(i, stop).replace(/[^\n]/g, "");
      code += newlines;
      bare += newlines;
      i = stop;
      continue;
    }
    if (char === '"' || char === "'") {
      let j = i + 1;
      while (j < source.length && source[j] !== char && source[j] !== "\n") {
        j += source[j] === "\\" ? 2 : 1;
      }
      emit(char, false);
      emit(source.slice(i + 1, j), true);
      emit(char, false);
      i = j + 1;
      continue;
    }
    if (char === "`") {
      emit(char, false);
      let j = i + 1;
      while (j < source.length && source[j] !== "`") {
        if (source[j] === "\\") {
          emit(source.slice(j, j + 2), true);
          j += 2;
        } else if (source[j] === "$" && source[j + 1] === "{") {
          // A substitution is code: scan it on its own up to the matching brace.
          let depth = 1;
          let k = j + 2;
          while (k < source.length && depth > 0) {
            if (source[k] === "{") depth++;
            else if (source[k] === "}") depth--;
            k++;
          }
          const inner = scan(source.slice(j + 2, k - 1));
          code += `\${${inner.code}}`;
          bare += `\${${inner.bare}}`;
          j = k;
        } else {
          emit(source[j], true);
          j++;
        }
      }
      emit("`", false);
      i = j + 1;
      continue;
    }
    if (char === "/") {
      const previous = previousToken();
      const isRegex = previous === "" || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(previous) ||
        keywordsBeforeRegex.has(previous);
      if (isRegex) {
        let j = i + 1;
        let inClass = false;
        while (j < source.length && (inClass || source[j] !== "/") && source[j] !== "\n") {
          if (source[j] === "\\") j++;
          else if (source[j] === "[") inClass = true;
          else if (source[j] === "]") inClass = false;
          j++;
        }
        emit("/", false);
        emit(source.slice(i + 1, j), true);
        emit("/", false);
        i = j + 1;
        continue;
      }
    }
    emit(char, false);
    i++;
  }
  return { code, bare };
}

/** Every module specifier a source imports or re-exports, or `null` for a computed one. */
function importsOf(source: string): (string | null)[] {
  // Statements are found in `bare`, where no comment or string can fake one;
  // the specifier is read from `code` at the same offsets.
  const { code, bare } = scan(source);
  const specifiers: (string | null)[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[\w$\s{},*]*?\bfrom\s*(["'])([^"']*)\1/dg,
    /\bimport\s*(["'])([^"']*)\1/dg,
    /\bimport\s*\(\s*(["'])([^"']*)\1/dg,
  ];
  for (const pattern of patterns) {
    for (const match of bare.matchAll(pattern)) {
      const [start, end] = match.indices?.[2] ?? [0, 0];
      specifiers.push(code.slice(start, end));
    }
  }
  // A dynamic import of anything but a literal cannot be checked: refuse it.
  for (const _ of bare.matchAll(/\bimport\s*\(\s*(?!["'])/g)) specifiers.push(null);
  return specifiers;
}

/** Runtime globals a portable module must not touch. */
function runtimeUsesOf(source: string): string[] {
  const { bare } = scan(source);
  const uses: string[] = [];
  // `globalThis.Deno.env` is a use too; `loader.require(...)` is not `require`.
  const pattern = /(?<![\w$])(Deno|chrome|process)\s*(?:\?\.|\.|\[)|(?<![\w$.])require\s*\(/g;
  for (const match of bare.matchAll(pattern)) uses.push(match[0].replace(/\s+/g, ""));
  return uses;
}

function isTestFile(path: string): boolean {
  return path.endsWith("_test.ts") || path.startsWith("contracts/testing/");
}

/** The .ts files under `dir`, as URLs, skipping dependencies and generated output. */
async function typeScriptFiles(dir: URL): Promise<URL[]> {
  const files: URL[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return files;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) {
      continue;
    }
    const url = new URL(entry.isDirectory ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory) files.push(...await typeScriptFiles(url));
    else if (entry.isFile && /\.(ts|tsx|mts)$/.test(entry.name)) files.push(url);
  }
  return files;
}

/** Workspace-relative path of a file URL. */
function relative(url: URL): string {
  return url.href.slice(root.href.length);
}

/** The workspace member (top folder) a specifier points into, if any. */
function memberOf(specifier: string, from: URL): string | undefined {
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    const target = new URL(specifier, from);
    if (!target.href.startsWith(root.href)) return "outside the workspace";
    return relative(target).split("/")[0];
  }
  if (specifier.startsWith("file:")) return memberOf(new URL(specifier).pathname, from);
  const name = Object.keys(memberPackages).find(
    (pkg) => specifier === pkg || specifier.startsWith(`${pkg}/`),
  );
  return name === undefined ? undefined : memberPackages[name];
}

/** Why a contracts/ module may not import `specifier`, or `undefined` when it may. */
function contractsImportViolation(
  specifier: string | null,
  from: URL,
  test: boolean,
): string | undefined {
  if (specifier === null) return "a computed dynamic import";
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    const target = new URL(specifier, from);
    return target.href.startsWith(contractsDir.href) ? undefined : `${specifier} leaves contracts/`;
  }
  if (specifier === "zod") return undefined;
  if (test && (specifier === "ajv" || specifier.startsWith("ajv/"))) return undefined;
  if (test && specifier === "node:assert/strict") return undefined;
  return `${specifier} is not allowed`;
}

/** Every boundary violation in contracts/. */
async function contractsViolations(): Promise<string[]> {
  const violations: string[] = [];
  for (const file of await typeScriptFiles(contractsDir)) {
    const path = relative(file);
    const test = isTestFile(path);
    const source = await Deno.readTextFile(file);
    for (const specifier of importsOf(source)) {
      const why = contractsImportViolation(specifier, file, test);
      if (why !== undefined) violations.push(`${path}: imports ${why}`);
    }
    if (!test) {
      for (const use of runtimeUsesOf(source)) violations.push(`${path}: uses ${use}`);
    }
  }
  return violations;
}

/** Every import between members that must not know each other. */
async function memberViolations(): Promise<string[]> {
  const violations: string[] = [];
  for (const [member, forbidden] of Object.entries(forbiddenMembers)) {
    for (const file of await typeScriptFiles(new URL(`${member}/`, root))) {
      const source = await Deno.readTextFile(file);
      for (const specifier of importsOf(source)) {
        if (specifier === null) continue;
        const target = memberOf(specifier, file);
        if (target !== undefined && forbidden.includes(target)) {
          violations.push(`${relative(file)}: imports ${specifier} from ${target}/`);
        }
      }
    }
  }
  return violations;
}

Deno.test("contracts/ modules import only contracts/ and zod, and touch no runtime", async () => {
  assert.deepEqual(await contractsViolations(), []);
});

Deno.test("dependencies point one way: local/, broker/, native_host/ and extension/ import no member beside contracts/ and local/", async () => {
  assert.deepEqual(await memberViolations(), []);
});

Deno.test("the scanner finds imports of every form and ignores comments and strings", () => {
  const source = [
    `import { z } from "zod";`,
    `import type {`,
    `  A,`,
    `  B,`,
    `} from "./a.ts";`,
    `export * from "../broker/mod.ts";`,
    `import "npm:left-pad";`,
    `const m = await import("jsr:@std/path");`,
    `const n = await import(name);`,
    `// import { x } from "node:fs";`,
    `/* import "https://example.com/mod.ts"; */`,
    `const text = 'import "node:os"';`,
  ].join("\n");
  assert.deepEqual(
    importsOf(source).sort(),
    [
      "../broker/mod.ts",
      "./a.ts",
      "jsr:@std/path",
      "npm:left-pad",
      "zod",
      null,
    ].sort(),
  );
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

Deno.test("contracts/ rules refuse runtime and foreign imports", () => {
  const from = new URL("contracts/methods/x.ts", root);
  assert.equal(contractsImportViolation("./define.ts", from, false), undefined);
  assert.equal(contractsImportViolation("../envelope.ts", from, false), undefined);
  assert.equal(contractsImportViolation("zod", from, false), undefined);
  for (const specifier of ["../../broker/mod.ts", "npm:zod", "jsr:@std/assert", "node:fs", "ajv"]) {
    assert.notEqual(contractsImportViolation(specifier, from, false), undefined, specifier);
  }
  assert.equal(contractsImportViolation("ajv/dist/2020.js", from, true), undefined);
  assert.equal(contractsImportViolation("node:assert/strict", from, true), undefined);
  assert.notEqual(contractsImportViolation("node:fs", from, true), undefined);
  assert.equal(memberOf("../extension/mod.ts", new URL("broker/x.ts", root)), "extension");
  assert.equal(memberOf("@leash/broker", new URL("extension/x.ts", root)), "broker");
  assert.equal(memberOf("zod", new URL("extension/x.ts", root)), undefined);
});
