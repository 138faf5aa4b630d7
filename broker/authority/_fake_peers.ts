/**
 * Test doubles for the Broker state's unit tests: a provider reached over an
 * in-memory transport pair through real peers (so params and results are
 * checked against the method table, and aborts send real cancels), and a
 * client session that records its events.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { JsonObject } from "../../contracts/json.ts";
import { memoryTransportPair } from "../../contracts/testing/memory_transport.ts";
import type { LeaseToken } from "../../contracts/methods/common.ts";
import type { EventValueOf, ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import {
  type ClientEvents,
  type ProviderMethods,
  providerMethods,
} from "../../contracts/methods/mod.ts";
import { Peer } from "../../contracts/peer.ts";
import type { ProviderEntry } from "./registry.ts";
import type { ClientSession } from "./sessions.ts";
import type { BrokerState } from "./state.ts";

/** What the Broker sends with `lease.grant`. */
export type GrantParams = ParamsOf<ProviderMethods, "lease.grant">;
type GrantResult = ResultOf<ProviderMethods, "lease.grant">;
type TabsParams = ParamsOf<ProviderMethods, "tabs.list">;
type TabsResult = ResultOf<ProviderMethods, "tabs.list">;

/** How a fake provider behaves. */
export interface FakeProviderOptions {
  instance: string;
  /** The provider connection's id; default `p-<instance>`. */
  conn?: string;
  /** Answer one grant; default: grant at once on `https://example.com/`. */
  onGrant?: (params: GrantParams, signal: AbortSignal) => GrantResult | Promise<GrantResult>;
  /** Answer one `cdp` call; default `{}`. */
  onCdp?: (params: ParamsOf<ProviderMethods, "cdp">) => JsonObject | ErrorCode;
  /** Answer one `tabs.list`; default no tabs. */
  onTabs?: (params: TabsParams) => TabsResult;
}

/** A registered provider whose calls a test scripts and records. */
export interface FakeProvider {
  entry: ProviderEntry;
  grants: GrantParams[];
  /** Grants the Broker cancelled while they ran. */
  cancels: LeaseToken[];
  revoked: LeaseToken[];
  /** Drop the connection, as the Broker's connection cleanup would report it. */
  close(): void;
}

/** A grant on `https://example.com/` for `params`. */
export function grantFor(params: GrantParams, url = "https://example.com/"): GrantResult {
  return {
    tab: params.tab ?? "i:active",
    scope: params.scope === "tab"
      ? { kind: "tab" }
      : { kind: "origin", origin: new URL(url).origin },
    url,
  };
}

const local = {
  "tabs.list": providerMethods["tabs.list"],
  "lease.grant": providerMethods["lease.grant"],
  "lease.revoke": providerMethods["lease.revoke"],
  "cdp": providerMethods["cdp"],
};

/** Register a fake provider for `options.instance` in `state`. */
export function fakeProvider(state: BrokerState, options: FakeProviderOptions): FakeProvider {
  const [brokerSide, providerSide] = memoryTransportPair();
  const grants: GrantParams[] = [];
  const cancels: LeaseToken[] = [];
  const revoked: LeaseToken[] = [];
  const onGrant = options.onGrant ?? ((params) => grantFor(params));
  const remote = new Peer({
    transport: providerSide,
    local,
    remote: {},
    handlers: {
      "tabs.list": (params) => options.onTabs?.(params) ?? [],
      "lease.grant": (params, { signal }) => {
        grants.push(params);
        signal.addEventListener("abort", () => cancels.push(params.lease), { once: true });
        return onGrant(params, signal);
      },
      "lease.revoke": ({ lease }) => {
        revoked.push(lease);
        return { revoked: true };
      },
      "cdp": (params) => {
        const answer = options.onCdp?.(params) ?? {};
        if (typeof answer === "string") throw new LeashError(answer);
        return answer;
      },
    },
  });
  const broker = new Peer({
    transport: brokerSide,
    local: {},
    remote: providerMethods,
    handlers: {},
  });
  const conn = options.conn ?? `p-${options.instance}`;
  const entry: ProviderEntry = {
    instance: {
      id: options.instance,
      family: "chromium",
      brand: "chrome",
      version: "test",
      profileLabel: "Test",
    },
    connectedSince: new Date().toISOString(),
    conn,
    link: {
      request: (method, params, requestOptions) => broker.request(method, params, requestOptions),
    },
  };
  const refusal = state.registry.register(entry);
  if (refusal !== undefined) throw new LeashError(refusal);
  return {
    entry,
    grants,
    cancels,
    revoked,
    close() {
      broker.close();
      remote.close();
      state.providerGone(conn);
    },
  };
}

/** A grant that waits until the Broker gives it up; rejects with `CANCELLED` then. */
export function hang(_params: GrantParams, signal: AbortSignal): Promise<GrantResult> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener("abort", () => reject(new LeashError("CANCELLED")), { once: true });
  });
}

/** A client session that records the events sent to it. */
export interface FakeSession extends ClientSession {
  events: Array<EventValueOf<ClientEvents, "browser.lease-revoked">>;
}

/** Add a client session for connection `conn` to `state`. */
export function fakeSession(state: BrokerState, conn: string): FakeSession {
  const events: FakeSession["events"] = [];
  const session: FakeSession = {
    conn,
    journalScope: `journal-${conn}`,
    legacy: false,
    capabilities: new Set(["runtime.v1"]),
    events,
    emit: (_event, value) => events.push(value),
  };
  state.sessions.add(session);
  return session;
}

/** Let queued message deliveries and their handlers run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}
