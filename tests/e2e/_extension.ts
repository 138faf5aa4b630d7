/**
 * The extension as `deno task build` makes it, built once per version of
 * its sources and shared by every test file that loads it.
 *
 * Each test file runs in its own isolate (with `--parallel`, its own
 * process), so a build kept in module state alone was made again for every
 * file, seconds each. The build therefore goes into a folder named by a
 * digest of everything it is made from; it is finished in a private folder
 * and then renamed into place, so files running at once never load half a
 * build, and an edited source gets a new folder. `dist/extension/` is left
 * to `deno task build`.
 *
 * @module
 */
import { join, relative } from "node:path";
import { buildExtension } from "../../scripts/build_extension.ts";

const root = new URL("../../", import.meta.url);

/** What the bundles are made from: their sources and the build's own settings. */
const inputs = [
  "extension",
  "contracts",
  "local",
  "scripts/build_extension.ts",
  "deno.json",
  "deno.lock",
];

const prefix = "leash-e2e-extension-";

/** Builds of other sources older than this are removed when a new one is made. */
const keepOthersMs = 24 * 60 * 60 * 1_000;

let built: Promise<string> | undefined;

/** The unpacked extension's folder, building it on first use. */
export function builtExtension(): Promise<string> {
  built ??= build().catch((error) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function build(): Promise<string> {
  const parent = Deno.env.get("TMPDIR") ?? "/tmp";
  const folder = join(parent, `${prefix}${await sourceDigest()}`);
  if (await isDirectory(folder)) return folder;
  const fresh = await Deno.makeTempDir({ dir: parent, prefix: `${prefix}building-` });
  try {
    await buildExtension({ outDir: fresh });
    await Deno.rename(fresh, folder);
  } catch (error) {
    await Deno.remove(fresh, { recursive: true }).catch(() => {});
    // Another file finished the same build first: theirs is as good.
    if (await isDirectory(folder)) return folder;
    throw error;
  }
  await removeOldBuilds(parent, folder);
  return folder;
}

/** A digest of every input file's path and bytes, in a stable order. */
async function sourceDigest(): Promise<string> {
  const files: string[] = [];
  for (const input of inputs) await collect(new URL(input, root).pathname, files);
  files.sort();
  const hash = await crypto.subtle.digest(
    "SHA-256",
    await new Blob(
      files.flatMap((file) => [relative(root.pathname, file), "\0", Deno.readFileSync(file)]),
    ).arrayBuffer(),
  );
  return Array.from(new Uint8Array(hash).slice(0, 12), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

async function collect(path: string, into: string[]): Promise<void> {
  const info = await Deno.stat(path).catch(() => undefined);
  if (info === undefined) return;
  if (info.isFile) {
    into.push(path);
    return;
  }
  for await (const entry of Deno.readDir(path)) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    await collect(join(path, entry.name), into);
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return (await Deno.stat(path).catch(() => undefined))?.isDirectory === true;
}

/** Remove builds of older sources that nobody has touched for a day. */
async function removeOldBuilds(parent: string, keep: string): Promise<void> {
  for await (const entry of Deno.readDir(parent)) {
    const path = join(parent, entry.name);
    if (!entry.isDirectory || !entry.name.startsWith(prefix) || path === keep) continue;
    const info = await Deno.stat(path).catch(() => undefined);
    if (info?.mtime && Date.now() - info.mtime.getTime() > keepOthersMs) {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    }
  }
}
