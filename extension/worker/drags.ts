/**
 * The drag data of a drag a leased page started with HTML5 drag events,
 * from `Input.dragIntercepted` (the Broker's drag turns interception on,
 * so Chrome hands the data over instead of starting a drag of its own).
 * Only text items are kept: files, file names and anything else the page
 * or the system put in are dropped, so a drag never carries a file. Kept
 * until the drag ends or a new one starts, and never past the tab.
 *
 * @module
 */
import { z } from "zod";
import type { JsonObject } from "../../contracts/json.ts";
import type { DragWatch } from "../provider/context.ts";

/** Bounds on what one drag keeps. */
const maxItems = 16;
const maxItemUnits = 100_000;

const DragInterceptedSchema = z.object({
  data: z.object({
    items: z.array(z.object({
      mimeType: z.string().max(256),
      data: z.string(),
      title: z.string().optional(),
      baseURL: z.string().optional(),
    })),
    dragOperationsMask: z.number().int(),
  }),
});

/** Intercepted drag data per tab, fed with the debugger events of leased tabs. */
export class DragTracker implements DragWatch {
  readonly #data = new Map<number, JsonObject>();

  /** Hear one debugger event of `tabId`'s top-level session. */
  heard(tabId: number, method: string, params: unknown): void {
    if (method !== "Input.dragIntercepted") return;
    const parsed = DragInterceptedSchema.safeParse(params);
    if (!parsed.success) return;
    const items = parsed.data.data.items
      .filter((item) => item.mimeType !== "Files" && item.data.length <= maxItemUnits)
      .slice(0, maxItems)
      .map(({ mimeType, data }) => ({ mimeType, data }));
    this.#data.set(tabId, { items, dragOperationsMask: parsed.data.data.dragOperationsMask });
  }

  /** The data of the drag in progress on `tabId`, if the page started one. */
  intercepted(tabId: number): JsonObject | undefined {
    return this.#data.get(tabId);
  }

  /** The drag on `tabId` ended, or a new one begins: its data is gone. */
  clear(tabId: number): void {
    this.#data.delete(tabId);
  }
}
