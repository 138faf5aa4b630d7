/**
 * Builds the unpacked extension into `dist/extension/`: one bundle per entry
 * (service worker, popup, approval window) through `deno bundle`, the pages
 * and styles as they are, and the manifest with the fixed `key` from
 * `contracts/identity.ts` written in, so the extension ID never changes.
 *
 * Usage: `deno task build [--out DIR] [--no-minify]`
 *
 * @module
 */
import { parseArgs } from "node:util";
import { extensionKey } from "../contracts/identity.ts";

/** A bundle: its TypeScript entry and its path in the output. */
interface Entry {
  source: string;
  output: string;
}

/** Bundled entries, relative to the repository root and the output directory. */
export const entries: readonly Entry[] = [
  { source: "extension/worker/main.ts", output: "worker.js" },
  { source: "extension/popup/popup.ts", output: "popup/popup.js" },
  { source: "extension/approval/approval.ts", output: "approval/approval.js" },
  { source: "extension/agent/agent.ts", output: "agent/agent.js" },
];

/** Files copied as they are, relative to `extension/` and to the output. */
export const staticFiles: readonly string[] = [
  "popup/popup.html",
  "popup/popup.css",
  "approval/approval.html",
  "approval/approval.css",
  "agent/agent.html",
  "agent/agent.css",
  "ui/base.css",
];

/** Permissions the built manifest must hold, and keys it must not have. */
const requiredPermissions = ["nativeMessaging", "debugger", "tabs", "storage", "alarms"];
const forbiddenKeys = ["externally_connectable", "content_scripts", "web_accessible_resources"];

const root = new URL("../", import.meta.url);

/** The manifest source with the key written in, after checking what must (not) be there. */
export function buildManifest(source: unknown, key: string): Record<string, unknown> {
  if (typeof source !== "object" || source === null || Array.isArray(source)) {
    throw new TypeError("Cannot build manifest: the source is not a JSON object");
  }
  const manifest: Record<string, unknown> = { ...source };
  if (manifest.manifest_version !== 3) {
    throw new TypeError("Cannot build manifest: manifest_version must be 3");
  }
  const permissions = manifest.permissions;
  if (!Array.isArray(permissions) || !requiredPermissions.every((p) => permissions.includes(p))) {
    throw new TypeError(`Cannot build manifest: permissions must include ${requiredPermissions}`);
  }
  for (const forbidden of forbiddenKeys) {
    if (forbidden in manifest) {
      throw new TypeError(`Cannot build manifest: ${forbidden} is not allowed`);
    }
  }
  return { ...manifest, key };
}

async function bundle(entry: Entry, outDir: string, minify: boolean): Promise<void> {
  const args = [
    "bundle",
    "--platform",
    "browser",
    "--format",
    "esm",
    ...(minify ? ["--minify"] : []),
    "--output",
    `${outDir}/${entry.output}`,
    entry.source,
  ];
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    stdout: "null",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    throw new Error(`Cannot bundle ${entry.source}: deno bundle exited with ${code}`, {
      cause: new TextDecoder().decode(stderr),
    });
  }
}

/** Build into `outDir` (relative to the repository root); returns each output's size in bytes. */
export async function buildExtension(
  options: { outDir?: string; minify?: boolean } = {},
): Promise<Map<string, number>> {
  const outDir = options.outDir ?? "dist/extension";
  const out = new URL(`${outDir}/`, root);
  await Deno.remove(out, { recursive: true }).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
  await Deno.mkdir(new URL("popup/", out), { recursive: true });
  await Deno.mkdir(new URL("approval/", out), { recursive: true });
  await Deno.mkdir(new URL("agent/", out), { recursive: true });
  await Deno.mkdir(new URL("ui/", out), { recursive: true });

  await Promise.all(entries.map((entry) => bundle(entry, outDir, options.minify ?? true)));
  for (const file of staticFiles) {
    await Deno.copyFile(new URL(`extension/${file}`, root), new URL(file, out));
  }
  const source: unknown = JSON.parse(
    await Deno.readTextFile(new URL("extension/manifest.json", root)),
  );
  await Deno.writeTextFile(
    new URL("manifest.json", out),
    JSON.stringify(buildManifest(source, extensionKey), null, 2) + "\n",
  );

  const sizes = new Map<string, number>();
  for (const file of [...entries.map((entry) => entry.output), ...staticFiles, "manifest.json"]) {
    sizes.set(file, (await Deno.stat(new URL(file, out))).size);
  }
  return sizes;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string", default: "dist/extension" },
      "no-minify": { type: "boolean", default: false },
    },
  });
  const sizes = await buildExtension({ outDir: values.out, minify: !values["no-minify"] });
  for (const [file, size] of sizes) {
    console.log(`${file.padEnd(24)} ${(size / 1024).toFixed(1).padStart(8)} KiB`);
  }
}
