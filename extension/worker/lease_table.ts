/**
 * The extension's live leases and the fencing check every leased operation
 * passes. A lease belongs to the connection (generation) that granted it: a
 * token is honoured only on that connection and only with the exact fence
 * of the current grant, so an old holder, an old connection or a lease that
 * already ended gets `STALE_LEASE` — except a lease that ended because its
 * tab left the lease's scope: a call on it gets `ORIGIN_CHANGED`, as the work
 * it cut short did.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { LeaseGrant, LeaseRecord } from "../provider/context.ts";

interface Entry {
  record: LeaseRecord;
  controller: AbortController;
}

/**
 * How many leases that ended because their tab left the scope are
 * remembered. Calls still on their way when a lease ends arrive within a
 * moment; a bound keeps a long session's memory flat.
 */
const leftScopeMemory = 64;

/**
 * Leases by ID. Ending a lease removes it and aborts its signal at once,
 * before any asynchronous cleanup, so the gate closes synchronously.
 */
export class LeaseTable {
  readonly #entries = new Map<string, Entry>();
  /** Grants that ended because their tab left the scope, by lease ID, oldest first. */
  readonly #leftScope = new Map<string, Pick<LeaseRecord, "fence" | "generation">>();
  readonly #onChange: (() => void) | undefined;

  /** `onChange` runs after every grant and end. */
  constructor(onChange?: () => void) {
    this.#onChange = onChange;
  }

  /** Live leases. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The live lease `token` names on connection `generation`, or `STALE_LEASE`
   * when it is unknown, ended, of another connection or of another fence.
   * A grant that ended because its tab left the scope is `ORIGIN_CHANGED`:
   * the Broker may hear a call's answer before the `lease.revoked` event
   * saying why the lease ended, and must still tell an action that took the
   * page away from one whose lease merely ended.
   */
  check(token: LeaseToken, generation: number): LeaseRecord {
    const entry = this.#entries.get(token.leaseId);
    if (
      entry !== undefined && entry.record.generation === generation &&
      entry.record.fence === token.fence
    ) {
      return entry.record;
    }
    const left = this.#leftScope.get(token.leaseId);
    if (entry === undefined && left?.fence === token.fence && left.generation === generation) {
      throw new LeashError("ORIGIN_CHANGED");
    }
    throw new LeashError("STALE_LEASE");
  }

  /**
   * Throw `STALE_LEASE` when a grant for `token` could never be taken: a
   * lease with that ID already holds the same or a newer fence.
   */
  checkGrant(token: LeaseToken): void {
    const entry = this.#entries.get(token.leaseId);
    if (entry !== undefined && entry.record.fence >= token.fence) {
      throw new LeashError("STALE_LEASE");
    }
  }

  /**
   * Add a lease. A live lease with the same ID and a lower fence is
   * superseded: it ends and is returned so its resources can be released.
   */
  grant(grant: LeaseGrant): { record: LeaseRecord; superseded: LeaseRecord | undefined } {
    this.checkGrant(grant);
    const previous = this.#entries.get(grant.leaseId);
    if (previous !== undefined) previous.controller.abort(new LeashError("STALE_LEASE"));
    const controller = new AbortController();
    const record: LeaseRecord = { ...grant, signal: controller.signal };
    this.#entries.set(grant.leaseId, { record, controller });
    this.#onChange?.();
    return { record, superseded: previous?.record };
  }

  /** The live lease with `leaseId`, if any. */
  get(leaseId: string): LeaseRecord | undefined {
    return this.#entries.get(leaseId)?.record;
  }

  /**
   * End a lease and abort its work with `reason` (`LEASE_NOT_FOUND` by
   * default). Returns the ended record, or `undefined` when it was not live.
   * With `fence`, only that exact grant ends.
   */
  end(
    leaseId: string,
    options: { fence?: number; reason?: LeashError } = {},
  ): LeaseRecord | undefined {
    const entry = this.#entries.get(leaseId);
    if (entry === undefined) return undefined;
    if (options.fence !== undefined && entry.record.fence !== options.fence) return undefined;
    this.#entries.delete(leaseId);
    const reason = options.reason ?? new LeashError("LEASE_NOT_FOUND");
    if (reason.code === "ORIGIN_CHANGED") this.#rememberLeftScope(entry.record);
    entry.controller.abort(reason);
    this.#onChange?.();
    return entry.record;
  }

  #rememberLeftScope({ leaseId, fence, generation }: LeaseRecord): void {
    this.#leftScope.delete(leaseId);
    this.#leftScope.set(leaseId, { fence, generation });
    for (const oldest of this.#leftScope.keys()) {
      if (this.#leftScope.size <= leftScopeMemory) break;
      this.#leftScope.delete(oldest);
    }
  }

  /** Live leases, oldest grant first. */
  list(): LeaseRecord[] {
    return [...this.#entries.values()].map((entry) => entry.record);
  }

  /** Live leases on one tab. */
  onTab(tabId: number): LeaseRecord[] {
    return this.list().filter((record) => record.tabId === tabId);
  }

  /** Live leases a connection granted. */
  ofGeneration(generation: number): LeaseRecord[] {
    return this.list().filter((record) => record.generation === generation);
  }
}
