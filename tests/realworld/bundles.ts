/**
 * The scripts of the React pages: every `pages/<name>.jsx` is bundled with
 * the libraries it imports (pinned in `deno.json`; minified, so React's
 * production build) by one `deno bundle` run into a folder outside the
 * source tree, which the fixture server serves under `/bundle/`:
 * `pages/<name>.html` loads `/bundle/<name>.js`.
 *
 * @module
 */
import { basename, extname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, whose `deno.json` maps the pages' imports to npm. */
const root: string = fileURLToPath(new URL("../../", import.meta.url));

/** The `.jsx` page sources in `pagesDir`, sorted. */
async function pageSources(pagesDir: string): Promise<string[]> {
  const sources: string[] = [];
  for await (const entry of Deno.readDir(pagesDir)) {
    if (entry.isFile && extname(entry.name) === ".jsx") sources.push(entry.name);
  }
  return sources.sort();
}

/**
 * Bundle every page source of `pagesDir` into `outDir` as `<name>.js`;
 * returns the bundles' file names, sorted.
 */
export async function bundlePages(pagesDir: string, outDir: string): Promise<string[]> {
  const sources = await pageSources(pagesDir);
  if (sources.length === 0) return [];
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--platform",
      "browser",
      "--format",
      "esm",
      "--minify",
      "--outdir",
      outDir,
      ...sources.map((source) => join(pagesDir, source)),
    ],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`Cannot bundle the React pages: deno bundle exited with ${code}`, {
      cause: new TextDecoder().decode(stderr),
    });
  }
  return sources.map((source) => `${basename(source, ".jsx")}.js`);
}
