/**
 * Wire tab IDs: opaque to the Broker, `instance:tabId` here, so a tab ID
 * from another browser instance never names one of ours.
 *
 * @module
 */

/** The wire ID of Chrome tab `tabId` in instance `instanceId`. */
export function formatTabId(instanceId: string, tabId: number): string {
  return `${instanceId}:${tabId}`;
}

/** Chrome's tab ID from a wire tab ID of this instance, or `undefined`. */
export function parseTabId(instanceId: string, tab: string): number | undefined {
  const prefix = `${instanceId}:`;
  if (!tab.startsWith(prefix)) return undefined;
  const rest = tab.slice(prefix.length);
  if (!/^[1-9][0-9]{0,15}$/.test(rest)) return undefined;
  const tabId = Number(rest);
  return Number.isSafeInteger(tabId) ? tabId : undefined;
}
