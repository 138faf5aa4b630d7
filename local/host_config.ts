/**
 * The installed host config: which runtime dir the host reads the Broker's
 * token and socket from, and which extension origins it serves besides the
 * compiled-in one. `leash install` writes it; the host and `leash doctor`
 * read it. It lives in the per-user Leash app dir:
 *
 * - Linux: `$XDG_CONFIG_HOME/leash/host.json`, else `~/.config/leash/host.json`
 * - macOS: `~/Library/Application Support/Leash/host.json`
 * - Windows: `%APPDATA%\Leash\host.json`
 *
 * `LEASH_HOST_CONFIG` names another file (tests use it).
 *
 * @module
 */
import { dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { type EnvReader, resolveRuntimeDir } from "./dirs.ts";
import { extensionOriginPattern } from "../contracts/identity.ts";

/** The host config file. */
export const HostConfigSchema = z.strictObject({
  /** Absolute path of the Broker's runtime dir (token and socket). */
  runtimeDir: z.string().min(1).refine(isAbsolute, { message: "must be an absolute path" }),
  /** Extension origins allowed besides the compiled-in one. */
  allowedOrigins: z.array(z.string().regex(extensionOriginPattern)).max(64),
});

/** The host config file, parsed. */
export type HostConfig = z.infer<typeof HostConfigSchema>;

/** The operating systems whose conventions the paths follow. */
export type HostOs = typeof Deno.build.os;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function home(env: EnvReader): string {
  const value = nonEmpty(env("HOME"));
  if (value === undefined) {
    throw new Error("Cannot locate the Leash config dir: set HOME or LEASH_HOST_CONFIG");
  }
  return value;
}

/**
 * The per-user folder that holds the browsers' profiles on this OS: where
 * `<browser dir>/NativeMessagingHosts/` lives on Linux and macOS.
 */
export function userConfigRoot(env: EnvReader, os: HostOs): string {
  if (os === "windows") {
    const appData = nonEmpty(env("APPDATA"));
    if (appData === undefined) {
      throw new Error("Cannot locate the Leash config dir: set APPDATA or LEASH_HOST_CONFIG");
    }
    return resolve(appData);
  }
  if (os === "darwin") return join(home(env), "Library", "Application Support");
  const xdg = nonEmpty(env("XDG_CONFIG_HOME"));
  return xdg !== undefined ? resolve(xdg) : join(home(env), ".config");
}

/** The host config's path: `LEASH_HOST_CONFIG`, else the per-OS default. */
export function hostConfigPath(env: EnvReader, os: HostOs): string {
  const override = nonEmpty(env("LEASH_HOST_CONFIG"));
  if (override !== undefined) return resolve(override);
  const appDir = os === "darwin" || os === "windows" ? "Leash" : "leash";
  return join(userConfigRoot(env, os), appDir, "host.json");
}

/** The Leash app dir: the folder of the host config, where install also keeps its receipt. */
export function leashAppDir(env: EnvReader, os: HostOs): string {
  return dirname(hostConfigPath(env, os));
}

/** Why a host config could not be used. */
export class HostConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "HostConfigError";
  }
}

/** Parse host config text; throws {@linkcode HostConfigError} when it is not valid. */
export function parseHostConfig(text: string, path: string): HostConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HostConfigError(`Cannot read host config ${path}: it is not JSON`, { cause: error });
  }
  const parsed = HostConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0
      ? ""
      : ` at ${issue.path.join(".")}`;
    throw new HostConfigError(
      `Cannot read host config ${path}: invalid${where} (${issue?.message ?? "unknown"})`,
    );
  }
  return parsed.data;
}

/**
 * Read the host config at `path`. Resolves `undefined` when there is no
 * file (a host run from a clean clone); throws {@linkcode HostConfigError}
 * when the file exists but cannot be read or is not valid.
 */
export async function readHostConfig(path: string): Promise<HostConfig | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    const reason = error instanceof Error ? error.message : String(error);
    throw new HostConfigError(`Cannot read host config ${path}: ${reason}`, { cause: error });
  }
  return parseHostConfig(text, path);
}

/** The text of a host config file, as install writes it. */
export function formatHostConfig(config: HostConfig): string {
  return `${JSON.stringify(HostConfigSchema.parse(config), null, 2)}\n`;
}

/**
 * The runtime dir the host uses: `LEASH_RUNTIME_DIR`, else the one the
 * config names, else the Broker's default. The doctor asks the same Broker.
 */
export function hostRuntimeDir(
  env: EnvReader,
  uid: () => number,
  config: HostConfig | undefined,
): string {
  return resolveRuntimeDir(env, uid, nonEmpty(env("LEASH_RUNTIME_DIR")) ?? config?.runtimeDir);
}
