/**
 * `leash-desk`'s entry point: what Chrome starts (through the installed
 * launcher or the compiled `leash-desk`) with the caller origin as its
 * argument. From source: `deno task desk chrome-extension://<id>/`. Exit
 * codes are listed in {@link ./exit_codes.ts}.
 *
 * @module
 */
import { JsonLogger } from "../local/log.ts";
import { claimStdout } from "../local/stdout.ts";
import { deskExitCodes } from "./exit_codes.ts";
import { runDesk } from "./host.ts";

async function main(): Promise<number> {
  const browser = claimStdout();
  const logger = new JsonLogger();
  try {
    return await runDesk({
      args: Deno.args,
      env: (name) => Deno.env.get(name),
      os: Deno.build.os,
      extension: Deno.stdin.readable,
      browser,
      logger,
      // Every way this entry is started passes `deskRuntimeFlags`: the
      // `deno compile` build and `deskDenoArgs` (dev launcher, tests, `deno task desk`).
      workerPermissions: true,
    });
  } catch (error) {
    logger.log("error", "desk-failed", {
      error: error instanceof Error ? error.name : typeof error,
      exit: deskExitCodes.internal,
    });
    return deskExitCodes.internal;
  }
}

if (import.meta.main) Deno.exit(await main());
