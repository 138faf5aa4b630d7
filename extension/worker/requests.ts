/**
 * The requests of leased tabs that are still open, from the `Network`
 * events of their debugger sessions, so `page.settle` can wait for the
 * ones an action started. Only a request's ID, its resource type and when
 * it was heard are kept: no URL, header or body is read, and nothing
 * leaves the browser.
 *
 * Long-lived requests (event streams, WebSockets, media) never count: they
 * stay open by design. Anything older than {@linkcode requestLimits.maxAgeMs}
 * is forgotten, and each tab keeps at most
 * {@linkcode requestLimits.perTab} (the oldest go first), so a page that
 * opens requests without end costs bounded memory.
 *
 * @module
 */
import { z } from "zod";
import type { RequestWatch } from "../provider/context.ts";

/** Bounds on what is kept. */
export const requestLimits = {
  /** Open requests remembered per tab. */
  perTab: 256,
  /** A request open this long is forgotten: no wait ever reaches back that far. */
  maxAgeMs: 60_000,
} as const;

/** Resource types that stay open by design. */
const longLived = new Set(["EventSource", "WebSocket", "Media"]);

const RequestSentSchema = z.object({ requestId: z.string(), type: z.string().optional() });
const RequestEndedSchema = z.object({ requestId: z.string() });

/** Open requests per tab, fed with the debugger events of leased tabs. */
export class RequestTracker implements RequestWatch {
  readonly #now: () => number;
  /** Per tab: request ID → when its first event was heard (insertion order is age order). */
  readonly #tabs = new Map<number, Map<string, number>>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Hear one debugger event of `tabId`'s top-level session. */
  heard(tabId: number, method: string, params: unknown): void {
    if (method === "Network.requestWillBeSent") {
      const parsed = RequestSentSchema.safeParse(params);
      if (!parsed.success || longLived.has(parsed.data.type ?? "")) return;
      const open = this.#open(tabId, true);
      // A redirect repeats the ID: the request keeps its first time.
      if (open.has(parsed.data.requestId)) return;
      if (open.size >= requestLimits.perTab) {
        const oldest = open.keys().next();
        if (!oldest.done) open.delete(oldest.value);
      }
      open.set(parsed.data.requestId, this.#now());
    } else if (method === "Network.loadingFinished" || method === "Network.loadingFailed") {
      const parsed = RequestEndedSchema.safeParse(params);
      if (!parsed.success) return;
      const open = this.#tabs.get(tabId);
      open?.delete(parsed.data.requestId);
      if (open?.size === 0) this.#tabs.delete(tabId);
    }
  }

  /** How many requests of `tabId` heard at or after `since` are still open. */
  open(tabId: number, since: number): number {
    const open = this.#open(tabId, false);
    let count = 0;
    for (const heardAt of open.values()) if (heardAt >= since) count++;
    return count;
  }

  /** Forget `tabId` (its debugger detached, or the tab closed). */
  forget(tabId: number): void {
    this.#tabs.delete(tabId);
  }

  /** The open requests of `tabId`, without those past the age bound. */
  #open(tabId: number, create: boolean): Map<string, number> {
    let open = this.#tabs.get(tabId);
    if (open === undefined) {
      open = new Map();
      if (create) this.#tabs.set(tabId, open);
      return open;
    }
    const oldest = this.#now() - requestLimits.maxAgeMs;
    for (const [id, heardAt] of open) {
      if (heardAt >= oldest) break;
      open.delete(id);
    }
    return open;
  }
}
