/**
 * The `console` family on the provider: `console.read` answers from the
 * lease's console log, starting capture on first use
 * (`extension/provider/page_logs.ts`).
 *
 * @module
 */
import { consoleCaps, levelRank } from "../../contracts/methods/console.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { leaseLogs } from "./page_logs.ts";

/** Read the lease's console log. `STALE_CURSOR` for a cursor of another log. */
export async function readConsole(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "console.read">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "console.read">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { logs, started } = await leaseLogs(context, record, signal);
  const least = params.level === undefined ? 0 : levelRank(params.level);
  const slice = logs.console.read({
    since: params.since,
    where: (entry) => levelRank(entry.level) >= least,
    limit: params.limit ?? consoleCaps.defaultLimit,
  });
  context.leases.check(params.lease, context.link.generation);
  return { ...slice, started, capturingSince: logs.since };
}
