/**
 * `deno task mcp [--runtime-dir D]`: a task string is fixed, but the MCP
 * server's permissions name the runtime dir, known only at start. So the
 * task runs this launcher with the small `launcher` set; it resolves the
 * runtime dir as the server would and runs `broker/mcp/main.ts` with the
 * `mcp` set, stdio inherited (the MCP client talks to the child directly),
 * and exits with its code.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { withoutLeadingDashDash } from "../../local/cli_args.ts";
import { resolveRuntimeDir } from "../../local/dirs.ts";
import { permissionFlags } from "../../local/permissions.ts";

const mainUrl = new URL("./main.ts", import.meta.url).href;

/** The `deno` arguments that run the MCP server on `runtimeDir` with exactly the table's permissions. */
export function mcpRunArgs(runtimeDir: string, args: readonly string[] = []): string[] {
  return [
    "run",
    // Files to upload are read under the working directory, the agent's project.
    ...permissionFlags("mcp", { runtimeDir, workDir: Deno.cwd() }),
    mainUrl,
    ...args,
    `--runtime-dir=${runtimeDir}`,
  ];
}

async function launch(argv: readonly string[]): Promise<number> {
  const args = withoutLeadingDashDash(argv);
  const { values } = parseArgs({
    args,
    options: { "runtime-dir": { type: "string" } },
    strict: false,
  });
  const chosen = values["runtime-dir"];
  const runtimeDir = resolveRuntimeDir(
    (name) => Deno.env.get(name),
    () => Deno.uid(),
    typeof chosen === "string" ? chosen : undefined,
  );
  const rest = args.filter((arg, i) =>
    !arg.startsWith("--runtime-dir") && args[i - 1] !== "--runtime-dir"
  );
  const child = new Deno.Command("deno", {
    args: mcpRunArgs(runtimeDir, rest),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  // A client that stops the server signals this process; the server must stop with it.
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  const listeners = signals.map((signal) => {
    const forward = () => {
      try {
        child.kill(signal);
      } catch {
        // The child already exited.
      }
    };
    Deno.addSignalListener(signal, forward);
    return [signal, forward] as const;
  });
  const status = await child.status;
  for (const [signal, forward] of listeners) Deno.removeSignalListener(signal, forward);
  return status.code;
}

if (import.meta.main) Deno.exit(await launch(Deno.args));
