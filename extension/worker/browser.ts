/**
 * The browser as the provider handlers see it: tabs and DevTools commands.
 * Handlers depend on this interface; {@linkcode chromeBrowser} implements it
 * with `chrome.tabs` and `chrome.debugger`, and tests pass fakes.
 *
 * @module
 */
import type { DebuggerControl } from "./attachments.ts";
import { debuggerRefusal } from "./debugger_refusal.ts";

/** A tab, reduced to what the provider reads. */
export interface TabSnapshot {
  id: number;
  windowId: number;
  active: boolean;
  /** The tab's title (page-derived). */
  title: string;
  /** The committed URL, when Chrome reports one. */
  url: string | undefined;
}

/** Tabs and DevTools commands. */
export interface Browser {
  /** A tab by ID, or `undefined` when it is gone. */
  getTab(tabId: number): Promise<TabSnapshot | undefined>;
  /** Tabs of ordinary browser windows (not popups such as the approval window). */
  listTabs(): Promise<TabSnapshot[]>;
  /** The active tab of the last focused ordinary window. */
  activeTab(): Promise<TabSnapshot | undefined>;
  /** Send a DevTools command to an attached tab; rejects with Chrome's error. */
  sendCommand(tabId: number, method: string, params?: Record<string, unknown>): Promise<unknown>;
}

function snapshot(tab: chrome.tabs.Tab): TabSnapshot | undefined {
  if (tab.id === undefined || tab.id < 0) return undefined;
  return {
    id: tab.id,
    windowId: tab.windowId,
    active: tab.active,
    title: tab.title ?? "",
    url: tab.url,
  };
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
  };
}

/** The DevTools protocol version the provider asks for. */
const protocolVersion = "1.3";

/**
 * Attach and detach through `chrome.debugger`. An attachment enables the
 * `Page` domain, whose navigation events end origin leases and wake
 * `page.changed`.
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
    },
    async detach(tabId) {
      await chrome.debugger.detach({ tabId });
    },
  };
}
