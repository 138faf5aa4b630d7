/**
 * The RPC peer: one connection's requests, responses, cancels and events over
 * a {@linkcode Transport}, checked against the method table in both
 * directions.
 *
 * Choices the spec leaves open, fixed here:
 * - A malformed envelope, a reused transport ID, an unknown or invalid
 *   incoming event, and (with `unmatchedResponses: "close"`) a response
 *   nobody waits for are protocol violations: the peer closes with
 *   `PROTOCOL_MISMATCH`. Running out of remembered IDs closes with
 *   `QUEUE_FULL`; the transport closing closes with `CONNECTION_LOST`.
 * - Every accepted request gets exactly one response. A cancelled handler is
 *   answered `CANCELLED` once it settles, whatever it returned, so a result
 *   the caller gave up on never crosses the wire and the response marks the
 *   moment the receiver's work (and its in-flight slot) really ended.
 * - A cancel naming an ID no request has used yet is remembered (counted
 *   against `rememberedIds`), so the request is answered `CANCELLED` without
 *   running if it arrives later. A cancel for a completed request is ignored.
 * - A request is checked in this order: ID (reuse, capacity, early cancel),
 *   in-flight capacity, method known, `admit`, served (a method this build
 *   does not serve, or one without a handler, is `UNSUPPORTED`), params. Handlers start in a
 *   microtask, so a cancel delivered right behind its request still stops the
 *   handler before it runs.
 * - The wire's `null` stands for "no value": a handler returning `undefined`
 *   sends `null`, and a `null` is read as `undefined` when the schema wants
 *   that (e.g. `z.void()`).
 * - A handler may ask for the connection to end with its answer
 *   ({@linkcode Peer.closeAfterAnswer}): the peer closes right after that
 *   response is handed to the transport, whose graceful close writes it
 *   out before the carrier goes, and answers nothing that arrives behind it.
 *
 * @module
 */
import type { z } from "zod";
import { abortError, PendingCalls, sendError } from "./_peer_calls.ts";
import { createIdSource, IncomingIds } from "./_peer_ids.ts";
import { isKeyOf, parse, parseVoidable } from "./_peer_schema.ts";
import {
  type EventEnvelope,
  parseEnvelope,
  type RequestEnvelope,
  type ResponseEnvelope,
  wireDetail,
} from "./envelope.ts";
import { type ErrorCode, type ErrorDetail, LeashError, toErrorCode } from "./errors.ts";
import type { JsonObject } from "./json.ts";
import { limits } from "./limits.ts";
import {
  type EventMap,
  type EventValueOf,
  type HandlerContext,
  isServedMethod,
  type MethodMap,
  type ParamsOf,
  type ResultOf,
  type ServedHandlers,
} from "./methods/define.ts";
import type { Transport } from "./transport.ts";

/** Where a peer is in its life: it only ever moves forward. */
export type PeerState = "open" | "closing" | "closed";

/**
 * The error a request whose signal aborted rejects with: the abort's reason
 * when it is a `LeashError`, else `CANCELLED`. A caller that queues requests
 * in front of a peer rejects the same way.
 */
export { abortError };

/** Per-call options for {@linkcode Peer.request}. */
export interface RequestOptions {
  /**
   * Aborting sends a cancel and rejects the call with the signal's reason
   * when that is a `LeashError` (it stays local), else `CANCELLED`.
   */
  signal?: AbortSignal;
  /** Milliseconds before the call sends a cancel and rejects `TIMEOUT`; `Infinity` waits forever. */
  timeoutMs?: number;
}

/** An event table with no events: the default when a side neither accepts nor emits any. */
export type NoEvents = Record<never, never>;

/** How a peer is wired: its transport, both method tables and its callbacks. */
export interface PeerOptions<
  Local extends MethodMap,
  Remote extends MethodMap,
  InEvents extends EventMap,
  OutEvents extends EventMap,
> {
  /** The carrier; the peer sets its callbacks and starts it. */
  transport: Transport;
  /** Methods this side serves: params validated in, results validated out. */
  local: Local;
  /** Methods this side calls: params validated out, results validated in. */
  remote: Remote;
  /** One handler per served local method; a missing one is a type error. */
  handlers: ServedHandlers<Local>;
  /** Events this side accepts; an unknown name or invalid value is a protocol violation. */
  incomingEvents?: InEvents;
  /** Events this side emits; values are validated before sending. */
  outgoingEvents?: OutEvents;
  /** Receives each valid incoming event. */
  onEvent?: <K extends keyof InEvents & string>(
    event: K,
    value: EventValueOf<InEvents, K>,
  ) => void;
  /**
   * Checked before dispatching each incoming request of a known method, with
   * its params not yet validated; a code refuses it (e.g. HANDSHAKE_REQUIRED
   * before hello, ROLE_FORBIDDEN, INVALID_PARAMS for params that hold a
   * secret).
   */
  admit?: (method: string, params: JsonObject) => ErrorCode | undefined;
  /** Fires once when the peer reaches "closed", with why: a code such as CONNECTION_LOST, or PROTOCOL_MISMATCH for a protocol violation. */
  onClose?: (reason: ErrorCode) => void;
  /** Local diagnostics (never sent): protocol violations, handler failures, invalid results. */
  onDiagnostic?: (event: string, detail?: Record<string, unknown>) => void;
  /** Requests in flight per direction; default `limits.maxInFlight` (32). */
  maxInFlight?: number;
  /** Incoming transport IDs remembered before the peer closes; default `limits.rememberedIds`. */
  rememberedIds?: number;
  /** Timeout for outgoing requests without their own; default 30 s, `Infinity` for none. */
  defaultTimeoutMs?: number;
  /**
   * What a response with no waiting caller means: `"ignore"` (default; a late
   * reply after a timeout or cancel) or `"close"` (a protocol violation, for a
   * side such as the extension whose only request is the hello).
   */
  unmatchedResponses?: "ignore" | "close";
}

const defaultTimeoutMs = 30_000;

/** A handler as the dispatcher sees it, once params are validated. */
type Handler = (params: never, context: HandlerContext) => unknown;

/**
 * One side of an RPC connection.
 *
 * @example
 * ```ts ignore
 * const peer = new Peer({ transport, local: {}, remote: clientMethods, handlers: {} });
 * const instances = await peer.request("browser.instances", {}, { timeoutMs: 5_000 });
 * ```
 */
export class Peer<
  Local extends MethodMap,
  Remote extends MethodMap,
  InEvents extends EventMap = NoEvents,
  OutEvents extends EventMap = NoEvents,
> {
  readonly #options: PeerOptions<Local, Remote, InEvents, OutEvents>;
  readonly #transport: Transport;
  readonly #maxInFlight: number;
  readonly #defaultTimeoutMs: number;
  readonly #nextId = createIdSource();
  readonly #incoming: IncomingIds;
  /** Outgoing requests by transport ID. */
  readonly #pending = new PendingCalls((id, error) => this.#abandon(id, error));
  /** Incoming requests accepted and not yet answered, by transport ID. */
  readonly #serving = new Map<string, AbortController>();
  /** Requests being served whose answer ends the connection, with the close reason. */
  readonly #closeAfter = new Map<string, ErrorCode>();
  #state: PeerState = "open";
  #resolveClosed!: (reason: ErrorCode) => void;

  /** Resolves with the close reason once the peer is closed. */
  readonly closed: Promise<ErrorCode>;

  /** Wire the peer to its transport and start it. */
  constructor(options: PeerOptions<Local, Remote, InEvents, OutEvents>) {
    const maxInFlight = options.maxInFlight ?? limits.maxInFlight;
    const rememberedIds = options.rememberedIds ?? limits.rememberedIds;
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) {
      throw new RangeError("Cannot create peer: maxInFlight must be a positive integer");
    }
    if (!Number.isInteger(rememberedIds) || rememberedIds < 1) {
      throw new RangeError("Cannot create peer: rememberedIds must be a positive integer");
    }
    this.#options = options;
    this.#transport = options.transport;
    this.#maxInFlight = maxInFlight;
    this.#defaultTimeoutMs = options.defaultTimeoutMs ?? defaultTimeoutMs;
    this.#incoming = new IncomingIds(rememberedIds);
    this.closed = new Promise((resolve) => this.#resolveClosed = resolve);

    const transport = this.#transport;
    transport.onmessage = (message) => this.#onMessage(message);
    transport.onclose = () => this.close("CONNECTION_LOST");
    transport.onerror = (error) => {
      this.#diagnose("transport-error", { error });
      this.close("CONNECTION_LOST");
    };
    try {
      transport.start();
    } catch (error) {
      this.#diagnose("transport-error", { error });
      this.close("CONNECTION_LOST");
    }
  }

  /** Where the peer is in its life. */
  get state(): PeerState {
    return this.#state;
  }

  /**
   * Call a remote method. Rejects with `LeashError`: the remote's code,
   * `INVALID_RESULT` for a value that fails the result schema, or locally
   * (nothing sent) `INVALID_PARAMS`, `QUEUE_FULL` at `maxInFlight` calls and
   * `CONNECTION_LOST` once closing; after sending, `TIMEOUT` or the abort
   * reason (a cancel is sent), or `CONNECTION_LOST` on close.
   */
  request<K extends keyof Remote & string>(
    method: K,
    params: ParamsOf<Remote, K>,
    options?: RequestOptions,
  ): Promise<ResultOf<Remote, K>> {
    if (this.#state !== "open") return Promise.reject(new LeashError("CONNECTION_LOST"));
    if (!isKeyOf(this.#options.remote, method)) {
      return Promise.reject(new LeashError("UNKNOWN_METHOD"));
    }
    if (this.#pending.size >= this.#maxInFlight) {
      return Promise.reject(new LeashError("QUEUE_FULL"));
    }
    const spec = this.#options.remote[method];
    const checked = spec.params.safeParse(params);
    if (!checked.success) {
      return Promise.reject(new LeashError("INVALID_PARAMS", { cause: checked.error }));
    }
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const timeoutMs = options?.timeoutMs ?? this.#defaultTimeoutMs;
    const id = this.#nextId();

    return new Promise<ResultOf<Remote, K>>((resolve, reject) => {
      const accept = (value: unknown) => {
        const result = parseVoidable<Remote[K]["result"]>(spec.result, value);
        if (result.success) {
          resolve(result.data);
          return;
        }
        this.#diagnose("invalid-remote-result", { id, method, error: result.error });
        reject(new LeashError("INVALID_RESULT", { cause: result.error }));
      };
      this.#pending.add(id, { accept, reject }, timeoutMs, signal);
      try {
        this.#transport.send({ type: "request", id, method, params: checked.data });
      } catch (error) {
        this.#pending.take(id);
        reject(sendError(error));
      }
    });
  }

  /**
   * Send an event. Throws `LeashError`: `CONNECTION_LOST` once closing,
   * `UNKNOWN_METHOD` for an event not in `outgoingEvents`, `INVALID_PARAMS`
   * for a value that fails its schema, or the transport's own error.
   */
  emit<K extends keyof OutEvents & string>(event: K, value: EventValueOf<OutEvents, K>): void {
    if (this.#state !== "open") throw new LeashError("CONNECTION_LOST");
    const events = this.#options.outgoingEvents;
    if (events === undefined || !isKeyOf(events, event)) {
      throw new LeashError("UNKNOWN_METHOD");
    }
    const checked = parseVoidable(events[event].value, value);
    if (!checked.success) throw new LeashError("INVALID_PARAMS", { cause: checked.error });
    this.#transport.send({ type: "event", event, value: checked.data ?? null });
  }

  /**
   * Close the connection once incoming request `id` is answered, with
   * `reason`: for a handler whose answer must be the last frame, such as a
   * refusal that ends the handshake. The answer is sent first and the
   * transport's graceful close flushes it; when `id` is not being served,
   * the peer closes at once.
   */
  closeAfterAnswer(id: string, reason: ErrorCode): void {
    if (this.#state !== "open") return;
    if (this.#serving.has(id)) this.#closeAfter.set(id, reason);
    else this.close(reason);
  }

  /**
   * Close the connection: abort every running handler, reject every pending
   * call with `CONNECTION_LOST`, close the transport. Idempotent; `reason`
   * (default `CONNECTION_LOST`) goes to `closed` and `onClose`.
   */
  close(reason: ErrorCode = "CONNECTION_LOST"): void {
    if (this.#state !== "open") return;
    this.#state = "closing";
    const lost = new LeashError("CONNECTION_LOST");
    for (const controller of this.#serving.values()) controller.abort(lost);
    this.#pending.rejectAll();
    this.#incoming.clear();
    this.#closeAfter.clear();
    try {
      this.#transport.close();
    } catch (error) {
      this.#diagnose("transport-error", { error });
    }
    this.#state = "closed";
    this.#resolveClosed(reason);
    const onClose = this.#options.onClose;
    if (onClose !== undefined) {
      try {
        onClose(reason);
      } catch (error) {
        this.#diagnose("close-callback-failed", { error });
      }
    }
  }

  #onMessage(message: unknown): void {
    if (this.#state !== "open") return;
    const envelope = parseEnvelope(message);
    if (envelope === undefined) {
      this.#violate("malformed-envelope");
      return;
    }
    switch (envelope.type) {
      case "request":
        this.#onRequest(envelope);
        return;
      case "response":
        this.#onResponse(envelope);
        return;
      case "cancel":
        this.#onCancel(envelope.id);
        return;
      case "event":
        this.#onEvent(envelope);
        return;
    }
  }

  #onRequest(envelope: RequestEnvelope): void {
    const { id, method } = envelope;
    switch (this.#incoming.admit(id)) {
      case "reused":
        this.#violate("reused-id", { id });
        return;
      case "full":
        this.#diagnose("remembered-ids-full", { id });
        this.close("QUEUE_FULL");
        return;
      case "cancelled":
        this.#sendFailure(id, "CANCELLED");
        return;
    }
    if (this.#serving.size >= this.#maxInFlight) {
      this.#sendFailure(id, "QUEUE_FULL");
      return;
    }
    if (!isKeyOf(this.#options.local, method)) {
      this.#sendFailure(id, "UNKNOWN_METHOD");
      return;
    }
    const refusal = this.#refusal(method, envelope.params);
    if (refusal !== undefined) {
      this.#sendFailure(id, refusal);
      return;
    }
    const handler = this.#handlerFor(method);
    if (handler === undefined) {
      this.#sendFailure(id, "UNSUPPORTED");
      return;
    }
    this.#dispatch(id, method, handler, envelope.params);
  }

  /** Validate params and start the handler in a microtask, holding an in-flight slot. */
  #dispatch<K extends keyof Local & string>(
    id: string,
    method: K,
    handler: Handler,
    params: unknown,
  ): void {
    const spec = this.#options.local[method];
    const checked = parse<Local[K]["params"]>(spec.params, params);
    if (!checked.success) {
      this.#sendFailure(id, "INVALID_PARAMS");
      return;
    }
    const controller = new AbortController();
    const context: HandlerContext = { id, signal: controller.signal };
    this.#serving.set(id, controller);
    queueMicrotask(() => {
      void this.#serve(
        id,
        method,
        spec.result,
        context.signal,
        // `checked.data` passed the method's own params schema, which is what its handler takes.
        () => handler(checked.data as never, context),
      );
    });
  }

  /** Run one handler, send its one response, then close if the handler asked. Never rejects. */
  async #serve(
    id: string,
    method: string,
    resultSchema: z.ZodType,
    signal: AbortSignal,
    run: () => unknown,
  ): Promise<void> {
    await this.#answer(id, method, resultSchema, signal, run);
    const reason = this.#closeAfter.get(id);
    if (reason === undefined) return;
    this.#closeAfter.delete(id);
    this.close(reason);
  }

  async #answer(
    id: string,
    method: string,
    resultSchema: z.ZodType,
    signal: AbortSignal,
    run: () => unknown,
  ): Promise<void> {
    let value: unknown;
    let failure: unknown;
    let failed = false;
    if (!signal.aborted) {
      try {
        value = await run();
      } catch (error) {
        failed = true;
        failure = error;
      }
    }
    this.#serving.delete(id);
    if (this.#state !== "open") return;
    if (signal.aborted) {
      this.#sendFailure(id, "CANCELLED");
      return;
    }
    if (failed) {
      if (!(failure instanceof LeashError)) {
        this.#diagnose("handler-failed", { id, method, error: failure });
      }
      this.#sendFailure(id, toErrorCode(failure), wireDetail(failure));
      return;
    }
    const checked = parseVoidable(resultSchema, value);
    if (!checked.success) {
      this.#diagnose("invalid-result", { id, method, error: checked.error });
      this.#sendFailure(id, "INTERNAL");
      return;
    }
    this.#sendSuccess(id, checked.data ?? null);
  }

  /** The handler of a served local method; `undefined` for one this build does not serve. */
  #handlerFor(method: keyof Local & string): Handler | undefined {
    if (!isServedMethod(this.#options.local[method])) return undefined;
    const handlers: Partial<Record<string, Handler>> = this.#options.handlers;
    return Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  }

  /** The `admit` callback's verdict; a throwing callback refuses with `INTERNAL`. */
  #refusal(method: string, params: JsonObject): ErrorCode | undefined {
    const admit = this.#options.admit;
    if (admit === undefined) return undefined;
    try {
      return admit(method, params);
    } catch (error) {
      this.#diagnose("admit-failed", { method, error });
      return "INTERNAL";
    }
  }

  #onResponse(envelope: ResponseEnvelope): void {
    const call = this.#pending.take(envelope.id);
    if (call === undefined) {
      if (this.#options.unmatchedResponses === "close") {
        this.#violate("unmatched-response", { id: envelope.id });
      } else {
        this.#diagnose("late-response", { id: envelope.id });
      }
      return;
    }
    if (envelope.ok) call.accept(envelope.value);
    else {
      const detail = envelope.detail;
      call.reject(new LeashError(envelope.code, detail === undefined ? undefined : { detail }));
    }
  }

  #onCancel(id: string): void {
    const controller = this.#serving.get(id);
    if (controller !== undefined) {
      controller.abort(new LeashError("CANCELLED"));
      return;
    }
    if (this.#incoming.has(id)) return;
    if (!this.#incoming.cancelEarly(id)) {
      this.#diagnose("remembered-ids-full", { id });
      this.close("QUEUE_FULL");
    }
  }

  #onEvent(envelope: EventEnvelope): void {
    const events = this.#options.incomingEvents;
    const event = envelope.event;
    if (events === undefined || !isKeyOf(events, event)) {
      this.#violate("unknown-event", { event });
      return;
    }
    this.#deliver(events, event, envelope.value);
  }

  #deliver<K extends keyof InEvents & string>(events: InEvents, event: K, value: unknown): void {
    const checked = parseVoidable<InEvents[K]["value"]>(events[event].value, value);
    if (!checked.success) {
      this.#violate("invalid-event", { event, error: checked.error });
      return;
    }
    const onEvent = this.#options.onEvent;
    if (onEvent === undefined) return;
    try {
      onEvent(event, checked.data);
    } catch (error) {
      this.#diagnose("event-callback-failed", { event, error });
    }
  }

  /** Give up on a pending call: tell the other side, reject the caller locally. */
  #abandon(id: string, error: LeashError): void {
    const call = this.#pending.take(id);
    if (call === undefined) return;
    try {
      this.#transport.send({ type: "cancel", id });
    } catch (sendFailure) {
      this.#diagnose("send-failed", { id, error: sendFailure });
    }
    call.reject(error);
  }

  #sendSuccess(id: string, value: unknown): void {
    try {
      this.#transport.send({ type: "response", id, ok: true, value });
    } catch (error) {
      this.#diagnose("send-failed", { id, error });
      this.#sendFailure(id, toErrorCode(error));
    }
  }

  /** Answer with a code; when even that cannot be sent, the connection is unusable. */
  #sendFailure(id: string, code: ErrorCode, detail?: ErrorDetail): void {
    try {
      this.#transport.send(
        detail === undefined
          ? { type: "response", id, ok: false, code }
          : { type: "response", id, ok: false, code, detail },
      );
    } catch (error) {
      this.#diagnose("send-failed", { id, error });
      this.close(toErrorCode(error));
    }
  }

  #violate(event: string, detail?: Record<string, unknown>): void {
    this.#diagnose(event, detail);
    this.close("PROTOCOL_MISMATCH");
  }

  #diagnose(event: string, detail?: Record<string, unknown>): void {
    const onDiagnostic = this.#options.onDiagnostic;
    if (onDiagnostic === undefined) return;
    try {
      onDiagnostic(event, detail);
    } catch {
      // Diagnostics are best effort; a failing sink must not break the connection.
    }
  }
}
