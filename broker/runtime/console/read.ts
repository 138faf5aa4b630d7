/**
 * The console engine: reads the lease's console log from its provider and
 * redacts it again before it reaches the client (the provider already
 * did; the rule is idempotent, and the Broker does not count on it).
 * Nothing of it is journaled or cached.
 *
 * @module
 */
import type { ConsoleEntry, ConsoleLog } from "../../../contracts/methods/console.ts";
import type { ParamsOf, ProviderMethods } from "../../../contracts/methods/mod.ts";
import { redactUrl } from "../../../contracts/redact.ts";
import { redactText } from "../../../contracts/redact_http.ts";
import type { OwnedLease } from "../../authority/owned_lease.ts";

/** What a console read asks for, besides the lease. */
export type ConsoleQuery = Omit<ParamsOf<ProviderMethods, "console.read">, "lease">;

/** The lease's console log, as the client may see it. */
export async function readConsole(
  held: OwnedLease,
  query: ConsoleQuery,
  signal: AbortSignal,
): Promise<ConsoleLog> {
  const log = await held.call("console.read", { lease: held.token, ...query }, signal);
  return { ...log, entries: log.entries.map(redactEntry) };
}

/** `entry` redacted once more. */
export function redactEntry(entry: ConsoleEntry): ConsoleEntry {
  return {
    ...entry,
    text: redactText(entry.text),
    ...(entry.url === undefined ? {} : { url: redactUrl(entry.url, "leased") }),
    ...(entry.stack === undefined ? {} : { stack: entry.stack.map(redactText) }),
  };
}
