import assert from "node:assert/strict";
import { scrollSizesFunction } from "../../contracts/methods/page_functions.ts";
import type { ProviderContext } from "./context.ts";
import { signalStyles } from "./dom_signals.ts";
import { IsolatedWorlds } from "./isolated_world.ts";
import type { LeasedRead } from "./leased_read.ts";
import { maxKeptTabs, SignalsCache } from "./signals_cache.ts";
import { readSignals, type SignalsRead } from "./signals_read.ts";

/**
 * A snapshot of a page with two boxes whose `overflow-y` is `auto` (backend
 * IDs 3 and 4) and one that clips (5), taken without DOM rects.
 */
function snapshot() {
  const page = [0, 0, 800, 600];
  const box = [0, 0, 300, 300];
  const strings = ["HTML", "BODY", "DIV", "auto", "visible", "1", "none", "hidden"];
  const styles = (overflowY: number) =>
    signalStyles.map((name) =>
      name === "overflow-y" ? overflowY : name === "opacity" ? 5 : name.startsWith("clip") ? 6 : 4
    );
  return {
    documents: [{
      nodes: {
        parentIndex: [-1, 0, 1, 1, 1],
        nodeType: [1, 1, 1, 1, 1],
        nodeName: [0, 1, 2, 2, 2],
        backendNodeId: [1, 2, 3, 4, 5],
        attributes: [[], [], [], [], []],
      },
      layout: {
        nodeIndex: [0, 1, 2, 3, 4],
        styles: [styles(4), styles(4), styles(3), styles(3), styles(7)],
        bounds: [page, page, box, box, box],
      },
    }],
    strings,
  };
}

/** A read of tab 7 whose commands go to `respond` and are logged. */
function fakeRead(respond: (method: string, params: Record<string, unknown>) => unknown) {
  const calls: { method: string; params: Record<string, unknown> }[] = [];
  const sendCommand = (_tab: number, method: string, params: Record<string, unknown> = {}) => {
    calls.push({ method, params });
    return Promise.resolve().then(() => respond(method, params));
  };
  const context = { browser: { sendCommand }, now: () => 0 } as unknown as ProviderContext;
  const signal = new AbortController().signal;
  const read = {
    record: { tabId: 7 },
    signal,
    command: (method: string, params?: Record<string, unknown>) => sendCommand(7, method, params),
  } as unknown as LeasedRead;
  return { context, read, calls };
}

const world = () => ({
  worlds: new IsolatedWorlds(),
  document: { frameId: "frame-1", loaderId: "loader-1" },
});

/** Box 3 hides 150,000 px beneath 300; box 4 a few rows. */
const measured = [[0, 0, 300, 150_000, 0, 0, 300, 300], [0, 0, 300, 420, 0, 0, 300, 300]];

/**
 * A page that answers the signals read: its snapshot, the provider's world
 * (context 41), each element resolved as `object-<id>`, the scrollers' sizes
 * as `sizes`; `failing` throws instead.
 */
function page(sizes: unknown = measured, failing?: string) {
  return fakeRead((method, params) => {
    if (method === failing) throw new Error("gone");
    switch (method) {
      case "DOMSnapshot.captureSnapshot":
        return snapshot();
      case "Page.createIsolatedWorld":
        return { executionContextId: 41 };
      case "DOM.resolveNode":
        return { object: { objectId: `object-${params.backendNodeId}` } };
      case "Runtime.callFunctionOn":
        return { result: { value: sizes } };
      case "Runtime.releaseObjectGroup":
        return {};
    }
    throw new Error(`unexpected ${method}`);
  });
}

/** The backend node IDs `read` marks scrollable. */
function scrollable(read: SignalsRead): number[] {
  return [...read.signals?.nodes ?? []].filter(([, s]) => s.scrollable).map(([id]) => id);
}

Deno.test("signals are read without DOM rects; the scrollers' sizes are read in the provider's world", async () => {
  const { context, read, calls } = page();
  assert.deepEqual(scrollable(await readSignals(context, read, 10, 10_000, world())), [3]);
  const capture = calls.find((call) => call.method === "DOMSnapshot.captureSnapshot");
  assert.deepEqual(capture?.params, { computedStyles: [...signalStyles] });
  const resolved = calls.filter((call) => call.method === "DOM.resolveNode").map((call) =>
    call.params
  );
  // Only the boxes whose overflow scrolls, each in the provider's world.
  assert.deepEqual(resolved, [
    { backendNodeId: 3, executionContextId: 41, objectGroup: "leash-scrollers" },
    { backendNodeId: 4, executionContextId: 41, objectGroup: "leash-scrollers" },
  ]);
  const call = calls.find((call) => call.method === "Runtime.callFunctionOn");
  assert.equal(call?.params.functionDeclaration, scrollSizesFunction);
  assert.deepEqual(call?.params.arguments, [{ objectId: "object-3" }, { objectId: "object-4" }]);
  assert.equal(calls.at(-1)?.method, "Runtime.releaseObjectGroup");
});

Deno.test("a scroller that cannot be measured is not marked; the other signals stand", async () => {
  for (const failing of ["DOM.resolveNode", "Runtime.callFunctionOn", "Page.createIsolatedWorld"]) {
    const { context, read } = page(measured, failing);
    const signals = await readSignals(context, read, 10, 10_000, world());
    assert.equal(signals.missing, undefined, failing);
    assert.deepEqual(scrollable(signals), [], failing);
  }
  // Sizes that are no sizes.
  const { context, read } = page("not sizes");
  assert.deepEqual(scrollable(await readSignals(context, read, 10, 10_000, world())), []);
});

Deno.test("at most maxScrollers scrollers are measured, the first in document order", async () => {
  const { context, read, calls } = page([measured[0]]);
  const signals = await readSignals(context, read, 10, 10_000, world(), {
    maxAxNodes: 100,
    timeoutMs: 1_000,
    maxScrollers: 1,
  });
  const resolved = calls.filter((call) => call.method === "DOM.resolveNode");
  assert.deepEqual(resolved.map((call) => call.params.backendNodeId), [3]);
  assert.deepEqual(scrollable(signals), [3]);
});

/**
 * A page as {@linkcode page} whose signals stamp (`Runtime.evaluate` in the
 * provider's world) answers each of `stamps` in turn; `undefined` throws.
 */
function stampedPage(stamps: (string | null | undefined)[], sizes: unknown = measured) {
  const answers = [...stamps];
  const answer = page(sizes);
  const inner = answer.context.browser.sendCommand.bind(answer.context.browser);
  answer.context.browser.sendCommand = (tabId, method, params) => {
    if (method !== "Runtime.evaluate") return inner(tabId, method, params);
    answer.calls.push({ method, params: params ?? {} });
    const stamp = answers.shift();
    return stamp === undefined
      ? Promise.reject(new Error("gone"))
      : Promise.resolve({ result: { value: stamp } });
  };
  return answer;
}

const snapshots = (calls: { method: string }[]) =>
  calls.filter((call) => call.method === "DOMSnapshot.captureSnapshot").length;

Deno.test("with a cache, a read whose stamp is the last one's takes its signals, no snapshot", async () => {
  const { context, read, calls } = stampedPage(["w:1", "w:1", "w:2"]);
  const cached = { ...world(), cache: new SignalsCache() };
  const first = await readSignals(context, read, 10, 10_000, cached);
  assert.equal(snapshots(calls), 1);
  const again = await readSignals(context, read, 10, 10_000, cached);
  assert.equal(snapshots(calls), 1);
  assert.equal(again.signals, first.signals);
  // The stamp moved: the page changed since.
  const moved = await readSignals(context, read, 10, 10_000, cached);
  assert.equal(snapshots(calls), 2);
  assert.notEqual(moved.signals, first.signals);
  // The stamp is read in the provider's world, before the snapshot is asked for.
  const order = calls.map((call) => call.method).filter((method) =>
    method === "Runtime.evaluate" || method === "DOMSnapshot.captureSnapshot"
  );
  assert.deepEqual(order.slice(0, 2), ["Runtime.evaluate", "DOMSnapshot.captureSnapshot"]);
  assert.equal(calls.find((call) => call.method === "Runtime.evaluate")?.params.contextId, 41);
});

Deno.test("nothing is kept under no stamp, a running animation's, or without the scrollers' sizes", async () => {
  const cases: { name: string; stamps: (string | null | undefined)[]; sizes?: unknown }[] = [
    { name: "the stamp cannot be read", stamps: [undefined, undefined] },
    { name: "an animation runs", stamps: [null, null] },
    { name: "the sizes are no sizes", stamps: ["w:1", "w:1"], sizes: "not sizes" },
  ];
  for (const { name, stamps, sizes } of cases) {
    const { context, read, calls } = stampedPage(stamps, sizes);
    const cached = { ...world(), cache: new SignalsCache() };
    await readSignals(context, read, 10, 10_000, cached);
    const again = await readSignals(context, read, 10, 10_000, cached);
    assert.equal(snapshots(calls), 2, name);
    assert.equal(again.missing, undefined, name);
  }
});

Deno.test("signals kept for one document are never another's", async () => {
  const { context, read, calls } = stampedPage(["w:1", "w:1"]);
  const cache = new SignalsCache();
  await readSignals(context, read, 10, 10_000, { ...world(), cache });
  const other = { worlds: new IsolatedWorlds(), document: { frameId: "frame-1", loaderId: "l2" } };
  await readSignals(context, read, 10, 10_000, { ...other, cache });
  assert.equal(snapshots(calls), 2);
});

Deno.test("the cache keeps the signals of at most maxKeptTabs tabs, the latest kept", () => {
  const cache = new SignalsCache();
  const document = { frameId: "f", loaderId: "l" };
  const signals = { nodes: new Map(), textHosts: new Map(), size: 0, known: new Set<number>() };
  for (let tab = 1; tab <= maxKeptTabs + 1; tab++) cache.keep(tab, document, "w:1", signals);
  assert.equal(cache.take(1, document, "w:1"), undefined);
  for (let tab = 2; tab <= maxKeptTabs + 1; tab++) {
    assert.equal(cache.take(tab, document, "w:1"), signals);
  }
  // Kept again, a tab is the latest: the oldest other goes first.
  cache.keep(2, document, "w:1", signals);
  cache.keep(9, document, "w:1", signals);
  assert.equal(cache.take(3, document, "w:1"), undefined);
  assert.equal(cache.take(2, document, "w:1"), signals);
});
