/**
 * `deno task desk ORIGIN`: `leash-desk` from source, with the permissions
 * the installed launcher and the compiled executable get (the table's
 * `desk` set), stdio passed through.
 *
 * @module
 */
import { withoutLeadingDashDash } from "../local/cli_args.ts";
import { deskDenoArgs } from "../local/host_run_args.ts";
import { runDenoInherited } from "../local/launch_child.ts";

if (import.meta.main) {
  Deno.exit(await runDenoInherited(deskDenoArgs(withoutLeadingDashDash(Deno.args))));
}
