/**
 * The network engine: reads the lease's network log, or one request in
 * full, from its provider and redacts URLs, headers and bodies again before
 * they reach the client (the provider already did; the rule is idempotent,
 * and the Broker does not count on it). Nothing of it is journaled or
 * cached.
 *
 * @module
 */
import type {
  Header,
  NetworkEntry,
  NetworkLog,
  NetworkRequest,
} from "../../../contracts/methods/network.ts";
import type { ParamsOf, ProviderMethods } from "../../../contracts/methods/mod.ts";
import { redactUrl } from "../../../contracts/redact.ts";
import { redactHeader, redactText } from "../../../contracts/redact_http.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";

/** What a network read asks for, besides the lease. */
export type NetworkQuery = Omit<ParamsOf<ProviderMethods, "network.read">, "lease">;
/** What a request read asks for, besides the lease. */
export type RequestQuery = Omit<ParamsOf<ProviderMethods, "network.request">, "lease">;

/** The lease's network log, as the client may see it. */
export async function readNetwork(
  held: OwnedLease,
  query: NetworkQuery,
  signal: AbortSignal,
): Promise<NetworkLog> {
  const log = await held.call("network.read", { lease: held.token, ...query }, signal);
  return { ...log, entries: log.entries.map(redactEntry) };
}

/** One request of the lease's log, as the client may see it. */
export async function readRequest(
  held: OwnedLease,
  query: RequestQuery,
  signal: AbortSignal,
): Promise<NetworkRequest> {
  const request = await held.call("network.request", { lease: held.token, ...query }, signal);
  const body = request.body;
  return {
    ...request,
    entry: redactEntry(request.entry),
    requestHeaders: request.requestHeaders.map(redactPair),
    responseHeaders: request.responseHeaders.map(redactPair),
    ...(request.requestBody === undefined ? {} : { requestBody: redactText(request.requestBody) }),
    ...(body === undefined ? {} : {
      body: body.kind === "text" ? { ...body, text: redactText(body.text) } : body,
    }),
  };
}

function redactPair([name, value]: Header): Header {
  return [name, redactHeader(name, value)];
}

/** `entry` redacted once more. */
function redactEntry(entry: NetworkEntry): NetworkEntry {
  const initiator = entry.initiator;
  return {
    ...entry,
    url: redactUrl(entry.url, "leased"),
    ...(entry.error === undefined ? {} : { error: redactText(entry.error) }),
    ...(initiator?.url === undefined
      ? {}
      : { initiator: { ...initiator, url: redactUrl(initiator.url, "leased") } }),
  };
}
