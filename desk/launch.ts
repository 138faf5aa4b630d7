/**
 * `deno task desk ORIGIN`: `leash-desk` from source, with the permissions
 * the installed launcher and the compiled executable get (the table's
 * `desk` set), stdio passed through.
 *
 * @module
 */
import { withoutLeadingDashDash } from "../local/cli_args.ts";
import { deskDenoArgs } from "../local/host_run_args.ts";

async function launch(args: readonly string[]): Promise<number> {
  const child = new Deno.Command("deno", {
    args: deskDenoArgs(withoutLeadingDashDash(args)),
    stdin: "inherit",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  const status = await child.status;
  return status.signal === null ? status.code : 128 + (status.signal === "SIGKILL" ? 9 : 15);
}

if (import.meta.main) Deno.exit(await launch(Deno.args));
