/**
 * Standing grants as a claim sees them: the person allowed this client on
 * this origin for a while from the approval window, so neither a claim nor
 * an open of an origin lease there asks again until it expires.
 *
 * @module
 */
import type { ProviderContext } from "./context.ts";

/**
 * Whether a standing grant the person gave covers this origin claim by
 * this client (an origin lease only: tab scope is never granted standing).
 */
export async function standing(
  context: ProviderContext,
  params: { scope: "origin" | "tab"; clientName: string; mcpClientName?: string },
  origin: string,
): Promise<boolean> {
  if (params.scope !== "origin") return false;
  return await context.grants.covers({
    clientName: params.clientName,
    ...(params.mcpClientName === undefined ? {} : { mcpClientName: params.mcpClientName }),
  }, origin);
}
