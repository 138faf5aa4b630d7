/**
 * Starting a lease's console and network capture, shared by the `console`
 * and `network` families: a grant that asks for it (`capture`), or else
 * the first call of either, starts both. The
 * DevTools domains that feed them — `Runtime` (which a page can notice),
 * `Log`, and `Network` with modest body buffers — are on only while some
 * lease on the tab captures; the lease's end stops its capture, drops its
 * logs and, for the tab's last such lease, turns the domains off again.
 *
 * @module
 */
import { documentOf } from "../../contracts/document.ts";
import type { LeaseLogs, LeaseRecord, ProviderContext } from "./context.ts";
import { leasedRead } from "./leased_read.ts";

/** How long starting capture may take. */
const startTimeoutMs = 10_000;

/**
 * What `Network` keeps of response bodies while a lease captures: enough to
 * read a page's API answers, modest for the renderer. Without capture the
 * attachment keeps none.
 */
export const captureBuffers = {
  maxTotalBufferSize: 8 * 1024 * 1024,
  maxResourceBufferSize: 2 * 1024 * 1024,
  maxPostDataSize: 64 * 1024,
};

/** The attachment's own `Network` buffers: nothing kept (see `extension/worker/browser.ts`). */
const idleBuffers = { maxTotalBufferSize: 0, maxResourceBufferSize: 0, maxPostDataSize: 0 };

/** The lease's logs and whether this call started them; capture starts on first use. */
export async function leaseLogs(
  context: ProviderContext,
  record: LeaseRecord,
  signal: AbortSignal,
): Promise<{ logs: LeaseLogs; started: boolean }> {
  const existing = context.logs.logs(record.leaseId);
  if (existing !== undefined) {
    await existing.ready;
    return { logs: existing, started: false };
  }
  const read = leasedRead(context, record, signal, startTimeoutMs);
  const document = documentOf(await read.command("Page.getFrameTree"));
  context.leases.assertInScope(record, document.url);
  return { logs: await startCapture(context, record, document.url), started: true };
}

/**
 * Start `record`'s capture on a tab whose top-level document is (or is
 * about to be) at `mainUrl`: at a grant that asks for it, before an opened
 * tab loads its page, or at the first read. Its logs go with the lease.
 */
export async function startCapture(
  context: ProviderContext,
  record: LeaseRecord,
  mainUrl: string,
): Promise<LeaseLogs> {
  const existing = context.logs.logs(record.leaseId);
  if (existing !== undefined) {
    await existing.ready;
    return existing;
  }
  const { logs, firstOnTab } = context.logs.start(record, mainUrl);
  record.signal.addEventListener("abort", () => {
    if (context.logs.stop(record.leaseId)) stopDomains(context, record.tabId);
  }, { once: true });
  if (firstOnTab) {
    logs.ready = startDomains(context, record.tabId);
    await logs.ready;
  }
  return logs;
}

/** Turn on the domains that feed the logs; a refusal leaves that part of the log empty. */
async function startDomains(context: ProviderContext, tabId: number): Promise<void> {
  const send = (method: string, params?: Record<string, unknown>) =>
    context.browser.sendCommand(tabId, method, params).then(() => {}, () => {});
  await send("Network.enable", captureBuffers);
  await send("Log.enable");
  await send("Runtime.enable");
}

/** Turn them off again (the tab may be gone already: then nothing is left to turn off). */
function stopDomains(context: ProviderContext, tabId: number): void {
  const send = (method: string, params?: Record<string, unknown>) =>
    context.browser.sendCommand(tabId, method, params).catch(() => {});
  send("Runtime.disable");
  send("Log.disable");
  send("Network.enable", idleBuffers);
}
