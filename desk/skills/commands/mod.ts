/**
 * The commands skill: `run_command` and its runtime probe.
 *
 * @module
 */
export {
  type AllowedCommand,
  AllowedCommandSchema,
  COMMAND_MAX_TIMEOUT_MS,
  type CommandResult,
  type CommandsContext,
  runCommandAction,
  RunCommandArgsSchema,
} from "./run_command.ts";
export { commandsRuntime } from "./runtime.ts";
