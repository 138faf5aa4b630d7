/**
 * `run_command`: one command from the person's allowlist, by name, with the
 * allowlist's absolute executable and fixed argument prefix followed by the
 * caller's arguments. No shell, a minimal environment, a working folder the
 * host's path rule admits, and a deadline after which the command's whole
 * process group is killed. When the command exits, whatever it left running
 * in its group is killed too, so nothing outlives the action.
 *
 * A non-zero exit is a result, not a failure: the caller reads `exitCode`.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import {
  type AllowedCommand,
  AllowedCommandSchema,
  CommandNameSchema,
} from "../../../contracts/desk/commands.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import { type CappedText, OutputCap } from "./output_cap.ts";
import { killGroup, spawnGroup } from "./process_group.ts";

/** The longest a command may be given to run: ten minutes. */
export const COMMAND_MAX_TIMEOUT_MS = 600_000;

/** How long the pipes may stay open after the group is gone before they are cut. */
const PIPE_GRACE_MS = 2_000;

const noNul = (value: string) => !value.includes("\0");

export { type AllowedCommand, AllowedCommandSchema };

/** What `run_command` needs from the host. */
export interface CommandsContext {
  /** The person's allowlist, by command name. */
  readonly allowlist: Readonly<Record<string, AllowedCommand>>;
  /** The host's path rule for `cwd`; `"."` is the workspace root. */
  readonly resolveInside: ResolveInside;
}

/** `run_command`'s arguments. */
export const RunCommandArgsSchema = z.strictObject({
  command: CommandNameSchema,
  args: z.array(z.string().max(32 * 1024).refine(noNul)).max(256),
  cwd: z.string().min(1).max(4096).optional(),
  stdin: z.string().max(512 * 1024).optional(),
  timeoutMs: z.number().int().min(1).max(COMMAND_MAX_TIMEOUT_MS),
});

/** `run_command`'s arguments, validated. */
export type RunCommandArgs = z.infer<typeof RunCommandArgsSchema>;

/** What a command did: its exit and both streams, capped head and tail. */
export interface CommandResult {
  /** The exit code, or `null` when a signal ended the command. */
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly stdout: CappedText;
  readonly stderr: CappedText;
  readonly durationMs: number;
}

/** The environment every command starts from: nothing of the host's own. */
function minimalEnv(extra: Readonly<Record<string, string>>): Record<string, string> {
  return { PATH: "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8", ...extra };
}

async function workingFolder(cwd: string | undefined, resolveInside: ResolveInside) {
  const path = await resolveInside(cwd ?? ".", { write: false });
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw new DeskFailure("FILE_NOT_FOUND");
  if (!info.isDirectory()) throw new DeskFailure("INVALID_REQUEST", { field: "cwd" });
  return path;
}

/**
 * Runs one allowlisted command. Throws `COMMAND_NOT_ALLOWED` for a name not
 * on the allowlist, `EXECUTION_FAILED` when the program cannot start, and
 * `COMMAND_TIMEOUT` past `timeoutMs`, its detail's `partial` holding the
 * output so far.
 */
export async function runCommand(
  args: RunCommandArgs,
  context: CommandsContext,
): Promise<CommandResult> {
  if (!Object.hasOwn(context.allowlist, args.command)) {
    throw new DeskFailure("COMMAND_NOT_ALLOWED");
  }
  const allowed = AllowedCommandSchema.safeParse(context.allowlist[args.command]);
  if (!allowed.success) throw new DeskFailure("COMMAND_NOT_ALLOWED");
  const cwd = await workingFolder(args.cwd, context.resolveInside);

  const started = performance.now();
  let child;
  try {
    child = spawnGroup({
      executable: allowed.data.executable,
      args: [...allowed.data.args, ...args.args],
      cwd,
      env: minimalEnv(allowed.data.env),
      stdin: args.stdin,
    });
  } catch {
    throw new DeskFailure("EXECUTION_FAILED");
  }
  const stdout = new OutputCap();
  const stderr = new OutputCap();
  child.stdout?.on("data", (chunk: Uint8Array) => stdout.push(chunk));
  child.stderr?.on("data", (chunk: Uint8Array) => stderr.push(chunk));

  let timedOut = false;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const outcome = await new Promise<
    { started: false } | { started: true; code: number | null; signal: string | null }
  >((resolve) => {
    let exit: { code: number | null; signal: string | null } | undefined;
    child.once("error", () => resolve({ started: false }));
    child.once("spawn", () => {
      const pid = child.pid!;
      deadline = setTimeout(() => {
        timedOut = true;
        killGroup(pid);
      }, args.timeoutMs);
      child.once("exit", (code, signal) => {
        exit = { code, signal };
        // Background children the command left behind die with it.
        killGroup(pid);
        // A process that left the group may still hold the pipes: stop waiting for it.
        grace = setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          resolve({ started: true, ...exit! });
        }, PIPE_GRACE_MS);
      });
      child.once("close", () => {
        if (exit !== undefined) resolve({ started: true, ...exit });
      });
    });
  }).finally(() => {
    clearTimeout(deadline);
    clearTimeout(grace);
  });
  if (!outcome.started) throw new DeskFailure("EXECUTION_FAILED");

  const result: CommandResult = {
    exitCode: outcome.code,
    signal: outcome.signal,
    stdout: stdout.result(),
    stderr: stderr.result(),
    durationMs: Math.round(performance.now() - started),
  };
  if (timedOut) throw new DeskFailure("COMMAND_TIMEOUT", { partial: result });
  return result;
}

/** The `run_command` action. */
export const runCommandAction: SkillAction<
  typeof RunCommandArgsSchema,
  CommandsContext,
  CommandResult
> = {
  action: "run_command",
  schema: RunCommandArgsSchema,
  run: runCommand,
};
