/**
 * The worker's record of a lease it grants, made the same way for a tab
 * the person had open (`lease.grant`) and one Leash opened (`lease.open`).
 *
 * @module
 */
import type { LeaseScope } from "../../contracts/methods/common.ts";
import type { ParamsOf, ProviderMethods } from "../../contracts/methods/mod.ts";
import type { LeaseRecord, ProviderContext } from "./context.ts";
import { formatTabId } from "./tab_ids.ts";

/** What both grants are asked: the lease, its scope and who asks. */
type Asked = Pick<ParamsOf<ProviderMethods, "lease.grant">, "lease" | "scope" | "clientName">;

/** Record lease `params.lease` on tab `tabId` for `origin` (or the whole tab) on this link. */
export function recordLease(
  context: ProviderContext,
  params: Asked,
  { tabId, origin }: { tabId: number; origin: string },
  signal: AbortSignal,
): Promise<LeaseRecord> {
  const scope: LeaseScope = params.scope === "tab" ? { kind: "tab" } : { kind: "origin", origin };
  return context.leases.grant({
    leaseId: params.lease.leaseId,
    fence: params.lease.fence,
    generation: context.link.generation,
    tabId,
    tab: formatTabId(context.instanceId, tabId),
    scope,
    clientName: params.clientName,
    grantedAt: context.now(),
  }, signal);
}
