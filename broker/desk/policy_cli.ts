/**
 * `leash desk …`: the person's verbs for DeskBridge's policy, the only
 * writer of the desk policy file (the extension and `leash-desk` never
 * write it).
 *
 * - `leash desk workspace add PATH [--name N] [--web-agent-context]` (again on
 *   the same folder: renames it and sets its web agent opt-in anew)
 * - `leash desk workspace remove PATH|ID`
 * - `leash desk workspace list [--json]`
 * - `leash desk allow-extension ID`
 * - `leash desk skill enable|disable AREA`
 * - `leash desk command add|remove …`, `leash desk app add|remove …`,
 *   `leash desk import-root add|remove PATH`
 *   (see {@link ./skill_verbs.ts})
 * - `leash desk status [--json]`
 *
 * Exit codes: 0 done; 1 failed (a missing folder, an unreadable policy);
 * 2 usage error.
 *
 * @module
 */
import { basename, dirname, isAbsolute, relative, sep } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { extensionOrigin, extensionOriginPattern } from "../../contracts/identity.ts";
import { UsageError, withoutLeadingDashDash } from "../../local/cli_args.ts";
import {
  type DeskPolicy,
  deskPolicyPath,
  type DeskWorkspace,
  readDeskPolicy,
  switchableAreas,
  writeDeskPolicy,
} from "../../local/desk_policy.ts";
import type { EnvReader } from "../../local/dirs.ts";
import type { HostOs } from "../../local/host_config.ts";
import {
  editApp,
  editCommand,
  editImportRoot,
  skillStatusLines,
  skillSupportMap,
  skillVerbUsage,
} from "./skill_verbs.ts";

/** Usage of `leash desk`. */
export const deskPolicyUsage = [
  "leash desk workspace add PATH [--name N] [--web-agent-context]",
  "leash desk workspace remove PATH|ID",
  "leash desk workspace list [--json]",
  "leash desk allow-extension ID",
  `leash desk skill enable|disable ${switchableAreas.join("|")}`,
  ...skillVerbUsage,
  "leash desk status [--json]",
].join("\n  ");

/** Where the verbs read and write, and where they print. */
export interface DeskPolicyIo {
  env: EnvReader;
  os: HostOs;
  out: (line: string) => void;
}

function parse<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: readonly string[],
  options: T,
  positionals: number,
) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      `Cannot run leash desk: expected ${positionals} argument(s), got ${parsed.positionals.length}`,
    );
  }
  return parsed;
}

function mintWorkspaceId(taken: readonly DeskWorkspace[]): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    const id = `ws_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
    if (!taken.some((workspace) => workspace.id === id)) return id;
  }
}

async function realFolder(path: string): Promise<string> {
  let real: string;
  try {
    real = await Deno.realPath(path);
  } catch {
    throw new Error(`Cannot add workspace ${path}: it does not exist`);
  }
  if (!(await Deno.stat(real)).isDirectory) {
    throw new Error(`Cannot add workspace ${path}: it is not a folder`);
  }
  return real;
}

/** Whether `child` is `parent` or inside it, by path component. */
function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (!isAbsolute(rel) && rel.split(sep)[0] !== "..");
}

function workspaceLine(workspace: DeskWorkspace): string {
  const context = workspace.webAgentContext ? " (web agent context)" : "";
  return `${workspace.id}  ${workspace.name}  ${workspace.path}${context}`;
}

async function addWorkspace(
  args: readonly string[],
  policy: DeskPolicy,
  policyPath: string,
  io: DeskPolicyIo,
): Promise<DeskPolicy> {
  const { values, positionals } = parse(args, {
    name: { type: "string" },
    "web-agent-context": { type: "boolean" },
  }, 1);
  const path = await realFolder(positionals[0]);
  const policyFolder = await Deno.realPath(dirname(policyPath)).catch(() => undefined);
  if (policyFolder !== undefined && isInside(policyFolder, path)) {
    throw new Error(`Cannot add workspace ${path}: it is inside the folder of the desk policy`);
  }
  const name = values.name ?? basename(path);
  if (name.length === 0 || name.length > 64) {
    throw new UsageError("Cannot add workspace: --name must be 1 to 64 characters");
  }
  const webAgentContext = values["web-agent-context"] === true;
  const existing = policy.workspaces.find((workspace) => workspace.path === path);
  if (existing !== undefined) {
    const updated = { ...existing, name, webAgentContext };
    io.out(`Updated workspace ${workspaceLine(updated)}`);
    return {
      ...policy,
      workspaces: policy.workspaces.map((workspace) =>
        workspace.id === existing.id ? updated : workspace
      ),
    };
  }
  if (policy.workspaces.length >= 64) throw new Error("Cannot add workspace: 64 is the most");
  const workspace = { id: mintWorkspaceId(policy.workspaces), name, path, webAgentContext };
  io.out(`Added workspace ${workspaceLine(workspace)}`);
  return { ...policy, workspaces: [...policy.workspaces, workspace] };
}

async function removeWorkspace(
  args: readonly string[],
  policy: DeskPolicy,
  io: DeskPolicyIo,
): Promise<DeskPolicy> {
  const { positionals } = parse(args, {}, 1);
  const given = positionals[0];
  const real = await Deno.realPath(given).catch(() => given);
  const gone = policy.workspaces.find((workspace) =>
    workspace.id === given || workspace.path === real || workspace.path === given
  );
  if (gone === undefined) throw new Error(`Cannot remove workspace ${given}: it is not one`);
  io.out(`Removed workspace ${workspaceLine(gone)}`);
  return { ...policy, workspaces: policy.workspaces.filter((workspace) => workspace !== gone) };
}

function allowExtension(args: readonly string[], policy: DeskPolicy, io: DeskPolicyIo) {
  const { positionals } = parse(args, {}, 1);
  const origin = `chrome-extension://${positionals[0]}/`;
  if (!extensionOriginPattern.test(origin)) {
    throw new UsageError(`Cannot allow extension ${positionals[0]}: expected 32 letters a-p`);
  }
  io.out(`Allowed ${origin}; run leash install again so browsers admit it to leash-desk`);
  if (origin === extensionOrigin || policy.allowedOrigins.includes(origin)) return policy;
  return { ...policy, allowedOrigins: [...policy.allowedOrigins, origin] };
}

function switchSkill(args: readonly string[], policy: DeskPolicy, io: DeskPolicyIo): DeskPolicy {
  const { positionals } = parse(args, {}, 2);
  const [how, area] = positionals;
  if (how !== "enable" && how !== "disable") {
    throw new UsageError(`Cannot run leash desk skill ${how}: expected enable or disable`);
  }
  const known = switchableAreas.find((candidate) => candidate === area);
  if (known === undefined) {
    throw new UsageError(
      `Cannot ${how} skill ${area}: expected one of ${
        switchableAreas.join(", ")
      } (control is always on)`,
    );
  }
  const others = policy.enabledAreas.filter((enabled) => enabled !== known);
  io.out(`Skill ${known} ${how}d`);
  return { ...policy, enabledAreas: how === "enable" ? [...others, known] : others };
}

function printStatus(
  args: readonly string[],
  policy: DeskPolicy,
  policyPath: string,
  io: DeskPolicyIo,
  what: "status" | "list",
): void {
  const { values } = parse(args, { json: { type: "boolean" } }, 0);
  if (values.json === true) {
    io.out(JSON.stringify(
      what === "list"
        ? policy.workspaces
        : { policyPath, ...policy, skillSupport: skillSupportMap(io.os) },
    ));
    return;
  }
  if (what === "status") {
    io.out(`Desk policy: ${policyPath}`);
    const on = ["control", ...policy.enabledAreas];
    io.out(`Skills on: ${on.join(", ")}`);
    for (const line of skillStatusLines(policy, io.os)) io.out(line);
    io.out(`Extensions allowed: ${[extensionOrigin, ...policy.allowedOrigins].join(", ")}`);
  }
  if (policy.workspaces.length === 0) {
    io.out(
      "No workspace: every file action is refused. Add one with leash desk workspace add PATH",
    );
  }
  for (const workspace of policy.workspaces) io.out(workspaceLine(workspace));
}

/** Run `leash desk` with `args` (after `desk`); resolves with the exit code. */
export async function runDeskPolicy(
  args: readonly string[],
  io: DeskPolicyIo = {
    env: (name) => Deno.env.get(name),
    os: Deno.build.os,
    out: (line) => console.log(line),
  },
): Promise<number> {
  const [verb, ...rest] = withoutLeadingDashDash(args);
  const policyPath = deskPolicyPath(io.env, io.os);
  try {
    const policy = await readDeskPolicy(policyPath);
    let next: DeskPolicy | undefined;
    if (verb === "workspace") {
      const [sub, ...tail] = rest;
      if (sub === "add") next = await addWorkspace(tail, policy, policyPath, io);
      else if (sub === "remove") next = await removeWorkspace(tail, policy, io);
      else if (sub === "list") printStatus(tail, policy, policyPath, io, "list");
      else {throw new UsageError(
          `Cannot run leash desk workspace ${sub ?? ""}: expected add, remove or list`,
        );}
    } else if (verb === "allow-extension") {
      next = allowExtension(rest, policy, io);
    } else if (verb === "skill") {
      next = switchSkill(rest, policy, io);
    } else if (verb === "command") {
      next = await editCommand(rest, policy, io.out);
    } else if (verb === "app") {
      next = await editApp(rest, policy, io.out);
    } else if (verb === "import-root") {
      next = await editImportRoot(rest, policy, io.out);
    } else if (verb === "status") {
      printStatus(rest, policy, policyPath, io, "status");
    } else {
      throw new UsageError(`Cannot run leash desk ${verb ?? ""}: it is not a desk verb`);
    }
    if (next !== undefined) await writeDeskPolicy(policyPath, next);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage:\n  ${deskPolicyUsage}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
