/**
 * The Broker's shared state and the rules that tie its parts together: a
 * lease that ends is announced to its owning session only and withdrawn from
 * its provider (unless the provider ended it or is gone); a provider that
 * leaves takes its instance, its waiting claims and its leases with it; a
 * client that leaves ends its claims and leases; a provider's events touch
 * only its own instance's leases.
 *
 * @module
 */
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { EventValueOf } from "../../contracts/methods/define.ts";
import type { ProviderEvents } from "../../contracts/methods/mod.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import { Admission, type AdmissionCaps } from "./admission.ts";
import { ClaimTable } from "./claims.ts";
import {
  type LeaseEnd,
  type LeaseOwner,
  type LeaseRecord,
  LeaseTable,
  sameOwner,
} from "./leases.ts";
import type { Logger } from "../../local/log.ts";
import { OpenedTabs } from "./opened_tabs.ts";
import { ProviderRegistry } from "./registry.ts";
import { revokeAtProvider } from "./revocation.ts";
import { SessionTable } from "./sessions.ts";

/** One reaction per provider event, so a new event without one fails type checking. */
type ProviderEventReactions = {
  [K in keyof ProviderEvents]: (value: EventValueOf<ProviderEvents, K>) => void;
};

/** A `page.changed` hint for one lease: no page content, a per-lease sequence. */
export type PageChange = EventValueOf<ProviderEvents, "page.changed">;

/** Hears about one lease's page changes. */
export type PageChangeListener = (change: PageChange) => void;

/** Hears about every lease that ends. */
export type LeaseEndListener = (lease: LeaseRecord, why: LeaseEnd) => void;

/** Stops a subscription. Calling it again does nothing. */
export type Unsubscribe = () => void;

/** How the state is set up. */
export interface BrokerStateOptions {
  /** Budgets; the protocol's defaults unless a test shrinks them. */
  caps?: Partial<AdmissionCaps>;
  /** Default `restricted`. */
  accessMode?: AccessMode;
  /** Deadline for one `lease.grant`; see `defaultGrantTimeoutMs`. */
  grantTimeoutMs?: number;
}

/** Ends that need no `lease.revoke`: the provider ended it, refused it, or is gone. */
const providerAlreadyKnows: ReadonlySet<LeaseEnd> = new Set<LeaseEnd>([
  "revoked-by-provider",
  "navigated",
  "provider-gone",
  "stale",
  "shutdown",
]);

/** Sessions, providers, claims, leases and the budgets they count against. */
export class BrokerState {
  readonly admission: Admission;
  readonly registry: ProviderRegistry;
  readonly sessions = new SessionTable();
  readonly leases: LeaseTable;
  readonly claims: ClaimTable;
  readonly accessMode: AccessMode;
  /** The tabs leased pages opened (`lease.tab-opened`), until their lease ends. */
  readonly openedTabs = new OpenedTabs();
  readonly #logger: Logger;
  readonly #pageListeners = new Map<string, Set<PageChangeListener>>();
  readonly #endListeners = new Set<LeaseEndListener>();

  constructor(logger: Logger, options: BrokerStateOptions = {}) {
    this.#logger = logger;
    this.accessMode = options.accessMode ?? "restricted";
    this.admission = new Admission(options.caps);
    this.registry = new ProviderRegistry(this.admission);
    this.leases = new LeaseTable(this.admission);
    this.leases.onEnded = (lease, why) => this.#leaseEnded(lease, why);
    this.claims = new ClaimTable({
      admission: this.admission,
      registry: this.registry,
      leases: this.leases,
      accessMode: this.accessMode,
      grantTimeoutMs: options.grantTimeoutMs,
      logger,
    });
  }

  /** A client connection closed: its session ends, and so do its claims and leases. */
  clientGone(conn: string): void {
    if (this.sessions.remove(conn) === undefined) return;
    this.claims.abortWhere((claim) => claim.owner === conn, new LeashError("CONNECTION_LOST"));
    this.leases.endWhere((lease) => lease.owner === conn, "owner-gone");
  }

  /** A provider connection closed: its instance leaves, its claims fail, its leases end. */
  providerGone(conn: string): void {
    const entry = this.registry.unregister(conn);
    if (entry === undefined) return;
    const instance = entry.instance.id;
    // The claimant's own connection is fine: the browser it asked is what is gone.
    this.claims.abortWhere(
      (claim) => claim.instance === instance,
      new LeashError("INSTANCE_NOT_FOUND"),
    );
    this.leases.endWhere((lease) => lease.instance === instance, "provider-gone");
  }

  /**
   * End every lease and waiting claim of one session (`browser.releaseSession`).
   * Waiting claims are answered `CANCELLED`. Returns how many of both ended.
   */
  releaseSession(owner: LeaseOwner): number {
    const mine = (held: LeaseOwner) => sameOwner(held, owner);
    const claims = this.claims.abortWhere(mine, new LeashError("CANCELLED"));
    return claims + this.leases.endWhere(mine, "released").length;
  }

  /** The Broker is stopping: waiting claims fail `CONNECTION_LOST` and every lease ends. */
  shutdown(): void {
    this.claims.abortWhere(() => true, new LeashError("CONNECTION_LOST"));
    this.leases.endWhere(() => true, "shutdown");
  }

  /**
   * End `lease` for its owner and ask its provider to close its tab, which
   * it does only when Leash opened that tab (`browser.open`). Resolves
   * with whether the tab closed; a provider that is gone or fails to answer
   * within `timeoutMs` closed nothing the Broker knows of.
   */
  async closeLeaseTab(lease: LeaseRecord, timeoutMs: number): Promise<boolean> {
    const provider = this.registry.get(lease.instance);
    this.leases.end(lease.leaseId, "closed");
    if (provider === undefined) return false;
    try {
      const answer = await revokeAtProvider(provider.link, {
        lease: { leaseId: lease.leaseId, fence: lease.fence },
        closeTab: true,
      }, timeoutMs);
      return answer.closed === true;
    } catch {
      this.#logger.log("warn", "lease-revoke-failed", { conn: provider.conn });
      return false;
    }
  }

  /**
   * Hear the `page.changed` hints of lease `leaseId` (sent only by the
   * provider of its instance) until unsubscribed or the lease ends.
   */
  onPageChanged(leaseId: string, listener: PageChangeListener): Unsubscribe {
    let listeners = this.#pageListeners.get(leaseId);
    if (listeners === undefined) {
      if (this.leases.get(leaseId) === undefined) return () => {};
      listeners = new Set();
      this.#pageListeners.set(leaseId, listeners);
    }
    const held = listeners;
    held.add(listener);
    return () => {
      held.delete(listener);
      if (held.size === 0 && this.#pageListeners.get(leaseId) === held) {
        this.#pageListeners.delete(leaseId);
      }
    };
  }

  /** Hear about every lease that ends (to drop caches kept for it). */
  onLeaseEnded(listener: LeaseEndListener): Unsubscribe {
    const entry = (lease: LeaseRecord, why: LeaseEnd) => listener(lease, why);
    this.#endListeners.add(entry);
    return () => this.#endListeners.delete(entry);
  }

  /** An event from the provider of `instance`. It can only touch that instance's leases. */
  providerEvent<K extends keyof ProviderEvents>(
    instance: string,
    event: K,
    value: EventValueOf<ProviderEvents, K>,
  ): void {
    const react: ProviderEventReactions = {
      "lease.revoked": ({ leaseId, reason }) => {
        const lease = this.leases.get(leaseId);
        if (lease === undefined || lease.instance !== instance) return;
        this.#logger.log("info", "lease-revoked-by-provider", { fence: lease.fence, reason });
        // Kept apart: an action under way when the page left the origin is answered so.
        this.leases.end(leaseId, reason === "navigated" ? "navigated" : "revoked-by-provider");
      },
      "lease.tab-opened": ({ leaseId, tab }) => {
        const lease = this.leases.get(leaseId);
        if (lease === undefined || lease.instance !== instance) return;
        // A tab of another browser cannot be a popup of this lease's page.
        if (!tab.startsWith(`${instance}:`)) return;
        this.openedTabs.add(leaseId, tab);
      },
      "page.changed": (change) => {
        const lease = this.leases.get(change.leaseId);
        if (lease === undefined || lease.instance !== instance || lease.tab !== change.tab) return;
        for (const listener of [...this.#pageListeners.get(change.leaseId) ?? []]) {
          this.#notify("page-listener-failed", () => listener(change));
        }
      },
    };
    react[event](value);
  }

  #leaseEnded(lease: LeaseRecord, why: LeaseEnd): void {
    // Why each lease ended is what explains an action's answer after it (`ORIGIN_CHANGED`
    // or `RECOVERY_REQUIRED`); the fence names the lease as `claim-granted` did.
    this.#logger.log("info", "lease-ended", { conn: lease.owner, fence: lease.fence, why });
    this.#pageListeners.delete(lease.leaseId);
    this.openedTabs.forget(lease.leaseId);
    for (const listener of [...this.#endListeners]) {
      this.#notify("end-listener-failed", () => listener(lease, why));
    }
    const owner = this.sessions.get(lease.owner);
    if (owner !== undefined) {
      try {
        owner.emit("browser.lease-revoked", { sessionId: lease.sessionId, leaseId: lease.leaseId });
      } catch {
        // The owner is closing; its own close ends what is left.
      }
    }
    // A lease ended to close its tab is revoked by `closeLeaseTab`, which awaits the answer.
    if (providerAlreadyKnows.has(why) || why === "closed") return;
    const provider = this.registry.get(lease.instance);
    if (provider === undefined) return;
    revokeAtProvider(provider.link, { lease: { leaseId: lease.leaseId, fence: lease.fence } })
      .catch((error) => {
        // A provider that left ended the lease with its link; anything else may leave it held.
        if (isLeashError(error, "CONNECTION_LOST")) return;
        this.#logger.log("warn", "lease-revoke-failed", { conn: provider.conn });
      });
  }

  /** Run a subscriber; one that throws is logged and never breaks the Broker. */
  #notify(event: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.#logger.log("error", event, { error: error instanceof Error ? error.name : "unknown" });
    }
  }
}
