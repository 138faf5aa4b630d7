/**
 * Which `chrome.debugger` events matter to leases: a top-level navigation
 * (which may leave an origin lease's origin) and changes that merit a
 * `page.changed` hint. Only the event name and URL are read; page content
 * never leaves the browser this way.
 *
 * @module
 */
import { z } from "zod";

const FrameNavigatedSchema = z.object({
  frame: z.object({ parentId: z.string().optional(), url: z.string() }),
});

/** Events that only hint that the page changed. */
const hintEvents = new Set([
  "Page.navigatedWithinDocument",
  "Page.domContentEventFired",
  "Page.loadEventFired",
  "DOM.documentUpdated",
]);

/** What a debugger event means for the tab's leases. */
export type PageEvent = { kind: "navigated"; url: string } | { kind: "changed" };

/** Classify one debugger event of a leased tab; `undefined` when it does not matter. */
export function classifyDebuggerEvent(method: string, params: unknown): PageEvent | undefined {
  if (method === "Page.frameNavigated") {
    const parsed = FrameNavigatedSchema.safeParse(params);
    if (!parsed.success) return undefined;
    const frame = parsed.data.frame;
    return frame.parentId === undefined
      ? { kind: "navigated", url: frame.url }
      : { kind: "changed" };
  }
  return hintEvents.has(method) ? { kind: "changed" } : undefined;
}
