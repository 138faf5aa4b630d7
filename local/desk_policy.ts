/**
 * DeskBridge's policy: the workspaces the person opened to the extension,
 * which of them may serve an Agent tab's `web_agent_context`, the skill
 * areas turned on, the commands, applications and import roots the skills
 * may use, and extension origins allowed besides the compiled-in one. Only the person's `leash desk …` verbs write it; `leash-desk` only
 * reads it (again for every request, so a change applies at once) and its
 * path rule refuses every target inside the folder that holds it. It lives
 * beside the host config, mode 0600:
 *
 * - Linux: `$XDG_CONFIG_HOME/leash/desk.json`, else `~/.config/leash/desk.json`
 * - macOS: `~/Library/Application Support/Leash/desk.json`
 * - Windows: `%APPDATA%\Leash\desk.json`
 *
 * `LEASH_DESK_CONFIG` names another file (tests use it). No file means the
 * default policy: no workspace, so every file action is refused.
 *
 * @module
 */
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import { extensionOriginPattern } from "../contracts/identity.ts";
import { deskActionsByArea, type DeskArea } from "../contracts/desk/codes.ts";
import { AllowedCommandSchema, CommandNameSchema } from "../contracts/desk/commands.ts";
import { AppIdSchema, RegisteredAppSchema } from "../contracts/desk/apps.ts";
import type { EnvReader } from "./dirs.ts";
import { type HostOs, userConfigRoot } from "./host_config.ts";

/** The areas a person can turn on or off; `control` is always on. */
export const switchableAreas = Object.keys(deskActionsByArea).filter(
  (area): area is Exclude<DeskArea, "control"> => area !== "control",
);

/** A workspace ID: `ws_` and 12 hex digits, minted by `leash desk workspace add`. */
export const workspaceIdPattern = /^ws_[0-9a-f]{12}$/;

/** One workspace: a folder the extension may act in. */
export const DeskWorkspaceSchema = z.strictObject({
  id: z.string().regex(workspaceIdPattern),
  name: z.string().min(1).max(64),
  /** The folder's real path when it was added. */
  path: z.string().min(1).refine(isAbsolute, { message: "must be an absolute path" }),
  /** Whether an Agent tab's workspace-context run may read it through `web_agent_context`. */
  webAgentContext: z.boolean(),
});

/** One workspace. */
export type DeskWorkspace = z.infer<typeof DeskWorkspaceSchema>;

/** The policy file. */
export const DeskPolicySchema = z.strictObject({
  version: z.literal(1),
  workspaces: z.array(DeskWorkspaceSchema).max(64),
  /** The switchable areas the person turned on; every other one is off. */
  enabledAreas: z.array(z.enum(switchableAreas)).max(switchableAreas.length),
  /** Extension origins allowed besides the compiled-in one. */
  allowedOrigins: z.array(z.string().regex(extensionOriginPattern)).max(64),
  /** `run_command`'s allowlist by name; absent means none. */
  commands: z.record(CommandNameSchema, AllowedCommandSchema).optional(),
  /** `open_app`'s registry by exact ID; absent means none. */
  apps: z.record(AppIdSchema, RegisteredAppSchema).optional(),
  /** Absolute folders `import_asset` may copy from; absent means none. */
  importRoots: z.array(
    z.string().min(1).refine(isAbsolute, { message: "must be an absolute path" }),
  ).max(64).optional(),
});

/** The policy. */
export type DeskPolicy = z.infer<typeof DeskPolicySchema>;

/**
 * The policy before the person changed anything: no workspace (so no file
 * action can succeed), and the skills that act only inside a workspace on,
 * so that adding a workspace is the one step that opens them. Commands run
 * only what the person lists and imports come only from roots they name, so
 * both start empty. Clipboard and Windows read what may be secret (a
 * copied password, a screen) and stay off until the person turns them on.
 */
export function defaultDeskPolicy(): DeskPolicy {
  return {
    version: 1,
    workspaces: [],
    enabledAreas: ["files", "projects", "commands", "assets", "images", "documents"],
    allowedOrigins: [],
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/** The policy file's path: `LEASH_DESK_CONFIG`, else `desk.json` in the per-OS Leash app dir. */
export function deskPolicyPath(env: EnvReader, os: HostOs): string {
  const override = nonEmpty(env("LEASH_DESK_CONFIG"));
  if (override !== undefined) return resolve(override);
  const appDir = os === "darwin" || os === "windows" ? "Leash" : "leash";
  return join(userConfigRoot(env, os), appDir, "desk.json");
}

/** Why the policy file could not be used. It names the file, never its contents. */
export class DeskPolicyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "DeskPolicyError";
  }
}

/** Parse policy text; throws {@linkcode DeskPolicyError} when it is not valid. */
export function parseDeskPolicy(text: string, path: string): DeskPolicy {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DeskPolicyError(`Cannot read desk policy ${path}: it is not JSON`, { cause: error });
  }
  const parsed = DeskPolicySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0
      ? ""
      : ` at ${issue.path.join(".")}`;
    throw new DeskPolicyError(`Cannot read desk policy ${path}: invalid${where}`);
  }
  const ids = parsed.data.workspaces.map((workspace) => workspace.id);
  if (new Set(ids).size !== ids.length) {
    throw new DeskPolicyError(`Cannot read desk policy ${path}: a workspace ID appears twice`);
  }
  return parsed.data;
}

/**
 * Read the policy at `path`: the default policy when there is no file;
 * throws {@linkcode DeskPolicyError} when the file exists but cannot be read
 * or is not valid (the host then refuses everything but `get_status`).
 */
export async function readDeskPolicy(path: string): Promise<DeskPolicy> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return defaultDeskPolicy();
    throw new DeskPolicyError(`Cannot read desk policy ${path}: ${errorName(error)}`, {
      cause: error,
    });
  }
  return parseDeskPolicy(text, path);
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** The policy file's text. */
export function formatDeskPolicy(policy: DeskPolicy): string {
  return `${JSON.stringify(DeskPolicySchema.parse(policy), null, 2)}\n`;
}

/**
 * Write `policy` to `path`: its folder made 0700 if new, the file 0600,
 * written to a temporary file beside it and renamed, so a reader never
 * sees half a policy.
 */
export async function writeDeskPolicy(path: string, policy: DeskPolicy): Promise<void> {
  const folder = dirname(path);
  await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${basename(path)}.${crypto.randomUUID()}.tmp`);
  try {
    await Deno.writeTextFile(temp, formatDeskPolicy(policy), { mode: 0o600, createNew: true });
    if (Deno.build.os !== "windows") await Deno.chmod(temp, 0o600);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
