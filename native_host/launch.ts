/**
 * `deno task host ORIGIN`: the Native Host from source, with the same
 * permissions the installed launcher grants. A task string is fixed, but
 * the host's grants name the host config and the runtime dir, so this
 * launcher (running with the small `hostLauncher` set) resolves them from
 * the environment as the host would without a config naming another dir,
 * then runs `native_host/main.ts` with the `host` set, stdio passed through.
 *
 * @module
 */
import { withoutLeadingDashDash } from "../local/cli_args.ts";
import { defaultHostScope, hostDenoArgs } from "../local/host_run_args.ts";
import { runDenoInherited } from "../local/launch_child.ts";

async function launch(args: readonly string[]): Promise<number> {
  const scope = defaultHostScope(
    (name) => Deno.env.get(name),
    () => Deno.uid() ?? 0,
    Deno.build.os,
  );
  return await runDenoInherited(hostDenoArgs(scope, withoutLeadingDashDash(args)));
}

if (import.meta.main) Deno.exit(await launch(Deno.args));
