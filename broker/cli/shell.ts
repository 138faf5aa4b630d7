/**
 * `leash shell`: verb lines from stdin over one Broker connection, so leases
 * persist from line to line. Each line is a verb with the same flags as its
 * MCP tool (`observe --lease-id L --query Pay`), quoted like a POSIX shell;
 * `--lease-id` defaults to the one live lease and `act --document-epoch` to
 * the epoch last seen on that lease. Every line gets exactly one answer on
 * stdout — the result, or the failure — so a script can pair them; a failed
 * line never ends the shell. `help`, `leases` and `exit` are shell words.
 *
 * @module
 */
import { UsageError } from "../../local/cli_args.ts";
import type { BrokerLink } from "../mcp/connection.ts";
import type { Tool } from "../mcp/define.ts";
import { toToolFailure } from "../mcp/errors.ts";
import { formatLease } from "../mcp/format.ts";
import { requiredCapabilities, tools } from "../mcp/registry.ts";
import { AgentSession, socketConnector } from "../mcp/session.ts";
import { type ExtraFlag, parseFlags, synopsis } from "./flags.ts";
import { printFailure, printOutput, readLines, type VerbIo } from "./io.ts";
import { printCapture } from "./oneshot.ts";
import { jsonFlag, needsLease, shellPlan } from "./plans.ts";
import { tokenize } from "./tokenize.ts";

/** The name a claim shows the person when the shell makes it. */
export const shellClientName = "command-line shell";

const shellFlags: Readonly<Record<string, ExtraFlag>> = {
  ...jsonFlag,
  "runtime-dir": { type: "string", description: "The Broker's runtime dir." },
};

/** The shell's own flags. */
export const shellUsage = `leash shell ${synopsis([], shellFlags)}`;

/** What `help` prints inside the shell. */
export function shellHelp(): string {
  const lines = ["verbs (flags as the MCP tools take them; JSON values in single quotes):"];
  for (const tool of tools) {
    const plan = shellPlan(tool);
    lines.push(`  ${tool.verb} ${synopsis(plan.tool, plan.extras)}`);
  }
  lines.push("  leases [--json]    list this shell's live leases");
  lines.push("  help      this list");
  lines.push("  exit      end the shell (its leases end with it)");
  return lines.join("\n");
}

/** Where the shell is: its session and whether it prints JSON by default. */
interface ShellState {
  session: AgentSession;
  json: boolean;
  io: VerbIo;
}

/** Run the shell until stdin ends or `exit`; resolves with the exit code. `connect` replaces the socket (tests). */
export async function runShell(
  argv: readonly string[],
  io: VerbIo,
  connect?: () => Promise<BrokerLink>,
): Promise<number> {
  const { extras } = parseFlags([], shellFlags, argv);
  const runtimeDir = typeof extras["runtime-dir"] === "string" ? extras["runtime-dir"] : undefined;
  const session = new AgentSession({
    connect: connect ?? socketConnector({ runtimeDir, requiredCapabilities }),
  });
  const state: ShellState = { session, json: extras.json === true, io };
  try {
    io.prompt?.("leash> ");
    for await (const line of readLines(io.stdin())) {
      if (await runLine(state, line) === "exit") break;
      io.prompt?.("leash> ");
    }
  } finally {
    session.close();
  }
  return 0;
}

/** Run one line; `"exit"` ends the shell. */
export async function runLine(state: ShellState, line: string): Promise<"exit" | undefined> {
  const { io } = state;
  let words: string[];
  try {
    words = tokenize(line);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.out(error.message);
    return;
  }
  const [verb, ...rest] = words;
  switch (verb) {
    case undefined:
      return;
    case "exit":
    case "quit":
      return "exit";
    case "help":
      io.out(shellHelp());
      return;
    case "leases":
      io.out(listLeases(state, state.json || rest.includes("--json")));
      return;
  }
  const tool = tools.find((candidate) => candidate.verb === verb);
  if (tool === undefined) {
    io.out(`Cannot run "${verb}": it is not a shell verb (try help)`);
    return;
  }
  await runTool(state, tool, rest);
}

function listLeases(state: ShellState, json: boolean): string {
  const live = state.session.leases.live();
  if (json) return JSON.stringify({ leases: live });
  if (live.length === 0) return "no live lease (claim one)";
  return live.map((lease) => formatLease(lease, state.session.handles)).join("\n");
}

async function runTool(state: ShellState, tool: Tool, argv: readonly string[]): Promise<void> {
  const { io, session } = state;
  const plan = shellPlan(tool);
  let args: Record<string, unknown>;
  let json = state.json;
  let out: string | undefined;
  try {
    const parsed = parseFlags(plan.tool, plan.extras, argv);
    args = withDefaults(state, tool, parsed.args);
    json ||= parsed.extras.json === true;
    out = typeof parsed.extras.out === "string" ? parsed.extras.out : undefined;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.out(`${error.message}\nusage: ${tool.verb} ${synopsis(plan.tool, plan.extras)}`);
    return;
  }
  try {
    const output = await tool.run(args, { session, clientName: shellClientName });
    if (tool.verb === "capture") await printCapture(io, output, json, out);
    else printOutput(io, output, json);
  } catch (error) {
    printFailure(io, toToolFailure(error), json, io.out);
  }
}

/** Fill `--lease-id` with the one live lease and act's epoch with the last one seen. */
function withDefaults(
  state: ShellState,
  tool: Tool,
  args: Record<string, unknown>,
): Record<string, unknown> {
  if (!needsLease(tool)) return args;
  const filled = { ...args };
  if (filled.leaseId === undefined) {
    const live = state.session.leases.live();
    if (live.length !== 1) {
      throw new UsageError(
        live.length === 0
          ? `Cannot ${tool.verb}: no live lease (claim one first)`
          : `Cannot ${tool.verb}: ${live.length} live leases; pass --lease-id`,
      );
    }
    filled.leaseId = live[0].leaseId;
  }
  if (tool.verb === "act" && filled.documentEpoch === undefined) {
    const leaseId = filled.leaseId;
    const epoch = typeof leaseId === "string"
      ? state.session.leases.get(leaseId)?.epoch
      : undefined;
    if (epoch === undefined) {
      throw new UsageError(`Cannot act: no epoch seen on this lease (observe first)`);
    }
    filled.documentEpoch = epoch;
  }
  return filled;
}
