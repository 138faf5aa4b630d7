/**
 * Discovery: which browser instances are connected, and an instance's tabs.
 * Titles and URLs come back only where the provider permits discovery (the
 * extension decides from the Broker's access mode).
 *
 * `browser.tabs` names the calling connection's leases on that instance to
 * the provider, whose listing shows their tabs (and tabs they opened) in the
 * leased view and every other tab in the unleased view. The Broker then
 * applies the same rule (`contracts/tab_listing.ts`) to what it relays,
 * judged by its own lease table and access mode, so a provider that lists
 * too much still cannot show a caller another tab's query or fragment.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { redactTabs } from "../../contracts/tab_listing.ts";
import type { HandlerDeps } from "./context.ts";

/** Handlers for `browser.instances` and `browser.tabs`. */
export function discoveryHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.instances" | "browser.tabs"> {
  const callerLeases = (instance: string) =>
    deps.leases.list().filter((lease) =>
      lease.owner === deps.session().conn && lease.instance === instance
    );
  return {
    "browser.instances": () => deps.registry.list(),
    "browser.tabs": async ({ instance }, { signal }) => {
      const provider = deps.registry.get(instance);
      if (provider === undefined) throw new LeashError("INSTANCE_NOT_FOUND");
      const leases = callerLeases(instance).map(({ leaseId, fence }) => ({ leaseId, fence }));
      const tabs = await provider.link.request(
        "tabs.list",
        leases.length === 0 ? {} : { leases },
        { signal, timeoutMs: deps.providerTimeoutMs },
      );
      // Judged after the answer: a lease that ended while the provider listed shows nothing more.
      return redactTabs(tabs, {
        discovery: deps.state.accessMode === "personal",
        leasedTabs: new Set(callerLeases(instance).map((lease) => lease.tab)),
      });
    },
  };
}
