/**
 * The `discovery` family: `tabs.list`. In restricted mode the Broker learns only which tabs exist,
 * which is active and which were opened by the caller's leased tabs (popups); titles and URLs
 * of ordinary web pages are listed only when the Broker runs in personal mode, where discovery
 * is prompt-free. URLs leave the
 * extension redacted by the tab-listing rule (`contracts/tab_listing.ts`): the tabs of the
 * caller's leases the Broker names, and tabs they opened, in the leased view; every other
 * tab in the unleased view.
 *
 * @module
 */
import { isLeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { isHttpUrl } from "../../contracts/origin.ts";
import { redactTabs } from "../../contracts/tab_listing.ts";
import { boundText } from "../../contracts/text.ts";
import { formatTabId } from "./tab_ids.ts";

type TabList = ResultOf<ProviderMethods, "tabs.list">;

/** The longest URL the wire carries; a longer one is left out, never cut. */
const maxUrlLength = 8192;
/** The longest title the wire carries. */
const maxTitleUnits = 10_000;

/** List the tabs of ordinary windows. */
export async function listTabs(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "tabs.list">,
): Promise<TabList> {
  const tabs = await context.browser.listTabs();
  const discovery = context.link.mode === "personal";
  const listed = tabs.map((tab) => {
    const info: TabList[number] = {
      tab: formatTabId(context.instanceId, tab.id),
      active: tab.active,
    };
    if (
      discovery && tab.url !== undefined && isHttpUrl(tab.url) && tab.url.length <= maxUrlLength
    ) {
      info.title = boundText(tab.title, maxTitleUnits).text;
      info.url = tab.url;
    }
    // The listing rule keeps an opener only when it is one of the caller's leased tabs.
    if (tab.openerTabId !== undefined) {
      info.openedBy = formatTabId(context.instanceId, tab.openerTabId);
    }
    return info;
  });
  return redactTabs(listed, { discovery, leasedTabs: leasedTabs(context, params.leases ?? []) });
}

/**
 * The wire tab IDs of the leases in `tokens` that are live on this
 * connection; a lease that ended meanwhile just counts for nothing.
 */
function leasedTabs(context: ProviderContext, tokens: readonly LeaseToken[]): Set<string> {
  const tabs = new Set<string>();
  for (const token of tokens) {
    try {
      tabs.add(context.leases.check(token, context.link.generation).tab);
    } catch (error) {
      // Ended: stale, or ended because its tab left the scope.
      if (!isLeashError(error, "STALE_LEASE") && !isLeashError(error, "ORIGIN_CHANGED")) {
        throw error;
      }
    }
  }
  return tabs;
}
