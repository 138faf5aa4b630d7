/**
 * `leash uninstall`: remove exactly what `leash install` recorded in its
 * receipt (files, registry keys, then the folders it created when they are
 * empty), and the receipt itself.
 *
 * @module
 */
import { dirname } from "node:path";
import { hostConfigPath } from "../../local/host_config.ts";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import type { EnvReader } from "../../local/dirs.ts";
import { formatReceipt, readReceipt, type Receipt, receiptPath } from "./receipt.ts";
import { deleteRegistryKey } from "./registry.ts";

/** Usage of `leash uninstall`. */
export const uninstallUsage = "leash uninstall";

async function removeFile(path: string): Promise<"removed" | "absent" | "failed"> {
  try {
    await Deno.remove(path);
    return "removed";
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return "absent";
    return "failed";
  }
}

async function uninstall(env: EnvReader): Promise<number> {
  const appDir = dirname(hostConfigPath(env, Deno.build.os));
  const file = receiptPath(appDir);
  const receipt = await readReceipt(file);
  if (receipt === undefined) {
    console.log(`Nothing to uninstall: no install receipt at ${file}`);
    return 0;
  }
  const left: Receipt = { version: 1, files: [], dirs: [], registryKeys: [] };
  for (const path of receipt.files) {
    const result = await removeFile(path);
    if (result === "failed") left.files.push(path);
    else console.log(`${result === "removed" ? "Removed" : "Already gone"}: ${path}`);
  }
  for (const key of receipt.registryKeys) {
    if (await deleteRegistryKey(key)) console.log(`Removed registry key: ${key}`);
    else left.registryKeys.push(key);
  }
  if (left.files.length > 0 || left.registryKeys.length > 0) {
    left.dirs.push(...receipt.dirs);
    await Deno.writeTextFile(file, formatReceipt(left));
    console.error(
      `Cannot remove ${[...left.files, ...left.registryKeys].join(", ")}; ` +
        `the receipt keeps them for the next uninstall`,
    );
    return 1;
  }
  await removeFile(file);
  // Children were recorded after their parents, so the reverse order empties them first.
  for (const dir of [...receipt.dirs].reverse()) {
    try {
      await Deno.remove(dir);
      console.log(`Removed folder: ${dir}`);
    } catch {
      // Not empty (something else lives there now) or already gone: leave it.
    }
  }
  return 0;
}

/** Run `leash uninstall`; resolves with the exit code: 0 done, 1 something stayed, 2 usage. */
export async function runUninstall(args: readonly string[]): Promise<number> {
  try {
    parseStrict(args, {});
    return await uninstall((name) => Deno.env.get(name));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage: ${uninstallUsage}`);
      return 2;
    }
    console.error(
      `Cannot uninstall: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
