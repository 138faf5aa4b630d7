/**
 * The `leash desk` verbs for the skills' own policy: the commands
 * `run_command` may run and the folders `import_asset` may copy from, and
 * the status lines that say which skills this machine can serve.
 *
 * - `leash desk command add NAME EXECUTABLE [ARGS...]` (again: replaces it)
 * - `leash desk command remove NAME`
 * - `leash desk import-root add|remove PATH`
 *
 * @module
 */
import { isAbsolute } from "node:path";
import { AllowedCommandSchema, CommandNameSchema } from "../../contracts/desk/commands.ts";
import { deskAreaNames } from "../../contracts/desk/actions.ts";
import { UsageError } from "../../local/cli_args.ts";
import type { DeskPolicy } from "../../local/desk_policy.ts";
import { deskSkillSupport } from "../../local/desk_skill_support.ts";
import type { HostOs } from "../../local/host_config.ts";

/** Usage lines of these verbs. */
export const skillVerbUsage = [
  "leash desk command add NAME EXECUTABLE [ARGS...]",
  "leash desk command remove NAME",
  "leash desk import-root add|remove PATH",
];

/**
 * `command add|remove`. Arguments after the executable are taken as they
 * are, dashes and all: they are the command's fixed prefix, not options.
 */
export async function editCommand(
  args: readonly string[],
  policy: DeskPolicy,
  out: (line: string) => void,
): Promise<DeskPolicy> {
  const [sub, name, executable, ...prefix] = args;
  if (sub !== "add" && sub !== "remove") {
    throw new UsageError(`Cannot run leash desk command ${sub ?? ""}: expected add or remove`);
  }
  if (name === undefined || !CommandNameSchema.safeParse(name).success) {
    throw new UsageError(
      `Cannot ${sub} command ${name ?? ""}: a name is 1-64 letters, digits, '.', '_' or '-'`,
    );
  }
  const commands = { ...policy.commands };
  if (sub === "remove") {
    if (executable !== undefined) throw new UsageError("Cannot remove command: expected NAME only");
    if (!Object.hasOwn(commands, name)) {
      throw new Error(`Cannot remove command ${name}: not listed`);
    }
    delete commands[name];
    out(`Removed command ${name}`);
    return { ...policy, commands };
  }
  if (executable === undefined || !isAbsolute(executable)) {
    throw new UsageError(`Cannot add command ${name}: the executable must be an absolute path`);
  }
  const info = await Deno.stat(executable).catch(() => undefined);
  if (info === undefined || !info.isFile) {
    throw new Error(`Cannot add command ${name}: ${executable} is not a file`);
  }
  const parsed = AllowedCommandSchema.safeParse({ executable, args: prefix });
  if (!parsed.success) throw new UsageError(`Cannot add command ${name}: invalid arguments`);
  commands[name] = parsed.data;
  out(`Added command ${name}: ${[executable, ...prefix].join(" ")}`);
  return { ...policy, commands };
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
    roots.length === 0 ? "Import roots: none" : `Import roots: ${roots.join(", ")}`,
  ];
}
