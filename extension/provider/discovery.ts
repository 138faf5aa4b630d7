/**
 * The `discovery` family: `tabs.list`. In restricted mode the Broker learns only which tabs exist
 * and which is active; titles and URLs of ordinary web pages are listed only
 * when the Broker runs in personal mode, where discovery is prompt-free.
 *
 * @module
 */
import type { ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { ProviderContext } from "./context.ts";
import { isHttpUrl } from "../../contracts/origin.ts";
import { boundText } from "../../contracts/text.ts";
import { formatTabId } from "./tab_ids.ts";

type TabList = ResultOf<ProviderMethods, "tabs.list">;

/** The longest URL the wire carries; a longer one is left out, never cut. */
const maxUrlLength = 8192;
/** The longest title the wire carries. */
const maxTitleUnits = 10_000;

/** List the tabs of ordinary windows. */
export async function listTabs(context: ProviderContext): Promise<TabList> {
  const tabs = await context.browser.listTabs();
  const discovery = context.link.mode === "personal";
  return tabs.map((tab) => {
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
    return info;
  });
}
