/**
 * The real Broker process: what it leaves on disk, how it refuses to start,
 * how a second instance and a crashed one are handled, and how it stops.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runtimePath } from "../../local/dirs.ts";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";
import { closedMark, isRecord, RawSocket } from "./_raw_socket.ts";
import { specClientHello } from "./_hellos.ts";

async function mode(path: string): Promise<number> {
  const info = await Deno.lstat(path);
  assert.notEqual(info.mode, null);
  return (info.mode ?? 0) & 0o777;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Run `leash serve` to its exit (it is expected to refuse), returning code and stderr. */
async function refusedStart(dirs: { runtimeDir: string; stateDir: string }) {
  const broker = BrokerProcess.spawn(dirs);
  // A Broker that wrongly starts is killed rather than left to hang the test.
  const timer = setTimeout(() => broker.stop("SIGKILL"), 10_000);
  const status = await broker.stop("SIGCONT");
  clearTimeout(timer);
  return { code: status.code, stderr: broker.stderr };
}

Deno.test("broker creates a 0700 runtime dir with a 0600 socket and a 0600 64-hex token, and removes them on SIGTERM", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    assert.equal(await mode(dirs.runtimeDir), 0o700);
    assert.equal(await mode(broker.socketPath), 0o600);
    const tokenPath = runtimePath(dirs.runtimeDir, "token");
    assert.equal(await mode(tokenPath), 0o600);
    assert.match(await broker.token(), /^[0-9a-f]{64}$/);
    assert.ok((await Deno.lstat(broker.socketPath)).isSocket);
  } finally {
    const status = await broker.stop("SIGTERM");
    assert.equal(status.code, 0);
  }
  assert.equal(await exists(broker.socketPath), false);
  assert.equal(await exists(runtimePath(dirs.runtimeDir, "token")), false);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("a SIGTERM the moment the Broker listens still ends it cleanly, its files removed", async () => {
  // The signal listeners are in place before the socket listens: a stop that came in between
  // once took the default action (exit 143) and left the socket and the token behind.
  for (let round = 0; round < 5; round++) {
    const dirs = await freshDirs();
    const broker = await BrokerProcess.start(dirs);
    const status = await broker.stop("SIGTERM");
    assert.equal(status.code, 0, `round ${round}: ${broker.stderr}`);
    assert.equal(await exists(broker.socketPath), false);
    assert.equal(await exists(runtimePath(dirs.runtimeDir, "token")), false);
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("broker writes a new token at every start", async () => {
  const dirs = await freshDirs();
  const first = await BrokerProcess.start(dirs);
  const firstToken = await first.token();
  await first.stop();
  const second = await BrokerProcess.start(dirs);
  const secondToken = await second.token();
  await second.stop();
  assert.notEqual(firstToken, secondToken);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("a second broker on the same runtime dir exits non-zero and the first keeps serving", async () => {
  const dirs = await freshDirs();
  const first = await BrokerProcess.start(dirs);
  try {
    const token = await first.token();
    const second = await refusedStart(dirs);
    assert.equal(second.code, 1);
    assert.match(second.stderr, /another Broker is running/);
    assert.equal(await first.token(), token, "the first Broker's token is untouched");
    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
    assert.deepEqual(await client.call("browser.instances", {}), []);
    client.close();
  } finally {
    await first.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("a broker replaces the stale socket a killed broker left behind", async () => {
  const dirs = await freshDirs();
  const crashed = await BrokerProcess.start(dirs);
  await crashed.stop("SIGKILL");
  assert.ok(await exists(crashed.socketPath), "SIGKILL leaves the socket file");
  const next = await BrokerProcess.start(dirs);
  try {
    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
    assert.deepEqual(await client.call("browser.instances", {}), []);
    client.close();
    assert.ok(next.logLines.some((line) => line.event === "stale-socket-replaced"));
  } finally {
    await next.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("SIGTERM gives pending callers CONNECTION_LOST and removes the socket", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  const token = await broker.token();
  const provider = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token,
    holdTabs: true,
  });
  const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
  const pending = client.call("browser.tabs", { instance: "opaque-instance" }).catch((e) => e);
  // Wait until the call reached the provider, so it is really pending in the Broker.
  while (provider.started === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  const status = await broker.stop("SIGTERM");
  assert.ok(isLeashError(await pending, "CONNECTION_LOST"));
  assert.equal(await provider.closed, "CONNECTION_LOST");
  assert.equal(status.code, 0);
  assert.equal(await exists(broker.socketPath), false);
  assert.ok(broker.logLines.some((line) => line.event === "stopped"));
  assert.ok(!broker.stderr.includes(token), "the token never reaches the log");
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("broker refuses an existing runtime dir that group or others can enter", async () => {
  const dirs = await freshDirs();
  await Deno.mkdir(dirs.runtimeDir, { mode: 0o755 });
  await Deno.chmod(dirs.runtimeDir, 0o755);
  const { code, stderr } = await refusedStart(dirs);
  assert.equal(code, 1);
  assert.match(stderr, /accessible to group or others \(mode 0755\)/);
  assert.equal(await exists(runtimePath(dirs.runtimeDir, "token")), false);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("broker refuses a runtime dir that is a symlink, even to a private dir", async () => {
  const dirs = await freshDirs();
  const real = join(dirs.root, "real");
  await Deno.mkdir(real, { mode: 0o700 });
  await Deno.symlink(real, dirs.runtimeDir);
  const { code, stderr } = await refusedStart(dirs);
  assert.equal(code, 1);
  assert.match(stderr, /is a symlink/);
  assert.deepEqual([...Deno.readDirSync(real)], [], "nothing was written through the link");
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test({
  name: "broker refuses a runtime dir owned by another user",
  ignore: Deno.uid() !== 0,
  fn: async () => {
    const dirs = await freshDirs();
    await Deno.mkdir(dirs.runtimeDir, { mode: 0o700 });
    await Deno.chown(dirs.runtimeDir, 65534, 65534);
    const { code, stderr } = await refusedStart(dirs);
    assert.equal(code, 1);
    assert.match(stderr, /owned by uid 65534/);
    await Deno.remove(dirs.root, { recursive: true });
  },
});

Deno.test("a silent peer is closed when the 3-second hello window passes while a client keeps working", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const silent = await RawSocket.connect(broker.socketPath);
    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
    assert.deepEqual(await client.call("browser.instances", {}), []);
    assert.equal(await silent.next(6_000), closedMark);
    assert.deepEqual(await client.call("browser.instances", {}), []);
    assert.ok(broker.logLines.some((line) => line.event === "handshake-timeout"));
    client.close();
    silent.close();
  } finally {
    await broker.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});

/** Resolve at `at` (a `Date.now()` value), or at once when it has passed. */
function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}

function wrongToken(token: string): string {
  return "f".repeat(64) === token ? "e".repeat(64) : "f".repeat(64);
}

Deno.test("after a refused hello, a second hello 1 s into the real 3-second window is welcomed and the connection lives on", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const token = await broker.token();
    const socket = await RawSocket.connect(broker.socketPath);
    const connected = Date.now();
    assert.deepEqual(await socket.request("h1", "hello", specClientHello(wrongToken(token))), {
      type: "response",
      id: "h1",
      ok: false,
      code: "UNAUTHENTICATED",
    });
    await sleepUntil(connected + 1_000);
    const welcome = await socket.request("h2", "hello", specClientHello(token));
    assert.ok(isRecord(welcome) && welcome.ok === true, JSON.stringify(welcome));
    // The welcome ended the window: past its end the connection still serves.
    await sleepUntil(connected + 3_500);
    assert.deepEqual(await socket.request("r1", "browser.instances", {}), {
      type: "response",
      id: "r1",
      ok: true,
      value: [],
    });
    socket.close();
    assert.ok(!broker.stderr.includes(token), "the token never reaches the log");
  } finally {
    await broker.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("refused hellos do not extend the real 3-second window: a hello at 3.5 s finds the socket closed", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const token = await broker.token();
    const socket = await RawSocket.connect(broker.socketPath);
    const connected = Date.now();
    const mismatch = { ...specClientHello(token), versions: [2] };
    assert.deepEqual(await socket.request("h1", "hello", mismatch), {
      type: "response",
      id: "h1",
      ok: false,
      code: "PROTOCOL_MISMATCH",
    });
    // Late in the window a schema-valid refusal is still answered, and the socket stays.
    await sleepUntil(connected + 2_500);
    assert.deepEqual(await socket.request("h2", "hello", specClientHello(wrongToken(token))), {
      type: "response",
      id: "h2",
      ok: false,
      code: "UNAUTHENTICATED",
    });
    assert.equal(await socket.next(6_000), closedMark);
    const closedAfter = Date.now() - connected;
    assert.ok(closedAfter >= 2_800, `closed ${closedAfter} ms after connecting`);
    await sleepUntil(connected + 3_500);
    assert.equal(await socket.request("h3", "hello", specClientHello(token)), closedMark);
    const timeouts = broker.logLines.filter((line) => line.event === "handshake-timeout");
    assert.equal(timeouts.length, 1);
    assert.equal(broker.logLines.filter((line) => line.event === "hello-accepted").length, 0);
  } finally {
    await broker.stop();
  }
  await Deno.remove(dirs.root, { recursive: true });
});
