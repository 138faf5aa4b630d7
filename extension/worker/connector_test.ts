import assert from "node:assert/strict";
import {
  personalModeCapability,
  providerCapabilities,
  providerRequiredCapabilities,
  runtimeCapabilities,
} from "../../contracts/capabilities.ts";
import type { ErrorCode } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { ProviderHelloSchema } from "../../contracts/hello.ts";
import { FakePort, settle } from "../testing/fake_port.ts";
import { fakeProvider, ManualTimers } from "../testing/fakes.ts";
import { PortTransport } from "../port_transport.ts";
import { providerHandlers } from "../provider/mod.ts";
import { Backoff } from "./backoff.ts";
import { type ConnectionState, Connector, type Link } from "./connector.ts";
import { providerHello } from "./instance.ts";

const instance = {
  id: "test-instance",
  family: "chromium",
  brand: "chromium",
  version: "test",
  profileLabel: "Test profile",
};

function setup(options: { welcomeTimeoutMs?: number | "default" } = {}) {
  const ports: FakePort[] = [];
  const closed: Array<{ generation: number; reason: ErrorCode }> = [];
  const links: Link[] = [];
  const states: ConnectionState[] = [];
  const timers = new ManualTimers();
  const provider = fakeProvider();
  const connector = new Connector({
    open: () => {
      const port = new FakePort();
      ports.push(port);
      return new PortTransport(port);
    },
    hello: () => Promise.resolve(providerHello(instance)),
    handlers: (link) => {
      links.push(link);
      return providerHandlers({ ...provider.context, link });
    },
    onLinkClosed: (link, reason) => closed.push({ generation: link.generation, reason }),
    onStateChange: (state) => states.push(state),
    backoff: new Backoff({ random: () => 0 }),
    timers,
    welcomeTimeoutMs: options.welcomeTimeoutMs === "default"
      ? undefined
      : options.welcomeTimeoutMs ?? 60_000,
  });
  return { connector, ports, closed, links, states, timers };
}

/** The transport ID of the hello the extension sent on `port`. */
function helloId(port: FakePort): string {
  const first = port.sent[0];
  assert.ok(typeof first === "object" && first !== null && "id" in first);
  assert.equal(typeof first.id, "string");
  return String(first.id);
}

function welcome(port: FakePort, capabilities: string[] = [...runtimeCapabilities]): void {
  port.deliver({
    type: "response",
    id: helloId(port),
    ok: true,
    value: { version: 1, connectionEpoch: "epoch-1", capabilities },
  });
}

Deno.test("the connector's first message is the full provider hello", async () => {
  const { connector, ports } = setup();
  connector.ensure();
  await settle();
  assert.equal(ports.length, 1);
  const first = ports[0].sent[0];
  assert.ok(typeof first === "object" && first !== null && "method" in first && "params" in first);
  assert.equal(first.method, "hello");
  const hello = ProviderHelloSchema.parse(first.params);
  assert.deepEqual(hello.capabilities, [...providerCapabilities]);
  assert.deepEqual(hello.requiredCapabilities, [...providerRequiredCapabilities]);
  assert.equal(hello.instance.id, "test-instance");
  assert.equal("token" in hello, false);
});

Deno.test("the connector serves no operation before the welcome", async () => {
  const { connector, ports } = setup();
  connector.ensure();
  await settle();
  const port = ports[0];
  port.deliver({ type: "request", id: "b1", method: "tabs.list", params: {} });
  await settle();
  assert.deepEqual(port.sent[1], {
    type: "response",
    id: "b1",
    ok: false,
    code: "HANDSHAKE_REQUIRED",
  });
  welcome(port);
  await settle();
  assert.equal(connector.state.status, "connected");
  port.deliver({ type: "request", id: "b2", method: "tabs.list", params: {} });
  await settle();
  assert.deepEqual(port.sent[2], { type: "response", id: "b2", ok: true, value: [] });
});

Deno.test("the welcome's personal-mode capability sets the link's mode", async () => {
  const { connector, ports, links } = setup();
  connector.ensure();
  await settle();
  welcome(ports[0], [...runtimeCapabilities, personalModeCapability]);
  await settle();
  assert.equal(links[0].mode, "personal");
  assert.equal(connector.state.mode, "personal");
});

for (
  const [name, reply] of [
    ["a rejected hello", { ok: false, code: "UNAUTHENTICATED" }],
    ["a malformed welcome", { ok: true, value: { version: 1, capabilities: [] } }],
    [
      "a welcome without the required capabilities",
      { ok: true, value: { version: 1, connectionEpoch: "e", capabilities: ["runtime.v1"] } },
    ],
  ] as const
) {
  Deno.test(`${name} closes the port and schedules a retry`, async () => {
    const { connector, ports, closed, timers } = setup();
    connector.ensure();
    await settle();
    ports[0].deliver({ type: "response", id: helloId(ports[0]), ...reply });
    await settle();
    assert.equal(ports[0].disconnected, true);
    assert.equal(closed.length, 1);
    assert.equal(connector.state.status, "disconnected");
    assert.deepEqual(timers.delays(), [500]);
    timers.fireAll();
    await settle();
    assert.equal(ports.length, 2);
  });
}

Deno.test("a hello refused INSTANCE_CONFLICT backs off further at each refusal and keeps the instance ID", async () => {
  const { connector, ports, closed, timers } = setup();
  connector.ensure();
  const delays: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settle();
    const port = ports[attempt];
    const first = port.sent[0];
    assert.ok(typeof first === "object" && first !== null && "params" in first);
    assert.equal(ProviderHelloSchema.parse(first.params).instance.id, "test-instance");
    port.deliver({ type: "response", id: helloId(port), ok: false, code: "INSTANCE_CONFLICT" });
    await settle();
    assert.equal(port.disconnected, true);
    delays.push(...timers.delays());
    timers.fireAll();
  }
  // The incumbent keeps the ID; this browser waits for it to go instead of hammering the Broker.
  assert.deepEqual(delays, [500, 1000, 2000]);
  assert.deepEqual(closed.map((entry) => entry.reason), Array(3).fill("INSTANCE_CONFLICT"));
  assert.equal(connector.state.status, "connecting");
});

Deno.test("no welcome within the welcome timeout closes the port", async () => {
  const { connector, ports, closed } = setup({ welcomeTimeoutMs: 5 });
  connector.ensure();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(ports[0].disconnected, true);
  assert.deepEqual(closed.map((entry) => entry.reason), ["TIMEOUT"]);
});

Deno.test("a welcome later than the Broker's window, after a slow host start, is taken", async () => {
  // The port opens before Chrome starts the host; the Broker's 3 s begin only at its socket.
  const { connector, ports, closed } = setup({ welcomeTimeoutMs: "default" });
  connector.ensure();
  await new Promise((resolve) => setTimeout(resolve, limits.welcomeTimeoutMs + 300));
  assert.equal(ports[0].disconnected, false, "the port is still open past 3 s");
  welcome(ports[0]);
  await settle();
  assert.equal(connector.state.status, "connected");
  assert.deepEqual(closed, []);
  connector.drop();
});

Deno.test("a response nobody asked for closes the connection", async () => {
  const { connector, ports, closed } = setup();
  connector.ensure();
  await settle();
  welcome(ports[0]);
  await settle();
  ports[0].deliver({ type: "response", id: "nobody", ok: true, value: null });
  await settle();
  assert.equal(ports[0].disconnected, true);
  assert.deepEqual(closed.map((entry) => entry.reason), ["PROTOCOL_MISMATCH"]);
});

Deno.test("a remote disconnect tears the connection down once and backs off", async () => {
  const { connector, ports, closed, timers } = setup();
  connector.ensure();
  await settle();
  welcome(ports[0]);
  await settle();
  ports[0].remoteDisconnect();
  ports[0].remoteDisconnect();
  await settle();
  assert.equal(closed.length, 1);
  assert.equal(connector.state.status, "disconnected");
  // Repeated failures back off further.
  timers.fireAll();
  await settle();
  ports[1].remoteDisconnect();
  await settle();
  assert.deepEqual(timers.delays(), [1000]);
});

Deno.test("ensure() while connected or connecting opens nothing new", async () => {
  const { connector, ports } = setup();
  connector.ensure();
  connector.ensure();
  await settle();
  welcome(ports[0]);
  await settle();
  connector.ensure();
  await settle();
  assert.equal(ports.length, 1);
});

Deno.test("an old port's late disconnect and messages never touch a newer connection", async () => {
  const { connector, ports, closed, timers } = setup();
  connector.ensure();
  await settle();
  welcome(ports[0]);
  await settle();
  // The extension closes generation 1 itself: Chrome fires no onDisconnect for that.
  connector.drop();
  await settle();
  assert.deepEqual(closed.map((entry) => entry.generation), [1]);
  timers.fireAll();
  await settle();
  welcome(ports[1]);
  await settle();
  assert.equal(connector.generation, 2);

  // Chrome then reports the old port late, and a stale message arrives on it.
  const oldSent = ports[0].sent.length;
  ports[0].remoteDisconnect();
  ports[0].deliver({ type: "request", id: "late", method: "tabs.list", params: {} });
  await settle();
  assert.deepEqual(closed.map((entry) => entry.generation), [1]);
  assert.equal(connector.state.status, "connected");
  assert.equal(connector.generation, 2);
  assert.equal(ports[0].sent.length, oldSent);
  assert.equal(ports[1].disconnected, false);

  // Events of the old generation go nowhere.
  const newSent = ports[1].sent.length;
  connector.emit(1, "lease.revoked", { leaseId: "old", reason: "stop" });
  assert.equal(ports[1].sent.length, newSent);
  connector.emit(2, "lease.revoked", { leaseId: "new", reason: "stop" });
  assert.deepEqual(ports[1].sent[newSent], {
    type: "event",
    event: "lease.revoked",
    value: { leaseId: "new", reason: "stop" },
  });
});

Deno.test("leases granted on an old connection are refused on the new one", async () => {
  const provider = fakeProvider();
  const { context, browser, leases } = provider;
  browser.addTab({ id: 7, url: "https://example.com/", active: true });
  const old = await leases.grant({
    leaseId: "l1",
    fence: 1,
    generation: 1,
    tabId: 7,
    tab: "inst:7",
    scope: { kind: "origin", origin: "https://example.com" },
    clientName: "c",
    grantedAt: 0,
  }, new AbortController().signal);
  assert.throws(() => context.leases.check({ leaseId: "l1", fence: 1 }, 2), /replaced or revoked/);
  await leases.endGeneration(1);
  assert.equal(old.signal.aborted, true);
  assert.throws(() => context.leases.check({ leaseId: "l1", fence: 1 }, 1));
});
