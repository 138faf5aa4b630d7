/**
 * The typed client SDK: connect to the Broker's socket with the token from
 * its runtime dir, say the client hello (with a `journalKey` and the
 * capabilities the caller relies on), check the welcome, then call methods
 * typed by the method table and read events with `for await`.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";
import type { ErrorCode } from "../../contracts/errors.ts";
import type { ClientHello, Welcome } from "../../contracts/hello.ts";
import { limits } from "../../contracts/limits.ts";
import type { EventValueOf, ParamsOf, ResultOf } from "../../contracts/methods/define.ts";
import {
  brokerMethods,
  brokerToClientMethods,
  type ClientEvents,
  clientEvents,
  type ClientMethods,
} from "../../contracts/methods/mod.ts";
import {
  clientRequiredCapabilities,
  personalModeCapability,
} from "../../contracts/capabilities.ts";
import { Peer, type RequestOptions } from "../../contracts/peer.ts";
import { StreamTransport } from "../../contracts/stream_transport.ts";
import type { Transport } from "../../contracts/transport.ts";
import { resolveRuntimeDir, runtimePath } from "../../local/dirs.ts";
import { randomHex, readToken } from "../../local/token.ts";
import { ApprovalBook, type ApproveStep } from "./batch.ts";
import { EventQueue } from "./event_queue.ts";

/** One event from the Broker, discriminated by name. */
export type ClientEvent = {
  [K in keyof ClientEvents & string]: { event: K; value: EventValueOf<ClientEvents, K> };
}[keyof ClientEvents & string];

/** How to say hello, whatever carries it. */
export interface HelloOptions {
  /** The Broker's token. */
  token: string;
  /**
   * This client's durable journal identity (64 URL-safe characters). A
   * fresh random one when omitted: exact retries are then recognised only
   * while this client object lives.
   */
  journalKey?: string;
  /**
   * Capabilities the caller relies on; the Broker must offer every one.
   * Default: every runtime capability this build serves
   * ({@linkcode clientRequiredCapabilities}).
   */
  requiredCapabilities?: readonly string[];
  /** How long to wait for the welcome; default `limits.welcomeTimeoutMs`. */
  handshakeTimeoutMs?: number;
  /** Timeout for calls that set none (a claim excepted: see {@linkcode claimTimeoutMs}); default 30 s. */
  defaultTimeoutMs?: number;
  /** Aborts the hello. */
  signal?: AbortSignal;
  /** Unread events kept before the oldest is dropped; default 1024. */
  eventCapacity?: number;
}

/** How to find and reach a Broker over its socket. */
export interface ConnectOptions extends Partial<HelloOptions> {
  /** The runtime dir; default as the Broker resolves it (`LEASH_RUNTIME_DIR`, …). */
  runtimeDir?: string;
}

const clientLocal = brokerToClientMethods;
type ClientPeer = Peer<typeof clientLocal, typeof brokerMethods, typeof clientEvents>;

/**
 * A claim's timeout when the call sets none. A claim waits for the person
 * (the approval window gives them 60 s; the Broker waits 90 s), so the
 * Broker's own deadline must answer first, never the client's default.
 */
export const claimTimeoutMs = 300_000;

/**
 * A batch's timeout when the call sets none: the plan's shared deadline and
 * a margin, so the Broker's own deadline answers first.
 */
export const batchTimeoutMs = limits.batchDeadlineMs + 30_000;

/** An authenticated connection to the Broker. */
export class LeashClient {
  /** The welcome the Broker sent. */
  readonly welcome: Welcome;
  /** The journal key this client said hello with. */
  readonly journalKey: string;
  /** Resolves with the close reason. */
  readonly closed: Promise<ErrorCode>;

  readonly #peer: ClientPeer;
  readonly #events: EventQueue<ClientEvent>;
  readonly #capabilities: ReadonlySet<string>;
  readonly #approvals: ApprovalBook;

  private constructor(
    peer: ClientPeer,
    events: EventQueue<ClientEvent>,
    welcome: Welcome,
    journalKey: string,
    approvals: ApprovalBook,
  ) {
    this.#peer = peer;
    this.#approvals = approvals;
    this.#events = events;
    this.welcome = welcome;
    this.journalKey = journalKey;
    this.#capabilities = new Set(welcome.capabilities);
    this.closed = peer.closed;
  }

  /**
   * Connect to the Broker's socket in `runtimeDir`, reading its token there
   * unless one is given. Rejects with `LeashError` (`UNAUTHENTICATED`,
   * `PROTOCOL_MISMATCH`, `TIMEOUT`, …) when the hello fails, or with the
   * system error when the socket or token cannot be reached.
   *
   * @example
   * ```ts ignore
   * const client = await LeashClient.connect({ runtimeDir: "/run/user/1000/leash" });
   * const instances = await client.call("browser.instances", {});
   * client.close();
   * ```
   */
  static async connect(options: ConnectOptions = {}): Promise<LeashClient> {
    const runtimeDir = resolveRuntimeDir(
      (name) => Deno.env.get(name),
      () => Deno.uid(),
      options.runtimeDir,
    );
    const token = options.token ?? await readToken(runtimeDir);
    const conn = await Deno.connect({ transport: "unix", path: runtimePath(runtimeDir, "socket") });
    return await LeashClient.over(new StreamTransport(conn.readable, conn.writable), {
      ...options,
      token,
    });
  }

  /** Say hello over an unstarted `transport` (a socket, or an in-memory pair in tests). */
  static async over(transport: Transport, options: HelloOptions): Promise<LeashClient> {
    const events = new EventQueue<ClientEvent>(options.eventCapacity);
    const approvals = new ApprovalBook();
    const peer: ClientPeer = new Peer({
      transport,
      local: clientLocal,
      remote: brokerMethods,
      // The one Broker → client request: answered from the pending plan's own copy.
      handlers: { "browser.approveBatchStep": (params) => approvals.answer(params) },
      incomingEvents: clientEvents,
      onEvent: (event, value) => events.push({ event, value }),
      onClose: () => events.end(),
      defaultTimeoutMs: options.defaultTimeoutMs,
    });
    const journalKey = options.journalKey ?? randomHex(limits.journalKeyLength);
    const required = [...(options.requiredCapabilities ?? clientRequiredCapabilities)];
    const hello: ClientHello = {
      bootstrap: 1,
      versions: [1],
      role: "client",
      token: options.token,
      journalKey,
      requiredCapabilities: required,
    };
    let welcome: Welcome;
    try {
      welcome = await peer.request("hello", hello, {
        signal: options.signal,
        timeoutMs: options.handshakeTimeoutMs ?? limits.welcomeTimeoutMs,
      });
    } catch (error) {
      peer.close();
      throw error;
    }
    // Never downgrade silently: a welcome missing a requirement is refused here too.
    if (!required.every((name) => welcome.capabilities.includes(name))) {
      peer.close("PROTOCOL_MISMATCH");
      throw new LeashError("PROTOCOL_MISMATCH");
    }
    return new LeashClient(peer, events, welcome, journalKey, approvals);
  }

  /** Whether the connection is still open; false from the moment its pending calls are rejected. */
  get isOpen(): boolean {
    return this.#peer.state === "open";
  }

  /** Whether the welcome listed `capability`. */
  has(capability: string): boolean {
    return this.#capabilities.has(capability);
  }

  /** Whether the Broker runs in personal access mode (it advertised `broker.personal-mode.v1`). */
  get personalMode(): boolean {
    return this.has(personalModeCapability);
  }

  /**
   * Call a client method. Rejects with `LeashError`: the Broker's code, or
   * locally `TIMEOUT`, `CANCELLED` (or the signal's `LeashError` reason) and
   * `CONNECTION_LOST`.
   */
  call<K extends keyof ClientMethods & string>(
    method: K,
    params: ParamsOf<ClientMethods, K>,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, K>> {
    if (method === "browser.claim" && options?.timeoutMs === undefined) {
      return this.#peer.request(method, params, { ...options, timeoutMs: claimTimeoutMs });
    }
    return this.#peer.request(method, params, options);
  }

  /**
   * Run `request` as one `browser.batch` plan. The Broker asks before each
   * step; `approve` is called with this client's own copy of that step and
   * only `true` lets it run. Resolves with the plan's result (skipped steps
   * counted, never resumed); rejects as {@linkcode call} does.
   *
   * @example
   * ```ts ignore
   * const result = await client.batch({ sessionId: "s", request }, ({ step }) =>
   *   step.action.kind !== "navigate"
   * );
   * ```
   */
  async batch(
    params: Omit<ParamsOf<ClientMethods, "browser.batch">, "approvalId">,
    approve: ApproveStep,
    options?: RequestOptions,
  ): Promise<ResultOf<ClientMethods, "browser.batch">> {
    const context = this.#approvals.open(params.request.steps, approve);
    try {
      return await this.#peer.request(
        "browser.batch",
        { ...params, approvalId: context.approvalId },
        { ...options, timeoutMs: options?.timeoutMs ?? batchTimeoutMs },
      );
    } finally {
      context.end();
    }
  }

  /** The Broker's events, in order, until the connection closes. One reader at a time. */
  events(): AsyncIterableIterator<ClientEvent> {
    return this.#events;
  }

  /** Close the connection; pending calls reject with `CONNECTION_LOST`. Idempotent. */
  close(): void {
    this.#peer.close();
  }
}
