/**
 * What a provider handler works with: the connection it serves, the
 * browser, the leases and the person's approvals. Each is declared here as
 * the narrow view the handlers need; the service worker supplies the real
 * ones, so the provider never imports the worker.
 *
 * @module
 */
import type { LeaseScope, LeaseToken } from "../../contracts/methods/common.ts";
import type { JsonObject } from "../../contracts/json.ts";
import type { DialogType } from "../../contracts/methods/dialog.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import type { ConsoleEntry } from "../../contracts/methods/console.ts";
import type { LogBuffer } from "./log_buffer.ts";
import type { NetworkLog } from "./network_entries.ts";

/** The connection being served, as a handler sees it. */
export interface ProviderLink {
  /** Grows with every connection attempt; tags and checks what the connection grants. */
  readonly generation: number;
  /** The Broker's access mode, from the welcome (`broker.personal-mode.v1`). */
  readonly mode: AccessMode;
}

/** A tab, reduced to what the provider reads. */
export interface TabSnapshot {
  id: number;
  windowId: number;
  active: boolean;
  /** The tab's title (page-derived). */
  title: string;
  /** The committed URL, when Chrome reports one. */
  url: string | undefined;
  /** The tab whose page opened this one (a link or `window.open`), when Chrome knows it. */
  openerTabId?: number;
  /** Whether the tab is still loading its page, as Chrome reports it. */
  loading?: boolean;
}

/** Tabs and DevTools commands. */
export interface Browser {
  /** A tab by ID, or `undefined` when it is gone. */
  getTab(tabId: number): Promise<TabSnapshot | undefined>;
  /** Tabs of ordinary browser windows (not popups such as the approval window). */
  listTabs(): Promise<TabSnapshot[]>;
  /** The active tab of the last focused ordinary window. */
  activeTab(): Promise<TabSnapshot | undefined>;
  /** Send a DevTools command to an attached tab; rejects with Chrome's error. */
  sendCommand(tabId: number, method: string, params?: Record<string, unknown>): Promise<unknown>;
  /** Open a new blank tab (`about:blank`) in an ordinary window, in front. */
  openTab(): Promise<TabSnapshot>;
  /** Close tab `tabId`; resolves also when it is already gone. */
  closeTab(tabId: number): Promise<void>;
}

/**
 * The tabs Leash opened (`lease.open`), the only ones it ever closes. Kept
 * where a restart of the service worker does not lose them.
 */
export interface OpenedTabs {
  /** Record that Leash opened `tabId`; resolves once the record is kept. */
  add(tabId: number): Promise<void>;
  /** Whether Leash opened `tabId`. */
  has(tabId: number): Promise<boolean>;
  /** Forget `tabId` (closed). */
  remove(tabId: number): Promise<void>;
}

/** The open requests of leased tabs (the worker feeds it their `Network` events). */
export interface RequestWatch {
  /**
   * How many requests of tab `tabId` that started at or after `since` (on
   * the context's `now` clock) are still open, long-lived ones left out.
   */
  open(tabId: number, since: number): number;
}

/** A JavaScript dialog open on a tab. */
export interface TabDialog {
  type: DialogType;
  /** What the dialog says (page-derived). */
  message: string;
  /** The URL of the frame that opened it. */
  url: string;
}

/** The dialogs open on leased tabs (the worker feeds it their `Page` events). */
export interface DialogWatch {
  /** The dialog open on `tabId`, if any. */
  open(tabId: number): TabDialog | undefined;
  /** Call `onOpen` when a dialog opens on `tabId`, until the returned function is called. */
  watch(tabId: number, onOpen: (dialog: TabDialog) => void): () => void;
  /** `dialog` was answered on `tabId`: it is gone, even before DevTools says it closed. */
  answered(tabId: number, dialog: TabDialog): void;
}

/** The data of drags leased pages started (the worker feeds it `Input.dragIntercepted`). */
export interface DragWatch {
  /** The data of the drag in progress on `tabId` (files taken out), if the page started one. */
  intercepted(tabId: number): JsonObject | undefined;
  /** Forget it: the drag ended, or a new one begins. */
  clear(tabId: number): void;
}

/** A file chooser a leased page opened while an upload intercepted it. */
export interface OpenedChooser {
  /** The file input that opened it. */
  backendNodeId: number;
  /** Whether it takes several files. */
  multiple: boolean;
}

/** File choosers leased pages opened (the worker feeds it `Page.fileChooserOpened`). */
export interface ChooserWatch {
  /** The chooser `tabId`'s page opened since the last `clear`, if any. */
  opened(tabId: number): OpenedChooser | undefined;
  /** Resolves once a chooser opened on `tabId` (at once if one did), or after `ms`. */
  wait(tabId: number, ms: number, signal: AbortSignal): Promise<OpenedChooser | undefined>;
  /** Forget it: an upload begins or ended. */
  clear(tabId: number): void;
}

/** What a lease captured of its tab's console and network, since {@linkcode LeaseLogs.since}. */
export interface LeaseLogs {
  /** When capture began, in ms since the epoch. */
  readonly since: number;
  readonly console: LogBuffer<ConsoleEntry>;
  readonly network: NetworkLog;
  /** Settles once the tab's DevTools domains are on (never rejects). */
  ready: Promise<void>;
}

/**
 * The console and network logs of leases that asked for them (the worker
 * feeds them the debugger events of their tabs).
 */
export interface LogWatch {
  /** The logs of `leaseId`, once capture started. */
  logs(leaseId: string): LeaseLogs | undefined;
  /**
   * Start capture for `record`, whose tab's top-level document is at
   * `mainUrl`; `firstOnTab` when no other lease captures that tab (its
   * DevTools domains are off).
   */
  start(record: LeaseRecord, mainUrl: string): { logs: LeaseLogs; firstOnTab: boolean };
  /** Stop capture for `leaseId` and drop its logs; whether its tab has no capturing lease left. */
  stop(leaseId: string): boolean;
}

/** One live lease as the extension keeps it. */
export interface LeaseRecord {
  readonly leaseId: string;
  readonly fence: number;
  /** The connection that granted it. */
  readonly generation: number;
  /** Chrome's tab ID. */
  readonly tabId: number;
  /** The wire tab ID (`instance:tabId`). */
  readonly tab: string;
  readonly scope: LeaseScope;
  readonly clientName: string;
  /** When it was granted, in ms since the epoch. */
  readonly grantedAt: number;
  /** Aborted when the lease ends, so work running under it stops. */
  readonly signal: AbortSignal;
}

/** What a grant adds; the lease table supplies the signal. */
export type LeaseGrant = Omit<LeaseRecord, "signal">;

/** The extension's leases, as handlers check, grant and end them. */
export interface Leases {
  /** The live lease `token` names on connection `generation`, else `STALE_LEASE`. */
  check(token: LeaseToken, generation: number): LeaseRecord;
  /** Throw `STALE_LEASE` early when a grant for `token` could never be taken. */
  checkGrant(token: LeaseToken): void;
  /** Attach the debugger to the tab and record the lease. */
  grant(grant: LeaseGrant, signal: AbortSignal): Promise<LeaseRecord>;
  /** End a lease at the Broker's request (with `fence`, only that grant); whether one ended. */
  end(leaseId: string, cause: "broker", fence?: number): Promise<boolean>;
  /** Throw `ORIGIN_CHANGED` (and end the lease) when `url` is outside `record`'s scope. */
  assertInScope(record: LeaseRecord, url: string | undefined): void;
}

/** A client as the approval window names it: what it says it is, and its MCP program's name. */
export interface Who {
  clientName: string;
  mcpClientName?: string;
}

/** The person's standing grants, as a claim in restricted mode checks them before asking. */
export interface StandingGrantCheck {
  /** Whether a live standing grant allows `who` on exactly `origin`. */
  covers(who: Who, origin: string): Promise<boolean>;
}

/** How a claim ended. */
export type Decision = "allow" | "deny" | "closed" | "timeout";

/** What the person is asked. Page-derived `title` is shown as text only. */
export interface ClaimPrompt {
  /** What the client says it is. */
  clientName: string;
  /** What its MCP client program says it is, when the claim came through one. */
  mcpClientName?: string;
  /** The tab's title when the claim arrived. */
  title: string;
  /** The origin the lease would cover. */
  origin: string;
  scope: "origin" | "tab";
  /** The client's stated reason, if it gave one. */
  reason?: string;
  /** The claim is for a new tab Leash opens at `origin` once the person allows it. */
  opens?: true;
}

/** The person's approvals, as a grant in restricted mode asks for one. */
export interface Approvals {
  /** Ask the person; rejects with the signal's reason when `signal` aborts. */
  ask(prompt: ClaimPrompt, signal: AbortSignal): Promise<Decision>;
}

/** The dependencies of the provider handlers of one connection. */
export interface ProviderContext {
  /** The connection being served: its generation tags and checks leases. */
  link: ProviderLink;
  /** This browser's instance ID; wire tab IDs start with it. */
  instanceId: string;
  browser: Browser;
  leases: Leases;
  approvals: Approvals;
  /** The person's standing grants: a claim or open they cover needs no prompt. */
  grants: StandingGrantCheck;
  /** The tabs Leash opened: `lease.open` records them, `lease.revoke` closes only them. */
  opened: OpenedTabs;
  /** Open requests of leased tabs, for `page.settle`. */
  requests: RequestWatch;
  /** Dialogs open on leased tabs: every leased call checks them first. */
  dialogs: DialogWatch;
  /** Drag data of HTML5 drags on leased tabs, for `Input.dispatchDragEvent`. */
  drags: DragWatch;
  /** File choosers leased pages opened while an upload intercepted them. */
  choosers: ChooserWatch;
  /** Console and network logs of leases that asked for them. */
  logs: LogWatch;
  now: () => number;
}
