/**
 * Discovery: which browser instances are connected, and an instance's tabs.
 * Titles and URLs come back only where the provider permits discovery (the
 * extension decides from the Broker's access mode).
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import type { HandlerDeps } from "./context.ts";

/** Handlers for `browser.instances` and `browser.tabs`. */
export function discoveryHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.instances" | "browser.tabs"> {
  return {
    "browser.instances": () => deps.registry.list(),
    "browser.tabs": ({ instance }, { signal }) => {
      const provider = deps.registry.get(instance);
      if (provider === undefined) throw new LeashError("INSTANCE_NOT_FOUND");
      return provider.link.request("tabs.list", {}, { signal, timeoutMs: deps.providerTimeoutMs });
    },
  };
}
