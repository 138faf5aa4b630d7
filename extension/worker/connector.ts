/**
 * The provider's connection to the Broker through the Native Host: connect,
 * say hello, check the welcome within 3 s, serve the Broker's operations,
 * and reconnect with backoff when the connection ends.
 *
 * Each connection is a numbered generation. Everything a connection grants
 * is tagged with its generation and torn down with it, exactly once, and
 * only a connection's own callbacks can tear it down: an old port's late
 * message or delayed disconnect reaches only the old, already closed peer,
 * so it can never revoke what a newer connection granted.
 *
 * @module
 */
import {
  personalModeCapability,
  providerRequiredCapabilities,
} from "../../contracts/capabilities.ts";
import { type ErrorCode, LeashError, toErrorCode } from "../../contracts/errors.ts";
import { type ProviderHello, ProviderHelloSchema, WelcomeSchema } from "../../contracts/hello.ts";
import { limits } from "../../contracts/limits.ts";
import {
  defineMethod,
  type EventValueOf,
  type ServedHandlers,
} from "../../contracts/methods/define.ts";
import { providerEvents, providerMethods } from "../../contracts/methods/mod.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import { Peer } from "../../contracts/peer.ts";
import type { Transport } from "../../contracts/transport.ts";
import { Backoff } from "./backoff.ts";
import { globalTimers, type Timers } from "./timers.ts";
import { ProviderPolicyTransport } from "./provider_policy.ts";

/** The one method the extension calls: its hello, which never holds the token. */
export const providerHandshake = {
  hello: defineMethod({
    direction: "peer→broker",
    title: "Say the provider hello (the Native Host adds the token) and receive the welcome.",
    capability: null,
    params: ProviderHelloSchema,
    result: WelcomeSchema,
  }),
};

type ProviderMethods = typeof providerMethods;
type ProviderEvents = typeof providerEvents;

/** One connection, as handlers and teardown see it. */
export interface Link {
  /** Grows with every connection attempt; tags what the connection grants. */
  readonly generation: number;
  /** Aborted when the connection is torn down. */
  readonly signal: AbortSignal;
  /** Whether the welcome arrived and was valid. */
  readonly welcomed: boolean;
  /** The Broker's access mode, from the welcome (`broker.personal-mode.v1`). */
  readonly mode: AccessMode;
}

/** Where the connection stands, for the popup. */
export interface ConnectionState {
  status: "connecting" | "connected" | "disconnected";
  mode: AccessMode | null;
  /** When the next attempt is due while disconnected, in ms since the epoch. */
  retryAt: number | null;
}

/** How a {@linkcode Connector} reaches the Broker and serves it. */
export interface ConnectorOptions {
  /** A fresh transport to the Native Host (e.g. a `PortTransport` on `connectNative`). */
  open(): Transport;
  /** The provider hello for a new connection. */
  hello(): Promise<ProviderHello>;
  /** The handlers serving one connection, which said `hello`. */
  handlers(link: Link, hello: ProviderHello): ServedHandlers<ProviderMethods>;
  /** Runs once per connection when it ends: revoke what it granted. */
  onLinkClosed(link: Link, reason: ErrorCode): void;
  onStateChange?(state: ConnectionState): void;
  /** Local diagnostics, never sent. */
  onDiagnostic?(event: string, detail?: Record<string, unknown>): void;
  backoff?: Backoff;
  timers?: Timers;
  now?: () => number;
  /**
   * How long the welcome may take, counted from opening the port. Default
   * `limits.hostStartMs + limits.welcomeTimeoutMs` (10 s): the host's start,
   * then the Broker's 3 s.
   */
  welcomeTimeoutMs?: number;
}

interface LinkState extends Link {
  welcomed: boolean;
  mode: AccessMode;
  closed: boolean;
  controller: AbortController;
  peer:
    | Peer<ProviderMethods, typeof providerHandshake, Record<never, never>, ProviderEvents>
    | undefined;
}

/**
 * Keeps one connection to the Broker alive.
 *
 * @example
 * ```ts ignore
 * const connector = new Connector({ open, hello, handlers, onLinkClosed });
 * connector.ensure(); // on worker start, onStartup, onInstalled and the alarm
 * ```
 */
export class Connector {
  readonly #options: ConnectorOptions;
  readonly #backoff: Backoff;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #welcomeTimeoutMs: number;
  #generation = 0;
  #current: LinkState | undefined;
  #retryTimer: number | undefined;
  #state: ConnectionState = { status: "disconnected", mode: null, retryAt: null };

  constructor(options: ConnectorOptions) {
    this.#options = options;
    this.#backoff = options.backoff ?? new Backoff();
    this.#timers = options.timers ?? globalTimers;
    this.#now = options.now ?? Date.now;
    this.#welcomeTimeoutMs = options.welcomeTimeoutMs ??
      limits.hostStartMs + limits.welcomeTimeoutMs;
  }

  /** Where the connection stands. */
  get state(): ConnectionState {
    return { ...this.#state };
  }

  /** The current connection's generation once welcomed, else `undefined`. */
  get generation(): number | undefined {
    const link = this.#current;
    return link?.welcomed ? link.generation : undefined;
  }

  /** Connect now unless a connection is open or being opened. */
  ensure(): void {
    if (this.#current !== undefined) return;
    if (this.#retryTimer !== undefined) this.#timers.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    void this.#connect();
  }

  /** Close the current connection (which then reconnects with backoff). */
  drop(reason: ErrorCode = "CONNECTION_LOST"): void {
    const link = this.#current;
    if (link !== undefined) this.#teardown(link, reason);
  }

  /**
   * Send an event on connection `generation`, if it is still the current,
   * welcomed one; otherwise the event has nobody to go to and is dropped.
   */
  emit<K extends keyof ProviderEvents & string>(
    generation: number,
    event: K,
    value: EventValueOf<ProviderEvents, K>,
  ): void {
    const link = this.#current;
    if (link?.generation !== generation || !link.welcomed || link.peer?.state !== "open") return;
    try {
      link.peer.emit(event, value);
    } catch (error) {
      this.#diagnose("emit-failed", { event, code: toErrorCode(error) });
    }
  }

  async #connect(): Promise<void> {
    const controller = new AbortController();
    const link: LinkState = {
      generation: ++this.#generation,
      signal: controller.signal,
      controller,
      welcomed: false,
      mode: "restricted",
      closed: false,
      peer: undefined,
    };
    this.#current = link;
    this.#setState({ status: "connecting", mode: null, retryAt: null });

    let hello: ProviderHello;
    let transport: Transport;
    try {
      hello = await this.#options.hello();
      if (link.closed) return;
      transport = new ProviderPolicyTransport(this.#options.open(), {
        onViolation: (reason) => this.#diagnose("policy-violation", { reason }),
      });
    } catch (error) {
      this.#diagnose("connect-failed", { error });
      this.#teardown(link, "CONNECTION_LOST");
      return;
    }

    const peer = new Peer({
      transport,
      local: providerMethods,
      remote: providerHandshake,
      handlers: this.#options.handlers(link, hello),
      outgoingEvents: providerEvents,
      // Nothing runs before the welcome was checked.
      admit: () => link.welcomed ? undefined : "HANDSHAKE_REQUIRED",
      onClose: (reason) => this.#teardown(link, reason),
      onDiagnostic: (event, detail) => this.#diagnose(event, detail),
      // The policy transport closes above 32 operations before the peer would answer QUEUE_FULL.
      maxInFlight: limits.maxExtensionOperations + 1,
      defaultTimeoutMs: this.#welcomeTimeoutMs,
      // The hello is the only request the extension makes; any other response is a violation.
      unmatchedResponses: "close",
    });
    link.peer = peer;
    if (link.closed) {
      peer.close("CONNECTION_LOST");
      return;
    }

    try {
      const welcome = await peer.request("hello", hello, { timeoutMs: this.#welcomeTimeoutMs });
      if (link.closed) return;
      if (!providerRequiredCapabilities.every((name) => welcome.capabilities.includes(name))) {
        throw new LeashError("PROTOCOL_MISMATCH");
      }
      link.mode = welcome.capabilities.includes(personalModeCapability) ? "personal" : "restricted";
      link.welcomed = true;
    } catch (error) {
      this.#diagnose("welcome-failed", { code: toErrorCode(error) });
      peer.close(toErrorCode(error));
      return;
    }
    this.#backoff.reset();
    this.#setState({ status: "connected", mode: link.mode, retryAt: null });
  }

  /** End `link` once: stop its work, close its peer, revoke its grants, maybe retry. */
  #teardown(link: LinkState, reason: ErrorCode): void {
    if (link.closed) return;
    link.closed = true;
    link.welcomed = false;
    link.controller.abort(new LeashError("CONNECTION_LOST"));
    link.peer?.close(reason);
    try {
      this.#options.onLinkClosed(link, reason);
    } catch (error) {
      this.#diagnose("teardown-failed", { error });
    }
    if (this.#current !== link) return;
    this.#current = undefined;
    const delay = this.#backoff.next();
    this.#retryTimer = this.#timers.setTimeout(() => {
      this.#retryTimer = undefined;
      this.ensure();
    }, delay);
    this.#setState({ status: "disconnected", mode: null, retryAt: this.#now() + delay });
  }

  #setState(state: ConnectionState): void {
    this.#state = state;
    try {
      this.#options.onStateChange?.({ ...state });
    } catch (error) {
      this.#diagnose("state-callback-failed", { error });
    }
  }

  #diagnose(event: string, detail?: Record<string, unknown>): void {
    try {
      this.#options.onDiagnostic?.(event, detail);
    } catch {
      // Diagnostics are best effort.
    }
  }
}
