/**
 * The file chooser command of the `cdp` seam. An upload aimed at a drop
 * zone or a "Choose file" button whose file input is not beside it (upload
 * widgets append one hidden input per zone to the end of the body) turns
 * interception on, clicks the element as a person would, and turns it off:
 * the page's own click handler opens the chooser from its input, Chrome
 * hands `Page.fileChooserOpened` to the worker instead of showing a dialog,
 * and the answer to turning interception off names that input, so the
 * Broker gives the files to the very input the page chose. The answer is
 * `{opened: {backendNodeId, multiple}}`, or `{}` when the page opened none.
 *
 * @module
 */
import type { JsonObject } from "../../contracts/json.ts";
import type { ProviderContext } from "./context.ts";
import { untilAborted } from "./guard.ts";

/** The chooser method this file runs. */
export type ChooserMethod = "Page.setInterceptFileChooserDialog";

/**
 * How long turning interception off waits for a chooser not yet heard: a
 * page opens it from the click's own handler, and its event comes with the
 * click's answer or just after; a page that opens none costs this once.
 */
export const chooserWaitMs = 250;

/** Whether `method` is the chooser method. */
export function isChooserMethod(method: string): method is ChooserMethod {
  return method === "Page.setInterceptFileChooserDialog";
}

/** Run one checked chooser command on `tabId` (see the module doc). */
export async function runChooser(
  context: ProviderContext,
  tabId: number,
  params: JsonObject,
  signal: AbortSignal,
): Promise<JsonObject> {
  const method = "Page.setInterceptFileChooserDialog";
  if (params.enabled === true) {
    // A new upload: no chooser of an earlier one may answer for it.
    context.choosers.clear(tabId);
    await untilAborted(context.browser.sendCommand(tabId, method, { enabled: true }), signal);
    return {};
  }
  try {
    const opened = await context.choosers.wait(tabId, chooserWaitMs, signal);
    return opened === undefined ? {} : { opened: { ...opened } };
  } finally {
    context.choosers.clear(tabId);
    // Off whatever happened: the person's own file dialogs must open again.
    await context.browser.sendCommand(tabId, method, { enabled: false }).catch(() => {});
  }
}
