/**
 * The `network` family on the provider: `network.read` answers from the
 * lease's network log (starting capture on first use, see
 * `extension/provider/page_logs.ts`), `network.request` shows one request
 * in full, with a page of its response body when the page itself could
 * read it.
 *
 * A body is text or it is described: a textual type is read from
 * DevTools, decoded, redacted as a whole and kept for paging — cut at
 * {@linkcode networkCaps.bodyUnits}, each page
 * {@linkcode networkCaps.bodyPageUnits} — behind a single-use continuation
 * bound to the lease and dropped with it; any other type is shown as its
 * type and size.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import { foldAscii } from "../../contracts/page_text.ts";
import {
  networkCaps,
  type NetworkEntry,
  type ResponseBody,
} from "../../contracts/methods/network.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { redactBody } from "../../contracts/redact_http.ts";
import { boundText, cutPoint } from "../../contracts/text.ts";
import { TokenStore } from "../../contracts/token_store.ts";
import { z } from "zod";
import type { LeaseRecord, ProviderContext } from "./context.ts";
import { operationSignal, untilAborted } from "./guard.ts";
import { leaseLogs } from "./page_logs.ts";
import type { NetworkRecord } from "./network_entries.ts";

/** How long reading a body may take. */
const bodyTimeoutMs = 10_000;

/** Whether requests of `entry` pass `filter` (see `NetworkFilterSchema`). */
export function passesFilter(entry: NetworkEntry, filter: string | undefined): boolean {
  if (filter === undefined) return true;
  const needle = foldAscii(filter.trim());
  if (needle === "failed") {
    return entry.state === "failed" || (entry.status !== undefined && entry.status >= 400);
  }
  const status = /^([1-5])(xx|\d\d)$/.exec(needle);
  if (status !== null && entry.status !== undefined) {
    return status[2] === "xx"
      ? Math.floor(entry.status / 100) === Number(status[1])
      : entry.status === Number(needle);
  }
  return foldAscii(entry.url).includes(needle) || foldAscii(entry.method) === needle ||
    foldAscii(entry.type) === needle;
}

/** Read the lease's network log. `STALE_CURSOR` for a cursor of another log. */
export async function readNetwork(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "network.read">,
  signal: AbortSignal,
): Promise<ResultOf<ProviderMethods, "network.read">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { logs, started } = await leaseLogs(context, record, signal);
  const slice = logs.network.buffer.read({
    since: params.since,
    where: (held) => passesFilter(held.entry, params.filter),
    limit: params.limit ?? networkCaps.defaultLimit,
  });
  context.leases.check(params.lease, context.link.generation);
  return {
    ...slice,
    entries: slice.entries.map((held) => structuredClone(held.entry)),
    started,
    capturingSince: logs.since,
  };
}

/** A body being paged: its redacted text, where the next page starts. */
export interface BodyPages {
  leaseId: string;
  fence: number;
  id: string;
  mimeType: string;
  text: string;
  offset: number;
  cut: boolean;
}

/** The body continuations of one connection: single use, bound to their lease. */
export function bodyContinuations(now: () => number): TokenStore<BodyPages> {
  return new TokenStore<BodyPages>({
    groupOf: (pages) => pages.leaseId,
    perGroup: 2,
    total: 8,
    ttlMs: 120_000,
    now,
  });
}

const BodyAnswerSchema = z.object({ body: z.string(), base64Encoded: z.boolean() });

/** Types whose bodies are text. */
const textual =
  /^(text\/|application\/(.*[+/])?(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|csv)\b|image\/svg\+xml)/i;

/** Show one request of the lease's log, and maybe a page of its response body. */
export async function readRequest(
  context: ProviderContext,
  params: ParamsOf<ProviderMethods, "network.request">,
  options: { signal: AbortSignal; continuations: TokenStore<BodyPages> },
): Promise<ResultOf<ProviderMethods, "network.request">> {
  const record = context.leases.check(params.lease, context.link.generation);
  const { logs } = await leaseLogs(context, record, options.signal);
  const held = logs.network.record(params.id);
  if (held === undefined) {
    throw new LeashError("STALE_TARGET", { cause: new Error("the request is no longer logged") });
  }
  let body: ResponseBody | undefined;
  if (params.continuation !== undefined) {
    const pages = options.continuations.take(params.continuation);
    if (
      pages === undefined || pages.leaseId !== record.leaseId || pages.fence !== record.fence ||
      pages.id !== params.id
    ) {
      throw new LeashError("STALE_CURSOR", { cause: new Error("unknown or spent continuation") });
    }
    body = page(pages, options.continuations);
  } else if (params.body === true) {
    body = await firstPage(context, record, held, options);
    if (body.kind === "text" && body.continuation !== undefined) {
      // The lease's end drops the text kept for its pages.
      record.signal.addEventListener(
        "abort",
        () => options.continuations.forget((pages) => pages.leaseId === record.leaseId),
        { once: true },
      );
    }
  }
  context.leases.check(params.lease, context.link.generation);
  return {
    entry: structuredClone(held.entry),
    requestHeaders: held.requestHeaders.map(([name, value]) => [name, value]),
    responseHeaders: held.responseHeaders.map(([name, value]) => [name, value]),
    ...(held.requestBody === undefined ? {} : { requestBody: held.requestBody }),
    ...(body === undefined ? {} : { body }),
  };
}

/** The first page of `held`'s response body, or why there is none. */
async function firstPage(
  context: ProviderContext,
  record: LeaseRecord,
  held: NetworkRecord,
  options: { signal: AbortSignal; continuations: TokenStore<BodyPages> },
): Promise<ResponseBody> {
  const { entry } = held;
  if (held.redirected) return { kind: "unavailable", reason: "redirect" };
  // A response still arriving (or one the page never read to its end) may be read so far.
  if (entry.state === "pending" && entry.status === undefined) {
    return { kind: "unavailable", reason: "pending" };
  }
  if (entry.state === "failed") return { kind: "unavailable", reason: "failed" };
  if (!held.readable) return { kind: "unavailable", reason: "cross-origin" };
  const mimeType = entry.mimeType ?? "";
  if (!textual.test(mimeType)) {
    return { kind: "binary", mimeType, bytes: entry.bodyBytes ?? 0 };
  }
  const signal = operationSignal(options.signal, record.signal, bodyTimeoutMs);
  let answer: unknown;
  try {
    answer = await untilAborted(
      context.browser.sendCommand(record.tabId, "Network.getResponseBody", {
        requestId: held.cdpId,
      }),
      signal,
    );
  } catch (error) {
    if (error instanceof LeashError) throw error;
    // DevTools no longer holds it (evicted from its buffer, or the document went away),
    // or does not have all of it yet.
    return { kind: "unavailable", reason: entry.state === "pending" ? "pending" : "not-kept" };
  }
  const parsed = BodyAnswerSchema.safeParse(answer);
  if (!parsed.success) return { kind: "unavailable", reason: "not-kept" };
  const raw = parsed.data.base64Encoded ? decodeBase64Text(parsed.data.body) : parsed.data.body;
  const bounded = boundText(raw, networkCaps.bodyUnits * 2);
  const redactedText = redactBody(bounded.text, mimeType);
  const kept = boundText(redactedText, networkCaps.bodyUnits);
  return page({
    leaseId: record.leaseId,
    fence: record.fence,
    id: entry.id,
    mimeType,
    text: kept.text,
    offset: 0,
    cut: bounded.cut || kept.cut,
  }, options.continuations);
}

/** The page of `pages` at its offset, with a continuation when text is left. */
function page(pages: BodyPages, continuations: TokenStore<BodyPages>): ResponseBody {
  const end = cutPoint(
    pages.text,
    Math.min(pages.text.length, pages.offset + networkCaps.bodyPageUnits),
  );
  const text = pages.text.slice(pages.offset, end);
  const continuation = end < pages.text.length
    ? continuations.issue({ ...pages, offset: end })
    : undefined;
  return {
    kind: "text",
    mimeType: pages.mimeType,
    text,
    offset: pages.offset,
    total: pages.text.length,
    cut: pages.cut,
    ...(continuation === undefined ? {} : { continuation }),
  };
}

/** Base64 bytes as UTF-8 text (invalid sequences replaced). */
function decodeBase64Text(base64: string): string {
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return "";
  }
}
