import assert from "node:assert/strict";
import { z } from "zod";
import type { Capability } from "./capabilities.ts";
import { type ErrorCode, LeashError } from "./errors.ts";
import { memoryTransportPair } from "./testing/memory_transport.ts";
import { defineEvent, defineMethod, type Handlers } from "./methods/define.ts";
import { Peer } from "./peer.ts";
import type { Transport } from "./transport.ts";

// --- Small method and event tables ------------------------------------------

const echo = defineMethod({
  direction: "client→broker",
  title: "Echo text",
  capability: null,
  params: z.strictObject({ text: z.string().max(16) }),
  result: z.object({ text: z.string() }),
});
const hold = defineMethod({
  direction: "client→broker",
  title: "Hold until released or aborted",
  capability: null,
  params: z.strictObject({}),
  result: z.null(),
});
const nothing = defineMethod({
  direction: "client→broker",
  title: "Return nothing",
  capability: null,
  params: z.strictObject({}),
  result: z.void(),
});
const big = defineMethod({
  direction: "client→broker",
  title: "Return a large string",
  capability: null,
  params: z.strictObject({ bytes: z.number().int() }),
  result: z.string(),
});
const served = { echo, hold, nothing, big };
type Served = typeof served;

const pageChanged = defineEvent({
  direction: "provider→broker",
  title: "A page changed",
  capability: null,
  value: z.strictObject({ sequence: z.number().int().nonnegative() }),
});
const events = { "page.changed": pageChanged };

// --- Harness ---------------------------------------------------------------

/** Let every queued microtask and the timers due now run. */
function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A transport whose sent messages are recorded, and whose `send` can be made to throw. */
function tap(transport: Transport): {
  transport: Transport;
  sent: unknown[];
  failWith: (decide: ((message: unknown) => Error | undefined) | undefined) => void;
} {
  const sent: unknown[] = [];
  let decide: ((message: unknown) => Error | undefined) | undefined;
  const wrapped: Transport = {
    start: () => transport.start(),
    close: () => transport.close(),
    send(message) {
      const error = decide?.(message);
      if (error !== undefined) throw error;
      sent.push(message);
      transport.send(message);
    },
  };
  transport.onmessage = (message) => wrapped.onmessage?.(message);
  transport.onclose = () => wrapped.onclose?.();
  transport.onerror = (error) => wrapped.onerror?.(error);
  return { transport: wrapped, sent, failWith: (next) => decide = next };
}

/** The far end of a connection, driven by hand: raw envelopes in and out. */
class Raw {
  readonly received: unknown[] = [];
  readonly closed: Promise<void>;
  readonly #transport: Transport;
  #waiter: (() => void) | undefined;

  constructor(transport: Transport) {
    this.#transport = transport;
    const { promise, resolve } = Promise.withResolvers<void>();
    this.closed = promise;
    transport.onmessage = (message) => {
      this.received.push(message);
      this.#waiter?.();
    };
    transport.onclose = () => resolve();
    transport.start();
  }

  send(message: unknown): void {
    this.#transport.send(message);
  }

  close(): void {
    this.#transport.close();
  }

  /** Wait until `count` messages have arrived in all. */
  async receive(count: number): Promise<unknown[]> {
    while (this.received.length < count) {
      const { promise, resolve } = Promise.withResolvers<void>();
      this.#waiter = resolve;
      await promise;
    }
    return this.received;
  }
}

interface ServerOptions {
  maxInFlight?: number;
  rememberedIds?: number;
  admit?: (method: string, params: Record<string, unknown>) => ErrorCode | undefined;
  handlers?: Partial<Handlers<Served>>;
}

/** A peer serving `served`, talked to by a raw far end. */
function server(options: ServerOptions = {}) {
  const [near, far] = memoryTransportPair();
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  const diagnostics: string[] = [];
  const closeReasons: ErrorCode[] = [];
  const gate = Promise.withResolvers<void>();
  const handlers: Handlers<Served> = {
    echo: ({ text }) => {
      calls.push("echo");
      return { text };
    },
    hold: async (_params, { signal }) => {
      calls.push("hold");
      signals.push(signal);
      const aborted = new Promise<void>((resolve) =>
        signal.addEventListener("abort", () => resolve())
      );
      await Promise.race([gate.promise, aborted]);
      signal.throwIfAborted();
      return null;
    },
    nothing: () => {
      calls.push("nothing");
    },
    big: ({ bytes }) => {
      calls.push("big");
      return "x".repeat(bytes);
    },
    ...options.handlers,
  };
  const peer = new Peer({
    transport: near,
    local: served,
    remote: {},
    handlers,
    maxInFlight: options.maxInFlight,
    rememberedIds: options.rememberedIds,
    admit: options.admit,
    onClose: (reason) => closeReasons.push(reason),
    onDiagnostic: (event) => diagnostics.push(event),
  });
  const raw = new Raw(far);
  return { peer, raw, calls, signals, diagnostics, closeReasons, release: () => gate.resolve() };
}

/** A peer calling `served`, answered by a raw far end whose frames are recorded. */
function client(options: { maxInFlight?: number; unmatchedResponses?: "ignore" | "close" } = {}) {
  const [near, far] = memoryTransportPair();
  const tapped = tap(near);
  const diagnostics: string[] = [];
  const peer = new Peer({
    transport: tapped.transport,
    local: {},
    remote: served,
    handlers: {},
    incomingEvents: events,
    maxInFlight: options.maxInFlight,
    unmatchedResponses: options.unmatchedResponses,
    onDiagnostic: (event) => diagnostics.push(event),
  });
  const raw = new Raw(far);
  return { peer, raw, sent: tapped.sent, failWith: tapped.failWith, diagnostics };
}

function request(id: string, method: string, params: Record<string, unknown> = {}) {
  return { type: "request", id, method, params };
}
function failure(id: string, code: ErrorCode) {
  return { type: "response", id, ok: false, code };
}
function success(id: string, value: unknown) {
  return { type: "response", id, ok: true, value };
}

/** The ID of a request frame the client sent. */
function idOf(frame: unknown): string {
  const parsed = z.object({ id: z.string() }).parse(frame);
  return parsed.id;
}

function rejectsWith(code: ErrorCode): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof LeashError, `expected LeashError ${code}, got ${String(error)}`);
    assert.equal(error.code, code);
    return true;
  };
}

// --- Two peers -------------------------------------------------------------

Deno.test("Peer answers requests from another Peer with validated results", async () => {
  const [a, b] = memoryTransportPair();
  const received: number[] = [];
  const broker = new Peer({
    transport: a,
    local: served,
    remote: {},
    handlers: {
      echo: ({ text }) => ({ text: text.toUpperCase() }),
      hold: () => null,
      nothing: () => {},
      big: ({ bytes }) => "x".repeat(bytes),
    },
    incomingEvents: events,
    onEvent: (event, value) => {
      assert.equal(event, "page.changed");
      received.push(value.sequence);
    },
  });
  const provider = new Peer({
    transport: b,
    local: {},
    remote: served,
    handlers: {},
    outgoingEvents: events,
  });

  assert.deepEqual(await provider.request("echo", { text: "hi" }), { text: "HI" });
  assert.equal(await provider.request("nothing", {}), undefined);
  assert.equal(await provider.request("hold", {}), null);
  provider.emit("page.changed", { sequence: 7 });
  await flush();
  assert.deepEqual(received, [7]);

  provider.close();
  assert.equal(await broker.closed, "CONNECTION_LOST");
  assert.equal(await provider.closed, "CONNECTION_LOST");
  assert.equal(broker.state, "closed");
});

// --- Incoming requests -----------------------------------------------------

Deno.test("Peer sends a void result as an explicit null and strips undeclared result fields", async () => {
  const s = server({
    handlers: {
      echo: ({ text }) => Object.assign({ text }, { secret: "internal" }),
    },
  });
  s.raw.send(request("1", "nothing"));
  s.raw.send(request("2", "echo", { text: "a" }));
  assert.deepEqual(await s.raw.receive(2), [success("1", null), success("2", { text: "a" })]);
  s.peer.close();
});

Deno.test("Peer answers UNKNOWN_METHOD for a method not in its table, inherited names included", async () => {
  const s = server();
  s.raw.send(request("1", "nope"));
  s.raw.send(request("2", "constructor"));
  s.raw.send(request("3", "toString"));
  assert.deepEqual(await s.raw.receive(3), [
    failure("1", "UNKNOWN_METHOD"),
    failure("2", "UNKNOWN_METHOD"),
    failure("3", "UNKNOWN_METHOD"),
  ]);
  assert.equal(s.peer.state, "open");
  s.peer.close();
});

Deno.test("Peer answers UNSUPPORTED for a method this build does not serve, handler or not", async () => {
  const frames = defineMethod({
    direction: "client→broker",
    title: "A method of a capability this build does not serve",
    // Every capability the table declares is served now; one it does not know is served by none.
    capability: "runtime.unserved.v1" as Capability,
    params: z.strictObject({}),
    result: z.null(),
  });
  const table = { echo, frames };
  const [near, far] = memoryTransportPair();
  const ran: string[] = [];
  // A handler for an unserved method is never called, even when one is given.
  const handlers: Handlers<typeof table> = {
    echo: ({ text }) => ({ text }),
    frames: () => {
      ran.push("frames");
      return null;
    },
  };
  const peer = new Peer({ transport: near, local: table, remote: {}, handlers });
  const raw = new Raw(far);
  raw.send(request("1", "frames", {}));
  raw.send(request("2", "frames", { invalid: true }));
  raw.send(request("3", "echo", { text: "a" }));
  assert.deepEqual(await raw.receive(3), [
    failure("1", "UNSUPPORTED"),
    failure("2", "UNSUPPORTED"),
    success("3", { text: "a" }),
  ]);
  assert.deepEqual(ran, []);
  assert.equal(peer.state, "open");
  peer.close();
});

Deno.test("Peer answers UNSUPPORTED for a served method it was given no handler for", async () => {
  const [near, far] = memoryTransportPair();
  const handlers: Partial<Handlers<Served>> = { echo: ({ text }) => ({ text }) };
  const peer = new Peer({
    transport: near,
    local: served,
    remote: {},
    // A peer built from a handler map that lacks a method (only possible past the types).
    handlers: handlers as Handlers<Served>,
  });
  const raw = new Raw(far);
  raw.send(request("1", "hold", {}));
  raw.send(request("2", "echo", { text: "b" }));
  assert.deepEqual(await raw.receive(2), [
    failure("1", "UNSUPPORTED"),
    success("2", { text: "b" }),
  ]);
  peer.close();
});

Deno.test("Peer answers INVALID_PARAMS without running the handler", async () => {
  const s = server();
  s.raw.send(request("1", "echo", { text: 5 }));
  s.raw.send(request("2", "echo", { text: "a", extra: true }));
  assert.deepEqual(await s.raw.receive(2), [
    failure("1", "INVALID_PARAMS"),
    failure("2", "INVALID_PARAMS"),
  ]);
  assert.deepEqual(s.calls, []);
  s.peer.close();
});

Deno.test("Peer answers with the admit refusal code without running the handler", async () => {
  const s = server({ admit: (method) => method === "echo" ? "HANDSHAKE_REQUIRED" : undefined });
  s.raw.send(request("1", "echo", { text: "a" }));
  s.raw.send(request("2", "nothing"));
  assert.deepEqual(await s.raw.receive(2), [
    failure("1", "HANDSHAKE_REQUIRED"),
    success("2", null),
  ]);
  assert.deepEqual(s.calls, ["nothing"]);
  s.peer.close();
});

Deno.test("closeAfterAnswer() writes the handler's answer, then closes with the reason and answers nothing behind it", async () => {
  const self: { peer?: Peer<typeof served, Record<never, never>> } = {};
  const s = server({
    handlers: {
      echo: ({ text }, { id }) => {
        self.peer?.closeAfterAnswer(id, "INVALID_PARAMS");
        throw new LeashError("INVALID_PARAMS", { cause: text });
      },
    },
  });
  self.peer = s.peer;
  s.raw.send(request("1", "echo", { text: "a" }));
  s.raw.send(request("2", "hold"));
  await s.raw.closed;
  assert.deepEqual(s.raw.received, [failure("1", "INVALID_PARAMS")]);
  assert.deepEqual(s.closeReasons, ["INVALID_PARAMS"]);
  assert.equal(s.signals[0]?.aborted, true);
});

Deno.test("closeAfterAnswer() for a request not being served closes at once", async () => {
  const s = server();
  s.peer.closeAfterAnswer("nobody", "TIMEOUT");
  await s.raw.closed;
  assert.deepEqual(s.closeReasons, ["TIMEOUT"]);
  assert.equal(s.peer.state, "closed");
});

Deno.test("Peer hands admit the request's params as they arrived, before validation", async () => {
  const seen: unknown[] = [];
  const s = server({
    admit: (method, params) => {
      seen.push([method, params]);
      return params.text === "secret" ? "INVALID_PARAMS" : undefined;
    },
  });
  s.raw.send(request("1", "echo", { text: "secret" }));
  s.raw.send(request("2", "echo", { text: 5 }));
  assert.deepEqual(await s.raw.receive(2), [
    failure("1", "INVALID_PARAMS"),
    failure("2", "INVALID_PARAMS"),
  ]);
  assert.deepEqual(seen, [["echo", { text: "secret" }], ["echo", { text: 5 }]]);
  assert.deepEqual(s.calls, []);
  s.peer.close();
});

Deno.test("Peer answers INTERNAL when admit throws, and stays open", async () => {
  const s = server({
    admit: () => {
      throw new Error("bug in admit");
    },
  });
  s.raw.send(request("1", "nothing"));
  assert.deepEqual(await s.raw.receive(1), [failure("1", "INTERNAL")]);
  assert.deepEqual(s.calls, []);
  assert.deepEqual(s.diagnostics, ["admit-failed"]);
  assert.equal(s.peer.state, "open");
  s.peer.close();
});

Deno.test("Peer sends a handler's LeashError code and INTERNAL for any other failure, never text", async () => {
  const s = server({
    handlers: {
      echo: () => {
        throw new LeashError("STALE_TARGET", { cause: "detail that stays local" });
      },
      nothing: () => {
        throw new Error("secret internal text");
      },
    },
  });
  s.raw.send(request("1", "echo", { text: "a" }));
  s.raw.send(request("2", "nothing"));
  const frames = await s.raw.receive(2);
  assert.deepEqual(frames, [failure("1", "STALE_TARGET"), failure("2", "INTERNAL")]);
  assert.ok(!JSON.stringify(frames).includes("secret"));
  assert.ok(!JSON.stringify(frames).includes("detail"));
  assert.deepEqual(s.diagnostics, ["handler-failed"]);
  s.peer.close();
});

Deno.test("Peer answers INTERNAL when its handler's result fails the result schema", async () => {
  const s = server({
    handlers: {
      // The handler table is typed; reach past it the way a buggy handler would.
      echo: () => JSON.parse('{"text":42}'),
    },
  });
  s.raw.send(request("1", "echo", { text: "a" }));
  assert.deepEqual(await s.raw.receive(1), [failure("1", "INTERNAL")]);
  assert.deepEqual(s.diagnostics, ["invalid-result"]);
  s.peer.close();
});

Deno.test("Peer closes on a reused request ID without dispatching twice", async () => {
  const s = server();
  s.raw.send(request("1", "echo", { text: "a" }));
  assert.deepEqual(await s.raw.receive(1), [success("1", { text: "a" })]);
  s.raw.send(request("1", "echo", { text: "a" }));
  await s.raw.closed;
  assert.deepEqual(s.calls, ["echo"]);
  assert.equal(s.raw.received.length, 1);
  assert.deepEqual(s.closeReasons, ["PROTOCOL_MISMATCH"]);
  assert.ok(s.diagnostics.includes("reused-id"));
});

Deno.test("Peer closes on an ID reused while the first request still runs", async () => {
  const s = server();
  s.raw.send(request("1", "hold"));
  await flush();
  s.raw.send(request("1", "hold"));
  await s.raw.closed;
  assert.deepEqual(s.calls, ["hold"]);
  assert.equal(s.signals[0].aborted, true);
  assert.deepEqual(s.raw.received, []);
});

Deno.test("Peer closes instead of forgetting an ID when rememberedIds would be exceeded", async () => {
  const s = server({ rememberedIds: 3 });
  for (const id of ["1", "2", "3"]) s.raw.send(request(id, "nothing"));
  assert.equal((await s.raw.receive(3)).length, 3);
  s.raw.send(request("4", "nothing"));
  await s.raw.closed;
  assert.deepEqual(s.calls, ["nothing", "nothing", "nothing"]);
  assert.equal(s.raw.received.length, 3);
  assert.deepEqual(s.closeReasons, ["QUEUE_FULL"]);
});

Deno.test("Peer answers QUEUE_FULL above maxInFlight and still remembers that ID", async () => {
  const s = server({ maxInFlight: 2 });
  s.raw.send(request("1", "hold"));
  s.raw.send(request("2", "hold"));
  s.raw.send(request("3", "hold"));
  assert.deepEqual(await s.raw.receive(1), [failure("3", "QUEUE_FULL")]);
  s.release();
  assert.deepEqual((await s.raw.receive(3)).slice(1), [success("1", null), success("2", null)]);
  // The slot is free again, but the refused ID stays used.
  s.raw.send(request("3", "hold"));
  await s.raw.closed;
  assert.deepEqual(s.closeReasons, ["PROTOCOL_MISMATCH"]);
});

Deno.test("Peer runs 32 requests at once by default and answers the 33rd QUEUE_FULL", async () => {
  const s = server();
  for (let i = 1; i <= 33; i++) s.raw.send(request(`r${i}`, "hold"));
  assert.deepEqual(await s.raw.receive(1), [failure("r33", "QUEUE_FULL")]);
  await flush();
  assert.equal(s.calls.length, 32);
  s.release();
  const frames = await s.raw.receive(33);
  assert.equal(frames.filter((frame) => JSON.stringify(frame).includes('"ok":true')).length, 32);
  s.peer.close();
});

// --- Cancellation of incoming requests -------------------------------------

Deno.test("Peer aborts a running handler on cancel and answers CANCELLED once", async () => {
  const s = server();
  s.raw.send(request("1", "hold"));
  await flush();
  assert.equal(s.signals.length, 1);
  s.raw.send({ type: "cancel", id: "1" });
  assert.deepEqual(await s.raw.receive(1), [failure("1", "CANCELLED")]);
  assert.equal(s.signals[0].aborted, true);
  s.raw.send({ type: "cancel", id: "1" });
  await flush();
  assert.equal(s.raw.received.length, 1);
  assert.equal(s.peer.state, "open");
  s.peer.close();
});

Deno.test("Peer answers CANCELLED even when a cancelled handler returns normally", async () => {
  let finish = () => {};
  const s = server({
    handlers: {
      echo: ({ text }, { signal }) =>
        new Promise((resolve) => {
          finish = () => resolve({ text });
          signal.addEventListener("abort", () => finish());
        }),
    },
  });
  s.raw.send(request("1", "echo", { text: "a" }));
  await flush();
  s.raw.send({ type: "cancel", id: "1" });
  assert.deepEqual(await s.raw.receive(1), [failure("1", "CANCELLED")]);
  s.peer.close();
});

Deno.test("Peer honours a cancel that arrives before its request", async () => {
  const s = server();
  s.raw.send({ type: "cancel", id: "1" });
  s.raw.send(request("1", "echo", { text: "a" }));
  assert.deepEqual(await s.raw.receive(1), [failure("1", "CANCELLED")]);
  assert.deepEqual(s.calls, []);
  // The request is now remembered like any other.
  s.raw.send(request("1", "echo", { text: "a" }));
  await s.raw.closed;
  assert.deepEqual(s.calls, []);
});

Deno.test("Peer honours a cancel that arrives while its request waits to start", async () => {
  const s = server();
  // Delivered one after the other, before the handler's start is due.
  s.raw.send(request("1", "echo", { text: "a" }));
  s.raw.send({ type: "cancel", id: "1" });
  assert.deepEqual(await s.raw.receive(1), [failure("1", "CANCELLED")]);
  assert.deepEqual(s.calls, []);
  s.peer.close();
});

Deno.test("Peer ignores a cancel for a completed request", async () => {
  // Room for two IDs: remembering the cancel as well would close at request 2.
  const s = server({ rememberedIds: 2 });
  s.raw.send(request("1", "echo", { text: "a" }));
  await s.raw.receive(1);
  s.raw.send({ type: "cancel", id: "1" });
  s.raw.send(request("2", "echo", { text: "b" }));
  assert.deepEqual(await s.raw.receive(2), [
    success("1", { text: "a" }),
    success("2", { text: "b" }),
  ]);
  assert.equal(s.peer.state, "open");
  s.peer.close();
});

Deno.test("Peer counts early cancels against rememberedIds and closes when they would pass it", async () => {
  const s = server({ rememberedIds: 2 });
  s.raw.send({ type: "cancel", id: "x" });
  s.raw.send({ type: "cancel", id: "y" });
  s.raw.send({ type: "cancel", id: "z" });
  await s.raw.closed;
  assert.deepEqual(s.closeReasons, ["QUEUE_FULL"]);
});

// --- Outgoing requests -----------------------------------------------------

Deno.test("Peer generates distinct request IDs", async () => {
  const c = client();
  const calls = [1, 2, 3].map((n) => c.peer.request("echo", { text: `${n}` }));
  const frames = await c.raw.receive(3);
  const ids = frames.map(idOf);
  assert.equal(new Set(ids).size, 3);
  for (const id of ids.reverse()) c.raw.send(success(id, { text: id }));
  assert.deepEqual((await Promise.all(calls)).map((r) => r.text), frames.map(idOf));
  c.peer.close();
});

Deno.test("Peer rejects invalid outgoing params with INVALID_PARAMS and sends nothing", async () => {
  const c = client();
  // @ts-expect-error: the method table forbids this, and so does the runtime check.
  await assert.rejects(c.peer.request("echo", { text: 5 }), rejectsWith("INVALID_PARAMS"));
  await assert.rejects(
    c.peer.request("echo", { text: "far too long for the schema" }),
    rejectsWith("INVALID_PARAMS"),
  );
  await flush();
  assert.deepEqual(c.sent, []);
  c.peer.close();
});

Deno.test("Peer rejects a request beyond maxInFlight with QUEUE_FULL and sends nothing", async () => {
  const c = client({ maxInFlight: 2 });
  const first = c.peer.request("hold", {});
  const second = c.peer.request("hold", {});
  await assert.rejects(c.peer.request("hold", {}), rejectsWith("QUEUE_FULL"));
  assert.equal(c.sent.length, 2);
  c.raw.send(success(idOf(c.sent[0]), null));
  assert.equal(await first, null);
  // A finished call frees its slot.
  const third = c.peer.request("hold", {});
  assert.equal(c.sent.length, 3);
  c.peer.close();
  await assert.rejects(second, rejectsWith("CONNECTION_LOST"));
  await assert.rejects(third, rejectsWith("CONNECTION_LOST"));
});

Deno.test("Peer rejects with the remote code of an error response", async () => {
  const c = client();
  const call = c.peer.request("echo", { text: "a" });
  const [frame] = await c.raw.receive(1);
  c.raw.send(failure(idOf(frame), "STALE_LEASE"));
  await assert.rejects(call, rejectsWith("STALE_LEASE"));
  c.peer.close();
});

Deno.test("Peer rejects INVALID_RESULT for a value that fails the result schema", async () => {
  const c = client();
  const call = c.peer.request("echo", { text: "a" });
  const [frame] = await c.raw.receive(1);
  c.raw.send(success(idOf(frame), { text: 1 }));
  await assert.rejects(call, rejectsWith("INVALID_RESULT"));
  assert.equal(c.peer.state, "open");
  assert.deepEqual(c.diagnostics, ["invalid-remote-result"]);
  c.peer.close();
});

Deno.test("Peer sends a cancel and rejects TIMEOUT when a request times out", async () => {
  const c = client();
  const call = c.peer.request("hold", {}, { timeoutMs: 1 });
  await assert.rejects(call, rejectsWith("TIMEOUT"));
  const frames = await c.raw.receive(2);
  const id = idOf(frames[0]);
  assert.deepEqual(frames[1], { type: "cancel", id });
  c.peer.close();
});

Deno.test("Peer waits without a deadline for Infinity and past the timer range", async () => {
  const c = client();
  const calls = [
    c.peer.request("echo", { text: "a" }, { timeoutMs: Infinity }),
    c.peer.request("echo", { text: "b" }, { timeoutMs: 3e9 }),
  ];
  const frames = await c.raw.receive(2);
  await flush();
  assert.equal(c.raw.received.length, 2);
  for (const frame of frames) c.raw.send(success(idOf(frame), { text: "ok" }));
  assert.deepEqual(await Promise.all(calls), [{ text: "ok" }, { text: "ok" }]);
  c.peer.close();
});

Deno.test("Peer ignores a late reply after a timeout and stays open", async () => {
  const c = client();
  await assert.rejects(
    c.peer.request("echo", { text: "a" }, { timeoutMs: 1 }),
    rejectsWith("TIMEOUT"),
  );
  const [frame] = await c.raw.receive(2);
  c.raw.send(success(idOf(frame), { text: "a" }));
  c.raw.send(failure("never-sent", "INTERNAL"));
  await flush();
  assert.equal(c.peer.state, "open");
  assert.deepEqual(c.diagnostics, ["late-response", "late-response"]);
  // The connection still works.
  const call = c.peer.request("echo", { text: "b" });
  const frames = await c.raw.receive(3);
  c.raw.send(success(idOf(frames[2]), { text: "b" }));
  assert.deepEqual(await call, { text: "b" });
  c.peer.close();
});

Deno.test("Peer closes on an unmatched response when told to", async () => {
  const c = client({ unmatchedResponses: "close" });
  c.raw.send(success("never-sent", null));
  assert.equal(await c.peer.closed, "PROTOCOL_MISMATCH");
});

Deno.test("Peer keeps a typed abort reason local and sends only a cancel", async () => {
  const c = client();
  const controller = new AbortController();
  const call = c.peer.request("hold", {}, { signal: controller.signal });
  const [frame] = await c.raw.receive(1);
  const reason = new LeashError("STALE_LEASE", { cause: "lease revoked by Stop" });
  controller.abort(reason);
  await assert.rejects(call, (error) => error === reason);
  const frames = await c.raw.receive(2);
  assert.deepEqual(frames[1], { type: "cancel", id: idOf(frame) });
  assert.ok(!JSON.stringify(frames).includes("Stop"));
  c.peer.close();
});

Deno.test("Peer rejects CANCELLED for an abort whose reason is not a LeashError", async () => {
  const c = client();
  const controller = new AbortController();
  const call = c.peer.request("hold", {}, { signal: controller.signal });
  controller.abort(new Error("private reason"));
  await assert.rejects(call, rejectsWith("CANCELLED"));
  const frames = await c.raw.receive(2);
  assert.deepEqual(frames[1], { type: "cancel", id: idOf(frames[0]) });
  c.peer.close();
});

Deno.test("Peer sends nothing for a signal that is already aborted", async () => {
  const c = client();
  const reason = new LeashError("TIMEOUT");
  await assert.rejects(
    c.peer.request("hold", {}, { signal: AbortSignal.abort(reason) }),
    (error) => error === reason,
  );
  await flush();
  assert.deepEqual(c.sent, []);
  c.peer.close();
});

// --- Sending failures ------------------------------------------------------

Deno.test("Peer rejects a caller with the transport's error when its request cannot be sent", async () => {
  const c = client();
  c.failWith(() => new LeashError("QUEUE_FULL"));
  await assert.rejects(c.peer.request("echo", { text: "a" }), rejectsWith("QUEUE_FULL"));
  c.failWith(undefined);
  assert.equal(c.peer.state, "open");
  c.peer.close();
});

Deno.test("Peer answers RESULT_TOO_LARGE when a result is over the frame cap", async () => {
  const s = server();
  s.raw.send(request("1", "big", { bytes: 2_000_000 }));
  s.raw.send(request("2", "big", { bytes: 3 }));
  assert.deepEqual(await s.raw.receive(2), [failure("1", "RESULT_TOO_LARGE"), success("2", "xxx")]);
  assert.equal(s.peer.state, "open");
  s.peer.close();
});

Deno.test("Peer closes when even the error response cannot be sent", async () => {
  const [near, far] = memoryTransportPair();
  const tapped = tap(near);
  tapped.failWith((message) =>
    JSON.stringify(message).includes('"response"') ? new LeashError("QUEUE_FULL") : undefined
  );
  const peer = new Peer({
    transport: tapped.transport,
    local: { echo },
    remote: {},
    handlers: { echo: ({ text }) => ({ text }) },
  });
  const raw = new Raw(far);
  raw.send(request("1", "echo", { text: "a" }));
  assert.equal(await peer.closed, "QUEUE_FULL");
  await raw.closed;
  assert.deepEqual(raw.received, []);
});

// --- Malformed input and closing ---------------------------------------------

const malformed: [string, unknown][] = [
  ["a string", "request"],
  ["null", null],
  ["an unknown type", { type: "goodbye" }],
  ["an extra field", { type: "cancel", id: "1", reason: "x" }],
  ["an empty ID", { type: "cancel", id: "" }],
  ["a bad method name", request("1", "1bad")],
  ["array params", { type: "request", id: "1", method: "echo", params: [] }],
  ["an unknown error code", { type: "response", id: "1", ok: false, code: "NOPE" }],
  ["error text", { type: "response", id: "1", ok: false, code: "INTERNAL", message: "x" }],
];
for (const [what, message] of malformed) {
  Deno.test(`Peer closes on a malformed envelope (${what}) and pending callers get CONNECTION_LOST`, async () => {
    const c = client();
    const call = c.peer.request("hold", {});
    await c.raw.receive(1);
    c.raw.send(message);
    await assert.rejects(call, rejectsWith("CONNECTION_LOST"));
    assert.equal(await c.peer.closed, "PROTOCOL_MISMATCH");
    assert.ok(c.diagnostics.includes("malformed-envelope"));
    await c.raw.closed;
  });
}

Deno.test("Peer close rejects pending calls, aborts handlers and is idempotent", async () => {
  const [a, b] = memoryTransportPair();
  const signals: AbortSignal[] = [];
  const closes: ErrorCode[] = [];
  const left = new Peer({
    transport: a,
    local: served,
    remote: served,
    handlers: {
      echo: ({ text }) => ({ text }),
      hold: (_params, { signal }) => {
        signals.push(signal);
        return new Promise<null>(() => {});
      },
      nothing: () => {},
      big: () => "",
    },
    outgoingEvents: events,
    onClose: (reason) => closes.push(reason),
  });
  const right = new Peer({
    transport: b,
    local: served,
    remote: served,
    handlers: {
      echo: ({ text }) => ({ text }),
      hold: () => new Promise<null>(() => {}),
      nothing: () => {},
      big: () => "",
    },
  });
  const outgoing = left.request("hold", {});
  void right.request("hold", {}).catch(() => {});
  await flush();
  assert.equal(signals.length, 1);

  left.close("UNAUTHENTICATED");
  left.close();
  assert.equal(left.state, "closed");
  assert.equal(signals[0].aborted, true);
  await assert.rejects(outgoing, rejectsWith("CONNECTION_LOST"));
  assert.equal(await left.closed, "UNAUTHENTICATED");
  assert.deepEqual(closes, ["UNAUTHENTICATED"]);
  await assert.rejects(left.request("echo", { text: "a" }), rejectsWith("CONNECTION_LOST"));
  assert.throws(() => left.emit("page.changed", { sequence: 1 }), rejectsWith("CONNECTION_LOST"));
  assert.equal(await right.closed, "CONNECTION_LOST");
});

Deno.test("Peer passes through closing while handlers are being aborted", async () => {
  const states: string[] = [];
  const seen: { peer?: Peer<Served, Record<never, never>> } = {};
  const s = server({
    handlers: {
      hold: (_params, { signal }) =>
        new Promise<null>((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            states.push(seen.peer?.state ?? "none");
            reject(signal.reason);
          });
        }),
    },
  });
  seen.peer = s.peer;
  s.raw.send(request("1", "hold"));
  await flush();
  s.peer.close();
  assert.deepEqual(states, ["closing"]);
  assert.equal(s.peer.state, "closed");
});

Deno.test("Peer closes with CONNECTION_LOST when the transport closes", async () => {
  const c = client();
  const call = c.peer.request("hold", {});
  c.raw.close();
  await assert.rejects(call, rejectsWith("CONNECTION_LOST"));
  assert.equal(await c.peer.closed, "CONNECTION_LOST");
});

// --- Events ----------------------------------------------------------------

Deno.test("Peer validates emitted events and sends nothing for an invalid one", async () => {
  const [near, far] = memoryTransportPair();
  const tapped = tap(near);
  const peer = new Peer({
    transport: tapped.transport,
    local: {},
    remote: {},
    handlers: {},
    outgoingEvents: events,
  });
  const raw = new Raw(far);
  assert.throws(() => peer.emit("page.changed", { sequence: -1 }), rejectsWith("INVALID_PARAMS"));
  // @ts-expect-error: not an outgoing event.
  assert.throws(() => peer.emit("lease.revoked", {}), rejectsWith("UNKNOWN_METHOD"));
  peer.emit("page.changed", { sequence: 2 });
  assert.deepEqual(await raw.receive(1), [
    { type: "event", event: "page.changed", value: { sequence: 2 } },
  ]);
  assert.equal(tapped.sent.length, 1);
  peer.close();
});

Deno.test("Peer closes on an incoming event with an unknown name", async () => {
  const c = client();
  c.raw.send({ type: "event", event: "lease.revoked", value: {} });
  assert.equal(await c.peer.closed, "PROTOCOL_MISMATCH");
  assert.ok(c.diagnostics.includes("unknown-event"));
});

Deno.test("Peer closes on an incoming event with an invalid value", async () => {
  const c = client();
  c.raw.send({ type: "event", event: "page.changed", value: { sequence: "1" } });
  assert.equal(await c.peer.closed, "PROTOCOL_MISMATCH");
  assert.ok(c.diagnostics.includes("invalid-event"));
});

Deno.test("Peer closes on any incoming event when it accepts none", async () => {
  const s = server();
  s.raw.send({ type: "event", event: "page.changed", value: { sequence: 1 } });
  await s.raw.closed;
  assert.deepEqual(s.closeReasons, ["PROTOCOL_MISMATCH"]);
});

// --- Error details ---------------------------------------------------------

Deno.test("Peer sends a LeashError's detail beside its code, bounded, and drops one that does not fit", async () => {
  const s = server({
    handlers: {
      echo: () => {
        throw new LeashError("TARGET_COVERED", {
          detail: { reason: "covered", by: { role: "dialog", name: "n".repeat(500) } },
        });
      },
      nothing: () => {
        throw new LeashError("TARGET_NOT_INTERACTABLE", {
          detail: { reason: "wrongKind", use: "not a kind" },
        });
      },
    },
  });
  s.raw.send(request("1", "echo", { text: "a" }));
  s.raw.send(request("2", "nothing"));
  const [covered, refused] = await s.raw.receive(2);
  const name = "n".repeat(199) + "…";
  assert.deepEqual(covered, {
    ...failure("1", "TARGET_COVERED"),
    detail: { reason: "covered", by: { role: "dialog", name } },
  });
  assert.deepEqual(refused, failure("2", "TARGET_NOT_INTERACTABLE"));
  s.peer.close();
});

Deno.test("Peer rejects a call with the remote's detail", async () => {
  const [a, b] = memoryTransportPair();
  const broker = new Peer({
    transport: a,
    local: served,
    remote: {},
    handlers: {
      echo: () => {
        throw new LeashError("TARGET_NOT_INTERACTABLE", {
          detail: { reason: "moving" },
        });
      },
      hold: () => null,
      nothing: () => {},
      big: () => "",
    },
  });
  const client = new Peer({ transport: b, local: {}, remote: served, handlers: {} });
  await assert.rejects(client.request("echo", { text: "x" }), (error) => {
    assert.ok(error instanceof LeashError);
    assert.equal(error.code, "TARGET_NOT_INTERACTABLE");
    assert.deepEqual(error.detail, { reason: "moving" });
    return true;
  });
  client.close();
  await broker.closed;
});
