/**
 * The method table: every method and event of the protocol, declared once.
 *
 * @module
 */
import { providerEvents, providerMethods } from "./provider.ts";
import { brokerToClientMethods, clientEvents, clientMethods, handshakeMethods } from "./runtime.ts";

export * from "./action.ts";
export * from "./cdp.ts";
export * from "./common.ts";
export * from "./define.ts";
export * from "./observation.ts";
export * from "./provider.ts";
export * from "./runtime.ts";

/** Every method, keyed by wire name. */
export const methods = {
  ...handshakeMethods,
  ...clientMethods,
  ...brokerToClientMethods,
  ...providerMethods,
};

/** Every event, keyed by wire name. */
export const events = {
  ...clientEvents,
  ...providerEvents,
};

/** Methods an unauthenticated peer and an authenticated client may call on the Broker. */
export const brokerMethods = { ...handshakeMethods, ...clientMethods };

export type Methods = typeof methods;
export type Events = typeof events;
export type ClientMethods = typeof clientMethods;
export type ProviderMethods = typeof providerMethods;
export type BrokerToClientMethods = typeof brokerToClientMethods;
export type ClientEvents = typeof clientEvents;
export type ProviderEvents = typeof providerEvents;
