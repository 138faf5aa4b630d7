/**
 * The provider registry: the browser instances whose providers completed a
 * hello, each with the link the Broker uses to call it. At most
 * `limits.maxProviders` at once, one provider per instance ID; a newcomer
 * over either bound is refused and nobody registered is displaced.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import type { Instance } from "../../contracts/hello.ts";
import type { ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import type { ProviderMethods } from "../../contracts/methods/mod.ts";
import type { RequestOptions } from "../../contracts/peer.ts";
import type { Admission, Release } from "./admission.ts";

/** How the Broker calls one provider; typed by the provider method table. */
export interface ProviderLink {
  request<K extends keyof ProviderMethods & string>(
    method: K,
    params: ParamsOf<ProviderMethods, K>,
    options?: RequestOptions,
  ): Promise<ResultOf<ProviderMethods, K>>;
}

/** One registered provider. */
export interface ProviderEntry {
  /** The instance as its provider's hello named it. */
  instance: Instance;
  /** When the hello completed, ISO-8601 UTC. */
  connectedSince: string;
  /** The short id of the provider's connection. */
  conn: string;
  link: ProviderLink;
}

/** An instance as `browser.instances` lists it. */
export type InstanceInfo = Instance & { connectedSince: string };

/** The registered providers, by instance ID. */
export class ProviderRegistry {
  readonly #admission: Admission;
  readonly #entries = new Map<string, { entry: ProviderEntry; release: Release }>();

  constructor(admission: Admission) {
    this.#admission = admission;
  }

  /**
   * Register `entry`, or refuse it: `INSTANCE_CONFLICT` when another live
   * provider already speaks for the same instance ID (a reconnecting
   * extension retries once the Broker sees its old connection gone; of two
   * browsers sharing a copied profile the first stays), `QUEUE_FULL` when
   * the provider budget is spent.
   */
  register(entry: ProviderEntry): ErrorCode | undefined {
    if (this.#entries.has(entry.instance.id)) return "INSTANCE_CONFLICT";
    const release = this.#admission.tryAcquire("providers");
    if (release === undefined) return "QUEUE_FULL";
    this.#entries.set(entry.instance.id, { entry, release });
    return undefined;
  }

  /** Remove the provider of connection `conn`; returns its entry when it was registered. */
  unregister(conn: string): ProviderEntry | undefined {
    for (const [id, { entry, release }] of this.#entries) {
      if (entry.conn !== conn) continue;
      this.#entries.delete(id);
      release();
      return entry;
    }
    return undefined;
  }

  /** The provider for instance `id`. */
  get(id: string): ProviderEntry | undefined {
    return this.#entries.get(id)?.entry;
  }

  /** Every registered instance, oldest first. */
  list(): InstanceInfo[] {
    return [...this.#entries.values()].map(({ entry }) => ({
      ...entry.instance,
      connectedSince: entry.connectedSince,
    }));
  }

  /** How many providers are registered. */
  get size(): number {
    return this.#entries.size;
  }
}
