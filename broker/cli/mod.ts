/**
 * The agent verbs of the `leash` CLI: `leash instances|tabs|claim|observe|
 * act|read-page|capture|release|shell [--json]`. Each verb is its MCP tool
 * (`leash observe` is `browser_observe`), with the tool's fields as flags and
 * the tool's text as human output.
 *
 * Exit codes: 0 success; 1 the Broker refused (the code and what to do next
 * are printed); 2 usage error; 3 no Broker answers on the runtime dir.
 *
 * @module
 */
import { UsageError } from "../../local/cli_args.ts";
import type { BrokerLink } from "../mcp/connection.ts";
import { tools } from "../mcp/registry.ts";
import { synopsis } from "./flags.ts";
import { processIo, type VerbIo } from "./io.ts";
import { runOneShot } from "./oneshot.ts";
import { oneShotPlan, shellOnly } from "./plans.ts";
import { runShell, shellUsage } from "./shell.ts";

export type { VerbIo } from "./io.ts";
export { shellHelp, shellUsage } from "./shell.ts";

/** Every agent verb, in the order an agent uses them, then `shell`. */
export const verbNames: readonly string[] = [...tools.map((tool) => tool.verb), "shell"];

/** The usage line of `verb`. */
export function verbUsage(verb: string): string {
  if (verb === "shell") return shellUsage;
  const tool = tools.find((candidate) => candidate.verb === verb);
  if (tool === undefined) return `leash <${verbNames.join("|")}> …`;
  if (shellOnly(tool)) return `leash shell, then: ${verb} [--lease-id <string>] [--json]`;
  const plan = oneShotPlan(tool);
  return `leash ${verb} ${synopsis([...plan.claim, ...plan.tool], plan.extras)}`;
}

/**
 * Run `leash <verb> …argv`; resolves with the exit code. `io` defaults to
 * the process's own streams; `connect` replaces the Broker socket (tests).
 */
export async function runVerb(
  verb: string,
  argv: readonly string[],
  io: VerbIo = processIo(),
  connect?: () => Promise<BrokerLink>,
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(`usage: ${verbUsage(verb)}`);
    return 0;
  }
  try {
    if (verb === "shell") return await runShell(argv, io, connect);
    const tool = tools.find((candidate) => candidate.verb === verb);
    if (tool === undefined) throw new UsageError(`Cannot run "${verb}": it is not an agent verb`);
    return await runOneShot(tool, argv, io, connect);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\nusage: ${verbUsage(verb)}`);
    return 2;
  }
}
