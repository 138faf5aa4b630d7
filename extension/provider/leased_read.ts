/**
 * A leased read of the tab's top-level document: its DevTools commands run
 * under the request's, the lease's and a deadline's signal, and it ends on
 * the document it began on, with the lease still live. The `observe` and
 * `page` families read through it.
 *
 * @module
 */
import { type DocumentIdentity, documentOf, sameDocument } from "../../contracts/document.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import { boundText } from "../../contracts/text.ts";
import { type RawAxNode, RawAxNodesSchema } from "./ax_projection.ts";
import type { LeaseRecord, ProviderContext } from "./context.ts";
import { operationSignal, untilAborted } from "./guard.ts";

const maxUrlLength = 8192;
const maxTitleUnits = 10_000;

/** A leased read: its lease, its signal and a command function bound to both. */
export interface LeasedRead {
  record: LeaseRecord;
  signal: AbortSignal;
  command(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

/** A read under `record`, ended by `request`, the lease's end or `timeoutMs`. */
export function leasedRead(
  context: ProviderContext,
  record: LeaseRecord,
  request: AbortSignal,
  timeoutMs: number,
): LeasedRead {
  const signal = operationSignal(request, record.signal, timeoutMs);
  return {
    record,
    signal,
    command: (method, params) =>
      untilAborted(context.browser.sendCommand(record.tabId, method, params), signal),
  };
}

/** The tab's top-level document now; ends the lease (`ORIGIN_CHANGED`) when it left the scope. */
export async function currentDocument(
  context: ProviderContext,
  read: LeasedRead,
): Promise<DocumentIdentity> {
  const document = documentOf(await read.command("Page.getFrameTree"));
  context.leases.assertInScope(read.record, document.url);
  return document;
}

/**
 * The shared tail of a read: same document, lease still live, title and URL
 * bounded, and DevTools no longer tracking the document's nodes.
 */
export async function finishRead(
  context: ProviderContext,
  read: LeasedRead,
  token: LeaseToken,
  before: DocumentIdentity,
  maxTextUnits: number,
): Promise<{ frameId: string; loaderId: string; url: string; title: string }> {
  const after = await currentDocument(context, read);
  if (!sameDocument(before, after)) throw new LeashError("STALE_TARGET");
  const tab = await untilAborted(context.browser.getTab(read.record.tabId), read.signal);
  if (tab === undefined) throw new LeashError("TAB_NOT_FOUND");
  context.leases.check(token, context.link.generation);
  if (after.url.length > maxUrlLength) throw new LeashError("RESULT_TOO_LARGE");
  // A read's DOM.getDocument has DevTools track the document's nodes; while it does, every node
  // an answer names is sent with its path and each level's siblings (a hit test on a table of
  // 20,000 rows sends them all: 0.6 s). Nothing needs them after the read.
  await read.command("DOM.disable").catch(() => {});
  return {
    frameId: after.frameId,
    loaderId: after.loaderId,
    url: after.url,
    title: boundText(tab.title, Math.min(maxTextUnits, maxTitleUnits)).text,
  };
}

/** The AX nodes of a DevTools answer; `INTERNAL` when it has none. */
export function rawNodes(result: unknown): RawAxNode[] {
  const parsed = RawAxNodesSchema.safeParse(result);
  if (!parsed.success) throw new LeashError("INTERNAL", { cause: parsed.error });
  return parsed.data.nodes;
}
