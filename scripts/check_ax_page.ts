/**
 * Checks the extension's `ax.page` live windows in real headless Chromium.
 * The extension is built into a temporary directory and loaded; a relay
 * "host" in the profile pipes its native port to a Broker played by this
 * script (personal mode, so grants need no approval). On
 * `tests/fixtures/long.html` (2,000 rows) it:
 *
 * 1. pages through the whole document to `complete: true` and checks that
 *    every order's row, cells and button were seen exactly once and no node
 *    twice, with the time and size of each window;
 * 2. reuses a spent continuation (`STALE_CURSOR`), names a frame that is not
 *    the top-level one (`STALE_TARGET`);
 * 3. changes the page between windows the way the page's own script could:
 *    rows removed before the resume point (the walk goes on, nothing twice),
 *    the last row read moved elsewhere (`STALE_TARGET`), a reload
 *    (`STALE_CURSOR`);
 * 4. walks the table's subtree by its backend node ID;
 * 5. revokes the lease between windows (`STALE_LEASE`), then presents the old
 *    continuation under a new grant (`STALE_CURSOR`).
 *
 * Usage: `deno run -A scripts/check_ax_page.ts` (`LEASH_BROWSER` overrides the
 * browser path). Exits 1 when a check fails.
 *
 * @module
 */
import { personalModeCapability, runtimeCapabilities } from "../contracts/capabilities.ts";
import { LeashError } from "../contracts/errors.ts";
import type { Welcome } from "../contracts/hello.ts";
import type { ProviderMethods, ResultOf } from "../contracts/methods/mod.ts";
import { providerEvents, providerMethods } from "../contracts/methods/mod.ts";
import { Peer } from "../contracts/peer.ts";
import { StreamTransport } from "../contracts/stream_transport.ts";
import { CdpClient, CdpPage } from "../tests/support/cdp.ts";
import { baseFlags, findBrowser } from "../tests/support/chromium.ts";
import { serveFixtures } from "../tests/support/serve.ts";
import { buildExtension } from "./build_extension.ts";
import { brokerHandshake, installRelayHost } from "./scripted_relay.ts";

type AxWindow = ResultOf<ProviderMethods, "ax.page">;
type LeaseToken = { leaseId: string; fence: number };

const orders = 2_000;
const failures: string[] = [];

function check(what: string, ok: boolean, detail = ""): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail === "" ? "" : `: ${detail}`}`);
  if (!ok) failures.push(what);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = await probe();
    if (found !== undefined) return found;
    await delay(100);
  }
  throw new Error(`Cannot find ${what}: not there after ${ms} ms`);
}

/** The Broker's side of the provider connection, in personal mode. */
function scriptedBroker(conn: Deno.Conn) {
  const welcomed = Promise.withResolvers<void>();
  const peer = new Peer({
    transport: new StreamTransport(conn.readable, conn.writable),
    local: brokerHandshake,
    remote: providerMethods,
    incomingEvents: providerEvents,
    handlers: {
      hello: () => {
        setTimeout(welcomed.resolve, 50);
        const welcome: Welcome = {
          version: 1,
          connectionEpoch: "check-ax-page",
          capabilities: [...runtimeCapabilities, personalModeCapability],
        };
        return welcome;
      },
    },
    onEvent: () => {},
    defaultTimeoutMs: 60_000,
  });
  return { peer, welcomed: welcomed.promise };
}

type BrokerPeer = ReturnType<typeof scriptedBroker>["peer"];

/** The wire code a call failed with, or `ok`. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (error) {
    return error instanceof LeashError ? error.code : String(error);
  }
}

/** A walk: every window until the continuation runs out, with its time and size. */
async function walk(
  peer: BrokerPeer,
  lease: LeaseToken,
  request: { frameId: string; backendNodeId?: number },
  between?: (window: AxWindow, index: number) => Promise<void>,
): Promise<{ windows: AxWindow[]; ms: number[]; bytes: number[] }> {
  const windows: AxWindow[] = [];
  const ms: number[] = [];
  const bytes: number[] = [];
  let continuation: string | undefined;
  do {
    const started = performance.now();
    const window = await peer.request("ax.page", {
      lease,
      request: continuation === undefined ? request : { ...request, continuation },
    });
    ms.push(performance.now() - started);
    bytes.push(new TextEncoder().encode(JSON.stringify(window)).length);
    windows.push(window);
    await between?.(window, windows.length - 1);
    continuation = window.continuation ?? undefined;
  } while (continuation !== undefined);
  return { windows, ms, bytes };
}

/** How often each name of `role` occurs across `windows`. */
function counts(windows: AxWindow[], role: string): Map<string, number> {
  const seen = new Map<string, number>();
  for (const node of windows.flatMap((window) => window.nodes)) {
    if (node.role === role) seen.set(node.name, (seen.get(node.name) ?? 0) + 1);
  }
  return seen;
}

/** Whether each of `names` occurs exactly once in `seen`; a short reason when not. */
function exactlyOnce(seen: Map<string, number>, names: string[]): string {
  const missing = names.filter((name) => !seen.has(name));
  const repeated = names.filter((name) => (seen.get(name) ?? 0) > 1);
  if (missing.length + repeated.length === 0) return "";
  return `${missing.length} missing (${missing.slice(0, 3)}), ${repeated.length} repeated`;
}

function range(from: number, to: number, name: (i: number) => string): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => name(from + i));
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `min ${sorted[0].toFixed(0)}, median ${at(0.5).toFixed(0)}, max ${
    sorted.at(-1)?.toFixed(0)
  }`;
}

function uniqueNodes(windows: AxWindow[]): boolean {
  const ids = windows.flatMap((window) => window.nodes.map((node) => node.backendNodeId));
  return new Set(ids).size === ids.length;
}

async function checks(peer: BrokerPeer, page: CdpPage, pageUrl: string): Promise<void> {
  const tabs = await peer.request("tabs.list", {});
  const tab = tabs.find((candidate) => candidate.url === pageUrl);
  if (tab === undefined) throw new Error("Cannot find the fixture tab in tabs.list");
  let lease: LeaseToken = { leaseId: "page-1", fence: 1 };
  const grant = (token: LeaseToken) =>
    peer.request("lease.grant", {
      lease: token,
      tab: tab.tab,
      scope: "origin",
      clientName: "check",
    });
  await grant(lease);
  const frameTree = await peer.request("cdp", { lease, method: "Page.getFrameTree", params: {} });
  const frame: unknown = Object(Object(frameTree).frameTree).frame;
  const frameId = String(Object(frame).id);
  const page1 = { frameId };

  // 1. The whole document, window by window.
  const started = performance.now();
  const whole = await walk(peer, lease, page1);
  const total = performance.now() - started;
  const windows = whole.windows;
  const rows = windows.reduce((sum, window) => sum + window.nodes.length, 0);
  console.log(
    `walk: ${windows.length} windows, ${rows} rows in ${total.toFixed(0)} ms; ` +
      `ms/window ${stats(whole.ms)}; bytes/window ${stats(whole.bytes)}`,
  );
  console.log(`ms per window: ${whole.ms.map((ms) => ms.toFixed(0)).join(" ")}`);
  console.log(`first window roles: ${[...new Set(windows[0].nodes.map((n) => n.role))]}`);
  check(
    "the last window is complete, no other is",
    windows.at(-1)?.complete === true &&
      windows.slice(0, -1).every((window) => !window.complete && window.continuation !== null),
  );
  check("one document throughout", new Set(windows.map((w) => w.loaderId)).size === 1);
  check("no node twice", uniqueNodes(windows));
  const buttons = counts(windows, "button");
  const why = exactlyOnce(buttons, range(1, orders, (i) => `Open order ${i}`));
  check(`each of ${orders} buttons exactly once`, why === "", why);
  const cells = counts(windows, "cell");
  const cellWhy = exactlyOnce(cells, range(1, orders, (i) => `Order ${i}`));
  check(`each of ${orders} "Order i" cells exactly once`, cellWhy === "", cellWhy);
  const tableRows = windows.flatMap((w) => w.nodes).filter((n) => n.role === "row").length;
  check("2,001 table rows (header included)", tableRows === orders + 1, `${tableRows}`);
  check("every window within 900,000 bytes", whole.bytes.every((b) => b < 900_000));

  // 2. Single use, and only the top-level frame.
  check(
    "a spent continuation is STALE_CURSOR",
    await outcome(() =>
      peer.request("ax.page", {
        lease,
        request: { ...page1, continuation: windows[0].continuation ?? "" },
      })
    ) === "STALE_CURSOR",
  );
  check(
    "another frame ID is STALE_TARGET",
    await outcome(() => peer.request("ax.page", { lease, request: { frameId: "not-a-frame" } })) ===
      "STALE_TARGET",
  );

  // 3a. Rows removed before the resume point: the walk goes on, nothing twice.
  const pruned = await walk(peer, lease, page1, async (_window, index) => {
    if (index === 0) {
      await page.evaluate(
        "document.querySelectorAll('#orders tbody tr').forEach((r, i) => i < 10 && r.remove())",
      );
    }
  });
  const prunedButtons = counts(pruned.windows, "button");
  const firstButtons = counts([pruned.windows[0]], "button").size;
  const prunedWhy = exactlyOnce(
    prunedButtons,
    range(firstButtons + 1, orders, (i) => `Open order ${i}`),
  );
  check(
    "rows removed before the resume point: the rest once each, complete",
    prunedWhy === "" && uniqueNodes(pruned.windows) && pruned.windows.at(-1)?.complete === true,
    prunedWhy || `${pruned.windows.length} windows`,
  );

  // 3b. The last row read moves under another parent: STALE_TARGET.
  const first = await peer.request("ax.page", { lease, request: page1 });
  const last = first.nodes.at(-1);
  const resolved = await page.send("DOM.resolveNode", { backendNodeId: last?.backendNodeId ?? 0 });
  await page.send("Runtime.callFunctionOn", {
    objectId: Object(resolved.object).objectId,
    functionDeclaration: "function () { document.querySelector('h1').append(this); }",
  });
  check(
    `the last row read (${last?.role} "${last?.name}") moved: STALE_TARGET`,
    await outcome(() =>
      peer.request("ax.page", {
        lease,
        request: { ...page1, continuation: first.continuation ?? "" },
      })
    ) === "STALE_TARGET",
  );

  // 3c. A reload replaces the document: STALE_CURSOR.
  const before = await peer.request("ax.page", { lease, request: page1 });
  await page.send("Page.enable");
  const loaded = page.waitForEvent("Page.loadEventFired");
  await page.send("Page.reload");
  await loaded;
  check(
    "after a reload the continuation is STALE_CURSOR",
    await outcome(() =>
      peer.request("ax.page", {
        lease,
        request: { ...page1, continuation: before.continuation ?? "" },
      })
    ) === "STALE_CURSOR",
  );

  // 4. The table's subtree by its backend node ID.
  const document = await page.send("DOM.getDocument", { depth: 0 });
  const table = await page.send("DOM.querySelector", {
    nodeId: Object(document.root).nodeId,
    selector: "#orders",
  });
  const described = await page.send("DOM.describeNode", { nodeId: table.nodeId });
  const tableId = Number(Object(described.node).backendNodeId);
  const subtree = await walk(peer, lease, { frameId, backendNodeId: tableId });
  const subtreeWhy = exactlyOnce(
    counts(subtree.windows, "button"),
    range(1, orders, (i) => `Open order ${i}`),
  );
  const outside = subtree.windows.flatMap((w) => w.nodes).filter((n) => n.role === "heading");
  check(
    `the table's subtree: ${subtree.windows.length} windows, each button once, nothing outside`,
    subtreeWhy === "" && outside.length === 0 && subtree.windows[0].nodes[0].depth === 0 &&
      subtree.windows.at(-1)?.complete === true,
    subtreeWhy,
  );

  // 5. The lease ends between windows; a new grant does not inherit the walk.
  const pending = await peer.request("ax.page", { lease, request: page1 });
  await peer.request("lease.revoke", { lease });
  const resume = { ...page1, continuation: pending.continuation ?? "" };
  check(
    "after lease.revoke the continuation is STALE_LEASE",
    await outcome(() => peer.request("ax.page", { lease, request: resume })) === "STALE_LEASE",
  );
  lease = { leaseId: "page-1", fence: 2 };
  await grant(lease);
  check(
    "under a new grant the old continuation is STALE_CURSOR",
    await outcome(() => peer.request("ax.page", { lease, request: resume })) === "STALE_CURSOR",
  );
}

async function main(): Promise<void> {
  const browserPath = findBrowser();
  if (browserPath === undefined) throw new Error("Cannot check ax.page: no Chromium found");
  const temp = await Deno.makeTempDir({ prefix: "leash-ax-page-" });
  const cleanups: Array<() => unknown> = [];
  try {
    const extensionDir = `${temp}/extension`;
    await buildExtension({ outDir: extensionDir });
    const profile = `${temp}/profile`;
    const socketPath = `${temp}/broker.sock`;
    const listener = Deno.listen({ transport: "unix", path: socketPath });
    cleanups.push(() => listener.close());
    await installRelayHost(temp, profile, socketPath, "Leash ax.page check relay");
    const server = await serveFixtures();
    cleanups.push(() => server.close());
    const pageUrl = server.url("long.html");

    const child = new Deno.Command(browserPath, {
      args: [
        ...baseFlags,
        "--silent-debugger-extension-api",
        `--load-extension=${extensionDir}`,
        `--user-data-dir=${profile}`,
        pageUrl,
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
    const cdp = await CdpClient.connect(String(version.webSocketDebuggerUrl));
    cleanups.push(() => cdp.close());

    const broker = scriptedBroker(await listener.accept());
    cleanups.push(() => broker.peer.close());
    await broker.welcomed;
    const targets = await cdp.send("Target.getTargets");
    const infos: unknown[] = Array.isArray(targets.targetInfos) ? targets.targetInfos : [];
    const target = infos.find((info) => Object(info).url === pageUrl);
    if (target === undefined) throw new Error("Cannot find the fixture page target");
    const page = await CdpPage.attach(cdp, String(Object(target).targetId));
    await checks(broker.peer, page, pageUrl);
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
  console.log(failures.length === 0 ? "all checks passed" : `${failures.length} checks failed`);
  if (failures.length > 0) Deno.exit(1);
}

if (import.meta.main) await main();
