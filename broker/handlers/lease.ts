/**
 * Leases: claim, validate, release.
 *
 * Choices made here:
 * - `browser.claim` refuses, with `INVALID_PARAMS`, a `clientName` or
 *   `mcpClientName` that passes for Leash itself or shows nothing
 *   (`clientNameProblem` in `contracts/display_text.ts`): the person would
 *   read it as Leash asking, or as nobody. The connection stays open.
 * - `browser.release` answers `{released: true}` when it ended the caller's
 *   live lease, `{released: false}` for a lease of the caller's session that
 *   already ended (Stop, navigation, …: a cleanup racing the
 *   `browser.lease-revoked` event is not an error), and `LEASE_NOT_FOUND`
 *   for any other ID — including another session's live lease, which it
 *   never touches.
 * - `browser.releaseSession` counts the leases it ended plus the waiting
 *   claims it cancelled (those are answered `CANCELLED`).
 * - `browser.open` is a claim on a new tab the provider opens at the URL
 *   (`ClaimTable.open`), with the same name checks.
 * - `browser.release` with `closeTab` ends the lease and then asks the
 *   provider to close the tab, which it does only for a tab Leash opened;
 *   `closed` says whether it did. Without it the tab stays open.
 * - `browser.validateLease` checks the tab is still in the lease's scope
 *   (`broker/runtime/lease/validate.ts`); outside it the lease ends with
 *   `ORIGIN_CHANGED`. It never renews a lease and returns no page data.
 *
 * @module
 */
import { clientNameProblem } from "../../contracts/display_text.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { Handlers } from "../../contracts/methods/define.ts";
import { isOpenableUrl } from "../../contracts/methods/mod.ts";
import type { ClientMethods, ParamsOf } from "../../contracts/methods/mod.ts";
import { checkLeaseScope } from "../runtime/lease/validate.ts";
import type { HandlerDeps } from "./context.ts";

/** Handlers for the lease methods. */
export function leaseHandlers(
  deps: HandlerDeps,
): Pick<
  Handlers<ClientMethods>,
  | "browser.claim"
  | "browser.open"
  | "browser.validateLease"
  | "browser.release"
  | "browser.releaseSession"
> {
  return {
    "browser.claim": (params, { signal }) => {
      checkClientNames(params);
      return deps.state.claims.claim(deps.session().conn, params, signal);
    },

    "browser.open": (params, { signal }) => {
      checkClientNames(params);
      // The schema holds the scheme; the URL parser has the last word on credentials.
      if (!isOpenableUrl(params.url)) throw new LeashError("INVALID_PARAMS");
      return deps.state.claims.open(deps.session().conn, params, signal);
    },

    "browser.validateLease": async (handle, { signal }) => {
      await checkLeaseScope(deps.requireLease(handle), deps.leases, signal);
      return { valid: true };
    },

    "browser.release": async ({ sessionId, leaseId, closeTab }) => {
      const owner = { owner: deps.session().conn, sessionId };
      const live = deps.leases.owned(leaseId, owner);
      if (live !== undefined && closeTab === true) {
        return {
          released: true,
          closed: await deps.state.closeLeaseTab(live, deps.providerTimeoutMs),
        };
      }
      if (live !== undefined) {
        deps.leases.end(leaseId, "released");
        return { released: true };
      }
      if (deps.leases.endedFor(leaseId, owner)) {
        return closeTab === true ? { released: false, closed: false } : { released: false };
      }
      throw new LeashError("LEASE_NOT_FOUND");
    },

    "browser.releaseSession": ({ sessionId }) => ({
      released: deps.state.releaseSession({ owner: deps.session().conn, sessionId }),
    }),
  };
}

/** `INVALID_PARAMS` unless every name the claim gives for its client may be shown to the person. */
function checkClientNames(
  params: Pick<ParamsOf<ClientMethods, "browser.claim">, "clientName" | "mcpClientName">,
): void {
  for (const name of [params.clientName, params.mcpClientName]) {
    if (name !== undefined && clientNameProblem(name) !== undefined) {
      throw new LeashError("INVALID_PARAMS");
    }
  }
}
