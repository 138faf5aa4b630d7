/**
 * Leases: claim, validate, release. Not served yet; they answer `UNSUPPORTED`.
 *
 * @module
 */
import type { Handlers } from "../../contracts/methods/define.ts";
import type { ClientMethods } from "../../contracts/methods/mod.ts";
import { type HandlerDeps, unsupported } from "./context.ts";

/** Handlers for the lease methods. */
export function leaseHandlers(
  _deps: HandlerDeps,
): Pick<
  Handlers<ClientMethods>,
  "browser.claim" | "browser.validateLease" | "browser.release" | "browser.releaseSession"
> {
  return {
    "browser.claim": unsupported,
    "browser.validateLease": unsupported,
    "browser.release": unsupported,
    "browser.releaseSession": unsupported,
  };
}
