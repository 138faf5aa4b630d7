/**
 * One socket's life: the handshake window, then a client session or a
 * registered provider, then cleanup. Before a successful hello the only
 * method admitted is `hello`; nothing reaches the runtime. The window
 * (`limits.handshakeMs` from accept) is never extended by a refused hello:
 * when it passes without a welcome, the socket closes.
 *
 * Refusals, chosen where the spec is open:
 * - any method before the welcome → `HANDSHAKE_REQUIRED` (the peer may
 *   still say hello inside the window);
 * - a second hello while one is being judged → `QUEUE_FULL`;
 * - a hello after the welcome, or a client method from a provider →
 *   `ROLE_FORBIDDEN`;
 * - a client method whose capability the welcome did not list → `UNSUPPORTED`;
 * - an event from anyone but a registered provider closes the connection.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import { LeashError } from "../../contracts/errors.ts";
import { JsonObjectSchema } from "../../contracts/json.ts";
import type { BrokerOffer } from "../../contracts/negotiate.ts";
import {
  defineMethod,
  type EventValueOf,
  type MethodMap,
  type ServedHandlers,
} from "../../contracts/methods/define.ts";
import {
  brokerToClientMethods,
  clientEvents,
  clientMethods,
  handshakeMethods,
  providerEvents,
  providerMethods,
} from "../../contracts/methods/mod.ts";
import { Peer } from "../../contracts/peer.ts";
import type { Transport } from "../../contracts/transport.ts";
import { createHandlerDeps } from "../handlers/context.ts";
import { clientHandlers } from "../handlers/mod.ts";
import { judgeHello, welcomeFor } from "./handshake.ts";
import type { RuntimeServices } from "../runtime/services.ts";
import type { Logger } from "../../local/log.ts";
import type { ProviderLink } from "../authority/registry.ts";
import type { ClientSession } from "../authority/sessions.ts";
import type { BrokerState } from "../authority/state.ts";
import type { TokenVerifier } from "../../local/token.ts";

/**
 * What the Broker serves on a socket. The hello's params are taken as any
 * object here and judged by {@link ./handshake.ts}, because the token must
 * be checked before the schema is.
 */
const localMethods = {
  hello: defineMethod({ ...handshakeMethods.hello, params: JsonObjectSchema }),
  ...clientMethods,
};
/** What the Broker may call: a client's callbacks or a provider's methods, by role. */
const remoteMethods = { ...brokerToClientMethods, ...providerMethods };

type LocalMethods = typeof localMethods;
type RemoteMethods = typeof remoteMethods;
type BrokerPeer = Peer<LocalMethods, RemoteMethods, typeof providerEvents, typeof clientEvents>;

/** Settings shared by every connection of one Broker. */
export interface ConnectionConfig {
  state: BrokerState;
  verifier: TokenVerifier;
  offer: BrokerOffer;
  logger: Logger;
  /** The hello window, from accept. */
  handshakeMs: number;
  /** Ceiling for one Broker→provider call made for a client. */
  providerTimeoutMs: number;
  /** The journal, observation books, tab queues and continuations every client shares. */
  runtime: RuntimeServices;
}

type Phase =
  | { kind: "handshake" }
  | { kind: "judging" }
  | { kind: "client"; session: ClientSession }
  | { kind: "provider"; instance: string }
  | { kind: "closed" };

/** One accepted socket, from its first byte to its cleanup. */
export class SocketConnection {
  /** The short id used in logs and as the owner of leases. */
  readonly id: string;
  /** Resolves with the close reason. */
  readonly closed: Promise<ErrorCode>;

  readonly #config: ConnectionConfig;
  readonly #peer: BrokerPeer;
  #phase: Phase = { kind: "handshake" };
  #window: ReturnType<typeof setTimeout> | undefined;

  /** Serve `transport` as connection `id`; `onClosed` runs once when it ends. */
  constructor(
    transport: Transport,
    id: string,
    config: ConnectionConfig & { onClosed?: (reason: ErrorCode) => void },
  ) {
    this.id = id;
    this.#config = config;
    this.#window = setTimeout(() => this.#windowPassed(), config.handshakeMs);
    this.#peer = new Peer({
      transport,
      local: localMethods,
      remote: remoteMethods,
      handlers: this.#handlers(),
      incomingEvents: providerEvents,
      outgoingEvents: clientEvents,
      admit: (method) => this.#admit(method),
      onEvent: (event, value) => this.#onEvent(event, value),
      onClose: (reason) => {
        this.#cleanup(reason);
        config.onClosed?.(reason);
      },
      onDiagnostic: (event) => config.logger.log("debug", `peer-${event}`, { conn: id }),
    });
    this.closed = this.#peer.closed;
  }

  /** Whether the connection is still open. */
  get isOpen(): boolean {
    return this.#peer.state === "open";
  }

  /** Close the connection; callers waiting on it get `CONNECTION_LOST`. */
  close(reason: ErrorCode = "CONNECTION_LOST"): void {
    this.#peer.close(reason);
  }

  #handlers(): ServedHandlers<LocalMethods> {
    return {
      hello: (params, { signal }) => this.#hello(params, signal),
      ...clientHandlers(createHandlerDeps({
        state: this.#config.state,
        session: () => {
          if (this.#phase.kind !== "client") throw new LeashError("HANDSHAKE_REQUIRED");
          return this.#phase.session;
        },
        providerTimeoutMs: this.#config.providerTimeoutMs,
        runtime: this.#config.runtime,
      })),
    };
  }

  #admit(method: string): ErrorCode | undefined {
    const phase = this.#phase;
    switch (phase.kind) {
      case "handshake":
        return method === "hello" ? undefined : "HANDSHAKE_REQUIRED";
      case "judging":
        return method === "hello" ? "QUEUE_FULL" : "HANDSHAKE_REQUIRED";
      case "provider":
        return "ROLE_FORBIDDEN";
      case "client": {
        if (method === "hello") return "ROLE_FORBIDDEN";
        const capability = capabilityOf(method);
        return capability === null || phase.session.capabilities.has(capability)
          ? undefined
          : "UNSUPPORTED";
      }
      case "closed":
        return "CONNECTION_LOST";
    }
  }

  async #hello(params: Parameters<typeof judgeHello>[0], signal: AbortSignal) {
    const { state, logger } = this.#config;
    this.#phase = { kind: "judging" };
    const verdict = await judgeHello(params, this.#config.verifier, this.#config.offer);
    if (this.#peer.state !== "open") throw new LeashError("CONNECTION_LOST");
    if (signal.aborted) {
      // The caller cancelled its hello; it may still say hello inside the window.
      this.#phase = { kind: "handshake" };
      throw new LeashError("CANCELLED");
    }
    if (!verdict.ok) {
      this.#phase = { kind: "handshake" };
      logger.log("info", "hello-refused", { conn: this.id, code: verdict.code });
      // Let the refusal go out first; only a schema-valid hello may be retried.
      if (!verdict.retry) setTimeout(() => this.close(verdict.code), 0);
      throw new LeashError(verdict.code);
    }
    const { hello, agreement } = verdict;
    if (hello.role === "provider") {
      const refusal = state.registry.register({
        instance: hello.instance,
        connectedSince: new Date().toISOString(),
        conn: this.id,
        link: this.#providerLink(),
      });
      if (refusal !== undefined) {
        this.#phase = { kind: "handshake" };
        logger.log("warn", "provider-refused", { conn: this.id, code: refusal });
        throw new LeashError(refusal);
      }
      this.#phase = { kind: "provider", instance: hello.instance.id };
    } else {
      const journalKey = "journalKey" in hello ? hello.journalKey : undefined;
      const session: ClientSession = {
        conn: this.id,
        journalScope: journalKey ?? `connection:${crypto.randomUUID()}`,
        legacy: agreement.legacy,
        capabilities: new Set(agreement.capabilities),
        emit: (event, value) => this.#peer.emit(event, value),
      };
      state.sessions.add(session);
      this.#phase = { kind: "client", session };
    }
    clearTimeout(this.#window);
    logger.log("info", "hello-accepted", {
      conn: this.id,
      role: hello.role,
      legacy: agreement.legacy,
      instance: hello.role === "provider" ? hello.instance.id : undefined,
    });
    return welcomeFor(agreement);
  }

  #providerLink(): ProviderLink {
    const peer = this.#peer;
    return { request: (method, params, options) => peer.request(method, params, options) };
  }

  #onEvent<K extends keyof typeof providerEvents>(
    event: K,
    value: EventValueOf<typeof providerEvents, K>,
  ): void {
    if (this.#phase.kind !== "provider") {
      this.#config.logger.log("warn", "event-from-non-provider", { conn: this.id });
      this.close("ROLE_FORBIDDEN");
      return;
    }
    this.#config.state.providerEvent(this.#phase.instance, event, value);
  }

  #windowPassed(): void {
    if (this.#phase.kind !== "handshake" && this.#phase.kind !== "judging") return;
    this.#config.logger.log("info", "handshake-timeout", { conn: this.id });
    this.close("TIMEOUT");
  }

  #cleanup(reason: ErrorCode): void {
    clearTimeout(this.#window);
    const phase = this.#phase;
    this.#phase = { kind: "closed" };
    if (phase.kind === "client") this.#config.state.clientGone(this.id);
    if (phase.kind === "provider") this.#config.state.providerGone(this.id);
    this.#config.logger.log("info", "closed", { conn: this.id, reason, role: roleOf(phase) });
  }
}

const clientTable: MethodMap = clientMethods;

/** The capability a client method needs; `null` for none or an unknown method. */
function capabilityOf(method: string): string | null {
  return Object.hasOwn(clientTable, method) ? clientTable[method].capability : null;
}

function roleOf(phase: Phase): string {
  return phase.kind === "client" || phase.kind === "provider" ? phase.kind : "unauthenticated";
}
