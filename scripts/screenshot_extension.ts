/**
 * Loads the built extension into headless Chromium and checks it from the
 * outside, over the remote-debugging port, the way a person would see it:
 *
 * 1. the service worker runs under the fixed extension ID and logs no
 *    errors while no Native Host is installed (it backs off quietly);
 * 2. with a relay host installed into the profile, the worker connects to a
 *    scripted Broker played by this script: hello and welcome, `tabs.list`,
 *    a restricted `lease.grant` answered in the approval window (a click in
 *    its first 500 ms is ignored), `ax.read`, `ax.find`, `cdp` checks, a
 *    stale fence, and Stop in the popup (`lease.revoked`);
 * 3. screenshots of the approval window and the popup go to `--out`.
 *
 * Usage: `deno run -A scripts/screenshot_extension.ts [--out DIR] [--no-build]`
 * (`LEASH_BROWSER` overrides the browser path).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { runtimeCapabilities } from "../contracts/capabilities.ts";
import { LeashError } from "../contracts/errors.ts";
import type { Welcome } from "../contracts/hello.ts";
import { extensionId } from "../contracts/identity.ts";
import { providerEvents, providerMethods } from "../contracts/methods/mod.ts";
import { Peer } from "../contracts/peer.ts";
import { StreamTransport } from "../contracts/stream_transport.ts";
import { buildExtension } from "./build_extension.ts";
import { brokerHandshake, installRelayHost } from "./scripted_relay.ts";

const browserPath = Deno.env.get("LEASH_BROWSER") ?? "/usr/lib/chromium/chromium";

/** A raw DevTools connection to the browser, with flat sessions. */
class Cdp {
  readonly #socket: WebSocket;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  readonly #listeners = new Set<(method: string, params: unknown, sessionId?: string) => void>();
  #next = 0;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.onmessage = (event) => {
      const message: unknown = JSON.parse(String(event.data));
      if (typeof message !== "object" || message === null) return;
      if ("id" in message && typeof message.id === "number") {
        const call = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if ("error" in message) call?.reject(new Error(JSON.stringify(message.error)));
        else call?.resolve("result" in message ? message.result : undefined);
        return;
      }
      if ("method" in message && typeof message.method === "string") {
        const sessionId = "sessionId" in message && typeof message.sessionId === "string"
          ? message.sessionId
          : undefined;
        const params = "params" in message ? message.params : undefined;
        for (const listener of this.#listeners) listener(message.method, params, sessionId);
      }
    };
  }

  static async connect(url: string): Promise<Cdp> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = reject;
    });
    return new Cdp(socket);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<unknown> {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`Cannot run ${method}: no answer within 15 s`));
      }, 15_000);
      this.#pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  on(listener: (method: string, params: unknown, sessionId?: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    for (const call of this.#pending.values()) call.reject(new Error("Cannot finish call: closed"));
    this.#pending.clear();
    this.#socket.close();
  }
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !(key in current)) return undefined;
    current = Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return current;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = await probe();
    if (found !== undefined) return found;
    await delay(100);
  }
  throw new Error(`Cannot find ${what}: not there after ${ms} ms`);
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

async function targets(cdp: Cdp): Promise<TargetInfo[]> {
  const infos = field(await cdp.send("Target.getTargets"), "targetInfos");
  if (!Array.isArray(infos)) return [];
  return infos.flatMap((info) => {
    const targetId = field(info, "targetId");
    const type = field(info, "type");
    const url = field(info, "url");
    return typeof targetId === "string" && typeof type === "string" && typeof url === "string"
      ? [{ targetId, type, url }]
      : [];
  });
}

async function attach(cdp: Cdp, targetId: string): Promise<string> {
  const sessionId = field(
    await cdp.send("Target.attachToTarget", { targetId, flatten: true }),
    "sessionId",
  );
  if (typeof sessionId !== "string") throw new Error("Cannot attach to target: no session");
  return sessionId;
}

async function evaluate(cdp: Cdp, sessionId: string, expression: string): Promise<unknown> {
  const result = await cdp.send("Runtime.evaluate", { expression, returnByValue: true }, sessionId);
  return field(result, "result", "value");
}

/** Capture the page at `width` by `height` CSS pixels, or as tall as its `main` when "content". */
async function screenshot(
  cdp: Cdp,
  sessionId: string,
  path: string,
  size: { width: number; height: number | "content" },
): Promise<void> {
  const measured = size.height === "content"
    ? await evaluate(
      cdp,
      sessionId,
      "Math.ceil(document.querySelector('main').getBoundingClientRect().height)",
    )
    : size.height;
  await cdp.send("Emulation.setDeviceMetricsOverride", {
    width: size.width,
    height: typeof measured === "number" ? Math.min(Math.max(measured, 120), 900) : 600,
    deviceScaleFactor: 2,
    mobile: false,
  }, sessionId);
  await delay(150);
  const data = field(
    await cdp.send("Page.captureScreenshot", { format: "png" }, sessionId),
    "data",
  );
  if (typeof data !== "string") throw new Error("Cannot take screenshot: no data");
  await Deno.writeFile(path, Uint8Array.from(atob(data), (char) => char.charCodeAt(0)));
  console.log(`screenshot: ${path}`);
}

/** Resolves when the target behind `sessionId` goes away (its window closed); `stop` stops watching. */
function detached(cdp: Cdp, sessionId: string): { gone: Promise<void>; stop: () => void } {
  let stop = () => {};
  const gone = new Promise<void>((resolve) => {
    stop = cdp.on((method, params) => {
      if (method === "Target.detachedFromTarget" && field(params, "sessionId") === sessionId) {
        stop();
        resolve();
      }
    });
  });
  return { gone, stop };
}

/**
 * Click an element's centre with real mouse events, as a person would. A
 * click that answers the last claim closes the approval window, and Chrome
 * then never acknowledges the release: the window going away counts as done.
 */
async function click(cdp: Cdp, sessionId: string, selector: string): Promise<void> {
  const box = await evaluate(
    cdp,
    sessionId,
    `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2]; })()`,
  );
  if (!Array.isArray(box)) throw new Error(`Cannot click ${selector}: not found`);
  const [x, y] = box;
  const gone = detached(cdp, sessionId);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await Promise.race([
      cdp.send(
        "Input.dispatchMouseEvent",
        { type, x, y, button: "left", clickCount: 1 },
        sessionId,
      ),
      gone,
    ]);
  }
}

const fixture = `<!doctype html><html><head><title>Leash fixture</title></head><body>
<h1>Order form</h1><form><label>Name <input value="Ada"></label>
<label><input type="checkbox" checked> Gift wrap</label><button type="button">Send</button></form>
<a href="/other">Next page</a></body></html>`;

/** The Broker's side of one provider connection, played by this script. */
class ScriptedBroker {
  readonly peer;
  readonly events: string[] = [];
  readonly welcomed: Promise<void>;
  instanceId = "";

  constructor(conn: Deno.Conn) {
    let welcomed = () => {};
    this.welcomed = new Promise((resolve) => welcomed = resolve);
    this.peer = new Peer({
      transport: new StreamTransport(conn.readable, conn.writable),
      local: brokerHandshake,
      remote: providerMethods,
      incomingEvents: providerEvents,
      handlers: {
        hello: (hello) => {
          this.instanceId = hello.instance.id;
          setTimeout(welcomed, 50);
          const welcome: Welcome = {
            version: 1,
            connectionEpoch: "shot",
            capabilities: [...runtimeCapabilities],
          };
          return welcome;
        },
      },
      onEvent: (event, value) => this.events.push(`${event} ${JSON.stringify(value)}`),
      defaultTimeoutMs: 90_000,
    });
  }

  /** Wait for an event whose text starts with `prefix`. */
  event(prefix: string): Promise<string> {
    return waitFor(prefix, () => Promise.resolve(this.events.find((e) => e.startsWith(prefix))));
  }

  close(): void {
    this.peer.close();
  }
}

/** The outcome of a call: `ok …` or the wire code. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    return `ok ${JSON.stringify(await run()).slice(0, 120)}`;
  } catch (error) {
    return error instanceof LeashError ? error.code : String(error);
  }
}

/** The person's view: approval windows and the popup, driven over DevTools. */
class Scene {
  readonly #usedApprovals = new Set<string>();

  constructor(
    readonly cdp: Cdp,
    readonly broker: ScriptedBroker,
    readonly out: string,
    readonly worker: string,
  ) {}

  /** The toolbar badge text, read in the service worker. */
  async badge(): Promise<unknown> {
    const result = await this.cdp.send("Runtime.evaluate", {
      expression: "chrome.action.getBadgeText({})",
      awaitPromise: true,
      returnByValue: true,
    }, this.worker);
    return field(result, "result", "value");
  }

  /** The next approval window to appear, attached, with a claim on screen. */
  async approval(): Promise<{ targetId: string; session: string }> {
    const url = `chrome-extension://${extensionId}/approval/approval.html`;
    const target = await waitFor(
      "the approval window",
      async () =>
        (await targets(this.cdp)).find((t) =>
          t.url === url && !this.#usedApprovals.has(t.targetId)
        ),
    );
    this.#usedApprovals.add(target.targetId);
    const session = await attach(this.cdp, target.targetId);
    await this.cdp.send("Runtime.enable", {}, session);
    await this.until(session, "document.querySelector('#claim')?.hidden === false");
    return { targetId: target.targetId, session };
  }

  /** Wait until `expression` is truthy in the page. */
  async until(session: string, expression: string): Promise<void> {
    await waitFor(
      expression,
      async () => (await evaluate(this.cdp, session, expression)) || undefined,
    );
  }

  /** Press Allow or Deny once the buttons take input, on the claim shown now. */
  async answer(session: string, button: "#allow" | "#deny"): Promise<void> {
    await this.until(session, "!document.querySelector('#allow').disabled");
    await click(this.cdp, session, button);
  }

  grant(leaseId: string, fence: number, reason?: string) {
    return this.broker.peer.request("lease.grant", {
      lease: { leaseId, fence },
      scope: "origin",
      clientName: "claude-code",
      ...(reason === undefined ? {} : { reason }),
    });
  }

  async allowed(leaseId: string, fence: number): Promise<void> {
    const grant = this.grant(leaseId, fence);
    const { session } = await this.approval();
    await this.answer(session, "#allow");
    console.log(`${leaseId}: ${JSON.stringify(await grant)}`);
  }
}

async function runScenes(scene: Scene, pageUrl: string, port: number): Promise<void> {
  const { cdp, broker, out } = scene;
  const peer = broker.peer;
  console.log(`tabs.list (restricted): ${JSON.stringify(await peer.request("tabs.list", {}))}`);

  // A restricted grant: a click in the first 500 ms is ignored, then Allow.
  const grant = scene.grant("lease-1", 1, "Fill in the order form");
  const first = await scene.approval();
  await evaluate(cdp, first.session, "document.querySelector('#allow').click()");
  const armed = await evaluate(cdp, first.session, "document.querySelector('main').dataset.armed");
  console.log(`armed right after appearing: ${armed}`);
  await screenshot(cdp, first.session, `${out}/approval.png`, { width: 460, height: 540 });
  await scene.answer(first.session, "#allow");
  console.log(`lease-1: ${JSON.stringify(await grant)}`);
  console.log(`badge with one lease: "${await scene.badge()}"`);
  const lease = { leaseId: "lease-1", fence: 1 };

  const read = await peer.request("ax.read", { lease, request: {} });
  console.log(`ax.read: ${read.nodes.length} nodes, cut ${JSON.stringify(read.cut)}`);
  for (const node of read.nodes) {
    const value = node.value ? ` = "${node.value}"` : "";
    console.log(`  ${"  ".repeat(node.depth)}${node.role} "${node.name}"${value} ${node.states}`);
  }
  const found = await peer.request("ax.find", { lease, request: { query: "Send" } });
  console.log(`ax.find "Send": ${JSON.stringify(found.nodes.map((n) => `${n.role} ${n.name}`))}`);
  const small = await peer.request("ax.read", { lease, request: { maxNodes: 3, maxTextUnits: 4 } });
  console.log(`ax.read bounded: ${small.nodes.length} nodes, cut ${JSON.stringify(small.cut)}`);
  const checks: Array<[string, () => Promise<unknown>]> = [
    ["stale fence", () => peer.request("ax.read", { lease: { ...lease, fence: 2 }, request: {} })],
    [
      "cdp layout metrics",
      () => peer.request("cdp", { lease, method: "Page.getLayoutMetrics", params: {} }),
    ],
    [
      "cdp navigate elsewhere",
      () =>
        peer.request("cdp", {
          lease,
          method: "Page.navigate",
          params: { url: "https://example.com/" },
        }),
    ],
    ["cdp full-page screenshot", () =>
      peer.request("cdp", {
        lease,
        method: "Page.captureScreenshot",
        params: { captureBeyondViewport: true },
      })],
    ["frames.list", () => peer.request("frames.list", { lease })],
  ];
  for (const [name, run] of checks) console.log(`${name}: ${await outcome(run)}`);

  // A same-origin navigation wakes a coalesced page.changed.
  await peer.request("cdp", { lease, method: "Page.navigate", params: { url: `${pageUrl}next` } });
  console.log(`after navigating: ${await broker.event("page.changed")}`);

  // Two claims queue in one window: Deny the first, Allow the second.
  const denied = outcome(() => scene.grant("lease-2", 2));
  const queued = outcome(() => scene.grant("lease-3", 3));
  const queue = await scene.approval();
  await scene.until(queue.session, "!document.querySelector('#queue-count').hidden");
  await screenshot(cdp, queue.session, `${out}/approval-queue.png`, { width: 460, height: 540 });
  await scene.answer(queue.session, "#deny");
  console.log(`lease-2 denied: ${await denied}`);
  await scene.until(queue.session, "document.querySelector('#queue-count').hidden");
  await scene.answer(queue.session, "#allow");
  console.log(`lease-3 after the queue: ${await queued}`);

  // Closing the window denies.
  const closed = outcome(() => scene.grant("lease-4", 4));
  const closing = await scene.approval();
  await cdp.send("Target.closeTarget", { targetId: closing.targetId });
  console.log(`lease-4 window closed: ${await closed}`);

  // The popup lists the live leases; Stop ends one, Stop all the rest.
  const popupTarget = field(
    await cdp.send("Target.createTarget", {
      url: `chrome-extension://${extensionId}/popup/popup.html`,
    }),
    "targetId",
  );
  if (typeof popupTarget !== "string") throw new Error("Cannot open the popup");
  const popup = await attach(cdp, popupTarget);
  await cdp.send("Runtime.enable", {}, popup);
  await scene.until(popup, "document.querySelectorAll('button.stop').length === 2");
  await screenshot(cdp, popup, `${out}/popup.png`, { width: 360, height: "content" });
  await click(cdp, popup, `button.stop[data-lease-id="lease-1"]`);
  console.log(`Stop: ${await broker.event("lease.revoked")}`);
  await scene.until(popup, "document.querySelectorAll('button.stop').length === 1");
  await click(cdp, popup, "#stop-all");
  await waitFor(
    "Stop all",
    () => Promise.resolve(broker.events.find((e) => e.includes('"leaseId":"lease-3"'))),
  );
  await scene.until(popup, "document.querySelectorAll('button.stop').length === 0");
  await screenshot(cdp, popup, `${out}/popup-empty.png`, { width: 360, height: "content" });
  console.log(`badge with no lease: "${await scene.badge()}"`);
  await cdp.send("Target.closeTarget", { targetId: popupTarget });
  console.log(
    `ax.read after Stop: ${await outcome(() => peer.request("ax.read", { lease, request: {} }))}`,
  );

  // Leaving the origin ends an origin lease; closing the tab ends a lease too.
  await scene.allowed("lease-5", 5);
  const page = (await targets(cdp)).find((t) => t.type === "page" && t.url.startsWith(pageUrl));
  if (page === undefined) throw new Error("Cannot find the fixture tab");
  const pageSession = await attach(cdp, page.targetId);
  await cdp.send("Page.navigate", { url: `http://localhost:${port}/` }, pageSession);
  await waitFor(
    "navigated",
    () => Promise.resolve(broker.events.find((e) => e.includes('"reason":"navigated"'))),
  );
  console.log(`left the origin: lease-5 ${broker.events.find((e) => e.includes("lease-5"))}`);
  await scene.allowed("lease-6", 6);
  await cdp.send("Target.closeTarget", { targetId: page.targetId });
  await waitFor(
    "tab-closed",
    () => Promise.resolve(broker.events.find((e) => e.includes('"reason":"tab-closed"'))),
  );
  console.log(`closed the tab: ${broker.events.find((e) => e.includes("lease-6"))}`);

  // A lease that the next connection must not inherit.
  await cdp.send("Target.createTarget", { url: pageUrl });
  await delay(300);
  await scene.allowed("lease-7", 7);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      out: { type: "string", default: "dist/screenshots" },
      "no-build": { type: "boolean", default: false },
    },
  });
  const out = values.out;
  await Deno.mkdir(out, { recursive: true });
  if (!values["no-build"]) await buildExtension();
  const extensionDir = new URL("../dist/extension", import.meta.url).pathname;

  const temp = await Deno.makeTempDir({ prefix: "leash-shot-" });
  const profile = `${temp}/profile`;
  const socketPath = `${temp}/broker.sock`;
  const cleanups: Array<() => unknown> = [];
  try {
    // The page the scripted Broker leases.
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      () => new Response(fixture, { headers: { "content-type": "text/html" } }),
    );
    cleanups.push(() => server.shutdown());
    const pageUrl = `http://127.0.0.1:${server.addr.port}/`;

    const child = new Deno.Command(browserPath, {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--silent-debugger-extension-api",
        `--load-extension=${extensionDir}`,
        "--remote-debugging-port=0",
        `--user-data-dir=${profile}`,
        "about:blank",
      ],
      stdout: "null",
      stderr: "null",
    }).spawn();
    cleanups.push(async () => {
      child.kill("SIGKILL");
      await child.status;
    });

    const port = await waitFor("DevToolsActivePort", async () => {
      const text = await Deno.readTextFile(`${profile}/DevToolsActivePort`).catch(() => "");
      return text.split("\n")[0] || undefined;
    });
    const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
    const cdp = await Cdp.connect(String(field(version, "webSocketDebuggerUrl")));
    cleanups.push(() => cdp.close());

    // 1. The worker runs under the fixed ID and stays quiet without a host.
    const workerUrl = `chrome-extension://${extensionId}/worker.js`;
    const worker = await waitFor(
      "the service worker",
      async () =>
        (await targets(cdp)).find((t) => t.type === "service_worker" && t.url === workerUrl),
    );
    console.log(`service worker: ${worker.url}`);
    const workerSession = await attach(cdp, worker.targetId);
    const problems: string[] = [];
    cdp.on((method, params, sessionId) => {
      if (sessionId !== workerSession) return;
      if (method === "Runtime.exceptionThrown") problems.push(JSON.stringify(params).slice(0, 400));
      if (method === "Runtime.consoleAPICalled") {
        const type = field(params, "type");
        if (type === "error" || type === "warning" || type === "assert") {
          problems.push(JSON.stringify(field(params, "args")).slice(0, 400));
        }
      }
      if (method === "Log.entryAdded" && field(params, "entry", "level") === "error") {
        problems.push(String(field(params, "entry", "text")));
      }
    });
    await cdp.send("Runtime.enable", {}, workerSession);
    await cdp.send("Log.enable", {}, workerSession);
    await cdp.send("Runtime.runIfWaitingForDebugger", {}, workerSession);
    await delay(3_000);
    console.log(`worker problems without a host: ${problems.length}`);
    for (const problem of problems) console.log(`  ${problem}`);

    // 2. Install a relay host into the profile; the next attempt reaches the scripted Broker.
    const listener = Deno.listen({ transport: "unix", path: socketPath });
    cleanups.push(() => listener.close());
    await installRelayHost(temp, profile, socketPath, "Leash screenshot relay");
    await cdp.send("Target.createTarget", { url: pageUrl });
    const broker = new ScriptedBroker(await listener.accept());
    cleanups.push(() => broker.close());
    await broker.welcomed;
    console.log(`hello from instance ${broker.instanceId}`);
    const scene = new Scene(cdp, broker, out, workerSession);
    await runScenes(scene, pageUrl, server.addr.port);

    // Killing the connection (the host dies): the extension reconnects, old leases stay gone.
    const before = Date.now();
    broker.close();
    const again = new ScriptedBroker(await listener.accept());
    cleanups.push(() => again.close());
    await again.welcomed;
    console.log(`reconnected after ${Date.now() - before} ms as instance ${again.instanceId}`);
    console.log(
      `old lease on the new connection: ${await outcome(() =>
        again.peer.request("ax.read", { lease: { leaseId: "lease-7", fence: 7 }, request: {} })
      )}`,
    );
    console.log(`worker problems overall: ${problems.length}`);
    for (const problem of problems) console.log(`  ${problem}`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Best effort: the rest still runs.
      }
    }
    await Deno.remove(temp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await main();
