/**
 * The `lease` family: `lease.grant` and `lease.revoke`. In restricted mode a grant waits for
 * the person's decision in the approval window and yields an exact-origin
 * lease; only a Broker in personal mode gets prompt-free grants and `tab`
 * scope. A grant whose client name passes for Leash itself or shows nothing
 * is `INVALID_PARAMS` in either mode: the Broker refuses such claims, and the
 * extension does not count on it. A grant answers only once the debugger is attached; anything that
 * fails after the lease was recorded ends it again, so the Broker never
 * misses a lease the extension holds.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import { boundText } from "../../contracts/text.ts";
import type { ProviderContext, TabSnapshot } from "./context.ts";
import { closeOpenedTab } from "./open.ts";
import { approve, checkAsked } from "./approve.ts";
import { recordLease } from "./lease_record.ts";
import { startCapture } from "./page_logs.ts";
import { parseTabId } from "./tab_ids.ts";

type GrantParams = ParamsOf<ProviderMethods, "lease.grant">;
type GrantResult = ResultOf<ProviderMethods, "lease.grant">;

const maxUrlLength = 8192;
/** Longest tab title the approval window shows. */
const maxPromptTitleUnits = 300;

/** The tab a grant names, or the active tab; `TAB_NOT_FOUND` when there is none. */
async function resolveTab(context: ProviderContext, tab: string | undefined): Promise<TabSnapshot> {
  if (tab === undefined) {
    const active = await context.browser.activeTab();
    if (active === undefined) throw new LeashError("TAB_NOT_FOUND");
    return active;
  }
  const tabId = parseTabId(context.instanceId, tab);
  const found = tabId === undefined ? undefined : await context.browser.getTab(tabId);
  if (found === undefined) throw new LeashError("TAB_NOT_FOUND");
  return found;
}

/** Grant a fenced lease on a tab. */
export async function grantLease(
  context: ProviderContext,
  params: GrantParams,
  signal: AbortSignal,
): Promise<GrantResult> {
  checkAsked(context, params);
  context.leases.checkGrant(params.lease);
  const tab = await resolveTab(context, params.tab);
  const origin = httpOrigin(tab.url);
  // Only ordinary web pages: the debugger must not touch browser or extension pages.
  if (origin === undefined) throw new LeashError("DEBUGGER_UNAVAILABLE");
  const title = boundText(tab.title, maxPromptTitleUnits).text;
  await approve(context, params, { origin, title }, signal);

  // What the person approved must still be what the tab shows.
  const current = await context.browser.getTab(tab.id);
  if (current === undefined) throw new LeashError("TAB_NOT_FOUND");
  if (httpOrigin(current.url) !== origin) throw new LeashError("ORIGIN_CHANGED");

  const record = await recordLease(context, params, { tabId: tab.id, origin }, signal);

  try {
    // The document may have moved on while the debugger attached.
    const after = await context.browser.getTab(tab.id);
    if (after === undefined) throw new LeashError("TAB_NOT_FOUND");
    const url = after.url;
    if (url === undefined || !inLeaseScope(record.scope, url)) {
      throw new LeashError("ORIGIN_CHANGED");
    }
    if (url.length > maxUrlLength) throw new LeashError("RESULT_TOO_LARGE");
    if (params.capture === true) await startCapture(context, record, url);
    signal.throwIfAborted();
    return { tab: record.tab, scope: record.scope, url };
  } catch (error) {
    // The Broker never learns of this lease, so it ends without an event.
    await context.leases.end(record.leaseId, "broker", record.fence);
    throw error;
  }
}

/**
 * End a lease at the Broker's request; only the exact live grant of this
 * connection. With `closeTab`, its tab closes too when Leash opened it
 * (`closed` says whether); no other tab is ever closed.
 */
export async function revokeLease(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "lease.revoke">,
): Promise<ResultOf<ProviderMethods, "lease.revoke">> {
  let record;
  try {
    record = context.leases.check(params.lease, context.link.generation);
  } catch {
    return params.closeTab === true ? { revoked: false, closed: false } : { revoked: false };
  }
  const revoked = await context.leases.end(params.lease.leaseId, "broker", params.lease.fence);
  if (params.closeTab !== true) return { revoked };
  return { revoked, closed: revoked && await closeOpenedTab(context, record) };
}
