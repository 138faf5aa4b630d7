/**
 * The real browser behind the provider's `Browser`: {@linkcode chromeBrowser}
 * implements it with `chrome.tabs` and `chrome.debugger` (tests pass fakes),
 * and {@linkcode chromeDebuggerControl} attaches and detaches for leases.
 *
 * @module
 */
import type { Browser, TabSnapshot } from "../provider/context.ts";
import { startDocumentClock } from "../provider/input_clock.ts";
import type { DebuggerControl } from "./attachments.ts";
import { debuggerRefusal } from "./debugger_refusal.ts";

function snapshot(tab: chrome.tabs.Tab): TabSnapshot | undefined {
  if (tab.id === undefined || tab.id < 0) return undefined;
  return {
    id: tab.id,
    windowId: tab.windowId,
    active: tab.active,
    title: tab.title ?? "",
    url: tab.url,
    ...(tab.openerTabId === undefined ? {} : { openerTabId: tab.openerTabId }),
    loading: tab.status === "loading",
  };
}

/**
 * A new blank tab in the last focused ordinary window (the approval window
 * may have the focus; it takes no tabs), or in a new window when there is
 * none.
 */
async function openBlankTab(): Promise<chrome.tabs.Tab | undefined> {
  const windows = await chrome.windows.getAll({ windowTypes: ["normal"] });
  const target = windows.find((window) => window.focused) ?? windows[0];
  if (target?.id !== undefined) {
    return await chrome.tabs.create({ windowId: target.id, url: "about:blank", active: true });
  }
  const created = await chrome.windows.create({ url: "about:blank", type: "normal" });
  return created?.tabs?.[0];
}

/** The real browser. */
export function chromeBrowser(): Browser {
  return {
    async getTab(tabId) {
      try {
        return snapshot(await chrome.tabs.get(tabId));
      } catch {
        return undefined;
      }
    },
    async listTabs() {
      const tabs = await chrome.tabs.query({ windowType: "normal" });
      return tabs.flatMap((tab) => snapshot(tab) ?? []);
    },
    async activeTab() {
      const [focused] = await chrome.tabs.query({
        active: true,
        lastFocusedWindow: true,
        windowType: "normal",
      });
      // The approval window may hold the focus; then any normal window's active tab will do.
      const tab = focused ?? (await chrome.tabs.query({ active: true, windowType: "normal" }))[0];
      return tab === undefined ? undefined : snapshot(tab);
    },
    async sendCommand(tabId, method, params) {
      try {
        return await chrome.debugger.sendCommand({ tabId }, method, params);
      } catch (error) {
        throw debuggerRefusal(error);
      }
    },
    async openTab() {
      const tab = await openBlankTab();
      const opened = tab === undefined ? undefined : snapshot(tab);
      if (opened === undefined) throw new Error("Cannot open a tab: Chrome returned none");
      return opened;
    },
    async closeTab(tabId) {
      await chrome.tabs.remove(tabId).catch(() => {});
    },
  };
}

/** The DevTools protocol version the provider asks for. */
const protocolVersion = "1.3";

/**
 * What the `Network` domain may buffer for a leased tab: nothing. Its events
 * only tell `page.settle` which requests are open; no body is ever read.
 */
const networkBuffers = { maxTotalBufferSize: 0, maxResourceBufferSize: 0, maxPostDataSize: 0 };

/**
 * Attach and detach through `chrome.debugger`. An attachment enables the
 * `Page` domain, whose navigation events end origin leases and wake
 * `page.changed`, and the `Network` domain, whose events count the open
 * requests `page.settle` waits for (without it the wait covers the DOM only),
 * and starts the document clock (`input_clock.ts`).
 */
export function chromeDebuggerControl(): DebuggerControl {
  return {
    async attach(tabId) {
      await chrome.debugger.attach({ tabId }, protocolVersion);
      try {
        await chrome.debugger.sendCommand({ tabId }, "Page.enable");
      } catch (error) {
        await chrome.debugger.detach({ tabId }).catch(() => {});
        throw error;
      }
      await chrome.debugger.sendCommand({ tabId }, "Network.enable", networkBuffers)
        .catch(() => {});
      await startDocumentClock((method, params) =>
        chrome.debugger.sendCommand({ tabId }, method, params)
      ).catch(() => {});
    },
    async detach(tabId) {
      await chrome.debugger.detach({ tabId });
    },
  };
}
