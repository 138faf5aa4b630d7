/**
 * Argument handling shared by the `leash` subcommands and the launcher.
 *
 * @module
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * `deno task broker -- --runtime-dir D` passes the `--` through; dropping a
 * leading one lets both spellings work.
 */
export function withoutLeadingDashDash(args: readonly string[]): string[] {
  return args[0] === "--" ? args.slice(1) : [...args];
}

/** A usage error: the CLI prints it with the usage text and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** `parseArgs` over `args` with strict checking, turning its errors into {@linkcode UsageError}s. */
export function parseStrict<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: readonly string[],
  options: T,
) {
  try {
    return parseArgs({ args: withoutLeadingDashDash(args), options, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
