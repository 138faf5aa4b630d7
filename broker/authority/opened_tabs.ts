/**
 * The tabs each lease's page opened (popups, `target=_blank` links), as the
 * provider reports them with `lease.tab-opened`. An action marks where it
 * began and reads what opened since; a lease's record goes when it ends.
 * Only the latest `limits.maxOpenedTabs` of a lease are kept: an action that
 * opened more names the latest of them.
 *
 * @module
 */
import { limits } from "../../contracts/limits.ts";

interface Opened {
  /** How many were ever reported for the lease. */
  total: number;
  /** The latest, oldest first. */
  tabs: string[];
}

/** What leased pages opened. */
export class OpenedTabs {
  readonly #byLease = new Map<string, Opened>();

  /** Record that the page of lease `leaseId` opened `tab`. */
  add(leaseId: string, tab: string): void {
    let opened = this.#byLease.get(leaseId);
    if (opened === undefined) {
      opened = { total: 0, tabs: [] };
      this.#byLease.set(leaseId, opened);
    }
    opened.total++;
    opened.tabs.push(tab);
    if (opened.tabs.length > limits.maxOpenedTabs) opened.tabs.shift();
  }

  /** A mark to pass to {@linkcode since}: how many tabs the lease's page opened so far. */
  mark(leaseId: string): number {
    return this.#byLease.get(leaseId)?.total ?? 0;
  }

  /** The tabs lease `leaseId`'s page opened after `mark`, oldest first (the latest kept). */
  since(leaseId: string, mark: number): string[] {
    const opened = this.#byLease.get(leaseId);
    if (opened === undefined) return [];
    const fresh = Math.min(opened.total - mark, opened.tabs.length);
    return fresh <= 0 ? [] : opened.tabs.slice(opened.tabs.length - fresh);
  }

  /** Forget lease `leaseId`: it ended. */
  forget(leaseId: string): void {
    this.#byLease.delete(leaseId);
  }
}
