/**
 * `browser.network` and `browser.networkRequest`: the leased tab's network
 * log and one request in full, read outside the tab's queue (reading them
 * never touches the page); the engine is `broker/runtime/network/read.ts`.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { readNetwork, readRequest } from "../runtime/network/read.ts";
import type { HandlerDeps } from "./context.ts";

/** The handlers for `browser.network` and `browser.networkRequest`. */
export function networkHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.network" | "browser.networkRequest"> {
  return {
    "browser.network": ({ sessionId, leaseId, ...query }, { signal }) =>
      readNetwork(deps.requireLease({ sessionId, leaseId }), query, signal),
    "browser.networkRequest": ({ sessionId, leaseId, ...query }, { signal }) =>
      readRequest(deps.requireLease({ sessionId, leaseId }), query, signal),
  };
}
