/**
 * The extension as `deno task build` makes it, built once per test process
 * into a private temporary folder: test files running in parallel processes
 * never share (or delete) each other's build, and `dist/extension/` is left
 * to `deno task build`. The folder is removed when the process exits.
 *
 * @module
 */
import { buildExtension } from "../../scripts/build_extension.ts";

let built: Promise<string> | undefined;

/** The unpacked extension's folder, building it on first use. */
export function builtExtension(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const outDir = await Deno.makeTempDir({ prefix: "leash-e2e-extension-" });
  globalThis.addEventListener("unload", () => {
    try {
      Deno.removeSync(outDir, { recursive: true });
    } catch {
      // Already gone.
    }
  });
  try {
    await buildExtension({ outDir });
  } catch (error) {
    built = undefined;
    throw error;
  }
  return outDir;
}
