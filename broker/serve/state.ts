/**
 * The Broker's shared state and the rules that tie its parts together: a
 * lease that ends is announced to its owning session only and withdrawn from
 * its provider; a provider that leaves takes its instance and leases with it;
 * a client that leaves ends its leases.
 *
 * @module
 */
import type { EventValueOf } from "../../contracts/methods/define.ts";
import type { ProviderEvents } from "../../contracts/methods/mod.ts";
import { Admission, type AdmissionCaps } from "./admission.ts";
import { type LeaseEnd, type LeaseRecord, LeaseTable } from "./leases.ts";
import type { Logger } from "./log.ts";
import { ProviderRegistry } from "./registry.ts";
import { SessionTable } from "./sessions.ts";

/** One reaction per provider event, so a new event without one fails type checking. */
type ProviderEventReactions = {
  [K in keyof ProviderEvents]: (value: EventValueOf<ProviderEvents, K>) => void;
};

/** Sessions, providers, leases and the budgets they count against. */
export class BrokerState {
  readonly admission: Admission;
  readonly registry: ProviderRegistry;
  readonly sessions = new SessionTable();
  readonly leases: LeaseTable;
  readonly #logger: Logger;

  constructor(logger: Logger, caps: Partial<AdmissionCaps> = {}) {
    this.#logger = logger;
    this.admission = new Admission(caps);
    this.registry = new ProviderRegistry(this.admission);
    this.leases = new LeaseTable(this.admission);
    this.leases.onEnded = (lease, why) => this.#leaseEnded(lease, why);
  }

  /** A client connection closed: its session ends and so do its leases. */
  clientGone(conn: string): void {
    if (this.sessions.remove(conn) === undefined) return;
    this.leases.endWhere((lease) => lease.owner === conn, "owner-gone");
  }

  /** A provider connection closed: its instance leaves the registry and its leases end. */
  providerGone(conn: string): void {
    const entry = this.registry.unregister(conn);
    if (entry === undefined) return;
    const instance = entry.instance.id;
    this.leases.endWhere((lease) => lease.instance === instance, "provider-gone");
  }

  /** An event from the provider of `instance`. It can only touch that instance's leases. */
  providerEvent<K extends keyof ProviderEvents>(
    instance: string,
    event: K,
    value: EventValueOf<ProviderEvents, K>,
  ): void {
    const react: ProviderEventReactions = {
      "lease.revoked": ({ leaseId }) => {
        const lease = this.leases.get(leaseId);
        if (lease === undefined || lease.instance !== instance) return;
        this.leases.end(leaseId, "revoked-by-provider");
      },
      // A freshness hint for the observation cache, which is not built yet.
      "page.changed": () => {},
    };
    react[event](value);
  }

  #leaseEnded(lease: LeaseRecord, why: LeaseEnd): void {
    const owner = this.sessions.get(lease.owner);
    if (owner !== undefined) {
      try {
        owner.emit("browser.lease-revoked", { sessionId: lease.sessionId, leaseId: lease.leaseId });
      } catch {
        // The owner is closing; its own close ends what is left.
      }
    }
    // The provider already knows when it ended the lease itself or is gone.
    if (why === "revoked-by-provider" || why === "provider-gone") return;
    const provider = this.registry.get(lease.instance);
    provider?.link
      .request("lease.revoke", { lease: { leaseId: lease.leaseId, fence: lease.fence } })
      .catch(() => {
        this.#logger.log("warn", "lease-revoke-failed", { conn: provider.conn });
      });
  }
}
