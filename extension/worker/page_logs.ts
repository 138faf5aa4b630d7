/**
 * The console and network logs of leases that asked for them, fed with the
 * debugger events of their tabs' top-level sessions (a cross-origin frame
 * in a process of its own never reaches them).
 *
 * Scope: an entry belongs to a lease only when it comes from the page's
 * default world — never an extension's isolated world — of a document of
 * the lease's origin (an origin lease's origin; for a tab lease, the
 * origin its top-level document has now): console calls and exceptions by
 * their execution context, requests by the document that made them,
 * browser log entries by their request or their URL. A console entry from
 * before the grant (DevTools replays the document's earlier messages when
 * capture starts) is left out. A tab lease's logs are dropped when its top
 * document changes origin; an origin lease ends then anyway.
 *
 * @module
 */
import { z } from "zod";
import { consoleCaps, type ConsoleEntry } from "../../contracts/methods/console.ts";
import { httpOrigin } from "../../contracts/origin.ts";
import {
  browserLogEntry,
  ConsoleCalledSchema,
  consoleCallEntry,
  type ConsoleDraft,
  entryUnits,
  exceptionEntry,
  ExceptionThrownSchema,
  LogEntryAddedSchema,
} from "../provider/console_entries.ts";
import type { LeaseLogs, LeaseRecord, LogWatch } from "../provider/context.ts";
import { LogBuffer } from "../provider/log_buffer.ts";
import { NetworkLog } from "../provider/network_entries.ts";

const ContextCreatedSchema = z.object({
  context: z.object({
    id: z.number(),
    origin: z.string(),
    auxData: z.object({ isDefault: z.boolean().optional(), frameId: z.string().optional() })
      .optional(),
  }),
});
const ContextDestroyedSchema = z.object({ executionContextId: z.number() });

/** An execution context as far as scoping needs it. */
interface Context {
  origin: string;
  /** The page's own world of its frame, not an isolated one. */
  isDefault: boolean;
}

interface Capturing {
  record: LeaseRecord;
  logs: LeaseLogs;
}

/** One tab some lease captures. */
interface TabLogs {
  /** The origin of the top-level document now, when it is HTTP(S). */
  mainOrigin: string | undefined;
  contexts: Map<number, Context>;
  leases: Map<string, Capturing>;
}

/** The logs of capturing leases, by tab. */
export class PageLogs implements LogWatch {
  readonly #now: () => number;
  readonly #tabs = new Map<number, TabLogs>();
  readonly #leaseTabs = new Map<string, number>();

  constructor(now: () => number) {
    this.#now = now;
  }

  logs(leaseId: string): LeaseLogs | undefined {
    const tabId = this.#leaseTabs.get(leaseId);
    return tabId === undefined ? undefined : this.#tabs.get(tabId)?.leases.get(leaseId)?.logs;
  }

  start(record: LeaseRecord, mainUrl: string): { logs: LeaseLogs; firstOnTab: boolean } {
    const existing = this.logs(record.leaseId);
    if (existing !== undefined) return { logs: existing, firstOnTab: false };
    let tab = this.#tabs.get(record.tabId);
    const firstOnTab = tab === undefined;
    if (tab === undefined) {
      tab = {
        mainOrigin: httpOrigin(mainUrl),
        contexts: new Map(),
        leases: new Map(),
      };
      this.#tabs.set(record.tabId, tab);
    }
    const logs: LeaseLogs = {
      since: this.#now(),
      console: new LogBuffer<ConsoleEntry>({
        maxEntries: consoleCaps.entries,
        maxUnits: consoleCaps.textUnits,
      }),
      network: new NetworkLog(),
      ready: Promise.resolve(),
    };
    tab.leases.set(record.leaseId, { record, logs });
    this.#leaseTabs.set(record.leaseId, record.tabId);
    return { logs, firstOnTab };
  }

  stop(leaseId: string): boolean {
    const tabId = this.#leaseTabs.get(leaseId);
    if (tabId === undefined) return false;
    this.#leaseTabs.delete(leaseId);
    const tab = this.#tabs.get(tabId);
    tab?.leases.delete(leaseId);
    if (tab === undefined || tab.leases.size > 0) return false;
    this.#tabs.delete(tabId);
    return true;
  }

  /** The tab is gone or its debugger detached: every log of it goes. */
  forget(tabId: number): void {
    const tab = this.#tabs.get(tabId);
    if (tab === undefined) return;
    for (const leaseId of tab.leases.keys()) this.#leaseTabs.delete(leaseId);
    this.#tabs.delete(tabId);
  }

  /** The tab's top-level document is now at `url`: a tab lease that changed origin starts over. */
  navigated(tabId: number, url: string): void {
    const tab = this.#tabs.get(tabId);
    if (tab === undefined) return;
    const origin = httpOrigin(url);
    if (origin === tab.mainOrigin) return;
    tab.mainOrigin = origin;
    for (const { record, logs } of tab.leases.values()) {
      if (record.scope.kind !== "tab") continue;
      logs.console.clear();
      logs.network.clear();
    }
  }

  /** Hear one debugger event of `tabId`'s top-level session. */
  heard(tabId: number, method: string, params: unknown): void {
    const tab = this.#tabs.get(tabId);
    if (tab === undefined) return;
    switch (method) {
      case "Runtime.executionContextCreated": {
        const parsed = ContextCreatedSchema.safeParse(params);
        if (!parsed.success) return;
        const { context } = parsed.data;
        tab.contexts.set(context.id, {
          origin: context.origin,
          isDefault: context.auxData?.isDefault === true,
        });
        return;
      }
      case "Runtime.executionContextDestroyed": {
        const parsed = ContextDestroyedSchema.safeParse(params);
        if (parsed.success) tab.contexts.delete(parsed.data.executionContextId);
        return;
      }
      case "Runtime.executionContextsCleared":
        tab.contexts.clear();
        return;
      case "Runtime.consoleAPICalled": {
        const parsed = ConsoleCalledSchema.safeParse(params);
        if (!parsed.success) return;
        const draft = consoleCallEntry(parsed.data);
        if (draft !== undefined) this.#console(tab, parsed.data.executionContextId, draft);
        return;
      }
      case "Runtime.exceptionThrown": {
        const parsed = ExceptionThrownSchema.safeParse(params);
        if (!parsed.success) return;
        const context = parsed.data.exceptionDetails.executionContextId;
        if (context !== undefined) this.#console(tab, context, exceptionEntry(parsed.data));
        return;
      }
      case "Log.entryAdded": {
        const parsed = LogEntryAddedSchema.safeParse(params);
        if (parsed.success) this.#browserLog(tab, parsed.data);
        return;
      }
    }
    if (method.startsWith("Network.")) {
      for (const capturing of tab.leases.values()) {
        const origin = leaseOrigin(tab, capturing.record);
        if (origin !== undefined) capturing.logs.network.heard(method, params, origin);
      }
    }
  }

  /** Log `draft` for each lease the page's default world of `contextId` belongs to. */
  #console(tab: TabLogs, contextId: number, draft: ConsoleDraft): void {
    const context = tab.contexts.get(contextId);
    if (context === undefined || !context.isDefault) return;
    for (const capturing of tab.leases.values()) {
      if (context.origin !== leaseOrigin(tab, capturing.record)) continue;
      push(capturing, draft);
    }
  }

  /** Log a browser entry for each lease whose request or origin it names. */
  #browserLog(tab: TabLogs, event: z.infer<typeof LogEntryAddedSchema>): void {
    const { networkRequestId, url } = event.entry;
    const draft = browserLogEntry(event);
    for (const capturing of tab.leases.values()) {
      const ours = networkRequestId !== undefined
        ? capturing.logs.network.buffer.find((record) => record.cdpId === networkRequestId) !==
          undefined
        : url !== undefined && httpOrigin(url) === leaseOrigin(tab, capturing.record);
      if (ours) push(capturing, draft);
    }
  }
}

/** The origin whose documents `record` may see in `tab` now. */
function leaseOrigin(tab: TabLogs, record: LeaseRecord): string | undefined {
  return record.scope.kind === "origin" ? record.scope.origin : tab.mainOrigin;
}

/** Keep `draft` in the lease's console log, unless it is from before the grant. */
function push(capturing: Capturing, draft: ConsoleDraft): void {
  if (draft.time < capturing.record.grantedAt) return;
  const buffer = capturing.logs.console;
  buffer.push({ seq: buffer.nextSeq(), ...draft }, entryUnits(draft));
}
