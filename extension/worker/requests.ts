/**
 * The requests of leased tabs that are still open, from the `Network`
 * events of their debugger sessions, so `page.settle` can wait for the
 * ones an action started. Only a request's ID, its resource type and when
 * it was heard are kept: no URL, header or body is read, and nothing
 * leaves the browser.
 *
 * Long-lived requests (event streams, WebSockets, media) never count: they
 * stay open by design. A frame's new document ends its old document's
 * requests: a fetch whose body the page never read, cut off by the
 * navigation the page started once its answer came (a log-in that goes on
 * to the next page), hears no end of its own. Anything older than {@linkcode requestLimits.maxAgeMs}
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

const RequestSentSchema = z.object({
  requestId: z.string(),
  type: z.string().optional(),
  frameId: z.string().optional(),
  loaderId: z.string().optional(),
});
const RequestEndedSchema = z.object({ requestId: z.string() });
/** A document's answer: its frame now shows the document of `loaderId`. */
const DocumentAnswerSchema = z.object({
  type: z.literal("Document"),
  frameId: z.string(),
  loaderId: z.string(),
});

/** One open request: when it was first heard, and the frame and document that sent it. */
interface OpenRequest {
  at: number;
  frameId: string | undefined;
  loaderId: string | undefined;
}

/** Open requests per tab, fed with the debugger events of leased tabs. */
export class RequestTracker implements RequestWatch {
  readonly #now: () => number;
  /** Per tab: request ID → the open request (insertion order is age order). */
  readonly #tabs = new Map<number, Map<string, OpenRequest>>();

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
      const { frameId, loaderId } = parsed.data;
      open.set(parsed.data.requestId, { at: this.#now(), frameId, loaderId });
    } else if (method === "Network.responseReceived") {
      const parsed = DocumentAnswerSchema.safeParse(params);
      if (!parsed.success) return;
      const open = this.#tabs.get(tabId);
      const { frameId, loaderId } = parsed.data;
      for (const [id, request] of open ?? []) {
        if (request.frameId === frameId && request.loaderId !== loaderId) open?.delete(id);
      }
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
    for (const request of open.values()) if (request.at >= since) count++;
    return count;
  }

  /** Forget `tabId` (its debugger detached, or the tab closed). */
  forget(tabId: number): void {
    this.#tabs.delete(tabId);
  }

  /** The open requests of `tabId`, without those past the age bound. */
  #open(tabId: number, create: boolean): Map<string, OpenRequest> {
    let open = this.#tabs.get(tabId);
    if (open === undefined) {
      open = new Map();
      if (create) this.#tabs.set(tabId, open);
      return open;
    }
    const oldest = this.#now() - requestLimits.maxAgeMs;
    for (const [id, request] of open) {
      if (request.at >= oldest) break;
      open.delete(id);
    }
    return open;
  }
}
