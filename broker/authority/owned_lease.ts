/**
 * A caller's hold on a live lease it owns: the lease, its fencing token and
 * a way to call the lease's provider under it. Every lease-bound method
 * starts with {@linkcode requireLease}: the calling connection and the named
 * session must own the live lease, else `LEASE_NOT_FOUND` — the same answer
 * as for a lease that never existed, so nobody learns of another session's
 * lease.
 *
 * @module
 */
import { type ErrorCode, isLeashError, LeashError } from "../../contracts/errors.ts";
import type { LeaseHandle, LeaseToken } from "../../contracts/methods/common.ts";
import type { ParamsOf, ProviderMethods, ResultOf } from "../../contracts/methods/mod.ts";
import type { LeaseEnd, LeaseRecord } from "./leases.ts";
import type { ClientSession } from "./sessions.ts";
import type { BrokerState } from "./state.ts";

/** A live lease the caller owns, and the way to call its provider under it. */
export interface OwnedLease {
  readonly lease: LeaseRecord;
  /** The fencing token every provider call under this lease carries. */
  readonly token: LeaseToken;
  /**
   * Call the lease's provider (deadline: `providerTimeoutMs`). When the
   * provider answers `STALE_LEASE`, `ORIGIN_CHANGED` or `TAB_NOT_FOUND` the
   * lease ends (its owner is told) and the code is rethrown; a result that
   * arrives after the lease ended is dropped with `LEASE_NOT_FOUND`, and so
   * is a call cut by the provider's connection closing (which ends the lease).
   */
  call<K extends keyof ProviderMethods & string>(
    method: K,
    params: ParamsOf<ProviderMethods, K>,
    signal: AbortSignal,
  ): Promise<ResultOf<ProviderMethods, K>>;
}

/** Who asks for a lease, and how long its provider calls may take. */
export interface RequireLeaseOptions {
  /** The calling client's session. */
  session: ClientSession;
  /** Ceiling for one call the Broker makes to a provider on the caller's behalf. */
  providerTimeoutMs: number;
}

/** How a lease ends after the provider answered `code`; `undefined` when it goes on. */
function endingFor(code: ErrorCode): LeaseEnd | undefined {
  switch (code) {
    case "STALE_LEASE":
    case "TAB_NOT_FOUND":
      return "stale";
    case "ORIGIN_CHANGED":
      return "origin-changed";
    default:
      return undefined;
  }
}

/** The live lease `handle` names when `options.session` owns it, else `LEASE_NOT_FOUND`. */
export function requireLease(
  state: BrokerState,
  handle: LeaseHandle,
  options: RequireLeaseOptions,
): OwnedLease {
  const { session, providerTimeoutMs } = options;
  const lease = state.leases.owned(handle.leaseId, {
    owner: session.conn,
    sessionId: handle.sessionId,
  });
  // A live lease's provider is registered: a leaving provider ends its leases at once.
  const provider = lease === undefined ? undefined : state.registry.get(lease.instance);
  if (lease === undefined || provider === undefined) throw new LeashError("LEASE_NOT_FOUND");
  const token: LeaseToken = { leaseId: lease.leaseId, fence: lease.fence };
  return {
    lease,
    token,
    async call(method, params, signal) {
      let result;
      try {
        result = await provider.link.request(method, params, {
          signal,
          timeoutMs: providerTimeoutMs,
        });
      } catch (error) {
        // The browser's connection closed under the call: every lease on it ends with it,
        // while the caller's own connection is fine, so its lease is what it must hear about.
        if (isLeashError(error, "CONNECTION_LOST")) {
          throw new LeashError("LEASE_NOT_FOUND", { cause: error });
        }
        const why = isLeashError(error) ? endingFor(error.code) : undefined;
        if (why !== undefined && state.leases.get(lease.leaseId) === lease) {
          state.leases.end(lease.leaseId, why);
        }
        throw error;
      }
      if (state.leases.get(lease.leaseId) !== lease) throw new LeashError("LEASE_NOT_FOUND");
      return result;
    },
  };
}
