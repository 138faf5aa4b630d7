/**
 * What the import graph cannot see, read from the source: portable code
 * touches no runtime it does not run on, and no module imports a computed
 * specifier (which no graph could follow).
 *
 * - `contracts/` runs unchanged in Deno and in the MV3 worker: it touches
 *   no `Deno`, `chrome`, `process` or `require`.
 * - `extension/` runs in the browser: no `Deno`, `process` or `require`.
 *
 * Test files and test helpers (see {@linkcode testSide}) may use `Deno`.
 *
 * @module
 */
import type { FolderRules, ImportGraph } from "./folder_rules.ts";
import { rowOf, testSide } from "./folder_rules.ts";

/** A runtime global portable code may be kept from. */
export type RuntimeGlobal = "Deno" | "chrome" | "process" | "require";

/** The globals each member's product modules must not touch. */
export const runtimeRules: Readonly<Record<string, readonly RuntimeGlobal[]>> = {
  contracts: ["Deno", "chrome", "process", "require"],
  extension: ["Deno", "process", "require"],
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
export interface Scanned {
  code: string;
  bare: string;
}

/**
 * A small lexer: enough of TypeScript to tell comments, strings, template
 * text and regex literals from code, so a comment that mentions
 * `chrome.runtime` or a string that says `Deno.` is not taken for a use.
 */
export function scan(source: string): Scanned {
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

/** Runtime globals a portable module must not touch. */
export function runtimeUsesOf(source: string): string[] {
  const { bare } = scan(source);
  const uses: string[] = [];
  // `globalThis.Deno.env` is a use too; `loader.require(...)` is not `require`.
  const pattern = /(?<![\w$])(Deno|chrome|process)\s*(?:\?\.|\.|\[)|(?<![\w$.])require\s*\(/g;
  for (const match of bare.matchAll(pattern)) uses.push(match[0].replace(/\s+/g, ""));
  return uses;
}

/** How many `import(…)` calls in `source` take a computed specifier rather than a string literal. */
export function computedImportsOf(source: string): number {
  return [...scan(source).bare.matchAll(/\bimport\s*\(\s*(?!["'])/g)].length;
}

/**
 * Every runtime use {@linkcode runtimeRules} forbids and every computed
 * import, as `path: uses Deno.` lines. `sources` maps a workspace path to
 * its text; a module whose row may import anything may import computed
 * specifiers too.
 */
export function runtimeViolations(
  graph: ImportGraph,
  rules: FolderRules,
  sources: ReadonlyMap<string, string>,
): string[] {
  const tests = testSide(graph);
  const violations: string[] = [];
  for (const [path, source] of sources) {
    const row = rowOf(rules, path);
    if (row !== undefined && !rules[row].imports.includes("**") && computedImportsOf(source) > 0) {
      violations.push(`${path}: imports a computed specifier`);
    }
    const forbidden = runtimeRules[path.split("/")[0]];
    if (forbidden === undefined || tests.has(path)) continue;
    for (const use of runtimeUsesOf(source)) {
      if (forbidden.some((name) => use.startsWith(name))) violations.push(`${path}: uses ${use}`);
    }
  }
  return violations;
}
