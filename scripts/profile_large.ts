/**
 * Where the time of a call on a large page goes. Opens `long.html` with
 * N rows (default 2,000; `--rows=200,2000,20000` for several) in the
 * end-to-end world (real Broker, Native Host, built extension, Chromium;
 * personal mode) and times, through the Broker's client:
 *
 * - one observe, one observe with `query` (one row), one click on that
 *   row's button with its post-action delta (the two looks follow a read
 *   of the same unchanged page, so they take its signals again,
 *   `signals_cache.ts`; the click's delta and the navigation read afresh);
 *
 * then replays, step by step, what the provider and the Broker do for a
 * page read on the same tab (over a DevTools session of its own, beside
 * the extension's): the DevTools calls and the size of their answers, the
 * zod validation of the raw nodes, the signals snapshot, the projection,
 * the prune and the rendered observation. What the end-to-end time has
 * beyond the sum is transfer (service worker, native messaging, sockets)
 * and the Broker's own work.
 *
 * With `--trace`, each end-to-end call also lists the DevTools commands the
 * extension sent for it (wrapped in its service worker through the test's
 * own DevTools connection), with when each began and how long it took.
 *
 * Usage: `deno run -A scripts/profile_large.ts [--rows=2000] [--trace]`.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { ObserveBooks } from "../broker/runtime/observe/observe.ts";
import { buildObservation } from "../broker/runtime/observe/observe.ts";
import { pruneAxNodes } from "../broker/runtime/observe/prune.ts";
import { readBounds, readRows } from "../broker/runtime/observe/read.ts";
import { countElements, walkAxTree } from "../extension/provider/ax_walk.ts";
import { projectAxNodes, RawAxNodesSchema } from "../extension/provider/ax_projection.ts";
import { reduceSnapshot, signalStyles } from "../extension/provider/dom_signals.ts";
import { signalBounds } from "../extension/provider/signals_read.ts";
import { isLeashError } from "../contracts/errors.ts";
import { leaseTab, startWorld } from "../tests/e2e/harness.ts";
import { type CdpClient, CdpPage } from "../tests/support/cdp.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { rows: { type: "string" }, trace: { type: "boolean" } },
});
const sizes = (values.rows ?? "2000").split(",").map(Number).filter((n) => n > 0);

/** Time one step. */
async function timed<T>(step: () => Promise<T> | T): Promise<[T, number]> {
  const began = performance.now();
  const result = await step();
  return [result, performance.now() - began];
}

/** Time one call through the Broker; a failure prints its code instead of ending the profile. */
async function timedCall(name: string, step: () => Promise<unknown>): Promise<void> {
  const began = performance.now();
  try {
    await step();
    console.log(`  ${name.padEnd(34)}${ms(performance.now() - began)}`);
  } catch (error) {
    const code = isLeashError(error) ? error.code : String(error).slice(0, 80);
    console.log(`  ${name.padEnd(34)}failed after ${ms(performance.now() - began)}: ${code}`);
  }
}

function ms(value: number): string {
  return `${value.toFixed(0).padStart(6)} ms`;
}

/**
 * Wrap the extension's `chrome.debugger.sendCommand` so each command it
 * sends is noted; `take()` answers and forgets the notes since the last.
 */
async function traceWorker(cdp: CdpClient): Promise<{ take(): Promise<string[]> }> {
  const targets = await cdp.send("Target.getTargets");
  const worker = (targets.targetInfos as Array<{ type: string; targetId: string; url: string }>)
    .find((target) => target.type === "service_worker" && target.url.startsWith("chrome-"));
  if (worker === undefined) throw new Error("Cannot trace: no extension service worker");
  const session = await CdpPage.attach(cdp, worker.targetId);
  await session.evaluate(`(() => {
    const send = chrome.debugger.sendCommand.bind(chrome.debugger);
    globalThis.__trace = [];
    chrome.debugger.sendCommand = async (target, method, params) => {
      const began = performance.now();
      try {
        return await send(target, method, params);
      } finally {
        // A page function is told by its first words.
        const source = params?.expression ?? params?.functionDeclaration;
        const words = typeof source === "string"
          ? " " + source.replace(/\\s+/g, " ").slice(0, 48)
          : "";
        globalThis.__trace.push([began, performance.now() - began, method + words]);
      }
    };
    // The extension's other calls into the browser take turns with its commands.
    for (const [space, name] of [["tabs", "get"], ["tabs", "query"], ["storage.session", "get"],
      ["storage.session", "set"], ["storage.local", "get"], ["storage.local", "set"]]) {
      const owner = space.split(".").reduce((at, key) => at?.[key], chrome);
      const original = owner?.[name]?.bind(owner);
      if (original === undefined) continue;
      owner[name] = async (...args) => {
        const began = performance.now();
        try {
          return await original(...args);
        } finally {
          globalThis.__trace.push([began, performance.now() - began, space + "." + name]);
        }
      };
    }
  })()`);
  return {
    async take() {
      const notes = await session.evaluate(
        "(() => { const t = globalThis.__trace; globalThis.__trace = []; return t; })()",
      ) as Array<[number, number, string]>;
      const start = notes[0]?.[0] ?? 0;
      return notes.map(([began, took, method]) =>
        `      +${(began - start).toFixed(0).padStart(4)} ${
          took.toFixed(0).padStart(4)
        } ms  ${method}`
      );
    },
  };
}

/** The provider's and the Broker's steps for one page read, replayed on `page`. */
async function replay(page: CdpPage, query: string): Promise<void> {
  await page.send("Accessibility.enable");
  const [raw, fetchMs] = await timed(() =>
    page.send("Accessibility.getFullAXTree", { depth: readBounds.maxDepth * 2 + 4 })
  );
  const [bytes, serializeMs] = await timed(() => JSON.stringify(raw).length);
  const [parsed, validateMs] = await timed(() => RawAxNodesSchema.parse(raw));
  const nodes = parsed.nodes;
  let signals: ReturnType<typeof reduceSnapshot>;
  let snapshotMs = 0;
  if (nodes.length <= signalBounds.maxAxNodes) {
    const [snapshot, took] = await timed(() =>
      page.send("DOMSnapshot.captureSnapshot", { computedStyles: [...signalStyles] })
    );
    snapshotMs = took;
    const [reduced, reduceMs] = await timed(() => reduceSnapshot(snapshot));
    signals = reduced;
    snapshotMs += reduceMs;
  }
  const [projection, projectMs] = await timed(() =>
    projectAxNodes(nodes, {
      maxNodes: readBounds.maxNodes,
      maxDepth: readBounds.maxDepth,
      maxTextUnits: 4_000,
      deadline: Infinity,
      now: () => 0,
      signals,
    })
  );
  const [, pruneMs] = await timed(() => pruneAxNodes(projection.nodes));
  const snapshot = {
    frameId: "F",
    loaderId: "L",
    url: "http://x/",
    title: "t",
    nodes: projection.nodes,
    cut: projection.cut,
  };
  const books = new ObserveBooks();
  const [, observeMs] = await timed(() =>
    buildObservation({ leaseId: "l", snapshot, scope: { kind: "page" } }, books)
  );
  const [, queryObserveMs] = await timed(() =>
    buildObservation({ leaseId: "l", snapshot, scope: { kind: "query", query } }, books)
  );
  const command = (method: string, params?: Record<string, unknown>) =>
    page.send(method, (params ?? {}) as Record<string, never>);
  let calls = 0;
  const counting = (method: string, params?: Record<string, unknown>) => {
    calls++;
    return command(method, params);
  };
  const rows = readRows(undefined);
  const [elements, countMs] = await timed(() => countElements(command));
  const [, frameMs] = await timed(() => command("Page.getFrameTree"));
  const [walk, walkMs] = await timed(() => walkAxTree(counting, rows));
  const [walked, walkProjectMs] = await timed(() =>
    projectAxNodes(walk.nodes, {
      maxNodes: rows,
      maxDepth: readBounds.maxDepth,
      maxTextUnits: 4_000,
      deadline: Infinity,
      now: () => 0,
      ...(walk.stopped ? { unread: walk.unread } : {}),
    })
  );
  const document = await page.send("DOM.getDocument", { depth: 0 });
  const root = (document.root as { backendNodeId: number }).backendNodeId;
  const [found, queryAxMs] = await timed(() =>
    page.send("Accessibility.queryAXTree", { backendNodeId: root, accessibleName: query })
  );
  const lines = [
    `  getFullAXTree (DevTools call)     ${ms(fetchMs)}  ${nodes.length} nodes, ` +
    `${(bytes / 1e6).toFixed(1)} MB (stringify ${serializeMs.toFixed(0)} ms)`,
    `  zod validation of raw nodes       ${ms(validateMs)}`,
    `  signals snapshot + reduce         ${ms(snapshotMs)}${signals ? "" : " (skipped)"}`,
    `  projection                        ${ms(projectMs)}  ${projection.nodes.length} rows` +
    `, cut ${projection.cut?.reason ?? "none"}`,
    `  prune (Broker)                    ${ms(pruneMs)}`,
    `  buildObservation page (Broker)    ${ms(observeMs)}  (prune + refs + render)`,
    `  buildObservation query (Broker)   ${ms(queryObserveMs)}`,
    `  element count (XPath search)      ${ms(countMs)}  ${elements} elements`,
    `  Page.getFrameTree (fence, twice)  ${ms(frameMs)}`,
    `  walk to ${rows} rows (page read)     ${ms(walkMs)}  ${walk.nodes.length} nodes kept, ` +
    `${calls} DevTools calls, about ${walk.unread} not read`,
    `  projection of the walk            ${ms(walkProjectMs)}  ${walked.nodes.length} rows`,
    `  queryAXTree exact name            ${ms(queryAxMs)}  ` +
    `${(found.nodes as unknown[]).length} nodes`,
  ];
  console.log(lines.join("\n"));
}

await using world = await startWorld({ accessMode: "personal" });
const client = await world.client();
for (const rows of sizes) {
  const url = world.fixtures.url(`long.html?rows=${rows}`);
  const { tab, page } = await world.openTab(url);
  const lease = await leaseTab(world, client, tab, { sessionId: `s${rows}` });
  const handle = { sessionId: `s${rows}`, leaseId: lease.leaseId };
  const query = `Open order ${Math.max(1, rows - 1)}`;
  // A warm-up, so the extension's attachment and the page's first layout are not timed.
  await client.call("browser.observe", handle);
  const tracer = values.trace === true ? await traceWorker(world.cdp) : undefined;
  const traced = async () => {
    for (const line of await tracer?.take() ?? []) console.log(line);
  };
  const [observed, observeMs] = await timed(() => client.call("browser.observe", handle));
  console.log(`long.html with ${rows} rows, end to end through the Broker:`);
  console.log(`  observe                           ${ms(observeMs)}`);
  console.log(`    ${observed.text.split("\n").at(-1)?.slice(0, 120)}`);
  await traced();
  const [found, queryMs] = await timed(() => client.call("browser.observe", { ...handle, query }));
  const button = found.nodes.find((node) => node.role === "button" && node.name === query);
  console.log(`  observe with query (one row)      ${ms(queryMs)}`);
  await traced();
  const ref = button?.ref;
  if (typeof ref === "string") {
    let delta = "";
    await timedCall("click with its delta", async () => {
      const clicked = await client.call("browser.act", {
        ...handle,
        requestId: `click-${rows}`,
        documentEpoch: found.documentEpoch,
        action: { kind: "click", ref },
      });
      delta = clicked.observation?.text ?? "(no observation)";
    });
    // What the delta said: the status line past the read's bound comes from the change watch.
    for (const line of delta.split("\n").slice(0, 12)) console.log(`    ${line.slice(0, 110)}`);
    await traced();
  }
  await timedCall("navigate with its observation", () =>
    client.call("browser.act", {
      ...handle,
      requestId: `navigate-${rows}`,
      documentEpoch: found.documentEpoch,
      action: { kind: "navigate", url },
    }));
  await traced();
  console.log(`the same read, step by step:`);
  // A whole tree of a very large page may be more than the test DevTools connection carries.
  await replay(page, query).catch((error) => console.log(`  not replayed: ${String(error)}`));
  await client.call("browser.release", handle).catch(() => {});
}
