/**
 * The network family: the requests documents of the lease's origin made in
 * the leased tab — method, URL, status, resource type, timing, sizes and
 * initiator — and, asked for one request, its headers and its response
 * body when the page itself could read it.
 *
 * The provider keeps a bounded log per lease ({@linkcode networkCaps}),
 * only in memory, dropped when the lease ends; capture starts with the
 * lease's first `browser.console` or `browser.network` call, which is also
 * when the browser starts keeping response bodies (in modest buffers).
 * Credentials are redacted before anything leaves the browser
 * (`contracts/redact_http.ts`): `Authorization`, `Proxy-Authorization`,
 * `Cookie`, `Set-Cookie`, headers and parameters named or shaped like
 * tokens, keys or sessions, password fields of form bodies. Raw cookies
 * (DevTools' extra-info events) are never read.
 *
 * @module
 */
import { z } from "zod";
import { IdSchema } from "../envelope.ts";
import { CountSchema, LeaseHandleSchema, LeaseTokenSchema } from "./common.ts";
import { LogCursorSchema, LoggedUrlSchema, LogWindowShape } from "./console.ts";
import { defineMethod } from "./define.ts";

/** The bounds of one lease's network log and of what one request shows. */
export const networkCaps = {
  /** Requests kept; the oldest go first. */
  entries: 500,
  /** Requests one read returns by default. */
  defaultLimit: 50,
  /** Headers shown per request and direction. */
  headers: 64,
  /** UTF-16 units of one header value. */
  headerValueUnits: 2_000,
  /** UTF-16 units of body text per page. */
  bodyPageUnits: 64 * 1024,
  /** UTF-16 units of one body kept for paging; beyond it the body is cut. */
  bodyUnits: 1024 * 1024,
  /** UTF-16 units of a request body (form or JSON) shown. */
  requestBodyUnits: 16 * 1024,
} as const;

/** A request's ID in a lease's log, such as `n12`. */
export const NetworkIdSchema = z.string().regex(/^n\d{1,15}$/);

/** Who started a request. */
export const InitiatorSchema = z.strictObject({
  /** DevTools' initiator type: `parser`, `script`, `preload`, `other`… */
  type: z.string().max(32),
  /** The script or document that started it, redacted. */
  url: LoggedUrlSchema.optional(),
  /** 1-based line in `url`. */
  line: CountSchema.optional(),
});

/** One request of the log. Its URL and texts are page data. */
export const NetworkEntrySchema = z.strictObject({
  id: NetworkIdSchema,
  /** Its place in the lease's log, from 1. */
  seq: CountSchema,
  /** When it was sent, in ms since the epoch. */
  time: z.number().nonnegative(),
  method: z.string().max(32),
  /** Redacted. */
  url: LoggedUrlSchema,
  /** DevTools' resource type: `Document`, `Fetch`, `XHR`, `Script`, `Image`… */
  type: z.string().max(32),
  state: z.enum(["pending", "done", "failed"]),
  status: z.number().int().min(0).max(999).optional(),
  statusText: z.string().max(200).optional(),
  mimeType: z.string().max(200).optional(),
  /** Why it failed (`net::ERR_…`, a blocked reason). */
  error: z.string().max(200).optional(),
  /** From sending to the last byte (or the failure). */
  durationMs: z.number().nonnegative().optional(),
  /** Bytes on the wire, headers included. */
  transferBytes: CountSchema.optional(),
  /** Bytes of the decoded response body. */
  bodyBytes: CountSchema.optional(),
  initiator: InitiatorSchema.optional(),
});

/** A header, `[name, value]`, its value redacted where it is a credential. */
export const HeaderSchema = z.tuple([z.string().max(256), z.string().max(4_096)]);

/** A response body as shown: a page of text, a binary's description, or why there is none. */
export const ResponseBodySchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("text"),
    mimeType: z.string().max(200),
    /** This page of the (redacted) text. */
    text: z.string().max(networkCaps.bodyPageUnits),
    /** Where this page starts and how long the whole text is, in UTF-16 units. */
    offset: CountSchema,
    total: CountSchema,
    /** The text went past {@linkcode networkCaps.bodyUnits} and was cut there. */
    cut: z.boolean(),
    /** Pass it to read the next page; single use. */
    continuation: IdSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal("binary"),
    mimeType: z.string().max(200),
    bytes: CountSchema,
  }),
  z.strictObject({
    kind: z.literal("unavailable"),
    reason: z.enum(["cross-origin", "pending", "failed", "not-kept", "redirect"]),
  }),
]);

/** One request in full: its log entry, headers, request body and maybe its response body. */
export const NetworkRequestSchema = z.strictObject({
  entry: NetworkEntrySchema,
  requestHeaders: z.array(HeaderSchema).max(networkCaps.headers),
  responseHeaders: z.array(HeaderSchema).max(networkCaps.headers),
  /** What the page sent (form or JSON text), redacted and bounded. */
  requestBody: z.string().max(networkCaps.requestBodyUnits).optional(),
  body: ResponseBodySchema.optional(),
});

/** A read of the network log. */
export const NetworkLogSchema = z.strictObject({
  entries: z.array(NetworkEntrySchema).max(networkCaps.entries),
  ...LogWindowShape,
});

/**
 * Which requests to list: those whose URL contains the text (ASCII case
 * folded), whose method or type is it, or whose status it names (`404`,
 * `5xx`); `failed` keeps failures and statuses of 400 and over.
 */
export const NetworkFilterSchema = z.string().min(1).max(200);

const networkReadShape = {
  /** Only requests logged after this cursor, oldest first; without it, the newest `limit`. */
  since: LogCursorSchema.optional(),
  filter: NetworkFilterSchema.optional(),
  limit: z.number().int().min(1).max(networkCaps.entries).optional(),
};

const networkRequestShape = {
  id: NetworkIdSchema,
  /** Read the response body's first page too. */
  body: z.boolean().optional(),
  /** The `continuation` of the previous page: read the next one. */
  continuation: IdSchema.optional(),
};

/** The network methods. */
export const networkMethods = {
  "browser.network": defineMethod({
    direction: "client→broker",
    title:
      "List the requests of the leased tab's documents, redacted, starting capture on first use.",
    capability: "runtime.network.v1",
    params: z.strictObject({ ...LeaseHandleSchema.shape, ...networkReadShape }),
    result: NetworkLogSchema,
  }),
  "browser.networkRequest": defineMethod({
    direction: "client→broker",
    title: "Show one logged request's headers and, when the page could read it, its response body.",
    capability: "runtime.network.v1",
    params: z.strictObject({ ...LeaseHandleSchema.shape, ...networkRequestShape }),
    result: NetworkRequestSchema,
  }),
  "network.read": defineMethod({
    direction: "broker→provider",
    title: "Read the lease's network log, starting capture on first use.",
    capability: "page.network.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, ...networkReadShape }),
    result: NetworkLogSchema,
  }),
  "network.request": defineMethod({
    direction: "broker→provider",
    title: "Read one logged request in full, with a page of its response body.",
    capability: "page.network.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, ...networkRequestShape }),
    result: NetworkRequestSchema,
  }),
};

export type NetworkEntry = z.infer<typeof NetworkEntrySchema>;
export type NetworkLog = z.infer<typeof NetworkLogSchema>;
export type NetworkRequest = z.infer<typeof NetworkRequestSchema>;
export type ResponseBody = z.infer<typeof ResponseBodySchema>;
export type Header = z.infer<typeof HeaderSchema>;
