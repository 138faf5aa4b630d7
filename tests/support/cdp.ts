/**
 * A small raw DevTools protocol client for tests: one WebSocket to the
 * browser, commands with `send`, events with `on`/`waitForEvent`, and page
 * targets attached with flat sessions.
 *
 * ```ts
 * import { Chromium } from "./chromium.ts";
 *
 * await using browser = await Chromium.launch();
 * const client = await CdpClient.connect(browser.webSocketUrl);
 * const page = await CdpPage.open(client);
 * await page.navigate("http://127.0.0.1:8000/form.html");
 * const { result } = await page.send("Runtime.evaluate", { expression: "1 + 1" });
 * await client.close();
 * ```
 *
 * @module
 */
import type { JsonObject, JsonValue } from "../../contracts/json.ts";

/** A DevTools error answer to a command. */
export class CdpError extends Error {
  /** The DevTools error code (e.g. -32000). */
  readonly code: number;
  /** The method that failed. */
  readonly method: string;

  constructor(method: string, code: number, message: string) {
    super(`Cannot run ${method}: ${message} (${code})`);
    this.name = "CdpError";
    this.code = code;
    this.method = method;
  }
}

/** Options of one command. */
export interface SendOptions {
  /** The flat session to run it in; the browser target when absent. */
  sessionId?: string;
  /** Rejects the pending command (the browser may still run it). */
  signal?: AbortSignal;
}

/** A listener for one event name; `sessionId` is absent for browser-level events. */
export type CdpListener = (params: JsonObject, sessionId: string | undefined) => void;

interface Pending {
  method: string;
  resolve: (result: JsonObject) => void;
  reject: (error: Error) => void;
}

/** One DevTools WebSocket connection. */
export class CdpClient {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<CdpListener>>();
  readonly #closed = Promise.withResolvers<void>();
  #nextId = 1;
  #isClosed = false;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.onmessage = (event) => {
      if (typeof event.data === "string") this.#receive(event.data);
    };
    socket.onclose = () => this.#finish();
    socket.onerror = () => this.#finish();
  }

  /** Connect to a DevTools WebSocket URL (browser or page). */
  static connect(url: string, options: { timeoutMs?: number } = {}): Promise<CdpClient> {
    const socket = new WebSocket(url);
    const opened = Promise.withResolvers<CdpClient>();
    const timer = setTimeout(() => {
      socket.close();
      opened.reject(new Error(`Cannot connect to DevTools: no answer from ${url}`));
    }, options.timeoutMs ?? 10_000);
    socket.onopen = () => {
      clearTimeout(timer);
      opened.resolve(new CdpClient(socket));
    };
    socket.onerror = () => {
      clearTimeout(timer);
      opened.reject(new Error(`Cannot connect to DevTools: ${url} refused`));
    };
    return opened.promise;
  }

  /** Resolves once the connection has closed. */
  get closed(): Promise<void> {
    return this.#closed.promise;
  }

  /** Run one command and return its result; a DevTools error rejects with {@linkcode CdpError}. */
  send(method: string, params: JsonObject = {}, options: SendOptions = {}): Promise<JsonObject> {
    if (this.#isClosed) {
      return Promise.reject(new Error(`Cannot run ${method}: the DevTools connection is closed`));
    }
    options.signal?.throwIfAborted();
    const id = this.#nextId++;
    const message: JsonObject = { id, method, params };
    if (options.sessionId !== undefined) message.sessionId = options.sessionId;
    const answer = Promise.withResolvers<JsonObject>();
    this.#pending.set(id, { method, resolve: answer.resolve, reject: answer.reject });
    const signal = options.signal;
    const onAbort = () => {
      this.#pending.delete(id);
      answer.reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#socket.send(JSON.stringify(message));
    return answer.promise.finally(() => signal?.removeEventListener("abort", onAbort));
  }

  /** Listen to an event; returns the function that stops listening. */
  on(event: string, listener: CdpListener): () => void {
    let listeners = this.#listeners.get(event);
    if (listeners === undefined) this.#listeners.set(event, listeners = new Set());
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /**
   * The next `event` (in `sessionId` when given) whose params satisfy
   * `predicate`. Start waiting before the command that causes the event.
   */
  waitForEvent(
    event: string,
    options: {
      sessionId?: string;
      predicate?: (params: JsonObject) => boolean;
      timeoutMs?: number;
      signal?: AbortSignal;
    } = {},
  ): Promise<JsonObject> {
    const found = Promise.withResolvers<JsonObject>();
    const timeoutMs = options.timeoutMs ?? 10_000;
    const timer = setTimeout(
      () => found.reject(new Error(`Cannot wait for ${event}: none within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onAbort = () => found.reject(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const stop = this.on(event, (params, sessionId) => {
      if (options.sessionId !== undefined && sessionId !== options.sessionId) return;
      if (options.predicate !== undefined && !options.predicate(params)) return;
      found.resolve(params);
    });
    this.#closed.promise.then(() =>
      found.reject(new Error(`Cannot wait for ${event}: the DevTools connection closed`))
    );
    return found.promise.finally(() => {
      clearTimeout(timer);
      stop();
      options.signal?.removeEventListener("abort", onAbort);
    });
  }

  /** Close the connection; pending commands reject. Idempotent. */
  async close(): Promise<void> {
    if (!this.#isClosed && this.#socket.readyState !== WebSocket.CLOSED) this.#socket.close();
    await this.#closed.promise;
  }

  #receive(data: string): void {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (!isObject(message)) return;
    const sessionId = typeof message.sessionId === "string" ? message.sessionId : undefined;
    if (typeof message.id === "number") {
      const pending = this.#pending.get(message.id);
      if (pending === undefined) return;
      this.#pending.delete(message.id);
      const error = message.error;
      if (isObject(error)) {
        const code = typeof error.code === "number" ? error.code : 0;
        const text = typeof error.message === "string" ? error.message : "unknown error";
        pending.reject(new CdpError(pending.method, code, text));
      } else {
        pending.resolve(isObject(message.result) ? message.result : {});
      }
      return;
    }
    if (typeof message.method === "string") {
      const params = isObject(message.params) ? message.params : {};
      for (const listener of this.#listeners.get(message.method) ?? []) {
        listener(params, sessionId);
      }
    }
  }

  #finish(): void {
    if (this.#isClosed) return;
    this.#isClosed = true;
    for (const pending of this.#pending.values()) {
      pending.reject(new Error(`Cannot run ${pending.method}: the DevTools connection closed`));
    }
    this.#pending.clear();
    this.#closed.resolve();
  }
}

/** A page target attached through a flat session of a {@linkcode CdpClient}. */
export class CdpPage {
  /** The connection the session runs on. */
  readonly client: CdpClient;
  /** The page target. */
  readonly targetId: string;
  /** The flat session attached to it. */
  readonly sessionId: string;

  private constructor(client: CdpClient, targetId: string, sessionId: string) {
    this.client = client;
    this.targetId = targetId;
    this.sessionId = sessionId;
  }

  /** Create a new page target at `url` (default `about:blank`) and attach to it. */
  static async open(client: CdpClient, url = "about:blank"): Promise<CdpPage> {
    const created = await client.send("Target.createTarget", { url });
    const targetId = stringField(created, "targetId", "Target.createTarget");
    return await CdpPage.attach(client, targetId);
  }

  /** Attach to an existing target with a flat session. */
  static async attach(client: CdpClient, targetId: string): Promise<CdpPage> {
    const attached = await client.send("Target.attachToTarget", { targetId, flatten: true });
    return new CdpPage(
      client,
      targetId,
      stringField(attached, "sessionId", "Target.attachToTarget"),
    );
  }

  /** Run one command in this page's session. */
  send(method: string, params: JsonObject = {}, signal?: AbortSignal): Promise<JsonObject> {
    return this.client.send(method, params, { sessionId: this.sessionId, signal });
  }

  /** Listen to an event of this page's session; returns the function that stops listening. */
  on(event: string, listener: (params: JsonObject) => void): () => void {
    return this.client.on(event, (params, sessionId) => {
      if (sessionId === this.sessionId) listener(params);
    });
  }

  /** The next `event` of this session whose params satisfy `predicate`. */
  waitForEvent(
    event: string,
    predicate?: (params: JsonObject) => boolean,
    timeoutMs?: number,
  ): Promise<JsonObject> {
    return this.client.waitForEvent(event, { sessionId: this.sessionId, predicate, timeoutMs });
  }

  /** Navigate and wait for the new document's `load` event. */
  async navigate(url: string): Promise<void> {
    await this.send("Page.enable");
    const loaded = this.waitForEvent("Page.loadEventFired");
    const result = await this.send("Page.navigate", { url });
    if (typeof result.errorText === "string" && result.errorText !== "") {
      loaded.catch(() => {});
      throw new Error(`Cannot navigate to ${url}: ${result.errorText}`);
    }
    await loaded;
  }

  /**
   * Test-only: evaluate `expression` in the page and return its JSON value.
   * (Leash itself never evaluates script; tests use this to look at the page.)
   */
  async evaluate(expression: string): Promise<JsonValue> {
    const answer = await this.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (isObject(answer.exceptionDetails)) {
      throw new Error(`Cannot evaluate ${expression}: the page threw`);
    }
    const result = answer.result;
    return isObject(result) && result.value !== undefined ? result.value : null;
  }

  /** Close the target. */
  async close(): Promise<void> {
    await this.client.send("Target.closeTarget", { targetId: this.targetId });
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(object: JsonObject, key: string, method: string): string {
  const value = object[key];
  if (typeof value !== "string") throw new Error(`Cannot read ${method}: no ${key} in the answer`);
  return value;
}
