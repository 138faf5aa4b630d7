/**
 * The hello matrix over a real Unix socket, against an in-process Broker
 * with a short hello window (the real 3-second window is exercised against
 * the Broker process in broker_lifecycle_test.ts).
 */
import assert from "node:assert/strict";
import { personalModeCapability, runtimeCapabilities } from "../../contracts/capabilities.ts";
import { WelcomeSchema } from "../../contracts/hello.ts";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { specClientHello, specClientHelloAsWritten, specProviderHello } from "./_hellos.ts";
import { startInProcess, until } from "./_in_process.ts";
import { closedMark, frame, isRecord, RawSocket } from "./_raw_socket.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const windowMs = 400;

function failure(code: string, id: string) {
  return { type: "response", id, ok: false, code };
}

/** Send `requests` as frames in one write, so the Broker reads them together. */
async function pipelined(socket: RawSocket, requests: Array<[string, string, unknown]>) {
  const frames = requests.map(([id, method, params]) =>
    frame({ type: "request", id, method, params })
  );
  const joined = new Uint8Array(frames.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of frames) {
    joined.set(part, at);
    at += part.length;
  }
  await socket.sendBytes(joined);
}

/** The next `count` frames (fewer when the socket closes first), waiting at most `timeoutMs`. */
async function framesOf(socket: RawSocket, count: number, timeoutMs = 10_000) {
  const frames: unknown[] = [];
  const deadline = Date.now() + timeoutMs;
  while (frames.length < count) {
    const next = await socket.next(Math.max(0, deadline - Date.now()));
    if (next === closedMark || next === undefined) break;
    frames.push(next);
  }
  return frames;
}

/** Every frame until the socket closes, and whether it closed within `timeoutMs`. */
async function untilClosed(socket: RawSocket, timeoutMs = 10_000) {
  const frames: unknown[] = [];
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const next = await socket.next(Math.max(0, deadline - Date.now()));
    if (next === closedMark) return { frames, closed: true };
    if (next === undefined) return { frames, closed: false };
    frames.push(next);
  }
}

/** The next frame is the answer to a fresh `browser.instances`, with no other frame before it. */
async function servesNext(socket: RawSocket, id: string) {
  await socket.send({ type: "request", id, method: "browser.instances", params: {} });
  assert.deepEqual(await socket.next(10_000), { type: "response", id, ok: true, value: [] });
}

function wrongToken(token: string): string {
  return "f".repeat(64) === token ? "e".repeat(64) : "f".repeat(64);
}

function welcomeOf(response: unknown) {
  assert.ok(
    isRecord(response) && response.ok === true,
    `expected a welcome: ${JSON.stringify(response)}`,
  );
  return WelcomeSchema.parse(response.value);
}

Deno.test("the spec's client hello gets a schema-valid welcome and can list instances", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const response = await socket.request("h1", "hello", specClientHello(env.token));
  const welcome = welcomeOf(response);
  assert.equal(welcome.version, 1);
  assert.deepEqual(welcome.capabilities, [...runtimeCapabilities]);
  assert.ok(!JSON.stringify(response).includes(env.token), "the welcome never carries the token");
  assert.deepEqual(await socket.request("r1", "browser.instances", {}), {
    type: "response",
    id: "r1",
    ok: true,
    value: [],
  });
  socket.close();
});

Deno.test("the spec's client hello as written is welcomed; one requiring an unknown capability is PROTOCOL_MISMATCH, never a welcome then UNSUPPORTED", async () => {
  await using env = await startInProcess({ handshakeMs: 2_000 });
  // Frames and batches, the last of the spec's families, are served: its whole list is met.
  const written = await RawSocket.connect(env.socketPath);
  welcomeOf(await written.request("h1", "hello", specClientHelloAsWritten(env.token)));
  written.close();
  const socket = await RawSocket.connect(env.socketPath);
  const asWritten = specClientHelloAsWritten(env.token) as { requiredCapabilities: string[] };
  const unknown = {
    ...asWritten,
    requiredCapabilities: [...asWritten.requiredCapabilities, "runtime.teleport.v1"],
  };
  assert.deepEqual(
    await socket.request("h1", "hello", unknown),
    failure("PROTOCOL_MISMATCH", "h1"),
  );
  // A schema-valid refusal leaves the window open for a hello this build serves.
  welcomeOf(await socket.request("h2", "hello", specClientHello(env.token)));
  socket.close();
});

Deno.test("the spec's provider hello before token injection is UNAUTHENTICATED, and nothing registers", async () => {
  await using env = await startInProcess({ handshakeMs: 2_000 });
  const socket = await RawSocket.connect(env.socketPath);
  const { token: _, ...uninjected } = specProviderHello(env.token);
  assert.deepEqual(
    await socket.request("h1", "hello", uninjected),
    failure("UNAUTHENTICATED", "h1"),
  );
  assert.deepEqual(
    await socket.request("r1", "browser.instances", {}),
    failure("HANDSHAKE_REQUIRED", "r1"),
  );
  assert.equal(env.broker.state.registry.size, 0);
  socket.close();
});

Deno.test("each welcome carries a fresh connection epoch", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const epochs = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const socket = await RawSocket.connect(env.socketPath);
    epochs.add(
      welcomeOf(await socket.request("h", "hello", specClientHello(env.token))).connectionEpoch,
    );
    socket.close();
  }
  assert.equal(epochs.size, 3);
});

Deno.test("a wrong token gets UNAUTHENTICATED and no runtime access; a right hello inside the window still succeeds", async () => {
  await using env = await startInProcess({ handshakeMs: 2_000 });
  const socket = await RawSocket.connect(env.socketPath);
  assert.deepEqual(
    await socket.request("h1", "hello", specClientHello(wrongToken(env.token))),
    failure("UNAUTHENTICATED", "h1"),
  );
  assert.deepEqual(
    await socket.request("r1", "browser.instances", {}),
    failure("HANDSHAKE_REQUIRED", "r1"),
  );
  // A token of another length is judged the same way.
  assert.deepEqual(
    await socket.request("h2", "hello", specClientHello("x")),
    failure("UNAUTHENTICATED", "h2"),
  );
  welcomeOf(await socket.request("h3", "hello", specClientHello(env.token)));
  assert.deepEqual(await socket.request("r2", "browser.instances", {}), {
    type: "response",
    id: "r2",
    ok: true,
    value: [],
  });
  assert.ok(!env.lines.join("").includes(env.token), "the token never reaches the log");
  socket.close();
});

Deno.test("a refused hello does not extend the window: a hello after it finds the socket closed", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const hello = { ...specClientHello(env.token), versions: [2] };
  assert.deepEqual(await socket.request("h1", "hello", hello), failure("PROTOCOL_MISMATCH", "h1"));
  assert.equal(await socket.closedWithin(windowMs * 5), true);
  assert.equal(await socket.request("h2", "hello", specClientHello(env.token)), closedMark);
  assert.ok(env.lines.some((line) => line.includes('"handshake-timeout"')));
});

Deno.test("hellos are judged in arrival order: one read together with a welcomed hello is ROLE_FORBIDDEN, and the session is intact", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  for (let round = 0; round < 10; round++) {
    const socket = await RawSocket.connect(env.socketPath);
    await pipelined(socket, [
      ["h1", "hello", specClientHello(env.token)],
      ["h2", "hello", specClientHello(wrongToken(env.token))],
      ["h3", "hello", specClientHello(env.token)],
    ]);
    const frames = await framesOf(socket, 3);
    assert.equal(frames.length, 3, JSON.stringify(frames));
    welcomeOf(frames[0]);
    assert.deepEqual(frames.slice(1), [
      failure("ROLE_FORBIDDEN", "h2"),
      failure("ROLE_FORBIDDEN", "h3"),
    ]);
    assert.equal(env.broker.state.sessions.list().length, 1);
    await servesNext(socket, "r1");
    socket.close();
    await until(() => env.broker.state.sessions.list().length === 0, "the session gone");
  }
});

Deno.test("a hello read together with a schema-valid refusal is judged after it: UNAUTHENTICATED, then a welcome", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  for (let round = 0; round < 10; round++) {
    const socket = await RawSocket.connect(env.socketPath);
    await pipelined(socket, [
      ["h1", "hello", specClientHello(wrongToken(env.token))],
      ["h2", "hello", { ...specClientHello(env.token), versions: [2] }],
      ["h3", "hello", specClientHello(env.token)],
    ]);
    const frames = await framesOf(socket, 3);
    assert.equal(frames.length, 3, JSON.stringify(frames));
    assert.deepEqual(frames.slice(0, 2), [
      failure("UNAUTHENTICATED", "h1"),
      failure("PROTOCOL_MISMATCH", "h2"),
    ]);
    welcomeOf(frames[2]);
    await servesNext(socket, "r1");
    socket.close();
  }
});

Deno.test("a schema-invalid hello's refusal is written before the socket closes, and a hello behind it is never answered", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  for (let round = 0; round < 10; round++) {
    const socket = await RawSocket.connect(env.socketPath);
    await pipelined(socket, [
      ["h1", "hello", { ...specClientHello(env.token), role: "admin" }],
      ["h2", "hello", specClientHello(env.token)],
    ]);
    assert.deepEqual(await untilClosed(socket), {
      frames: [failure("INVALID_PARAMS", "h1")],
      closed: true,
    });
    assert.equal(env.broker.state.sessions.list().length, 0);
  }
});

Deno.test("a peer that never says hello is closed when the window passes", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  assert.equal(await socket.next(windowMs * 5), closedMark);
});

Deno.test("a request before the hello is answered HANDSHAKE_REQUIRED", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  assert.deepEqual(
    await socket.request("r1", "browser.instances", {}),
    failure("HANDSHAKE_REQUIRED", "r1"),
  );
  socket.close();
});

Deno.test("a hello with an unknown role is INVALID_PARAMS and closes the socket", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  const socket = await RawSocket.connect(env.socketPath);
  const hello = { ...specClientHello(env.token), role: "admin" };
  assert.deepEqual(await socket.request("h1", "hello", hello), failure("INVALID_PARAMS", "h1"));
  assert.equal(await socket.closedWithin(2_000), true);
});

Deno.test("a schema-invalid hello with a wrong token is UNAUTHENTICATED, judged before the schema", async () => {
  await using env = await startInProcess({ handshakeMs: 5_000 });
  const socket = await RawSocket.connect(env.socketPath);
  assert.deepEqual(
    await socket.request("h1", "hello", { role: "admin", token: "nope" }),
    failure("UNAUTHENTICATED", "h1"),
  );
  assert.equal(await socket.closedWithin(2_000), true);
});

Deno.test("a hello without version 1 is PROTOCOL_MISMATCH", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const hello = { ...specClientHello(env.token), versions: [2, 3] };
  assert.deepEqual(await socket.request("h1", "hello", hello), failure("PROTOCOL_MISMATCH", "h1"));
  socket.close();
});

Deno.test("a client requiring an unknown capability is PROTOCOL_MISMATCH; the SDK reports it too", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const hello = specClientHello(env.token);
  const required = hello.requiredCapabilities;
  assert.ok(Array.isArray(required));
  const withUnknown = { ...hello, requiredCapabilities: [...required, "teleport.v1"] };
  assert.deepEqual(
    await socket.request("h1", "hello", withUnknown),
    failure("PROTOCOL_MISMATCH", "h1"),
  );
  socket.close();
  await assert.rejects(
    LeashClient.connect({ runtimeDir: env.runtimeDir, requiredCapabilities: ["teleport.v1"] }),
    (error) => isLeashError(error, "PROTOCOL_MISMATCH"),
  );
});

Deno.test("a provider missing one provider capability is refused and not registered", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const hello = specProviderHello(env.token);
  const lacking = {
    ...hello,
    capabilities: hello.capabilities.filter((c) => c !== "lease.fencing.v1"),
  };
  assert.deepEqual(
    await socket.request("h1", "hello", lacking),
    failure("PROTOCOL_MISMATCH", "h1"),
  );
  assert.equal(env.broker.state.registry.size, 0);
  socket.close();
});

Deno.test("a provider may not call client methods: ROLE_FORBIDDEN", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  welcomeOf(await socket.request("h1", "hello", specProviderHello(env.token)));
  assert.deepEqual(
    await socket.request("r1", "browser.instances", {}),
    failure("ROLE_FORBIDDEN", "r1"),
  );
  socket.close();
});

Deno.test("a hello after the welcome is ROLE_FORBIDDEN", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  welcomeOf(await socket.request("h1", "hello", specClientHello(env.token)));
  assert.deepEqual(
    await socket.request("h2", "hello", specClientHello(env.token)),
    failure("ROLE_FORBIDDEN", "h2"),
  );
  socket.close();
});

Deno.test("a legacy client without journalKey or requirements is accepted with connection-local recovery", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  const legacy = { bootstrap: 1, versions: [1], role: "client", token: env.token };
  welcomeOf(await socket.request("h1", "hello", legacy));
  const [session] = env.broker.state.sessions.list();
  assert.equal(session.legacy, true);
  assert.match(session.journalScope, /^connection:/);
  socket.close();
});

Deno.test("a current client's journal key becomes its journal scope", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const client = await LeashClient.connect({
    runtimeDir: env.runtimeDir,
    journalKey: "k".repeat(64),
  });
  const [session] = env.broker.state.sessions.list();
  assert.equal(session.legacy, false);
  assert.equal(session.journalScope, "k".repeat(64));
  client.close();
});

Deno.test("only a personal-mode Broker advertises broker.personal-mode.v1", async () => {
  for (const accessMode of ["restricted", "personal"] as const) {
    await using env = await startInProcess({ handshakeMs: windowMs, accessMode });
    const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
    assert.equal(
      client.welcome.capabilities.includes(personalModeCapability),
      accessMode === "personal",
    );
    assert.equal(client.personalMode, accessMode === "personal");
    client.close();
  }
});

Deno.test("a client sending a provider event is closed", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const socket = await RawSocket.connect(env.socketPath);
  welcomeOf(await socket.request("h1", "hello", specClientHello(env.token)));
  await socket.send({
    type: "event",
    event: "lease.revoked",
    value: { leaseId: "l1", reason: "stop" },
  });
  assert.equal(await socket.closedWithin(2_000), true);
});

Deno.test("the scripted provider registers and browser.instances lists it", async () => {
  await using env = await startInProcess({ handshakeMs: windowMs });
  const provider = await ScriptedProvider.connect({ socketPath: env.socketPath, token: env.token });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const [instance, ...rest] = await client.call("browser.instances", {});
  assert.deepEqual(rest, []);
  const { connectedSince, ...identity } = instance;
  assert.deepEqual(identity, specProviderHello(env.token).instance);
  assert.ok(!Number.isNaN(Date.parse(connectedSince)));
  provider.close();
  client.close();
});
