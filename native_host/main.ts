/**
 * The Native Host's entry point: what Chrome starts (through the installed
 * launcher or the compiled `leash-host`) with the caller origin as its only
 * argument. Run from source with `deno task host chrome-extension://<id>/`.
 * Exit codes are listed in {@link ./exit_codes.ts}.
 *
 * @module
 */
import { JsonLogger } from "../local/log.ts";
import { hostExitCodes } from "./exit_codes.ts";
import { runHost } from "./host.ts";
import { claimStdout } from "../local/stdout.ts";

/** Every permission the host may have been started with. */
const permissionNames: readonly Deno.PermissionName[] = [
  "read",
  "write",
  "net",
  "env",
  "sys",
  "run",
  "ffi",
];

/** Give up every permission: once relaying, the host needs none. */
async function dropPermissions(): Promise<void> {
  for (const name of permissionNames) await Deno.permissions.revoke({ name });
}

async function main(): Promise<number> {
  const browser = claimStdout();
  const logger = new JsonLogger();
  try {
    return await runHost({
      args: Deno.args,
      env: (name) => Deno.env.get(name),
      uid: () => Deno.uid() ?? 0,
      os: Deno.build.os,
      extension: Deno.stdin.readable,
      browser,
      logger,
      connect: (path) => Deno.connect({ transport: "unix", path }),
      dropPermissions,
    });
  } catch (error) {
    logger.log("error", "host-failed", {
      error: error instanceof Error ? error.name : typeof error,
      exit: hostExitCodes.internal,
    });
    return hostExitCodes.internal;
  }
}

if (import.meta.main) Deno.exit(await main());
