/**
 * The `leash desk` verbs for the skills' own policy: the commands
 * `run_command` may run, the applications `open_app` may start, the folders
 * `import_asset` may copy from, and the status lines that say which skills
 * this machine can serve.
 *
 * - `leash desk command add NAME EXECUTABLE [ARGS...]` (again: replaces it)
 * - `leash desk command remove NAME`
 * - `leash desk app add ID EXECUTABLE [ARGS...]` (again: replaces it)
 * - `leash desk app remove ID`
 * - `leash desk import-root add|remove PATH`
 *
 * @module
 */
import { isAbsolute } from "node:path";
import {
  type AllowedCommand,
  AllowedCommandSchema,
  CommandNameSchema,
} from "../../contracts/desk/commands.ts";
import { AppIdSchema, type RegisteredApp, RegisteredAppSchema } from "../../contracts/desk/apps.ts";
import { deskAreaNames } from "../../contracts/desk/actions.ts";
import { UsageError } from "../../local/cli_args.ts";
import type { DeskPolicy } from "../../local/desk_policy.ts";
import { deskSkillSupport } from "../../local/desk_skill_support.ts";
import type { HostOs } from "../../local/host_config.ts";

/** Usage lines of these verbs. */
export const skillVerbUsage = [
  "leash desk command add NAME EXECUTABLE [ARGS...]",
  "leash desk command remove NAME",
  "leash desk app add ID EXECUTABLE [ARGS...]",
  "leash desk app remove ID",
  "leash desk import-root add|remove PATH",
];

/** What the verbs need of a schema: its verdict, and the value it made. */
interface Checker<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A named list of launchable programs in the policy: the commands, or the applications. */
interface LaunchList<Entry> {
  /** The verb and the word for one entry: `command`, `app`. */
  readonly noun: string;
  readonly nameSchema: Checker<string>;
  readonly entrySchema: Checker<Entry>;
  readonly read: (policy: DeskPolicy) => Readonly<Record<string, Entry>> | undefined;
  readonly write: (policy: DeskPolicy, entries: Record<string, Entry>) => DeskPolicy;
}

const commandList: LaunchList<AllowedCommand> = {
  noun: "command",
  nameSchema: CommandNameSchema,
  entrySchema: AllowedCommandSchema,
  read: (policy) => policy.commands,
  write: (policy, commands) => ({ ...policy, commands }),
};

const appList: LaunchList<RegisteredApp> = {
  noun: "app",
  nameSchema: AppIdSchema,
  entrySchema: RegisteredAppSchema,
  read: (policy) => policy.apps,
  write: (policy, apps) => ({ ...policy, apps }),
};

/**
 * `add NAME EXECUTABLE [ARGS...]` or `remove NAME` on one launch list.
 * Arguments after the executable are taken as they are, dashes and all:
 * they are the entry's fixed arguments, not options.
 */
async function editLaunchList<Entry>(
  list: LaunchList<Entry>,
  args: readonly string[],
  policy: DeskPolicy,
  out: (line: string) => void,
): Promise<DeskPolicy> {
  const { noun } = list;
  const [sub, name, executable, ...prefix] = args;
  if (sub !== "add" && sub !== "remove") {
    throw new UsageError(`Cannot run leash desk ${noun} ${sub ?? ""}: expected add or remove`);
  }
  if (name === undefined || !list.nameSchema.safeParse(name).success) {
    throw new UsageError(
      `Cannot ${sub} ${noun} ${name ?? ""}: a name is 1-64 letters, digits, '.', '_' or '-'`,
    );
  }
  const entries = { ...list.read(policy) };
  if (sub === "remove") {
    if (executable !== undefined) throw new UsageError(`Cannot remove ${noun}: expected NAME only`);
    if (!Object.hasOwn(entries, name)) {
      throw new Error(`Cannot remove ${noun} ${name}: not listed`);
    }
    delete entries[name];
    out(`Removed ${noun} ${name}`);
    return list.write(policy, entries);
  }
  if (executable === undefined || !isAbsolute(executable)) {
    throw new UsageError(`Cannot add ${noun} ${name}: the executable must be an absolute path`);
  }
  const info = await Deno.stat(executable).catch(() => undefined);
  if (info === undefined || !info.isFile) {
    throw new Error(`Cannot add ${noun} ${name}: ${executable} is not a file`);
  }
  const parsed = list.entrySchema.safeParse({ executable, args: prefix });
  if (!parsed.success) throw new UsageError(`Cannot add ${noun} ${name}: invalid arguments`);
  entries[name] = parsed.data;
  out(`Added ${noun} ${name}: ${[executable, ...prefix].join(" ")}`);
  return list.write(policy, entries);
}

/** `command add NAME EXECUTABLE [ARGS...]` (a fixed prefix) or `command remove NAME`. */
export function editCommand(
  args: readonly string[],
  policy: DeskPolicy,
  out: (line: string) => void,
): Promise<DeskPolicy> {
  return editLaunchList(commandList, args, policy, out);
}

/** `app add ID EXECUTABLE [ARGS...]` (its fixed arguments) or `app remove ID`. */
export function editApp(
  args: readonly string[],
  policy: DeskPolicy,
  out: (line: string) => void,
): Promise<DeskPolicy> {
  return editLaunchList(appList, args, policy, out);
}

/** `import-root add|remove PATH`: added by its real path, which must be a folder. */
export async function editImportRoot(
  args: readonly string[],
  policy: DeskPolicy,
  out: (line: string) => void,
): Promise<DeskPolicy> {
  const [sub, path, extra] = args;
  if ((sub !== "add" && sub !== "remove") || path === undefined || extra !== undefined) {
    throw new UsageError("Cannot run leash desk import-root: expected add|remove PATH");
  }
  const roots = policy.importRoots ?? [];
  const real = await Deno.realPath(path).catch(() => undefined);
  if (sub === "remove") {
    const gone = roots.filter((root) => root === path || root === real);
    if (gone.length === 0) throw new Error(`Cannot remove import root ${path}: it is not one`);
    out(`Removed import root ${gone[0]}`);
    return { ...policy, importRoots: roots.filter((root) => !gone.includes(root)) };
  }
  if (real === undefined || !(await Deno.stat(real)).isDirectory) {
    throw new Error(`Cannot add import root ${path}: it is not a folder`);
  }
  out(`Added import root ${real}`);
  if (roots.includes(real)) return policy;
  if (roots.length >= 64) throw new Error("Cannot add import root: 64 is the most");
  return { ...policy, importRoots: [...roots, real] };
}

/** Each area's support on `os`, for `leash desk status --json`. */
export function skillSupportMap(os: HostOs) {
  return Object.fromEntries(deskAreaNames.map((area) => [area, deskSkillSupport(area, os)]));
}

/** The status lines for the skills: each area on or off, and whether it can run here. */
export function skillStatusLines(policy: DeskPolicy, os: HostOs): string[] {
  const lines = deskAreaNames.map((area) => {
    const on = area === "control" || policy.enabledAreas.some((enabled) => enabled === area);
    const support = deskSkillSupport(area, os);
    const here = support.available ? "available" : `unavailable: ${support.reason}`;
    return `  ${area}: ${on ? "on" : "off"}, ${here}`;
  });
  const commands = Object.entries(policy.commands ?? {});
  const apps = Object.entries(policy.apps ?? {});
  const roots = policy.importRoots ?? [];
  return [
    "Skills:",
    ...lines,
    commands.length === 0
      ? "Commands: none (add one with leash desk command add NAME EXECUTABLE [ARGS...])"
      : `Commands: ${
        commands.map(([name, command]) =>
          `${name} = ${[command.executable, ...command.args].join(" ")}`
        )
          .join("; ")
      }`,
    apps.length === 0
      ? "Apps: none (add one with leash desk app add ID EXECUTABLE [ARGS...])"
      : `Apps: ${
        apps.map(([id, app]) => `${id} = ${[app.executable, ...app.args].join(" ")}`).join("; ")
      }`,
    roots.length === 0 ? "Import roots: none" : `Import roots: ${roots.join(", ")}`,
  ];
}
