/**
 * Entry point of `deno task install` and `deno task uninstall` until the
 * `leash` CLI carries them: `main.ts install …` or `main.ts uninstall`.
 *
 * @module
 */
import { withoutLeadingDashDash } from "../../local/cli_args.ts";
import { runInstall } from "./install.ts";
import { runUninstall } from "./uninstall.ts";

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  const options = withoutLeadingDashDash(rest);
  if (command === "install") return await runInstall(options);
  if (command === "uninstall") return await runUninstall(options);
  console.error(`Cannot run "${command ?? ""}": expected install or uninstall`);
  return 2;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
