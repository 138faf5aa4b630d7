/**
 * The method table: every method and event of the protocol, declared once,
 * one family per file. A family keeps its name in every layer: its methods
 * are served by `broker/handlers/<family>.ts` (client → Broker) and
 * `extension/provider/<family>.ts` (Broker → provider), its engine lives in
 * `broker/runtime/<family>/` and its agent tools in
 * `broker/mcp/tools/<family>.ts`.
 *
 * @module
 */
import { actMethods } from "./act.ts";
import { batchMethods } from "./batch.ts";
import { captureMethods } from "./capture.ts";
import { consoleMethods } from "./console.ts";
import { dialogMethods } from "./dialog.ts";
import { type Direction, type EventMap, type MethodMap, sentIn } from "./define.ts";
import { discoveryMethods } from "./discovery.ts";
import { framesMethods } from "./frames.ts";
import { handshakeMethods } from "./handshake.ts";
import { leaseEvents, leaseMethods } from "./lease.ts";
import { networkMethods } from "./network.ts";
import { observeEvents, observeMethods } from "./observe.ts";
import { pageMethods } from "./page.ts";

export * from "./act.ts";
export * from "./batch.ts";
export * from "./capture.ts";
export * from "./cdp.ts";
export * from "./common.ts";
export * from "./console.ts";
export * from "./define.ts";
export * from "./dialog.ts";
export * from "./element_expectation.ts";
export * from "./discovery.ts";
export * from "./frames.ts";
export * from "./handshake.ts";
export * from "./lease.ts";
export * from "./network.ts";
export * from "./observe.ts";
export * from "./page.ts";
export * from "./until.ts";

/** Every family, with its methods and events, in the order an agent meets them. */
export const families = {
  handshake: { methods: handshakeMethods, events: {} },
  discovery: { methods: discoveryMethods, events: {} },
  lease: { methods: leaseMethods, events: leaseEvents },
  observe: { methods: observeMethods, events: observeEvents },
  page: { methods: pageMethods, events: {} },
  capture: { methods: captureMethods, events: {} },
  act: { methods: actMethods, events: {} },
  frames: { methods: framesMethods, events: {} },
  batch: { methods: batchMethods, events: {} },
  dialog: { methods: dialogMethods, events: {} },
  console: { methods: consoleMethods, events: {} },
  network: { methods: networkMethods, events: {} },
} as const satisfies Record<string, { methods: MethodMap; events: EventMap }>;

/** A family's name. */
export type Family = keyof typeof families;

/** Every method, keyed by wire name. */
export const methods = {
  ...handshakeMethods,
  ...discoveryMethods,
  ...leaseMethods,
  ...observeMethods,
  ...pageMethods,
  ...captureMethods,
  ...actMethods,
  ...framesMethods,
  ...batchMethods,
  ...dialogMethods,
  ...consoleMethods,
  ...networkMethods,
};

/** Every event, keyed by wire name. */
export const events = { ...leaseEvents, ...observeEvents };

/** The family a method or event belongs to. */
export function familyOf(name: string): Family | undefined {
  const entries = Object.entries(families) as [Family, { methods: MethodMap; events: EventMap }][];
  return entries.find(([, family]) =>
    Object.hasOwn(family.methods, name) || Object.hasOwn(family.events, name)
  )?.[0];
}

function from<D extends Direction>(direction: D) {
  return sentIn(methods, direction);
}

/** Methods an authenticated client calls on the Broker. */
export const clientMethods = from("client→broker");
/** Methods the Broker calls on a provider. */
export const providerMethods = from("broker→provider");
/** Requests the Broker makes of a client. */
export const brokerToClientMethods = from("broker→client");
/** Events the Broker sends the owning client. */
export const clientEvents = sentIn(events, "broker→client");
/** Events a provider sends the Broker. They carry no page content. */
export const providerEvents = sentIn(events, "provider→broker");

/** Methods an unauthenticated peer and an authenticated client may call on the Broker. */
export const brokerMethods = { ...handshakeMethods, ...clientMethods };

export type Methods = typeof methods;
export type Events = typeof events;
export type ClientMethods = typeof clientMethods;
export type ProviderMethods = typeof providerMethods;
export type BrokerToClientMethods = typeof brokerToClientMethods;
export type ClientEvents = typeof clientEvents;
export type ProviderEvents = typeof providerEvents;
