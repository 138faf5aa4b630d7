/**
 * A runtime test world: an in-process Broker, a scripted provider serving a
 * scripted page, a client, and a lease on the page's tab.
 *
 * @module
 */
import { LeashClient } from "../../broker/client/client.ts";
import type { BrokerOptions } from "../../broker/server/server.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { type InProcessBroker, startInProcess } from "./_in_process.ts";
import { fixtureSnapshot, ScriptedPage, type ScriptedPageOptions } from "./_scripted_page.ts";
import type { ScriptedFrames } from "./_scripted_frames.ts";
import { type LeasedMethod, type ScriptedLogs, ScriptedProvider } from "./_scripted_provider.ts";

/** The instance the scripted provider names. */
export const instance = "scripted-1";

/** What a runtime test works with. */
export interface RuntimeWorld {
  env: InProcessBroker;
  page: ScriptedPage;
  provider: ScriptedProvider;
  client: LeashClient;
  lease: Lease;
  /** `{sessionId, leaseId}` of the lease. */
  handle: { sessionId: string; leaseId: string };
  /** The DevTools input calls the provider answered so far. */
  inputs(): string[];
  [Symbol.asyncDispose](): Promise<void>;
}

/** How to build a world. */
export interface RuntimeWorldOptions extends ScriptedPageOptions {
  /** The page's document; default the observation engine's `form_page.json`. */
  snapshot?: ReturnType<typeof fixtureSnapshot>;
  beforeAnswer?: (method: LeasedMethod) => Promise<void> | void;
  /** The console and network logs the provider answers with. */
  logs?: ScriptedLogs;
  /** The page's child frames; default none. */
  frames?: ScriptedFrames;
  /** Options of the in-process Broker. */
  broker?: Partial<BrokerOptions>;
}

/** Start a Broker, connect the provider and a client, and claim the page's tab. */
export async function runtimeWorld(options: RuntimeWorldOptions = {}): Promise<RuntimeWorld> {
  const env = await startInProcess(options.broker);
  const page = new ScriptedPage(options.snapshot ?? fixtureSnapshot("form_page.json"), options);
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: instance,
    page,
    beforeAnswer: options.beforeAnswer,
    frames: options.frames,
    logs: options.logs,
  });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const lease = await client.call("browser.claim", { sessionId: "s", instance });
  return {
    env,
    page,
    provider,
    client,
    lease,
    handle: { sessionId: "s", leaseId: lease.leaseId },
    inputs: () =>
      provider.cdpCalls.map((call) => call.method).filter((method) => method.startsWith("Input.")),
    async [Symbol.asyncDispose]() {
      client.close();
      provider.close();
      await env[Symbol.asyncDispose]();
    },
  };
}

/**
 * A document of `rows` table rows, each `row "Order N"` with a cell and a
 * button `"Open order N"`: four nodes a row, so big pages exceed a read's
 * node bound.
 */
export function ordersSnapshot(rows: number): ReturnType<typeof fixtureSnapshot> {
  const nodes: AxNode[] = [
    { backendNodeId: 1, parentId: null, role: "RootWebArea", name: "Orders", states: [], depth: 0 },
    { backendNodeId: 2, parentId: 1, role: "table", name: "Orders", states: [], depth: 1 },
  ];
  let id = 10;
  for (let i = 1; i <= rows; i++) {
    const row = id++;
    const cell = id++;
    const button = id++;
    const text = id++;
    nodes.push(
      { backendNodeId: row, parentId: 2, role: "row", name: `Order ${i}`, states: [], depth: 2 },
      {
        backendNodeId: cell,
        parentId: row,
        role: "cell",
        name: `Order ${i}`,
        states: [],
        depth: 3,
      },
      {
        backendNodeId: button,
        parentId: cell,
        role: "button",
        name: `Open order ${i}`,
        states: [],
        depth: 4,
      },
      {
        backendNodeId: text,
        parentId: button,
        role: "StaticText",
        name: `Open order ${i}`,
        states: [],
        depth: 5,
      },
    );
  }
  return {
    frameId: "orders-frame",
    loaderId: "orders-loader-1",
    url: "https://orders.example/list",
    title: "Orders",
    nodes,
    cut: null,
  };
}
