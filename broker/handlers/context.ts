/**
 * What a client handler may act on. Handlers stay thin: they check the
 * caller's authority and call into this state; the state lives in
 * `broker/serve/`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { LeaseTable } from "../serve/leases.ts";
import type { ProviderRegistry } from "../serve/registry.ts";
import type { ClientSession } from "../serve/sessions.ts";

/** The Broker state one client connection's handlers use. */
export interface HandlerDeps {
  registry: ProviderRegistry;
  leases: LeaseTable;
  /** The calling client's session; handlers run only after its hello succeeded. */
  session: () => ClientSession;
  /** Ceiling for one call the Broker makes to a provider on a client's behalf. */
  providerTimeoutMs: number;
}

/** Answer `UNSUPPORTED`: the method is declared but this Broker does not serve it yet. */
export function unsupported(): never {
  throw new LeashError("UNSUPPORTED");
}
