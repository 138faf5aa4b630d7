/**
 * `lease.open`: a lease on a new tab Leash opens at a URL, and the closing
 * of such a tab when its lease is released with `closeTab`.
 *
 * The order keeps the person ahead of the page: the tab opens blank
 * (`about:blank`) and is recorded as Leash's own; once the blank page has
 * committed, the debugger attaches and the lease is recorded; in
 * restricted mode the person is asked (unless a standing grant covers the
 * client on that origin), the window naming the URL's origin; only after
 * they allow it is the URL loaded (`Page.navigate`), so no request reaches
 * that origin before. A
 * denial, a timeout, a failed load or anything else that fails closes the
 * blank tab again and ends the lease, so the Broker never misses a lease
 * the extension holds and no tab Leash opened is left behind.
 *
 * @module
 */
import { delay } from "../../contracts/delay.ts";
import { LeashError } from "../../contracts/errors.ts";
import { isOpenableUrl } from "../../contracts/methods/lease.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import type { LeaseRecord, ProviderContext } from "./context.ts";
import { approve, checkAsked } from "./approve.ts";
import { recordLease } from "./lease_record.ts";
import { startCapture } from "./page_logs.ts";

type OpenParams = ParamsOf<ProviderMethods, "lease.open">;
type OpenResult = ResultOf<ProviderMethods, "lease.open">;

const maxUrlLength = 8192;
/** How long the first load may take before the lease is handed over while it still loads. */
const loadWaitMs = 10_000;
/** How long a new tab may take to show its blank page. */
const blankWaitMs = 5_000;
/** How often the tab is looked at while it loads. */
const loadPollMs = 50;

/** Open a tab at `params.url` and grant a fenced lease on it (see the module doc). */
export async function openLease(
  context: ProviderContext,
  params: OpenParams,
  signal: AbortSignal,
): Promise<OpenResult> {
  checkAsked(context, params);
  const origin = isOpenableUrl(params.url) ? httpOrigin(params.url) : undefined;
  if (origin === undefined) throw new LeashError("INVALID_PARAMS");
  context.leases.checkGrant(params.lease);

  const tab = await context.browser.openTab();
  try {
    await context.opened.add(tab.id);
    await blankCommitted(context, tab.id, signal);
    const record = await recordLease(context, params, { tabId: tab.id, origin }, signal);
    try {
      await approve(context, params, { origin, title: "", opens: true }, signal);
      // Stop, the tab's closing or the Broker may have ended the lease while the person decided.
      context.leases.check(params.lease, context.link.generation);
      // Before the page loads, so what it logs and requests while loading is kept.
      if (params.capture === true) await startCapture(context, record, params.url);
      const url = await load(context, record, params.url, signal);
      return { tab: record.tab, scope: record.scope, url };
    } catch (error) {
      await context.leases.end(record.leaseId, "broker", record.fence);
      throw error;
    }
  } catch (error) {
    await context.browser.closeTab(tab.id);
    await context.opened.remove(tab.id).catch(() => {});
    throw error;
  }
}

/**
 * Wait, bounded, until the new tab shows its committed blank page: Chrome
 * answers `tabs.create` while `about:blank` is still pending, and the
 * debugger cannot be attached to the tab reliably before it commits.
 */
async function blankCommitted(
  context: ProviderContext,
  tabId: number,
  signal: AbortSignal,
): Promise<void> {
  const deadline = context.now() + blankWaitMs;
  for (;;) {
    const tab = await context.browser.getTab(tabId);
    if (tab === undefined) throw new LeashError("TAB_NOT_FOUND");
    if (tab.url === "about:blank" && tab.loading !== true) return;
    if (context.now() >= deadline) throw new LeashError("TIMEOUT");
    await delay(loadPollMs, signal);
  }
}

/** Whether a `Page.navigate` answer reports a failed load. */
function navigationFailed(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null || !("errorText" in answer)) return false;
  return typeof answer.errorText === "string" && answer.errorText !== "";
}

/**
 * Load `url` in the lease's tab and wait, bounded, until it is loaded;
 * resolves with the tab's URL. `NAVIGATION_FAILED` when the browser could
 * not load it, `ORIGIN_CHANGED` when it ended outside the lease (a
 * redirect to another origin), `signal`'s reason when the lease ended.
 */
async function load(
  context: ProviderContext,
  record: LeaseRecord,
  url: string,
  signal: AbortSignal,
): Promise<string> {
  const answer = await context.browser.sendCommand(record.tabId, "Page.navigate", { url });
  if (navigationFailed(answer)) throw new LeashError("NAVIGATION_FAILED");
  const deadline = context.now() + loadWaitMs;
  for (;;) {
    signal.throwIfAborted();
    record.signal.throwIfAborted();
    const tab = await context.browser.getTab(record.tabId);
    if (tab === undefined) throw new LeashError("TAB_NOT_FOUND");
    const committed = tab.url !== undefined && tab.url !== "about:blank";
    if (committed && !inLeaseScope(record.scope, tab.url)) throw new LeashError("ORIGIN_CHANGED");
    if (committed && (tab.loading !== true || context.now() >= deadline)) {
      if (tab.url === undefined || tab.url.length > maxUrlLength) {
        throw new LeashError("RESULT_TOO_LARGE");
      }
      return tab.url;
    }
    if (context.now() >= deadline) throw new LeashError("NAVIGATION_FAILED");
    await delay(loadPollMs, signal);
  }
}

/**
 * With `closeTab`, close the tab of `record` (a lease that just ended)
 * when Leash opened it; whether it did. Any other tab stays open.
 */
export async function closeOpenedTab(
  context: ProviderContext,
  record: LeaseRecord,
): Promise<boolean> {
  if (!(await context.opened.has(record.tabId))) return false;
  await context.browser.closeTab(record.tabId);
  await context.opened.remove(record.tabId);
  return true;
}
