/**
 * The Native Host: the relay Chrome launches for the Leash extension. It
 * checks the caller origin, injects the Broker's token into the provider
 * hello and relays frames both ways. `main.ts` is the entry point.
 *
 * @module
 */
export { type HostExit, hostExitCodes } from "./exit_codes.ts";
export { type BrokerConnection, type HostOptions, runHost } from "./host.ts";
export { callerOrigin, isAllowedOrigin } from "../local/caller_origin.ts";
