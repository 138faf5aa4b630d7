/**
 * The workspace's real import graph, as Deno resolves it: one `deno info
 * --json` over an entry module that imports every TypeScript file, so
 * static, dynamic (with a literal specifier), type-only and JSON imports
 * all count, and workspace and import-map names resolve exactly as they do
 * when the code runs.
 *
 * @module
 */
import { join } from "node:path";
import { z } from "zod";
import type { ImportGraph, ModuleImports } from "./folder_rules.ts";

/** The part of `deno info --json` the graph needs. */
const ResolvedSchema = z.object({ specifier: z.string().optional(), error: z.string().optional() });
const DenoInfoSchema = z.object({
  modules: z.array(z.object({
    specifier: z.string(),
    error: z.string().optional(),
    dependencies: z.array(z.object({
      specifier: z.string(),
      code: ResolvedSchema.optional(),
      type: ResolvedSchema.optional(),
    })).optional(),
  })),
});

/** The graph, and what Deno could not resolve (each a sentence naming the module). */
export interface WorkspaceGraph {
  readonly graph: ImportGraph;
  readonly errors: readonly string[];
}

const skipped = new Set(["node_modules", "dist"]);

/** The workspace-relative paths of the TypeScript files under `root`, sorted. */
async function typeScriptFiles(root: string, folder = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(join(root, folder))) {
    if (skipped.has(entry.name) || entry.name.startsWith(".")) continue;
    const path = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory) files.push(...await typeScriptFiles(root, path));
    else if (entry.isFile && /\.(ts|tsx|mts)$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * The name an external specifier imports: `zod` for `npm:/zod@^4/mini`,
 * `@scope/pkg` for scoped npm packages, `jsr:@std/path` for JSR, and
 * built-ins and anything else as written (`node:assert/strict`).
 */
export function packageName(specifier: string): string {
  const registry = /^(npm|jsr):\/?((?:@[^/@]+\/)?[^/@]+)/.exec(specifier);
  if (registry === null) return specifier;
  return registry[1] === "npm" ? registry[2] : `jsr:${registry[2]}`;
}

/** Run `deno info --json` on one entry that imports every TypeScript file of `root`. */
export async function workspaceGraph(root: string): Promise<WorkspaceGraph> {
  const rootUrl = new URL(`file://${root.endsWith("/") ? root : `${root}/`}`);
  const files = await typeScriptFiles(root);
  const entryDir = await Deno.makeTempDir({ prefix: "leash-graph-" });
  const entry = join(entryDir, "entry.ts");
  let output: Deno.CommandOutput;
  try {
    const lines = files.map((path) => `import ${JSON.stringify(new URL(path, rootUrl).href)};`);
    await Deno.writeTextFile(entry, lines.join("\n") + "\n");
    output = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", join(root, "deno.json"), entry],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
  } finally {
    await Deno.remove(entryDir, { recursive: true });
  }
  if (!output.success) {
    throw new Error(`Cannot read the import graph: ${new TextDecoder().decode(output.stderr)}`);
  }
  const info = DenoInfoSchema.parse(JSON.parse(new TextDecoder().decode(output.stdout)));
  const relative = (specifier: string) =>
    specifier.startsWith(rootUrl.href)
      ? decodeURIComponent(specifier.slice(rootUrl.href.length))
      : undefined;
  const graph = new Map<string, ModuleImports>();
  const errors: string[] = [];
  for (const module of info.modules) {
    const from = relative(module.specifier);
    if (from === undefined) continue;
    if (module.error !== undefined) errors.push(`${from}: ${module.error}`);
    const imports = { files: new Set<string>(), packages: new Set<string>() };
    for (const dependency of module.dependencies ?? []) {
      for (const resolved of [dependency.code, dependency.type]) {
        if (resolved?.error !== undefined) errors.push(`${from}: ${resolved.error}`);
        if (resolved?.specifier === undefined) continue;
        const to = relative(resolved.specifier);
        if (to !== undefined) imports.files.add(to);
        else imports.packages.add(packageName(resolved.specifier));
      }
    }
    graph.set(from, { files: [...imports.files], packages: [...imports.packages] });
  }
  return { graph, errors };
}
