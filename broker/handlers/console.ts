/**
 * `browser.console`: the leased tab's console log, read outside the tab's
 * queue (reading it never touches the page, so it need not wait for an
 * action in progress); the engine is `broker/runtime/console/read.ts`.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { readConsole } from "../runtime/console/read.ts";
import type { HandlerDeps } from "./context.ts";

/** The handler for `browser.console`. */
export function consoleHandlers(
  deps: HandlerDeps,
): Pick<Handlers<ClientMethods>, "browser.console"> {
  return {
    "browser.console": ({ sessionId, leaseId, ...query }, { signal }) =>
      readConsole(deps.requireLease({ sessionId, leaseId }), query, signal),
  };
}
