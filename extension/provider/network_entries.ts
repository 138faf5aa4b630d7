/**
 * A lease's network log, fed with the `Network` events of its tab: one
 * record per request (a redirect starts a new one), with its redacted URL,
 * headers and request body, its status, type, timing, sizes and initiator.
 * Whether the page itself could read the response (same origin, or CORS
 * allows the lease's origin) is decided from the response's headers before
 * they are redacted, and kept as a flag. Nothing raw is kept, and the
 * raw-cookie extra-info events are never read.
 *
 * @module
 */
import { z } from "zod";
import type { Header, NetworkEntry } from "../../contracts/methods/network.ts";
import { networkCaps } from "../../contracts/methods/network.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { redactUrl } from "../../contracts/redact.ts";
import { redactBody, redactHeader } from "../../contracts/redact_http.ts";
import { boundText } from "../../contracts/text.ts";
import { LogBuffer } from "./log_buffer.ts";

/** Units of header and body text a lease's network log keeps, all records together. */
export const networkLogUnits = 512 * 1024;

const HeadersSchema = z.record(z.string(), z.unknown());

const RequestSentSchema = z.object({
  requestId: z.string(),
  documentURL: z.string(),
  timestamp: z.number(),
  wallTime: z.number(),
  type: z.string().optional(),
  request: z.object({
    url: z.string(),
    method: z.string(),
    headers: HeadersSchema,
    postData: z.string().optional(),
  }),
  initiator: z.object({
    type: z.string(),
    url: z.string().optional(),
    lineNumber: z.number().optional(),
    stack: z.object({
      callFrames: z.array(z.object({ url: z.string(), lineNumber: z.number() })),
    }).optional(),
  }).optional(),
  redirectResponse: z.object({
    status: z.number(),
    statusText: z.string(),
    headers: HeadersSchema,
    mimeType: z.string().optional(),
  }).optional(),
});

const ResponseSchema = z.object({
  url: z.string(),
  status: z.number(),
  statusText: z.string(),
  headers: HeadersSchema,
  mimeType: z.string(),
});

const ResponseReceivedSchema = z.object({
  requestId: z.string(),
  type: z.string().optional(),
  response: ResponseSchema,
});
const DataReceivedSchema = z.object({ requestId: z.string(), dataLength: z.number() });
const FinishedSchema = z.object({
  requestId: z.string(),
  timestamp: z.number(),
  encodedDataLength: z.number(),
});
const FailedSchema = z.object({
  requestId: z.string(),
  timestamp: z.number(),
  errorText: z.string(),
  blockedReason: z.string().optional(),
  corsErrorStatus: z.object({ corsError: z.string() }).optional(),
});

/** One request as the log keeps it. */
export interface NetworkRecord {
  seq: number;
  entry: NetworkEntry;
  /** DevTools' request ID, for its response body; never shown. */
  cdpId: string;
  /** When it was sent, on DevTools' monotonic clock (seconds). */
  sentAt: number;
  requestHeaders: Header[];
  responseHeaders: Header[];
  requestBody?: string;
  /** Whether the page could read the response (same origin, or CORS allows it). */
  readable: boolean;
  /** The request was redirected: this record has no body of its own. */
  redirected: boolean;
}

/** Headers as `[name, value]` pairs, redacted and bounded. */
function headerList(headers: Record<string, unknown>): Header[] {
  return Object.entries(headers).slice(0, networkCaps.headers).map(([name, value]) => [
    boundText(name, 256).text,
    boundText(redactHeader(name, String(value)), networkCaps.headerValueUnits).text,
  ]);
}

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return String(value);
  }
  return undefined;
}

function headerUnits(headers: Header[]): number {
  return headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
}

/** Whether a page of `origin` could read a response from `url` with `headers`. */
export function pageReadable(
  origin: string,
  url: string,
  headers: Record<string, unknown>,
): boolean {
  if (httpOrigin(url) === origin) return true;
  const allowed = headerValue(headers, "access-control-allow-origin")?.trim();
  return allowed === "*" || allowed === origin;
}

const shortText = (text: string, units: number) => boundText(text, units).text;

/** The requests of one lease. */
export class NetworkLog {
  readonly buffer: LogBuffer<NetworkRecord>;
  readonly #open = new Map<string, NetworkRecord>();

  constructor() {
    this.buffer = new LogBuffer<NetworkRecord>({
      maxEntries: networkCaps.entries,
      maxUnits: networkLogUnits,
    });
  }

  /**
   * Hear one `Network` event of the tab. `origin` is the lease's origin now:
   * only requests of documents of that origin are logged.
   */
  heard(method: string, params: unknown, origin: string): void {
    switch (method) {
      case "Network.requestWillBeSent":
        return this.#sent(params, origin);
      case "Network.responseReceived": {
        const parsed = ResponseReceivedSchema.safeParse(params);
        if (parsed.success) this.#responded(parsed.data, origin);
        return;
      }
      case "Network.dataReceived": {
        const parsed = DataReceivedSchema.safeParse(params);
        const record = parsed.success ? this.#open.get(parsed.data.requestId) : undefined;
        if (record !== undefined && parsed.success) {
          record.entry.bodyBytes = (record.entry.bodyBytes ?? 0) + parsed.data.dataLength;
        }
        return;
      }
      case "Network.loadingFinished": {
        const parsed = FinishedSchema.safeParse(params);
        const record = parsed.success ? this.#open.get(parsed.data.requestId) : undefined;
        if (record === undefined || !parsed.success) return;
        this.#open.delete(parsed.data.requestId);
        record.entry.state = "done";
        record.entry.transferBytes = Math.max(0, Math.round(parsed.data.encodedDataLength));
        record.entry.durationMs = elapsed(record.sentAt, parsed.data.timestamp);
        return;
      }
      case "Network.loadingFailed": {
        const parsed = FailedSchema.safeParse(params);
        const record = parsed.success ? this.#open.get(parsed.data.requestId) : undefined;
        if (record === undefined || !parsed.success) return;
        this.#open.delete(parsed.data.requestId);
        const why = parsed.data.blockedReason ?? parsed.data.corsErrorStatus?.corsError;
        record.entry.state = "failed";
        record.entry.error = shortText(
          why === undefined ? parsed.data.errorText : `${parsed.data.errorText} (${why})`,
          200,
        );
        record.entry.durationMs = elapsed(record.sentAt, parsed.data.timestamp);
        return;
      }
    }
  }

  /** The record of `id` (`n12`), if still kept. */
  record(id: string): NetworkRecord | undefined {
    return this.buffer.find((record) => record.entry.id === id);
  }

  /** Forget everything (the lease's origin changed); numbering goes on. */
  clear(): void {
    this.buffer.clear();
    this.#open.clear();
  }

  #sent(params: unknown, origin: string): void {
    const parsed = RequestSentSchema.safeParse(params);
    if (!parsed.success) return;
    const event = parsed.data;
    const previous = this.#open.get(event.requestId);
    if (previous !== undefined && event.redirectResponse !== undefined) {
      // The same request goes on under a new URL: the hop so far is one record.
      const hop = event.redirectResponse;
      previous.entry.state = "done";
      previous.entry.status = hop.status;
      previous.entry.statusText = shortText(hop.statusText, 200);
      previous.entry.durationMs = elapsed(previous.sentAt, event.timestamp);
      previous.responseHeaders = headerList(hop.headers);
      previous.redirected = true;
      this.buffer.grew(previous, headerUnits(previous.responseHeaders));
      this.#open.delete(event.requestId);
    }
    if (httpOrigin(event.documentURL) !== origin) return;
    const seq = this.buffer.nextSeq();
    const initiator = event.initiator;
    const frame = initiator?.stack?.callFrames[0];
    const initiatorUrl = initiator?.url ?? frame?.url;
    const initiatorLine = initiator?.lineNumber ?? frame?.lineNumber;
    const contentType = headerValue(event.request.headers, "content-type") ?? "";
    const entry: NetworkEntry = {
      id: `n${seq}`,
      seq,
      time: Math.max(0, event.wallTime * 1000),
      method: shortText(event.request.method, 32),
      url: shortText(redactUrl(event.request.url, "leased"), 2_048),
      type: shortText(event.type ?? "Other", 32),
      state: "pending",
      ...(initiator === undefined ? {} : {
        initiator: {
          type: shortText(initiator.type, 32),
          ...(initiatorUrl === undefined || initiatorUrl === ""
            ? {}
            : { url: shortText(redactUrl(initiatorUrl, "leased"), 2_048) }),
          ...(initiatorLine === undefined || initiatorUrl === undefined
            ? {}
            : { line: initiatorLine + 1 }),
        },
      }),
    };
    const requestHeaders = headerList(event.request.headers);
    const requestBody = event.request.postData === undefined ? undefined : shortText(
      redactBody(
        boundText(event.request.postData, networkCaps.requestBodyUnits * 4).text,
        contentType,
      ),
      networkCaps.requestBodyUnits,
    );
    const record: NetworkRecord = {
      seq,
      entry,
      cdpId: event.requestId,
      sentAt: event.timestamp,
      requestHeaders,
      responseHeaders: [],
      ...(requestBody === undefined ? {} : { requestBody }),
      readable: false,
      redirected: false,
    };
    this.#open.set(event.requestId, record);
    // Requests that never end (a hung fetch, one the tab dropped) cost no more than the log holds.
    if (this.#open.size > networkCaps.entries) {
      const oldest = this.#open.keys().next();
      if (!oldest.done) this.#open.delete(oldest.value);
    }
    this.buffer.push(
      record,
      entry.url.length + headerUnits(requestHeaders) + (requestBody?.length ?? 0) + 64,
    );
  }

  #responded(event: z.infer<typeof ResponseReceivedSchema>, origin: string): void {
    const record = this.#open.get(event.requestId);
    if (record === undefined) return;
    const { response } = event;
    record.entry.status = response.status;
    record.entry.statusText = shortText(response.statusText, 200);
    record.entry.mimeType = shortText(response.mimeType, 200);
    if (event.type !== undefined) record.entry.type = shortText(event.type, 32);
    record.responseHeaders = headerList(response.headers);
    record.readable = pageReadable(origin, response.url, response.headers);
    this.buffer.grew(record, headerUnits(record.responseHeaders));
  }
}

/** Milliseconds between two DevTools monotonic timestamps (seconds), never negative. */
function elapsed(from: number, to: number): number {
  return Math.max(0, Math.round((to - from) * 1000));
}
