/**
 * Where the Broker keeps its runtime state (socket, token, lock) and its
 * durable state (journal, logs). One resolver, shared by the server, the
 * launcher, `leash status` and the client SDK, so they always agree.
 *
 * @module
 */
import { join, resolve } from "node:path";

/** Reads one environment variable; `Deno.env.get` fits. */
export type EnvReader = (name: string) => string | undefined;

/** The two directories the Broker uses. Both are absolute. */
export interface BrokerDirs {
  /** Socket, token and lock; private to the user (0700). */
  runtimeDir: string;
  /** Journal and logs; survives restarts. */
  stateDir: string;
}

/** Explicit choices that win over the environment. */
export interface DirOverrides {
  runtimeDir?: string;
  stateDir?: string;
}

/** File names inside the runtime dir. */
export const runtimeFiles = {
  socket: "broker.sock",
  token: "token",
  lock: "lock",
} as const;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/**
 * The runtime dir: the override, else `$LEASH_RUNTIME_DIR`, else
 * `$XDG_RUNTIME_DIR/leash`, else `/tmp/leash-<uid>` (created 0700 and
 * checked for ownership like any other, so a squatter's dir is refused).
 */
export function resolveRuntimeDir(
  env: EnvReader,
  uid: () => number | null,
  override?: string,
): string {
  const chosen = nonEmpty(override) ?? nonEmpty(env("LEASH_RUNTIME_DIR"));
  if (chosen !== undefined) return resolve(chosen);
  const xdg = nonEmpty(env("XDG_RUNTIME_DIR"));
  if (xdg !== undefined) return resolve(xdg, "leash");
  return join("/tmp", `leash-${uid() ?? "user"}`);
}

/**
 * The state dir: the override, else `$LEASH_STATE_DIR`, else
 * `$XDG_STATE_HOME/leash`, else `~/.local/state/leash`.
 */
export function resolveStateDir(env: EnvReader, override?: string): string {
  const chosen = nonEmpty(override) ?? nonEmpty(env("LEASH_STATE_DIR"));
  if (chosen !== undefined) return resolve(chosen);
  const xdg = nonEmpty(env("XDG_STATE_HOME"));
  if (xdg !== undefined) return resolve(xdg, "leash");
  const home = nonEmpty(env("HOME"));
  if (home === undefined) {
    throw new Error("Cannot choose a state dir: set LEASH_STATE_DIR, XDG_STATE_HOME or HOME");
  }
  return resolve(home, ".local", "state", "leash");
}

/** Both directories, resolved from overrides and the environment. */
export function resolveDirs(
  env: EnvReader,
  uid: () => number | null,
  overrides: DirOverrides = {},
): BrokerDirs {
  return {
    runtimeDir: resolveRuntimeDir(env, uid, overrides.runtimeDir),
    stateDir: resolveStateDir(env, overrides.stateDir),
  };
}

/** The path of one runtime file. */
export function runtimePath(runtimeDir: string, file: keyof typeof runtimeFiles): string {
  return join(runtimeDir, runtimeFiles[file]);
}
