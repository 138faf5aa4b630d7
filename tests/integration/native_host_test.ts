/**
 * The Native Host as Chrome runs it: a child process started with the
 * permission table's `host` flags, framed stdin and stdout, against the real
 * Broker — or, where a test must script the Broker's side or prove that
 * nobody connected, against a listening socket the test owns.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { encodeFrame } from "../../contracts/framing.ts";
import { AuthenticatedProviderHelloSchema } from "../../contracts/hello.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import { limits } from "../../contracts/limits.ts";
import { LeashClient } from "../../broker/client/client.ts";
import { hostExitCodes } from "../../native_host/exit_codes.ts";
import { FrameReader } from "../../local/frame_reader.ts";
import { formatHostConfig } from "../../local/host_config.ts";
import { StdioExtension } from "../reliability/_stdio_extension.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { specClientHello } from "./_hellos.ts";
import { closedMark, isRecord, RawSocket } from "./_raw_socket.ts";
import { fixtureSnapshot, ScriptedPage } from "./_scripted_page.ts";
import {
  containsText,
  events,
  helloRequest,
  HostProcess,
  type HostResult,
  onlyFrames,
  OwnedSocket,
  providerHello,
  welcomeIn,
} from "./_host_process.ts";

const otherOrigin = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";

/** A frame around `text` exactly as given (no re-serialization). */
function rawFrame(text: string | Uint8Array): Uint8Array {
  const payload = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const frame = new Uint8Array(4 + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, true);
  frame.set(payload, 4);
  return frame;
}

/** A length prefix alone, announcing `length` bytes. */
function prefixOnly(length: number): Uint8Array {
  const prefix = new Uint8Array(4);
  new DataView(prefix.buffer).setUint32(0, length, true);
  return prefix;
}

/** A host for `runtimeDir` whose config (absent unless written) is in `root`. */
function hostFor(root: string, runtimeDir: string, origin: string[] = [extensionOrigin]) {
  const hostConfig = join(root, "host.json");
  return HostProcess.spawn({
    scope: { runtimeDir, hostConfig },
    origin,
    env: { LEASH_RUNTIME_DIR: runtimeDir, LEASH_HOST_CONFIG: hostConfig },
  });
}

/** Open the relay against a socket the test owns; hands back the Broker side of it. */
async function relayToOwnedSocket(root: string) {
  const owned = await OwnedSocket.open(root);
  const host = hostFor(root, owned.runtimeDir);
  const hello = providerHello();
  await host.send(helloRequest(hello));
  const conn = await owned.connection(0);
  const fromHost = new FrameReader(conn.readable);
  const forwarded = await fromHost.next();
  return { owned, host, conn, fromHost, hello, forwarded };
}

/** Write every byte of `bytes` to `conn` (a single `write` may take only part of them). */
async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) at += await conn.write(bytes.subarray(at));
}

const fakeWelcome = {
  type: "response",
  id: "hello-1",
  ok: true,
  value: { version: 1, connectionEpoch: "epoch-1", capabilities: ["runtime.v1"] },
};

/** The frames of `result`'s stdout, which must hold nothing else. */
function framesOf(result: HostResult): unknown[] {
  return onlyFrames(result.stdout);
}

Deno.test("the host injects the token, the Broker authenticates the provider and lists it, and the welcome comes back without the token", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  const hostConfig = join(dirs.root, "host.json");
  await Deno.writeTextFile(
    hostConfig,
    formatHostConfig({ runtimeDir: dirs.runtimeDir, allowedOrigins: [] }),
  );
  try {
    // The runtime dir comes from the installed config here, not from the environment.
    const host = HostProcess.spawn({
      scope: { runtimeDir: dirs.runtimeDir, hostConfig },
      origin: [extensionOrigin],
      env: { LEASH_RUNTIME_DIR: "", LEASH_HOST_CONFIG: hostConfig },
    });
    await host.send(helloRequest(providerHello("instance-a")));
    const welcome = welcomeIn(await host.nextFrame());
    assert.ok(welcome.capabilities.includes("runtime.v1"));

    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
    const instances = await client.call("browser.instances", {});
    client.close();
    assert.deepEqual(instances.map((instance) => instance.id), ["instance-a"]);

    await host.closeStdin();
    const result = await host.result();
    assert.equal(result.code, hostExitCodes.ok);
    assert.equal(framesOf(result).length, 1);
    const token = await broker.token();
    assert.equal(containsText(result.stdout, token), false);
    assert.equal(result.stderr.includes(token), false);
    assert.ok(events(result).includes("relaying"));
    const accepted = broker.logLines.filter((line) => line.event === "hello-accepted");
    assert.deepEqual(accepted.map((line) => line.role), ["provider", "client"]);
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("the forwarded hello is the extension's hello plus the token read from the runtime dir", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const { owned, host, hello, forwarded } = await relayToOwnedSocket(root);
  try {
    assert.ok(typeof forwarded === "object" && forwarded !== null);
    const envelope = { ...forwarded };
    assert.deepEqual(Object.keys(envelope).sort(), ["id", "method", "params", "type"]);
    const params = AuthenticatedProviderHelloSchema.parse(Reflect.get(forwarded, "params"));
    assert.equal(params.token, owned.token);
    const { token: _token, ...rest } = params;
    assert.deepEqual(rest, hello);
  } finally {
    await host.closeStdin();
    assert.equal((await host.result()).code, hostExitCodes.ok);
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a caller origin that is not allowed exits 3 with empty stdout, and nothing reaches the socket", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const owned = await OwnedSocket.open(root);
  const origins = [
    otherOrigin,
    extensionOrigin.slice(0, -1),
    extensionOrigin.toUpperCase(),
    `${extensionOrigin}x`,
    "http://127.0.0.1/",
    "",
  ];
  try {
    const results = await Promise.all(origins.map(async (origin) => {
      const host = hostFor(root, owned.runtimeDir, [origin]);
      await host.send(helloRequest(providerHello())).catch(() => {});
      return await host.result();
    }));
    for (const result of results) {
      assert.equal(result.code, hostExitCodes.originRejected);
      assert.equal(result.stdout.length, 0);
      assert.deepEqual(events(result), ["origin-rejected"]);
    }
    assert.equal(await owned.connectionsSoFar(), 0);
  } finally {
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("an origin the installed config allows is served, and Windows' --parent-window argument is ignored", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const owned = await OwnedSocket.open(root);
  await Deno.writeTextFile(
    join(root, "host.json"),
    formatHostConfig({ runtimeDir: owned.runtimeDir, allowedOrigins: [otherOrigin] }),
  );
  try {
    const results = await Promise.all(
      [[otherOrigin], [extensionOrigin, "--parent-window=1234"]].map(async (args) => {
        const host = hostFor(root, owned.runtimeDir, args);
        await host.send(helloRequest(providerHello()));
        await host.closeStdin();
        return await host.result();
      }),
    );
    for (const result of results) assert.ok(events(result).includes("relaying"));
    assert.equal(await owned.connectionsSoFar(), 2);
  } finally {
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("without a caller origin the host exits 2", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  try {
    const result = await hostFor(root, join(root, "run"), []).result();
    assert.equal(result.code, hostExitCodes.usage);
    assert.equal(result.stdout.length, 0);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a first frame that is not a provider hello exits 5 before the socket is touched", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const owned = await OwnedSocket.open(root);
  const { token: _token, ...clientHello } = specClientHello("x");
  const firsts: Array<[string, Uint8Array]> = [
    ["client-hello-refused", encodeFrame(helloRequest(clientHello))],
    ["client-hello-refused", encodeFrame(helloRequest(specClientHello("a".repeat(64))))],
    ["hello-invalid", encodeFrame(helloRequest({ ...providerHello(), token: "guess" }))],
    [
      "hello-invalid",
      encodeFrame(helloRequest({ ...providerHello(), role: "provider", versions: [] })),
    ],
    [
      "hello-expected",
      encodeFrame({ type: "request", id: "1", method: "browser.instances", params: {} }),
    ],
    ["hello-expected", encodeFrame({ type: "event", event: "page.changed", value: null })],
    ["hello-not-envelope", encodeFrame({ hello: providerHello() })],
    ["hello-frame-invalid", rawFrame("{not json")],
    ["hello-frame-invalid", prefixOnly(0)],
    ["hello-frame-invalid", prefixOnly(limits.maxFrameBytes + 1)],
  ];
  try {
    const results = await Promise.all(firsts.map(async ([, bytes]) => {
      const host = hostFor(root, owned.runtimeDir);
      await host.sendBytes(bytes).catch(() => {});
      return await host.result();
    }));
    results.forEach((result, index) => {
      assert.equal(result.code, hostExitCodes.helloRejected, result.stderr);
      assert.equal(result.stdout.length, 0);
      assert.deepEqual(events(result), [firsts[index][0]]);
    });
    assert.equal(await owned.connectionsSoFar(), 0);
  } finally {
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("without a running Broker the host exits 7 and logs why", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const noToken = join(root, "empty-run");
  const staleSocket = join(root, "stale-run");
  await Deno.mkdir(noToken, { mode: 0o700 });
  await Deno.mkdir(staleSocket, { mode: 0o700 });
  await Deno.writeTextFile(join(staleSocket, "token"), `${"0".repeat(64)}\n`);
  try {
    for (const runtimeDir of [noToken, staleSocket]) {
      const host = hostFor(root, runtimeDir);
      await host.send(helloRequest(providerHello()));
      const result = await host.result();
      assert.equal(result.code, hostExitCodes.brokerUnavailable);
      assert.equal(result.stdout.length, 0);
      const [line] = result.logs;
      assert.equal(line.event, "broker-unavailable");
      assert.match(String(line.reason), /Broker running/);
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the host exits 10 when the Broker goes away mid-session, stdout still whole frames", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const host = hostFor(dirs.root, dirs.runtimeDir);
    await host.send(helloRequest(providerHello()));
    welcomeIn(await host.nextFrame());
    await broker.stop();
    const result = await host.result();
    assert.equal(result.code, hostExitCodes.brokerClosed);
    assert.equal(framesOf(result).length, 1);
    assert.ok(events(result).includes("broker-closed"));
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("malformed, oversize or non-envelope frames from the extension close the relay with 6", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  const bad: Uint8Array[] = [
    rawFrame("{not json"),
    rawFrame(new Uint8Array([0x22, 0xff, 0x22])),
    encodeFrame({ type: "request", id: "1", method: "x" }),
    encodeFrame([1, 2, 3]),
    prefixOnly(0),
    prefixOnly(limits.maxFrameBytes + 1),
  ];
  try {
    const results = await Promise.all(bad.map(async (bytes, index) => {
      const host = hostFor(dirs.root, dirs.runtimeDir);
      await host.send(helloRequest(providerHello(`instance-${index}`)));
      welcomeIn(await host.nextFrame());
      await host.sendBytes(bytes);
      return await host.result();
    }));
    for (const result of results) {
      assert.equal(result.code, hostExitCodes.extensionProtocol, result.stderr);
      assert.equal(framesOf(result).length, 1);
    }
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("Broker frames that are malformed, oversize, too large for Chrome or carry the token never reach stdout", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  // 1e21 re-serializes as 1e+21: two of them push a frame at the decoder's cap past Chrome's.
  const head = '{"type":"event","event":"x","value":[1e21,1e21,"';
  const tail = '"]}';
  const growing = head + "a".repeat(limits.maxFrameBytes - head.length - tail.length) + tail;
  const cases: Array<[number, string, (token: string) => Uint8Array]> = [
    [hostExitCodes.brokerProtocol, "broker-frame-invalid", () => rawFrame("{not json")],
    [hostExitCodes.brokerProtocol, "broker-frame-invalid", () => prefixOnly(0)],
    [
      hostExitCodes.brokerProtocol,
      "broker-frame-invalid",
      () => prefixOnly(limits.maxFrameBytes + 1),
    ],
    [hostExitCodes.brokerProtocol, "broker-envelope-invalid", () => encodeFrame({ ok: true })],
    [hostExitCodes.browserLimit, "browser-frame-too-large", () => rawFrame(growing)],
    [
      hostExitCodes.tokenLeak,
      "token-in-frame",
      (token) => encodeFrame({ type: "event", event: "x", value: { echo: `t=${token}` } }),
    ],
  ];
  try {
    await Promise.all(cases.map(async ([code, event, frame], index) => {
      const dir = join(root, `case-${index}`);
      await Deno.mkdir(dir);
      const { owned, host, conn } = await relayToOwnedSocket(dir);
      try {
        await writeAll(conn, encodeFrame(fakeWelcome));
        welcomeIn(await host.nextFrame());
        await writeAll(conn, frame(owned.token));
        const result = await host.result();
        assert.equal(result.code, code, result.stderr);
        assert.equal(events(result).at(-1), event);
        assert.deepEqual(framesOf(result), [fakeWelcome]);
        assert.equal(containsText(result.stdout, owned.token), false);
        assert.equal(result.stderr.includes(owned.token), false);
      } finally {
        await owned.close();
      }
    }));
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a client putting the token into IDs and params is refused at the Broker, and the host relaying the browser never exits", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  try {
    const token = await broker.token();
    const host = hostFor(dirs.root, dirs.runtimeDir);
    const page = new ScriptedPage(fixtureSnapshot("form_page.json"));
    const extension = await StdioExtension.start(host, page, "steady");
    const client = await RawSocket.connect(broker.socketPath);
    await client.request("h", "hello", specClientHello(token));
    const refusal = (id: string) => ({ type: "response", id, ok: false, code: "INVALID_PARAMS" });
    const claim = { sessionId: "s", instance: "steady", tab: "steady:1" };

    assert.deepEqual(
      await client.request("c1", "browser.claim", { ...claim, clientName: token }),
      refusal("c1"),
    );
    assert.deepEqual(
      await client.request("c2", "browser.claim", { ...claim, reason: `because ${token}` }),
      refusal("c2"),
    );
    const granted = await client.request("c3", "browser.claim", { ...claim, clientName: "agent" });
    assert.ok(isRecord(granted) && isRecord(granted.value), JSON.stringify(granted));
    const handle = { sessionId: "s", leaseId: String(granted.value.leaseId) };
    assert.deepEqual(
      await client.request("o1", "browser.observe", { ...handle, query: token }),
      refusal("o1"),
    );
    const observed = await client.request("o2", "browser.observe", handle);
    assert.ok(isRecord(observed) && isRecord(observed.value), JSON.stringify(observed));
    const act = {
      ...handle,
      documentEpoch: String(observed.value.documentEpoch),
      action: { kind: "navigate", url: `https://shop.example/?q=${token}` },
    };
    assert.deepEqual(
      await client.request("a1", "browser.act", { ...act, requestId: `r-${token}` }),
      refusal("a1"),
    );
    assert.deepEqual(
      await client.request("a2", "browser.act", { ...act, requestId: "r-1" }),
      refusal("a2"),
    );
    // A token in the transport ID cannot be answered without echoing it: that socket closes.
    const echoer = await RawSocket.connect(broker.socketPath);
    await echoer.request("h", "hello", specClientHello(token));
    assert.equal(await echoer.request(`id-${token}`, "browser.instances", {}), closedMark);

    // The browser's link is still there and serves.
    const again = await client.request("o3", "browser.observe", handle);
    assert.ok(isRecord(again) && again.ok === true, JSON.stringify(again));
    client.close();
    await host.closeStdin();
    const result = await host.result();
    await extension.served;
    assert.equal(result.code, hostExitCodes.ok, result.stderr);
    assert.equal(containsText(result.stdout, token), false, "no frame to the extension held it");
    assert.ok(!events(result).includes("token-in-frame"));
    assert.equal(extension.cdpMethods.includes("Page.navigate"), false);
    assert.ok(!broker.stderr.includes(token), "the token never reaches the Broker's log");
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("frames relay both ways once the hello is through", async () => {
  const root = await Deno.makeTempDir({ prefix: "leash-host-" });
  const { owned, host, conn, fromHost } = await relayToOwnedSocket(root);
  try {
    await writeAll(conn, encodeFrame(fakeWelcome));
    welcomeIn(await host.nextFrame());
    const toExtension = { type: "request", id: "b1", method: "tabs.list", params: {} };
    await writeAll(conn, encodeFrame(toExtension));
    assert.deepEqual(await host.nextFrame(), toExtension);
    const toBroker = { type: "response", id: "b1", ok: true, value: [] };
    await host.send(toBroker);
    assert.deepEqual(await fromHost.next(), toBroker);
    await host.closeStdin();
    assert.equal(await fromHost.next(), undefined);
    const result = await host.result();
    assert.equal(result.code, hostExitCodes.ok);
    assert.deepEqual(framesOf(result), [fakeWelcome, toExtension]);
  } finally {
    await owned.close();
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("done when: `deno task host <our origin>` answers the spec's provider hello with a welcome the Broker backs; other origins and client hellos are refused", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs);
  const repo = new URL("../../", import.meta.url).pathname;
  // A clean clone: no installed host config.
  const env = {
    LEASH_RUNTIME_DIR: dirs.runtimeDir,
    LEASH_HOST_CONFIG: join(dirs.root, "none.json"),
  };
  const task = (origin: string) =>
    HostProcess.spawn({ args: ["task", "host", origin], cwd: repo, env });
  try {
    const host = task(extensionOrigin);
    await host.send(helloRequest(providerHello("done-when")));
    welcomeIn(await host.nextFrame());
    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
    const instances = await client.call("browser.instances", {});
    client.close();
    assert.deepEqual(instances.map((instance) => instance.id), ["done-when"]);
    await host.closeStdin();
    const result = await host.result();
    assert.equal(result.code, hostExitCodes.ok);
    assert.equal(framesOf(result).length, 1);

    const stranger = task(otherOrigin);
    await stranger.send(helloRequest(providerHello("stranger"))).catch(() => {});
    const refused = await stranger.result();
    assert.equal(refused.code, hostExitCodes.originRejected);
    assert.equal(refused.stdout.length, 0);

    const { token: _token, ...clientHello } = specClientHello("x");
    const asClient = task(extensionOrigin);
    await asClient.send(helloRequest(clientHello)).catch(() => {});
    const clientResult = await asClient.result();
    assert.equal(clientResult.code, hostExitCodes.helloRejected);
    assert.equal(clientResult.stdout.length, 0);
    assert.ok(events(clientResult).includes("client-hello-refused"));
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});
