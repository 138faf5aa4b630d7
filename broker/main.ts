/**
 * `leash`: the Broker's command line.
 *
 * - `leash serve [--runtime-dir D] [--state-dir S] [--access-mode restricted|personal]`
 * - `leash status [--runtime-dir D] [--json]`
 * - `leash install [--browser …] [--user-data-dir D] [--dev]`, `leash uninstall`
 * - `leash doctor [--json]`
 * - `leash desk workspace|allow-extension|skill|status …`: DeskBridge's policy
 * - `leash journal [--state-dir S] [--json] [--limit N]`
 * - `leash mcp`: the MCP server on stdio
 * - `leash instances|tabs|claim|observe|act|read-page|capture|release|shell`: agent verbs
 *
 * Exit codes: 0 success; 1 the command failed (for `serve`: it refused to
 * start, e.g. an unsafe runtime dir or another Broker running); 2 usage
 * error; 3 `status` found no Broker running.
 *
 * @module
 */
import { UsageError, withoutLeadingDashDash } from "../local/cli_args.ts";
import { runVerb, shellUsage, verbNames, verbUsage } from "./cli/mod.ts";
import { deskPolicyUsage, runDeskPolicy } from "./desk/policy_cli.ts";
import { doctorUsage, runDoctor } from "./doctor/mod.ts";
import { installUsage, runInstall, runUninstall, uninstallUsage } from "./install/mod.ts";
import { journalUsage, runJournal } from "./journal/audit.ts";
import { mcpUsage, runMcp } from "./mcp/mod.ts";
import { runServe, serveUsage } from "./server/cli.ts";
import { JsonLogger } from "../local/log.ts";
import { StartError } from "./journal/start_error.ts";
import { runStatus, statusUsage } from "./status.ts";

const usage = [
  "usage:",
  serveUsage,
  statusUsage,
  installUsage,
  uninstallUsage,
  doctorUsage,
  deskPolicyUsage,
  journalUsage,
  mcpUsage,
  ...verbNames.filter((verb) => verb !== "shell").map(verbUsage),
  shellUsage,
].join("\n  ");

/** Run one `leash` command line; resolves with the exit code. */
export async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = withoutLeadingDashDash(args);
  try {
    switch (command) {
      case "serve":
        return await runServe(rest);
      case "status":
        return await runStatus(rest);
      case "install":
        return await runInstall(rest);
      case "uninstall":
        return await runUninstall(rest);
      case "doctor":
        return await runDoctor(rest);
      case "desk":
        return await runDeskPolicy(rest);
      case "journal":
        return await runJournal(rest);
      case "mcp":
        return await runMcp(rest);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        console.log(usage);
        return command === undefined ? 2 : 0;
      default:
        if (verbNames.includes(command)) return await runVerb(command, rest);
        throw new UsageError(`Cannot run "${command}": it is not a leash command`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof StartError) {
      // Stderr carries JSON lines only, so a refusal to start reads like any other log line.
      new JsonLogger().log("error", "start-refused", { message: error.message });
      return 1;
    }
    throw error;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
