/**
 * The soak's machinery: agents that drive one leased tab each (a
 * `LeashClient` whose every frame is counted, or a stock MCP client on the
 * real MCP server), the book of every call they make, and the figures read
 * from outside: latency percentiles, the resident memory of the Broker, the
 * Native Host and the browser, and how many requests the Broker sent the
 * extension.
 *
 * @module
 */
import { z } from "zod";
import { LeashClient } from "../../broker/client/client.ts";
import { isErrorCode, isLeashError } from "../../contracts/errors.ts";
import { extensionId } from "../../contracts/identity.ts";
import {
  type Action,
  type ActResult,
  ActResultSchema,
  type Expectation,
} from "../../contracts/methods/mod.ts";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";
import {
  type Observation,
  ObservationSchema,
  type PageWindow,
  PageWindowSchema,
} from "../../contracts/methods/mod.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import type { Transport } from "../../contracts/transport.ts";
import { ToolError, toolError } from "../e2e/_mcp.ts";
import { EventLog } from "../e2e/_events.ts";
import { type OpenedTab, openTarget, type World } from "../e2e/harness.ts";
import { CdpPage } from "../support/cdp.ts";
import type { McpSession } from "../integration/_mcp_client.ts";
import { memoryOf } from "./_broker_child.ts";

/**
 * Every request a client sent over its socket, and every response that came
 * back for it. The `Peer` drops a response nobody waits for (a late or
 * doubled one) without a trace, so the soak counts frames here, under it.
 */
export class WireLedger implements Transport {
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  readonly #inner: Transport;
  /** Responses seen per request ID this side sent. */
  readonly #answers = new Map<string, number>();
  #unmatched = 0;

  /** Count what crosses `inner`. */
  constructor(inner: Transport) {
    this.#inner = inner;
  }

  /** Requests sent so far. */
  get requests(): number {
    return this.#answers.size;
  }

  /** Requests with no response yet. */
  get unanswered(): number {
    return [...this.#answers.values()].filter((count) => count === 0).length;
  }

  /** Requests answered more than once. */
  get doubled(): number {
    return [...this.#answers.values()].filter((count) => count > 1).length;
  }

  /** Responses to an ID this side never sent. */
  get unmatched(): number {
    return this.#unmatched;
  }

  start(): void {
    this.#inner.onmessage = (message) => {
      const id = responseId(message);
      if (id !== undefined) {
        const seen = this.#answers.get(id);
        if (seen === undefined) this.#unmatched++;
        else this.#answers.set(id, seen + 1);
      }
      this.onmessage?.(message);
    };
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    this.#inner.start();
  }

  send(message: unknown): void {
    const id = requestId(message);
    const owed = id !== undefined && !this.#answers.has(id);
    if (owed) this.#answers.set(id, 0);
    try {
      this.#inner.send(message);
    } catch (error) {
      // Only a request that really went out is owed a response.
      if (owed) this.#answers.delete(id);
      throw error;
    }
  }

  close(): void {
    this.#inner.close();
  }
}

function envelopeId(message: unknown, type: string): string | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  if (!("type" in message) || message.type !== type) return undefined;
  return "id" in message && typeof message.id === "string" ? message.id : undefined;
}

function requestId(message: unknown): string | undefined {
  return envelopeId(message, "request");
}

function responseId(message: unknown): string | undefined {
  return envelopeId(message, "response");
}

/** A client on the world's Broker whose frames a {@linkcode WireLedger} counts. */
export interface CountedClient {
  client: LeashClient;
  wire: WireLedger;
  /** Its Broker events (a `browser.lease-revoked` during the soak is a lost lease). */
  events: EventLog;
}

/** Connect and say hello as `LeashClient.connect` does, with the ledger under the peer. */
export async function connectCounted(world: World): Promise<CountedClient> {
  const token = await world.broker.token();
  const conn = await Deno.connect({ transport: "unix", path: world.broker.socketPath });
  const wire = new WireLedger(new StreamTransport(conn.readable, conn.writable));
  const client = await LeashClient.over(wire, { token });
  return { client, wire, events: new EventLog(client) };
}

/** The kinds of call the soak makes, as the figure line groups them. */
export type CallKind = "observe" | "act" | "read" | "capture" | "validate";

/** One settled call. */
export interface CallRecord {
  agent: string;
  kind: CallKind;
  /** When it started, in ms since the soak began. */
  at: number;
  /** How long it took. */
  ms: number;
  /** The error code; absent for a success and for the refusal the caller expected. */
  code?: string;
  /** The code of a refusal the caller expected (see {@linkcode CallBook.run}). */
  refused?: string;
  /** What exactly was called, e.g. `click` or `since`. */
  detail?: string;
}

/** What a call came to, after how long: its value, or the code it failed with. */
export type Outcome<T> =
  | { ok: true; value: T; ms: number }
  | { ok: false; code: string; ms: number };

/**
 * Every call of the soak: started, settled, in flight, and how each one
 * ended. Error codes are typed: a `LeashError`'s code, an
 * MCP tool error's wire code, else `untyped:<name>`.
 */
export class CallBook {
  readonly records: CallRecord[] = [];
  readonly #origin: number;
  readonly #inFlight = new Map<number, { agent: string; kind: CallKind; at: number }>();
  #started = 0;
  #settled = 0;
  #next = 0;

  /** Times count from `origin` (a `performance.now()` reading). */
  constructor(origin: number) {
    this.#origin = origin;
  }

  /** Calls started. */
  get started(): number {
    return this.#started;
  }

  /** Calls settled. */
  get settled(): number {
    return this.#settled;
  }

  /** The calls still running, oldest first, e.g. `agent-2 act for 31,000 ms`. */
  inFlight(): string[] {
    const now = performance.now() - this.#origin;
    return [...this.#inFlight.values()].map((call) =>
      `${call.agent} ${call.kind} for ${Math.round(now - call.at)} ms`
    );
  }

  /**
   * Run `call`, record it, and return its outcome; it never throws. A
   * failure with the code `expected` is recorded as that refusal, not as an
   * error; the caller checks that it came.
   */
  async run<T>(
    agent: string,
    kind: CallKind,
    call: () => Promise<T>,
    detail?: string,
    expected?: string,
  ): Promise<Outcome<T>> {
    const key = this.#next++;
    const at = performance.now() - this.#origin;
    this.#started++;
    this.#inFlight.set(key, { agent, kind, at });
    let outcome: Outcome<T>;
    try {
      const value = await call();
      outcome = { ok: true, value, ms: performance.now() - this.#origin - at };
    } catch (error) {
      outcome = { ok: false, code: codeOf(error), ms: performance.now() - this.#origin - at };
    }
    this.#settled++;
    this.#inFlight.delete(key);
    this.records.push({
      agent,
      kind,
      at,
      ms: outcome.ms,
      ...(outcome.ok
        ? {}
        : outcome.code === expected
        ? { refused: outcome.code }
        : { code: outcome.code }),
      ...(detail === undefined ? {} : { detail }),
    });
    return outcome;
  }

  /** Error counts by code, e.g. `{ TIMEOUT: 2 }`. */
  errors(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { code } of this.records) {
      if (code !== undefined) counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    return counts;
  }
}

/** The code of a failed call: typed when it is a `LeashError` or an MCP tool error. */
export function codeOf(error: unknown): string {
  if (isLeashError(error)) return error.code;
  if (error instanceof ToolError) return isErrorCode(error.code) ? error.code : `mcp:${error.code}`;
  const name = error instanceof Error ? error.name : typeof error;
  return `untyped:${name}`;
}

/** The `p`-th percentile (0..100, nearest rank) of `values`; `NaN` for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** An agent's view of its one leased tab. */
export interface SoakDriver {
  readonly name: string;
  /** `browser.observe`: the whole page, a delta `since` a cursor, or a query. */
  observe(options: { since?: string; query?: string }): Promise<Observation>;
  /** `browser.act` with the agent's own request ID. */
  act(request: {
    requestId: string;
    documentEpoch: string;
    action: Action;
    expect?: Expectation;
  }): Promise<ActResult>;
  /** `browser.readPage`, one window. */
  readPage(continuation?: string): Promise<PageWindow>;
  /** `browser.capture`. */
  capture(): Promise<void>;
  /** `browser.validateLease`, where the agent's interface has it. */
  validate?(): Promise<void>;
}

/** Claim `tab` for `client` (personal mode: no person) and drive it. */
export async function clientDriver(
  world: World,
  name: string,
  client: LeashClient,
  tab: string,
): Promise<SoakDriver> {
  const sessionId = `soak-${name}`;
  const { leaseId } = await client.call("browser.claim", {
    sessionId,
    instance: world.instance.id,
    tab,
    clientName: name,
  });
  const handle = { sessionId, leaseId };
  return {
    name,
    observe: (options) => client.call("browser.observe", { ...handle, ...options }),
    act: (request) => client.call("browser.act", { ...handle, ...request }),
    readPage: (continuation) =>
      client.call("browser.readPage", {
        ...handle,
        options: continuation === undefined ? {} : { continuation },
      }),
    capture: async () => {
      await client.call("browser.capture", { ...handle, format: "jpeg" });
    },
    validate: async () => {
      await client.call("browser.validateLease", handle);
    },
  };
}

/** Claim `tab` through the MCP server's `browser_claim` and drive it with its tools. */
export async function mcpDriver(
  world: World,
  name: string,
  mcp: McpSession,
  tab: string,
): Promise<SoakDriver> {
  const tool = async <T>(
    tool: string,
    args: Record<string, unknown>,
    schema: z.ZodType<T>,
  ): Promise<T> => {
    const result = await mcp.call(tool, args);
    const failed = toolError(tool, result);
    if (failed !== undefined) throw failed;
    return schema.parse(result.structuredContent);
  };
  const { leaseId } = await tool(
    "browser_claim",
    { instance: world.instance.id, tab, clientName: name },
    ClaimResultSchema,
  );
  return {
    name,
    observe: (options) =>
      tool("browser_observe", { leaseId, ...options, nodes: true }, ObservationSchema),
    act: (request) => tool("browser_act", { leaseId, ...request, nodes: true }, ActResultSchema),
    readPage: (continuation) =>
      tool(
        "browser_read_page",
        continuation === undefined
          ? { leaseId, nodes: true }
          : { leaseId, continuation, nodes: true },
        PageWindowSchema,
      ),
    capture: async () => {
      await tool("browser_capture", { leaseId, format: "jpeg" }, z.unknown());
    },
  };
}

/** Resident memory of the world's processes at one moment, in KiB. */
export interface MemorySnapshot {
  broker: number;
  /** The Native Host (the sum, should Chrome run more than one). */
  host: number;
  /** The browser's main process. */
  browser: number;
  /** Every Chromium process of the world (main, renderers, GPU, utilities), summed. */
  chromium: number;
  chromiumProcesses: number;
  /** The Broker's peak resident memory so far. */
  brokerPeak: number;
}

/** Read {@linkcode MemorySnapshot} through `/proc` (Linux only). */
export async function memorySnapshot(world: World, browserPath: string): Promise<MemorySnapshot> {
  const processes = await world.processes();
  const broker = processes.find((process) =>
    process.cmdline.includes("broker/main.ts") && / serve( |$)/.test(process.cmdline)
  );
  if (broker === undefined) throw new Error("Cannot read the Broker's memory: no Broker process");
  const hosts = await world.hostProcesses();
  const chromiumDir = browserPath.slice(0, browserPath.lastIndexOf("/") + 1);
  const chromium = processes.filter((process) => process.cmdline.startsWith(chromiumDir));
  const rss = async (pid: number) => {
    try {
      return (await memoryOf(pid)).rssKiB;
    } catch {
      // It exited between the listing and the read.
      return 0;
    }
  };
  const sum = async (pids: number[]) =>
    (await Promise.all(pids.map(rss))).reduce((total, kib) => total + kib, 0);
  const brokerMemory = await memoryOf(broker.pid);
  return {
    broker: brokerMemory.rssKiB,
    brokerPeak: brokerMemory.peakKiB,
    host: await sum(hosts.map((host) => host.pid)),
    browser: await rss(world.browser.pid),
    chromium: await sum(chromium.map((process) => process.pid)),
    chromiumProcesses: chromium.length,
  };
}

const RemoteObjectSchema = z.object({ result: z.object({ objectId: z.string() }) });
const QueriedSchema = z.object({ objects: z.object({ objectId: z.string() }) });
const CountSchema = z.object({ result: z.object({ value: z.number().int().nonnegative() }) });
const TargetsSchema = z.object({
  targetInfos: z.array(z.object({ targetId: z.string(), type: z.string(), url: z.string() })),
});

/**
 * Finds, in the extension's worker heap, how many transport IDs the Broker
 * has named on its link (the runs of counted IDs the receiver keeps, or the
 * IDs themselves), without touching the worker's code.
 */
const countBrokerIds = `function () {
  const counted = /^[0-9a-z]+-(?:0|[1-9a-z][0-9a-z]*)$/;
  let most = 0;
  for (const object of this) {
    try {
      if (object instanceof Set) {
        let size = 0;
        for (const id of object) {
          if (typeof id !== "string" || !counted.test(id)) { size = -1; break; }
          size++;
        }
        most = Math.max(most, size);
        continue;
      }
      const keys = Object.keys(object);
      if (keys.length === 2 && keys[0] === "from" && keys[1] === "next" &&
        Number.isInteger(object.from) && Number.isInteger(object.next)) {
        most = Math.max(most, object.next - object.from);
      }
    } catch {
      // A host object that refuses to be read: not ours.
    }
  }
  return most;
}`;

/**
 * How many requests the Broker has sent over the browser's link so far, read
 * (test-only, read-only) from the transport IDs the extension's worker
 * remembers; `undefined` when the worker cannot be found or read.
 */
export async function brokerRequestsToBrowser(world: World): Promise<number | undefined> {
  try {
    const targets = TargetsSchema.parse(await world.cdp.send("Target.getTargets", {}));
    const worker = targets.targetInfos.find((target) =>
      target.type === "service_worker" &&
      target.url.startsWith(`chrome-extension://${extensionId}/`)
    );
    if (worker === undefined) return undefined;
    const page = await CdpPage.attach(world.cdp, worker.targetId);
    try {
      const objectGroup = "leash-soak";
      const prototype = RemoteObjectSchema.parse(
        await page.send("Runtime.evaluate", { expression: "Object.prototype", objectGroup }),
      );
      const all = QueriedSchema.parse(
        await page.send("Runtime.queryObjects", {
          prototypeObjectId: prototype.result.objectId,
          objectGroup,
        }),
      );
      const counted = CountSchema.parse(
        await page.send("Runtime.callFunctionOn", {
          objectId: all.objects.objectId,
          functionDeclaration: countBrokerIds,
          returnByValue: true,
        }),
      );
      await page.send("Runtime.releaseObjectGroup", { objectGroup });
      return counted.result.value;
    } finally {
      await world.cdp.send("Target.detachFromTarget", { sessionId: page.sessionId }).catch(
        () => {},
      );
    }
  } catch {
    return undefined;
  }
}

/**
 * Open `url` in a new window of the world's browser, where it is the front
 * tab (so the page is visible), wait for it to load and find its Leash tab
 * ID as `World.openTab` does, listing tabs with `client`. Open one at a time.
 */
export function openWindow(
  world: World,
  client: LeashClient,
  url: string,
): Promise<OpenedTab> {
  return openTarget(world.cdp, url, client, world.instance.id, { newWindow: true });
}
