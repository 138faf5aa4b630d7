/**
 * Fakes for the worker's and the provider's tests: manual timers, a
 * scripted browser, a debugger that records attaches, and a provider context.
 *
 * @module
 */
import type { Link } from "../worker/connector.ts";
import type { DebuggerControl } from "../worker/attachments.ts";
import { DebuggerAttachments } from "../worker/attachments.ts";
import type { Timers } from "../worker/timers.ts";
import { LeaseService } from "../worker/lease_service.ts";
import { LeaseTable } from "../worker/lease_table.ts";
import { DialogTracker } from "../worker/dialogs.ts";
import { ChooserTracker } from "../worker/choosers.ts";
import { DragTracker } from "../worker/drags.ts";
import type {
  Browser,
  Decision,
  OpenedTabs,
  ProviderContext,
  TabSnapshot,
  Who,
} from "../provider/context.ts";
import { PageLogs } from "../worker/page_logs.ts";

/** Timers that fire only when a test says so. */
export class ManualTimers implements Timers {
  readonly #pending = new Map<number, { callback: () => void; ms: number }>();
  #next = 0;

  setTimeout(callback: () => void, ms: number): number {
    const handle = ++this.#next;
    this.#pending.set(handle, { callback, ms });
    return handle;
  }

  clearTimeout(handle: number): void {
    this.#pending.delete(handle);
  }

  /** Timers waiting. */
  get size(): number {
    return this.#pending.size;
  }

  /** Delays of the waiting timers, oldest first. */
  delays(): number[] {
    return [...this.#pending.values()].map((timer) => timer.ms);
  }

  /** Fire every waiting timer (not the ones they start). */
  fireAll(): void {
    const due = [...this.#pending.entries()];
    this.#pending.clear();
    for (const [, timer] of due) timer.callback();
  }
}

/** A browser whose tabs a test sets and whose commands it scripts. */
export class FakeBrowser implements Browser {
  tabs = new Map<number, TabSnapshot>();
  activeTabId: number | undefined;
  readonly commands: Array<{ tabId: number; method: string; params?: Record<string, unknown> }> =
    [];
  respond: (method: string, params?: Record<string, unknown>) => unknown = () => ({});

  addTab(tab: Partial<TabSnapshot> & { id: number }): TabSnapshot {
    const full: TabSnapshot = { windowId: 1, active: false, title: "", url: undefined, ...tab };
    this.tabs.set(tab.id, full);
    if (full.active) this.activeTabId = tab.id;
    return full;
  }

  getTab(tabId: number): Promise<TabSnapshot | undefined> {
    const tab = this.tabs.get(tabId);
    return Promise.resolve(tab === undefined ? undefined : { ...tab });
  }

  listTabs(): Promise<TabSnapshot[]> {
    return Promise.resolve([...this.tabs.values()].map((tab) => ({ ...tab })));
  }

  activeTab(): Promise<TabSnapshot | undefined> {
    return this.activeTabId === undefined
      ? Promise.resolve(undefined)
      : this.getTab(this.activeTabId);
  }

  sendCommand(tabId: number, method: string, params?: Record<string, unknown>): Promise<unknown> {
    this.commands.push({ tabId, method, params });
    try {
      return Promise.resolve(this.respond(method, params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The ID the next opened tab gets. */
  nextTabId = 100;
  /** Tabs closed through `closeTab`, in order. */
  readonly closed: number[] = [];

  openTab(): Promise<TabSnapshot> {
    return Promise.resolve(
      this.addTab({ id: this.nextTabId++, active: true, url: "about:blank", title: "" }),
    );
  }

  closeTab(tabId: number): Promise<void> {
    this.closed.push(tabId);
    this.tabs.delete(tabId);
    return Promise.resolve();
  }
}

/** A record of opened tabs in memory. */
export class FakeOpenedTabs implements OpenedTabs {
  readonly ids = new Set<number>();
  add(tabId: number): Promise<void> {
    this.ids.add(tabId);
    return Promise.resolve();
  }
  has(tabId: number): Promise<boolean> {
    return Promise.resolve(this.ids.has(tabId));
  }
  remove(tabId: number): Promise<void> {
    this.ids.delete(tabId);
    return Promise.resolve();
  }
}

/** A debugger that records attaches and detaches; `refuse` makes attaches fail. */
export class FakeDebugger implements DebuggerControl {
  readonly log: string[] = [];
  refuse = false;

  attach(tabId: number): Promise<void> {
    this.log.push(`attach ${tabId}`);
    return this.refuse
      ? Promise.reject(new Error("Another debugger is already attached"))
      : Promise.resolve();
  }

  detach(tabId: number): Promise<void> {
    this.log.push(`detach ${tabId}`);
    return Promise.resolve();
  }
}

/** A connection as handlers see it. */
export function fakeLink(options: Partial<Link> = {}): Link {
  return {
    generation: 1,
    signal: new AbortController().signal,
    welcomed: true,
    mode: "restricted",
    ...options,
  };
}

/**
 * Grant the lease `lease` (default `l1`, fence 1) on tab 7, `inst:7`, for
 * the origin `https://shop.example`: the lease most provider tests act under.
 */
export function grantShopLease(
  leases: LeaseService,
  lease: { leaseId: string; fence: number } = { leaseId: "l1", fence: 1 },
): ReturnType<LeaseService["grant"]> {
  return leases.grant({
    ...lease,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://shop.example" },
    clientName: "c",
    grantedAt: 0,
  }, new AbortController().signal);
}

/** Everything a provider handler needs, with the events it sent. */
export function fakeProvider(options: {
  link?: Partial<Link>;
  decide?: (prompt: unknown) => Decision | Promise<Decision>;
  /** Whether a standing grant covers `who` on `origin`; none by default. */
  standing?: (who: Who, origin: string) => boolean;
} = {}) {
  const browser = new FakeBrowser();
  const debuggerControl = new FakeDebugger();
  const events: string[] = [];
  const prompts: unknown[] = [];
  const table = new LeaseTable();
  const timers = new ManualTimers();
  const dialogs = new DialogTracker();
  const drags = new DragTracker();
  const choosers = new ChooserTracker();
  const logs = new PageLogs(() => 1_000);
  const leases = new LeaseService({
    table,
    attachments: new DebuggerAttachments(debuggerControl),
    events: {
      revoked: (generation, value) => events.push(`revoked ${generation} ${JSON.stringify(value)}`),
      pageChanged: (generation, value) =>
        events.push(`changed ${generation} ${JSON.stringify(value)}`),
      tabOpened: (generation, value) =>
        events.push(`tab-opened ${generation} ${JSON.stringify(value)}`),
    },
    timers,
  });
  const opened = new FakeOpenedTabs();
  const context: ProviderContext = {
    link: fakeLink(options.link),
    instanceId: "inst",
    browser,
    leases,
    approvals: {
      ask: (prompt) => {
        prompts.push(prompt);
        return Promise.resolve(options.decide?.(prompt) ?? "allow");
      },
    },
    opened,
    grants: { covers: (who, origin) => Promise.resolve(options.standing?.(who, origin) ?? false) },
    requests: { open: () => 0 },
    dialogs,
    drags,
    choosers,
    logs,
    now: () => 1_000,
  };
  return {
    context,
    browser,
    debuggerControl,
    events,
    prompts,
    table,
    leases,
    timers,
    dialogs,
    drags,
    choosers,
    opened,
    logs,
  };
}
