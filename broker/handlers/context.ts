/**
 * What a client handler may act on. Handlers stay thin: they check the
 * caller's authority and call into this state; the state lives in
 * `broker/authority/`, the engines in `broker/runtime/`.
 *
 * Every lease-bound handler starts with {@linkcode HandlerDeps.requireLease}
 * (see `requireLease` in `broker/authority/owned_lease.ts`).
 *
 * @module
 */
import type { LeaseTable } from "../authority/leases.ts";
import type { LeaseHandle } from "../../contracts/methods/common.ts";
import { type OwnedLease, requireLease } from "../authority/owned_lease.ts";
import type { ProviderRegistry } from "../authority/registry.ts";
import type { ClientSession } from "../authority/sessions.ts";
import type { BrokerState } from "../authority/state.ts";
import type { RuntimeServices } from "../runtime/services.ts";
import type { AskApproval } from "../runtime/batch/approval.ts";

/** The Broker state one client connection's handlers use. */
export interface HandlerDeps {
  /** Everything, for handlers that tie parts together (claims, session release). */
  state: BrokerState;
  /** `state.registry`. */
  registry: ProviderRegistry;
  /** `state.leases`. */
  leases: LeaseTable;
  /** The calling client's session; handlers run only after its hello succeeded. */
  session: () => ClientSession;
  /** Ceiling for one call the Broker makes to a provider on a client's behalf. */
  providerTimeoutMs: number;
  /** The live lease `handle` names when the caller owns it, else `LEASE_NOT_FOUND`. */
  requireLease(handle: LeaseHandle): OwnedLease;
  /**
   * The journal, observation books, tab queues and continuations the
   * runtime methods share; absent only where a test builds deps for the
   * lease methods alone.
   */
  runtime: RuntimeServices | undefined;
  /**
   * Asks the calling client `browser.approveBatchStep` on its own
   * connection; absent where a test builds deps without one.
   */
  approveBatchStep?: AskApproval;
}

/** What {@linkcode createHandlerDeps} needs. */
export interface HandlerDepsOptions {
  state: BrokerState;
  session: () => ClientSession;
  providerTimeoutMs: number;
  runtime?: RuntimeServices;
  approveBatchStep?: AskApproval;
}

/** Build the handler deps for one client connection. */
export function createHandlerDeps(options: HandlerDepsOptions): HandlerDeps {
  const { state, session, providerTimeoutMs } = options;
  return {
    state,
    registry: state.registry,
    leases: state.leases,
    session,
    providerTimeoutMs,
    runtime: options.runtime,
    approveBatchStep: options.approveBatchStep,
    requireLease: (handle) =>
      requireLease(state, handle, { session: session(), providerTimeoutMs }),
  };
}

/** The runtime services; a Broker always has them, so their absence is a wiring bug. */
export function runtimeOf(deps: HandlerDeps): RuntimeServices {
  if (deps.runtime === undefined) {
    throw new Error("Cannot serve a runtime method: the handlers were built without a runtime");
  }
  return deps.runtime;
}
