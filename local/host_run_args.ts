/**
 * How to run the Native Host from source with exactly the table's `host`
 * permissions: the `deno task host` launcher, the `--dev` launcher that
 * `leash install` writes, and the tests all build their command here.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { type EnvReader, resolveRuntimeDir } from "./dirs.ts";
import { permissionFlags } from "./permissions.ts";
import { staticPermissionFlags } from "./static_flags.ts";
import { hostConfigPath, type HostOs } from "./host_config.ts";

/** The host's entry point on disk. */
export const hostMainPath: string = fileURLToPath(
  new URL("../native_host/main.ts", import.meta.url),
);

/** The workspace config, passed explicitly because Chrome starts the host in another folder. */
export const workspaceConfigPath: string = fileURLToPath(new URL("../deno.json", import.meta.url));

/** The two paths the host's permissions name. */
export interface HostScope {
  /** The Broker's runtime dir (token and socket). */
  runtimeDir: string;
  /** The host config file. */
  hostConfig: string;
}

/**
 * The scope a host started now would use when no config names a runtime
 * dir: `LEASH_RUNTIME_DIR`, else the Broker's default.
 */
export function defaultHostScope(env: EnvReader, uid: () => number, os: HostOs): HostScope {
  return {
    runtimeDir: resolveRuntimeDir(env, uid),
    hostConfig: hostConfigPath(env, os),
  };
}

/** The `deno` arguments that run the host from source for `scope`, then `args`. */
export function hostDenoArgs(scope: HostScope, args: readonly string[] = []): string[] {
  return [
    "run",
    "--config",
    workspaceConfigPath,
    ...permissionFlags("host", scope),
    hostMainPath,
    ...args,
  ];
}

/** DeskBridge's host's entry point on disk. */
export const deskMainPath: string = fileURLToPath(new URL("../desk/main.ts", import.meta.url));

/**
 * What `leash-desk` needs from the runtime besides permissions, wherever it
 * is started: the document converter's worker drops every permission,
 * which Deno allows only under `--unstable-worker-options` (without it the
 * request would end the process, so the host never asks).
 */
export const deskRuntimeFlags: readonly string[] = ["--unstable-worker-options"];

/**
 * The `deno` arguments that run `leash-desk` from source, then `args`. Its
 * grants name per-user paths chosen at run time (the workspaces), so they
 * are the table's `desk` set widened, exactly as `deno compile` bakes them.
 */
export function deskDenoArgs(args: readonly string[] = []): string[] {
  return [
    "run",
    "--config",
    workspaceConfigPath,
    ...staticPermissionFlags(["desk"]),
    ...deskRuntimeFlags,
    deskMainPath,
    ...args,
  ];
}
