/**
 * Entry point of `deno task doctor` until the `leash` CLI carries it.
 *
 * @module
 */
import { withoutLeadingDashDash } from "../../local/cli_args.ts";
import { runDoctor } from "./doctor.ts";

if (import.meta.main) Deno.exit(await runDoctor(withoutLeadingDashDash(Deno.args)));
