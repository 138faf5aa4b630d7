/**
 * The drag commands of the `cdp` seam. A page that drags with HTML5 drag
 * events needs a drag data store; with interception on, Chrome hands the
 * one the page filled to the worker (`Input.dragIntercepted`) instead of
 * starting a drag of its own, and `Input.dispatchDragEvent` must carry it
 * back. The Broker never names drag data: the provider adds what the page
 * gave, files taken out, and answers `{intercepted: false}` without
 * sending anything when the page started no HTML5 drag (a page that drags
 * with pointer events alone), so the Broker knows to finish with the
 * pointer.
 *
 * @module
 */
import type { JsonObject } from "../../contracts/json.ts";
import type { ProviderContext } from "./context.ts";
import { untilAborted } from "./guard.ts";

/** The drag methods this file runs. */
export type DragMethod = "Input.setInterceptDrags" | "Input.dispatchDragEvent";

/** Whether `method` is one of the drag methods. */
export function isDragMethod(method: string): method is DragMethod {
  return method === "Input.setInterceptDrags" || method === "Input.dispatchDragEvent";
}

/** Run one checked drag command on `tabId` (see the module doc). */
export async function runDrag(
  context: ProviderContext,
  tabId: number,
  method: DragMethod,
  params: JsonObject,
  signal: AbortSignal,
): Promise<JsonObject> {
  if (method === "Input.setInterceptDrags") {
    // A new drag, or the end of one: no data of an earlier drag may ride on it.
    context.drags.clear(tabId);
    await untilAborted(context.browser.sendCommand(tabId, method, params), signal);
    return {};
  }
  const data = context.drags.intercepted(tabId);
  if (data === undefined) return { intercepted: false };
  await untilAborted(context.browser.sendCommand(tabId, method, { ...params, data }), signal);
  if (params.type === "drop" || params.type === "dragCancel") context.drags.clear(tabId);
  return { intercepted: true };
}
