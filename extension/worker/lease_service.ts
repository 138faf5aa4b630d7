/**
 * Leases with their side effects: the debugger attachment a lease holds,
 * its coalesced `page.changed` hints, and the `lease.revoked` event when the
 * browser or the person ends it. Ending is synchronous for the gate (the
 * table forgets the lease and aborts its work at once); the debugger detaches
 * afterwards, in `finally`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { RevocationReason } from "../../contracts/methods/mod.ts";
import { inLeaseScope } from "../../contracts/scope.ts";
import type { LeaseGrant, LeaseRecord, Leases } from "../provider/context.ts";
import type { DebuggerAttachments } from "./attachments.ts";
import { formatTabId } from "../provider/tab_ids.ts";
import { PageChangeCoalescer } from "./coalescer.ts";
import type { Timers } from "./timers.ts";
import type { LeaseTable } from "./lease_table.ts";

/** Events the service sends, on the connection that granted the lease. */
export interface LeaseEvents {
  revoked(generation: number, value: { leaseId: string; reason: RevocationReason }): void;
  pageChanged(generation: number, value: { tab: string; leaseId: string; sequence: number }): void;
  /** The page of a leased tab opened another tab (`lease.tab-opened`). */
  tabOpened(generation: number, value: { leaseId: string; tab: string }): void;
}

/** Who ended a lease: a reason the Broker is told, or the Broker or connection itself. */
export type EndCause = RevocationReason | "broker" | "connection";

/** Options for {@linkcode LeaseService}. */
export interface LeaseServiceOptions {
  table: LeaseTable;
  attachments: DebuggerAttachments;
  events: LeaseEvents;
  /** Coalescing window for `page.changed`. Default 100 ms. */
  coalesceMs?: number;
  timers?: Timers;
}

/** Grants, checks and ends leases. */
export class LeaseService implements Leases {
  readonly #table: LeaseTable;
  readonly #attachments: DebuggerAttachments;
  readonly #events: LeaseEvents;
  readonly #coalesceMs: number | undefined;
  readonly #timers: Timers | undefined;
  readonly #coalescers = new Map<string, PageChangeCoalescer>();

  constructor(options: LeaseServiceOptions) {
    this.#table = options.table;
    this.#attachments = options.attachments;
    this.#events = options.events;
    this.#coalesceMs = options.coalesceMs;
    this.#timers = options.timers;
  }

  /** The live lease `token` names on connection `generation`, else `STALE_LEASE`. */
  check(token: LeaseToken, generation: number): LeaseRecord {
    return this.#table.check(token, generation);
  }

  /** Throw `STALE_LEASE` early when a grant for `token` could never be taken. */
  checkGrant(token: LeaseToken): void {
    this.#table.checkGrant(token);
  }

  /**
   * Attach the debugger to the tab and record the lease. Fails with
   * `DEBUGGER_UNAVAILABLE` when Chrome refuses, `STALE_LEASE` when a newer
   * grant won meanwhile, or `signal`'s reason when the request or the
   * connection ended while attaching; nothing stays attached on failure.
   */
  async grant(grant: LeaseGrant, signal: AbortSignal): Promise<LeaseRecord> {
    this.#table.checkGrant(grant);
    await this.#attachments.acquire(grant.tabId);
    let granted: { record: LeaseRecord; superseded: LeaseRecord | undefined };
    try {
      signal.throwIfAborted();
      granted = this.#table.grant(grant);
    } catch (error) {
      await this.#attachments.release(grant.tabId);
      throw error;
    }
    if (granted.superseded !== undefined) {
      await this.#attachments.release(granted.superseded.tabId);
    }
    if (!this.#coalescers.has(grant.leaseId)) {
      const leaseId = grant.leaseId;
      this.#coalescers.set(
        leaseId,
        new PageChangeCoalescer((sequence) => {
          const record = this.#table.get(leaseId);
          if (record === undefined) return;
          this.#events.pageChanged(record.generation, { tab: record.tab, leaseId, sequence });
        }, { delayMs: this.#coalesceMs, timers: this.#timers }),
      );
    }
    return granted.record;
  }

  /**
   * End a lease. With `fence`, only that exact grant ends. The Broker hears
   * of it (`lease.revoked`) unless it asked (`"broker"`) or its connection
   * is gone (`"connection"`). Resolves once the debugger was released;
   * returns whether a live lease ended.
   */
  async end(leaseId: string, cause: EndCause, fence?: number): Promise<boolean> {
    const record = this.#table.end(leaseId, { fence, reason: endError(cause) });
    if (record === undefined) return false;
    try {
      this.#coalescers.get(leaseId)?.dispose();
      this.#coalescers.delete(leaseId);
      if (cause !== "broker" && cause !== "connection") {
        this.#events.revoked(record.generation, { leaseId, reason: cause });
      }
    } finally {
      await this.#attachments.release(record.tabId);
    }
    return true;
  }

  /** End every lease on a tab. */
  endTab(tabId: number, cause: EndCause): Promise<boolean[]> {
    return Promise.all(this.#table.onTab(tabId).map((record) => this.end(record.leaseId, cause)));
  }

  /** End every lease a connection granted, quietly: the connection is gone. */
  endGeneration(generation: number): Promise<boolean[]> {
    return Promise.all(
      this.#table.ofGeneration(generation).map((record) => this.end(record.leaseId, "connection")),
    );
  }

  /** End every lease (Stop all). */
  endAll(cause: EndCause): Promise<boolean[]> {
    return Promise.all(this.#table.list().map((record) => this.end(record.leaseId, cause)));
  }

  /** Chrome detached the debugger on its own. */
  detached(tabId: number, reason: string): void {
    this.#attachments.detached(tabId);
    void this.endTab(tabId, reason === "target_closed" ? "tab-closed" : "debugger-detached");
  }

  /** Something on the tab changed; leases on it get a coalesced hint. */
  pageChanged(tabId: number): void {
    for (const record of this.#table.onTab(tabId)) this.#coalescers.get(record.leaseId)?.notify();
  }

  /**
   * The page of tab `openerTabId` opened tab `tabId` (a popup, a
   * `target=_blank` link): every lease on the opener hears of it, under the
   * new tab's wire ID in the same instance.
   */
  tabOpened(openerTabId: number, tabId: number): void {
    for (const record of this.#table.onTab(openerTabId)) {
      const instance = record.tab.slice(0, record.tab.length - `:${record.tabId}`.length);
      this.#events.tabOpened(record.generation, {
        leaseId: record.leaseId,
        tab: formatTabId(instance, tabId),
      });
    }
  }

  /**
   * The tab's top-level document is now at `url`. An origin lease ends when
   * the origin differs; any lease ends when the page is not HTTP(S).
   */
  navigated(tabId: number, url: string): void {
    for (const record of this.#table.onTab(tabId)) {
      if (!inLeaseScope(record.scope, url)) {
        void this.end(record.leaseId, "navigated");
      } else {
        this.#coalescers.get(record.leaseId)?.notify();
      }
    }
  }

  /**
   * Throw `ORIGIN_CHANGED` (and end the lease) when the tab's document at
   * `url` is outside `record`'s scope. Called around leased reads and input.
   */
  assertInScope(record: LeaseRecord, url: string | undefined): void {
    if (inLeaseScope(record.scope, url)) return;
    void this.end(record.leaseId, "navigated");
    throw new LeashError("ORIGIN_CHANGED");
  }
}

/** The error running work under an ended lease aborts with. */
function endError(cause: EndCause): LeashError {
  switch (cause) {
    case "navigated":
      return new LeashError("ORIGIN_CHANGED");
    case "connection":
      return new LeashError("CONNECTION_LOST");
    case "broker":
    case "released":
      return new LeashError("LEASE_NOT_FOUND");
    default:
      return new LeashError("STALE_LEASE");
  }
}
