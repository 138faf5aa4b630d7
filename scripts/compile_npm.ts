/**
 * Which parts of the workspace's `node_modules` an executable leaves out.
 *
 * `deno compile` embeds a local `node_modules` whole, and the workspace's
 * holds every page library the real-world tests serve and both benchmark
 * anchors (about 1.2 GB) beside the few packages the executables use. The
 * executable's module graph (`deno info --json`) names the npm packages it
 * reaches, with their dependencies and the folder each is installed in; every
 * other package folder, and every link into one, is excluded. A reached
 * package stays whole, so what it reads from beside its own modules (as
 * wasm-vips reads `vips.wasm`) comes with it.
 *
 * Resolving npm packages from the global cache instead
 * (`--node-modules-dir=none --exclude-unused-npm`) would embed the same
 * packages, but it first fills that cache with the lockfile's whole snapshot,
 * about two minutes of downloads on a fresh machine.
 *
 * @module
 */
import { join, relative, sep } from "node:path";
import { z } from "zod";

const InfoSchema = z.object({
  modules: z.array(z.object({ kind: z.string().optional(), npmPackage: z.string().optional() })),
  npmPackages: z.record(
    z.string(),
    z.object({ dependencies: z.array(z.string()), localPath: z.string().optional() }),
  ).optional(),
});

/** The npm packages `modules` reach, as the folders they are installed in. */
async function reachedFolders(config: string, modules: readonly string[]): Promise<Set<string>> {
  const folders = new Set<string>();
  for (const module of modules) {
    const output = await new Deno.Command("deno", {
      args: ["info", "--json", "--config", config, module],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!output.success) {
      throw new Error(`deno info ${module} failed\n${new TextDecoder().decode(output.stderr)}`);
    }
    const info = InfoSchema.parse(JSON.parse(new TextDecoder().decode(output.stdout)));
    const packages = info.npmPackages ?? {};
    const pending = info.modules.flatMap((module) => module.npmPackage ?? []);
    const seen = new Set<string>();
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const found = packages[id];
      if (found === undefined) continue;
      pending.push(...found.dependencies);
      if (found.localPath !== undefined) folders.add(found.localPath);
    }
  }
  return folders;
}

async function entries(folder: string): Promise<Deno.DirEntry[]> {
  try {
    return await Array.fromAsync(Deno.readDir(folder));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return [];
    throw error;
  }
}

/** The links directly in `folder` and in its `@scope` folders. */
async function links(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await entries(folder)) {
    const path = join(folder, entry.name);
    if (entry.isSymlink) found.push(path);
    else if (entry.isDirectory && entry.name.startsWith("@")) found.push(...await links(path));
  }
  return found;
}

function within(path: string, folder: string): boolean {
  const rest = relative(folder, path);
  return rest === "" || (!rest.startsWith("..") && !rest.startsWith(sep));
}

/** Files Deno keeps in `node_modules/.deno` beside the packages, whether or not there now. */
const denoFiles = [".deno.lock", ".deno.lock.poll", ".setup-cache.bin"];

/**
 * `--exclude` paths that leave out of an executable built from `modules`
 * every installed npm package it does not reach. None when the workspace has
 * no `node_modules` (then `deno compile` embeds only what the graph reaches).
 */
export async function npmExcludes(
  root: string,
  config: string,
  modules: readonly string[],
): Promise<string[]> {
  const store = join(root, "node_modules", ".deno");
  const listed = await entries(store);
  const stored = listed.filter((entry) =>
    entry.isDirectory && !entry.name.startsWith(".") && entry.name !== "node_modules"
  );
  if (stored.length === 0) return [];
  // Deno's own files beside the packages (its install lock, its setup cache) are no package. The
  // lock's poll file comes and goes while another Deno process holds the lock: listed by the
  // compile and gone before it is read, it failed the build.
  const own = [
    ...new Set([
      ...listed.filter((entry) => entry.isFile).map((entry) => entry.name),
      ...denoFiles,
    ]),
  ]
    .map((name) => join(store, name));
  const reached = [...await reachedFolders(config, modules)];
  const kept = new Set(
    stored.map((entry) => join(store, entry.name))
      .filter((folder) => reached.some((path) => within(path, folder))),
  );
  const excluded = stored.map((entry) => join(store, entry.name))
    .filter((folder) => !kept.has(folder));
  // Links into a left-out folder would dangle in the executable: leave them out too.
  const linkFolders = [
    join(root, "node_modules"),
    join(root, "node_modules", ".bin"),
    join(store, "node_modules"),
    ...[...kept].map((folder) => join(folder, "node_modules")),
  ];
  for (const folder of linkFolders) {
    for (const link of await links(folder)) {
      const target = await Deno.realPath(link).catch(() => undefined);
      if (target === undefined || excluded.some((folder) => within(target, folder))) {
        excluded.push(link);
      }
    }
  }
  return [...own, ...excluded];
}
