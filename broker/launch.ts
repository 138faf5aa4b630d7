/**
 * The `deno task` launcher. A task string is fixed, but the Broker's
 * permissions name its runtime and state dirs, which are only known at
 * start. So `deno task broker …` runs this file with the small `launcher`
 * set from {@link ./permissions.ts}; it resolves the dirs exactly as the
 * Broker does, then runs `broker/main.ts` with that entry point's scoped set
 * and the resolved dirs, forwards SIGINT/SIGTERM, and exits with its code.
 *
 * `deno task broker [--runtime-dir D] [--state-dir S] [--access-mode M]`
 * `deno task status [--runtime-dir D] [--json]`
 * `deno task journal [--state-dir S] [--json] [--limit N]`
 *
 * @module
 */
import { parseArgs } from "node:util";
import { withoutLeadingDashDash } from "../local/cli_args.ts";
import { resolveRuntimeDir, resolveStateDir } from "../local/dirs.ts";
import { permissionFlags, type PermissionScope } from "../local/permissions.ts";

const mainUrl = new URL("./main.ts", import.meta.url).href;

/** A `leash` subcommand this launcher runs; each has a permission entry of the same name. */
export type LaunchedCommand = "serve" | "status" | "journal";

const commands: readonly LaunchedCommand[] = ["serve", "status", "journal"];

/** Which dirs each command is told about on its command line. */
const dirsOf: Record<LaunchedCommand, { runtime: boolean; state: boolean }> = {
  serve: { runtime: true, state: true },
  status: { runtime: true, state: false },
  journal: { runtime: false, state: true },
};

/**
 * The `deno` arguments that run `leash <command> …args` from source with
 * exactly the table's permissions for `scope`. Tests spawn the Broker with
 * these too.
 */
export function denoRunArgs(
  command: LaunchedCommand,
  scope: PermissionScope,
  args: readonly string[] = [],
): string[] {
  const dirArgs: string[] = [];
  if (dirsOf[command].runtime) dirArgs.push(`--runtime-dir=${scope.runtimeDir}`);
  if (dirsOf[command].state && scope.stateDir !== undefined) {
    dirArgs.push(`--state-dir=${scope.stateDir}`);
  }
  return ["run", ...permissionFlags(command, scope), mainUrl, command, ...args, ...dirArgs];
}

/** The scope a command needs, resolved from its arguments and the environment. */
function scopeFor(command: LaunchedCommand, args: readonly string[]): PermissionScope {
  const { values } = parseArgs({
    args: [...args],
    options: { "runtime-dir": { type: "string" }, "state-dir": { type: "string" } },
    strict: false,
  });
  const dir = (value: string | boolean | undefined) =>
    typeof value === "string" ? value : undefined;
  const env = (name: string) => Deno.env.get(name);
  return {
    runtimeDir: resolveRuntimeDir(env, () => Deno.uid(), dir(values["runtime-dir"])),
    stateDir: dirsOf[command].state ? resolveStateDir(env, dir(values["state-dir"])) : undefined,
  };
}

async function launch(argv: readonly string[]): Promise<number> {
  // `deno task broker -- …` puts the `--` after the task's own `serve`.
  const [command = "", ...afterCommand] = argv;
  const rest = withoutLeadingDashDash(afterCommand);
  const entry = commands.find((known) => known === command);
  if (entry === undefined) {
    console.error(`Cannot launch "${command}": expected one of ${commands.join(", ")}`);
    return 2;
  }
  const child = new Deno.Command("deno", {
    args: denoRunArgs(entry, scopeFor(entry, rest), rest),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  const forward = (signal: Deno.Signal) => () => {
    try {
      child.kill(signal);
    } catch {
      // The child already exited.
    }
  };
  const listeners = signals.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, listener] of listeners) Deno.addSignalListener(signal, listener);
  const status = await child.status;
  for (const [signal, listener] of listeners) Deno.removeSignalListener(signal, listener);
  return status.signal === null ? status.code : 128 + signalNumber(status.signal);
}

function signalNumber(signal: Deno.Signal): number {
  return signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : signal === "SIGKILL" ? 9 : 1;
}

if (import.meta.main) Deno.exit(await launch(Deno.args));
