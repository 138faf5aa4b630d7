/**
 * Permission flags for a process whose paths are not known when the flags
 * are written down: a `deno.json` task string, or the flags `deno compile`
 * bakes into an executable that runs on someone else's machine. They come
 * from the same table as every other set; a grant that names a placeholder
 * (`{runtimeDir}`, `{userPaths}`, …) cannot be filled there, so it becomes
 * the whole permission, and every other grant keeps its exact list.
 *
 * @module
 */
import {
  type EntryPoint,
  type PermissionName,
  type PermissionSet,
  permissionTable,
} from "./permissions.ts";

const order: readonly PermissionName[] = ["net", "read", "write", "env", "sys", "run"];

/**
 * The `deno` flags that grant everything `entries` may do, merged. Starts
 * with `--no-prompt`, like the filled sets.
 *
 * @example
 * ```ts
 * staticPermissionFlags(["install"]);
 * // ["--no-prompt", "--allow-read", "--allow-write", "--allow-env=LEASH_RUNTIME_DIR,…", "--allow-sys=uid"]
 * ```
 */
export function staticPermissionFlags(entries: readonly EntryPoint[]): string[] {
  const flags = ["--no-prompt"];
  for (const name of order) {
    const items = new Set<string>();
    let granted = false;
    let whole = false;
    for (const entry of entries) {
      const set: PermissionSet = permissionTable[entry];
      const list = set[name];
      if (list === undefined) continue;
      granted = true;
      for (const item of list) {
        if (item.includes("{")) whole = true;
        else items.add(item);
      }
    }
    if (!granted) continue;
    flags.push(whole ? `--allow-${name}` : `--allow-${name}=${[...items].join(",")}`);
  }
  return flags;
}
