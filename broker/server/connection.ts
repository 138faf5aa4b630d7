/**
 * One socket's life: the handshake window, then a client session or a
 * registered provider, then cleanup. Before a successful hello the only
 * method admitted is `hello`; nothing reaches the runtime. The window
 * (`limits.handshakeMs` from accept) is never extended by a refused hello:
 * when it passes without a welcome, the socket closes.
 *
 * Hellos are judged one at a time, in the order they arrived, so what a
 * hello is answered depends only on the hellos before it, never on timing:
 * - behind a schema-valid refusal (`UNAUTHENTICATED` with a schema-valid
 *   payload, `PROTOCOL_MISMATCH`, a provider refused at registration) it is
 *   judged, while the original window lasts;
 * - behind a final refusal (a schema-invalid hello) it is never answered:
 *   that refusal is written, then the socket closes;
 * - behind a welcome it is `ROLE_FORBIDDEN`.
 *
 * Refusals, chosen where the spec is open:
 * - any method before the welcome → `HANDSHAKE_REQUIRED` (the peer may
 *   still say hello inside the window), also when it arrives behind a hello
 *   not yet answered: a peer waits for its welcome;
 * - a hello after the welcome, or a client method from a provider →
 *   `ROLE_FORBIDDEN`;
 * - a client method whose capability the welcome did not list → `UNSUPPORTED`;
 * - a request whose params hold the token anywhere but in a hello's own
 *   `token` field → `INVALID_PARAMS`, from any peer in any phase; a frame
 *   whose transport ID holds it closes the connection unanswered, and no
 *   frame holding it is ever sent ({@link ./token_screen.ts});
 * - an event from anyone but a registered provider closes the connection.
 *
 * @module
 */
import type { ErrorCode } from "../../contracts/errors.ts";
import { LeashError } from "../../contracts/errors.ts";
import type { Welcome } from "../../contracts/hello.ts";
import { type JsonObject, JsonObjectSchema } from "../../contracts/json.ts";
import type { BrokerOffer } from "../../contracts/negotiate.ts";
import {
  defineMethod,
  type EventValueOf,
  type HandlerContext,
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
import { requestCarriesToken, type TokenRefusal, TokenScreen } from "./token_screen.ts";
import type { RuntimeServices } from "../runtime/services.ts";
import type { Logger } from "../../local/log.ts";
import type { ProviderLink } from "../authority/registry.ts";
import type { ClientSession } from "../authority/sessions.ts";
import type { BrokerState } from "../authority/state.ts";
import type { TokenVerifier } from "../../local/token.ts";
import { LinkSlots } from "./link_slots.ts";

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
  /** A hello was refused for good; its answer is the last frame before the close. */
  | { kind: "ending" }
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
  /** Settles when every hello so far has its verdict; the next one waits for it. */
  #helloTurn: Promise<void> = Promise.resolve();

  /** Serve `transport` as connection `id`; `onClosed` runs once when it ends. */
  constructor(
    transport: Transport,
    id: string,
    config: ConnectionConfig & { onClosed?: (reason: ErrorCode) => void },
  ) {
    this.id = id;
    this.#config = config;
    this.#window = setTimeout(() => this.#windowPassed(), config.handshakeMs);
    const screened = new TokenScreen(transport, {
      verifier: config.verifier,
      onRefused: (refusal) => this.#tokenRefused(refusal),
    });
    this.#peer = new Peer({
      transport: screened,
      local: localMethods,
      remote: remoteMethods,
      handlers: this.#handlers(),
      incomingEvents: providerEvents,
      outgoingEvents: clientEvents,
      admit: (method, params) => this.#admit(method, params),
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
      hello: (params, context) => this.#hello(params, context),
      ...clientHandlers(createHandlerDeps({
        state: this.#config.state,
        session: () => {
          if (this.#phase.kind !== "client") throw new LeashError("HANDSHAKE_REQUIRED");
          return this.#phase.session;
        },
        providerTimeoutMs: this.#config.providerTimeoutMs,
        runtime: this.#config.runtime,
        // Only the connection that sent a batch is asked to approve its steps.
        approveBatchStep: (params, options) =>
          this.#peer.request("browser.approveBatchStep", params, options),
      })),
    };
  }

  #admit(method: string, params: JsonObject): ErrorCode | undefined {
    if (requestCarriesToken(method, params, this.#config.verifier)) {
      // The peer calls this for methods of the table only, so the name is safe to log.
      this.#config.logger.log("warn", "token-in-request", { conn: this.id, method });
      return "INVALID_PARAMS";
    }
    const phase = this.#phase;
    switch (phase.kind) {
      case "handshake":
      case "ending":
        return method === "hello" ? undefined : "HANDSHAKE_REQUIRED";
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

  /** Judge this hello once every earlier one has its verdict. */
  #hello(params: JsonObject, context: HandlerContext): Promise<Welcome> {
    const turn = this.#helloTurn.then(() => this.#judge(params, context));
    this.#helloTurn = turn.then(() => {}, () => {});
    return turn;
  }

  async #judge(params: JsonObject, { id, signal }: HandlerContext): Promise<Welcome> {
    const { state, logger } = this.#config;
    switch (this.#phase.kind) {
      case "client":
      case "provider":
        throw new LeashError("ROLE_FORBIDDEN");
      case "ending":
      case "closed":
        // Settling only once closed, so nothing is written after the final refusal.
        await this.#peer.closed;
        throw new LeashError("CONNECTION_LOST");
    }
    // A hello its caller cancelled while it waited is not judged.
    if (signal.aborted) throw new LeashError("CANCELLED");
    const verdict = await judgeHello(params, this.#config.verifier, this.#config.offer);
    if (this.#peer.state !== "open") throw new LeashError("CONNECTION_LOST");
    // The caller cancelled its hello; it may still say hello inside the window.
    if (signal.aborted) throw new LeashError("CANCELLED");
    if (!verdict.ok) {
      logger.log("info", "hello-refused", { conn: this.id, code: verdict.code });
      if (!verdict.retry) {
        // Only a schema-valid hello may be followed by another: this refusal is the last frame.
        this.#phase = { kind: "ending" };
        this.#peer.closeAfterAnswer(id, verdict.code);
      }
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
    // The peer refuses a call past its in-flight bound; the link's own calls wait for a slot.
    const slots = new LinkSlots();
    return {
      request: (method, params, options) =>
        slots.run((sent) => peer.request(method, params, sent), options),
    };
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

  #tokenRefused(refusal: TokenRefusal): void {
    const { logger } = this.#config;
    if (refusal.kind === "outgoing") {
      logger.log("warn", "token-in-outgoing-frame", { conn: this.id, type: refusal.type });
      return;
    }
    logger.log("warn", "token-in-id", { conn: this.id });
    this.close("INVALID_PARAMS");
  }

  #windowPassed(): void {
    // An ending connection closes right after its last answer, which the window must not cut off.
    if (this.#phase.kind !== "handshake") return;
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
