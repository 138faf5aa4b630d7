import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { AxWindowSchema } from "../../contracts/methods/mod.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import type { RawAxNode } from "./ax_projection.ts";
import { readAx } from "./observe.ts";
import { providerHandlers } from "./mod.ts";
import { readPage, type WindowBounds } from "./page.ts";
import { PageContinuations } from "./page_continuations.ts";

const lease = { leaseId: "l1", fence: 1 };

/** A document: a root (backend 1) with `rows` rows (10 + i), each holding a button (5000 + i). */
function documentNodes(rows: number, name = (i: number) => `Row ${i}`): RawAxNode[] {
  const nodes: RawAxNode[] = [{
    nodeId: "root",
    ignored: false,
    role: { type: "internalRole", value: "RootWebArea" },
    name: { type: "computedString", value: "Orders" },
    childIds: Array.from({ length: rows }, (_, i) => `r${i}`),
    backendDOMNodeId: 1,
  }];
  for (let i = 0; i < rows; i++) {
    nodes.push({
      nodeId: `r${i}`,
      ignored: false,
      role: { type: "role", value: "row" },
      name: { type: "computedString", value: name(i) },
      parentId: "root",
      childIds: [`b${i}`],
      backendDOMNodeId: 10 + i,
    }, {
      nodeId: `b${i}`,
      ignored: false,
      role: { type: "role", value: "button" },
      name: { type: "computedString", value: `Open ${i}` },
      parentId: `r${i}`,
      childIds: [],
      backendDOMNodeId: 5000 + i,
    });
  }
  return nodes;
}

async function setup(options: { rows?: number; nodes?: RawAxNode[] } = {}) {
  const provider = fakeProvider();
  let now = 1_000;
  provider.context.now = () => now;
  provider.browser.addTab({ id: 7, title: "Orders", url: "https://shop.example/", active: true });
  const page = {
    loaderId: "loader-1",
    url: "https://shop.example/",
    nodes: options.nodes ?? documentNodes(options.rows ?? 12),
    /** Runs after the tree was read, as if the page changed meanwhile. */
    afterTree: () => {},
  };
  provider.browser.respond = (method, params) => {
    switch (method) {
      case "Page.getFrameTree":
        return { frameTree: { frame: { id: "frame-1", loaderId: page.loaderId, url: page.url } } };
      case "Accessibility.getFullAXTree": {
        const nodes = structuredClone(page.nodes);
        page.afterTree();
        return { nodes };
      }
      case "Accessibility.queryAXTree": {
        const root = page.nodes.find((node) => node.backendDOMNodeId === params?.backendNodeId);
        if (root === undefined) throw new Error("No node with given id found");
        const inside = new Set([root.nodeId]);
        // Nodes come parent first, so one pass collects the subtree.
        for (const node of page.nodes) {
          if (node.parentId !== undefined && inside.has(node.parentId)) inside.add(node.nodeId);
        }
        return { nodes: page.nodes.filter((node) => inside.has(node.nodeId)) };
      }
    }
    throw new Error(`unexpected ${method}`);
  };
  const grant = (fence: number) => grantShopLease(provider.leases, { leaseId: "l1", fence });
  await grant(1);
  const continuations = new PageContinuations({ now: () => now });
  const read = (
    request: { continuation?: string; backendNodeId?: number; frameId?: string } = {},
    bounds: WindowBounds = { windowNodes: 5 },
    token = lease,
  ) =>
    readPage(
      provider.context,
      { lease: token, request: { frameId: "frame-1", ...request } },
      { signal: new AbortController().signal, continuations, bounds },
    ).then((window) => AxWindowSchema.parse(window));
  return {
    ...provider,
    page,
    continuations,
    read,
    grant,
    advance: (ms: number) => now += ms,
  };
}

function rejectsWith(code: string) {
  return (error: unknown) => {
    assert.ok(isLeashError(error), String(error));
    assert.equal(error.code, code);
    return true;
  };
}

Deno.test("ax.page walks the document in windows, each row once, in ax.read's order", async () => {
  const { context, read } = await setup({ rows: 12 });
  const windows = [await read()];
  while (windows.at(-1)?.continuation != null) {
    windows.push(await read({ continuation: windows.at(-1)?.continuation ?? undefined }));
  }
  // 1 root + 12 rows + 12 buttons = 25 rows in windows of 5.
  assert.deepEqual(windows.map((window) => window.nodes.length), [5, 5, 5, 5, 5]);
  assert.deepEqual(windows.map((window) => window.complete), [false, false, false, false, true]);
  assert.equal(windows.at(-1)?.continuation, null);
  assert.match(windows[0].continuation ?? "", /^ap-[0-9a-f]{32}$/);
  assert.deepEqual(
    new Set(windows.map((window) => `${window.frameId} ${window.loaderId} ${window.title}`)),
    new Set(["frame-1 loader-1 Orders"]),
  );
  const whole = await readAx(context, { lease, request: { maxDepth: 1024 } }, live());
  assert.deepEqual(windows.flatMap((window) => window.nodes), whole.nodes);
});

Deno.test("a continuation works once; reusing it is STALE_CURSOR and reads nothing", async () => {
  const { browser, read } = await setup();
  const first = await read();
  await read({ continuation: first.continuation ?? "" });
  const commands = browser.commands.length;
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_CURSOR"),
  );
  await assert.rejects(read({ continuation: "ap-unknown" }), rejectsWith("STALE_CURSOR"));
  assert.equal(browser.commands.length, commands);
});

Deno.test("a continuation expires after 60 s", async () => {
  const { read, advance } = await setup();
  const first = await read();
  advance(60_001);
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_CURSOR"),
  );
});

Deno.test("a continuation is bound to its frame and root, and spent by a mismatch", async () => {
  const { read } = await setup();
  const first = await read();
  await assert.rejects(
    read({ continuation: first.continuation ?? "", backendNodeId: 10 }),
    rejectsWith("STALE_CURSOR"),
  );
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_CURSOR"),
  );
  const second = await read();
  await assert.rejects(
    read({ continuation: second.continuation ?? "", frameId: "frame-2" }),
    rejectsWith("STALE_CURSOR"),
  );
});

Deno.test("a new document (same-origin navigation) makes the continuation STALE_CURSOR", async () => {
  const { read, page } = await setup();
  const first = await read();
  page.loaderId = "loader-2";
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_CURSOR"),
  );
});

Deno.test("a frame other than the tab's top-level one is STALE_TARGET", async () => {
  const { read } = await setup();
  await assert.rejects(read({ frameId: "frame-2" }), rejectsWith("STALE_TARGET"));
});

Deno.test("a navigation during the read is STALE_TARGET and issues no continuation", async () => {
  const { read, page, continuations } = await setup();
  page.afterTree = () => page.loaderId = "loader-2";
  await assert.rejects(read(), rejectsWith("STALE_TARGET"));
  assert.equal(continuations.size, 0);
});

Deno.test("the end of the grant drops its continuations; a new grant cannot use them", async () => {
  const { read, leases, continuations, grant } = await setup();
  const first = await read();
  assert.equal(continuations.size, 1);
  await leases.end("l1", "stop");
  assert.equal(continuations.size, 0);
  await grant(2);
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }, undefined, { leaseId: "l1", fence: 2 }),
    rejectsWith("STALE_CURSOR"),
  );
  await assert.rejects(
    read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_LEASE"),
  );
});

Deno.test("another lease's request neither uses nor spends a continuation", async () => {
  const provider = await setup();
  const first = await provider.read();
  await grantShopLease(provider.leases, { leaseId: "l2", fence: 1 });
  await assert.rejects(
    provider.read({ continuation: first.continuation ?? "" }, undefined, {
      leaseId: "l2",
      fence: 1,
    }),
    rejectsWith("STALE_CURSOR"),
  );
  const next = await provider.read({ continuation: first.continuation ?? "" });
  assert.equal(next.nodes[0].backendNodeId, 12);
});

Deno.test("Stop during a read fails it with the lease's reason", async () => {
  const { read, page, leases } = await setup();
  page.afterTree = () => void leases.end("l1", "stop");
  await assert.rejects(read(), rejectsWith("STALE_LEASE"));
});

Deno.test("a stale fence reaches no debugger", async () => {
  const { read, browser } = await setup();
  const commands = browser.commands.length;
  await assert.rejects(
    read({}, undefined, { leaseId: "l1", fence: 9 }),
    rejectsWith("STALE_LEASE"),
  );
  assert.equal(browser.commands.length, commands);
});

Deno.test("rows inserted or removed before the resume point are not read again", async () => {
  const { read, page } = await setup({ rows: 6 });
  // Root, row 0, button 0, row 1, button 1.
  const first = await read();
  assert.equal(first.nodes.at(-1)?.backendNodeId, 5001);
  page.nodes = page.nodes.filter((node) => node.nodeId !== "r0" && node.nodeId !== "b0");
  page.nodes[0].childIds = page.nodes[0].childIds?.filter((id) => id !== "r0");
  const next = await read({ continuation: first.continuation ?? "" });
  assert.deepEqual(next.nodes.map((node) => node.backendNodeId), [12, 5002, 13, 5003, 14]);
});

Deno.test("a resume row that is gone or moved is STALE_TARGET, never a resync", async () => {
  const gone = await setup({ rows: 6 });
  const first = await gone.read();
  gone.page.nodes = gone.page.nodes.filter((node) => node.nodeId !== "b1");
  await assert.rejects(
    gone.read({ continuation: first.continuation ?? "" }),
    rejectsWith("STALE_TARGET"),
  );

  const moved = await setup({ rows: 6 });
  const window = await moved.read();
  // Button 1 moves from row 1 to row 3: same node, another path.
  const button = moved.page.nodes.find((node) => node.nodeId === "b1");
  const from = moved.page.nodes.find((node) => node.nodeId === "r1");
  const to = moved.page.nodes.find((node) => node.nodeId === "r3");
  assert.ok(button && from && to);
  button.parentId = "r3";
  from.childIds = [];
  to.childIds = ["b3", "b1"];
  await assert.rejects(
    moved.read({ continuation: window.continuation ?? "" }),
    rejectsWith("STALE_TARGET"),
  );
});

Deno.test("a subtree walk reads only under its root and binds the root", async () => {
  const { read, browser } = await setup({ rows: 6 });
  const window = await read({ backendNodeId: 12 }, { windowNodes: 1 });
  assert.deepEqual(window.nodes.map((node) => [node.backendNodeId, node.depth]), [[12, 0]]);
  const rest = await read({ backendNodeId: 12, continuation: window.continuation ?? "" });
  assert.deepEqual(rest.nodes.map((node) => [node.backendNodeId, node.depth]), [[5002, 1]]);
  assert.equal(rest.complete, true);
  assert.equal(rest.continuation, null);
  const queries = browser.commands.filter((c) => c.method === "Accessibility.queryAXTree");
  assert.deepEqual(queries.map((c) => c.params), [{ backendNodeId: 12 }, { backendNodeId: 12 }]);
  await assert.rejects(read({ backendNodeId: 999 }), rejectsWith("STALE_TARGET"));
});

Deno.test("a window stays inside the response budget, however long the names", async () => {
  const { read } = await setup({ rows: 300 });
  // Names are cut to 1,000 units; a control character serializes as 6 bytes.
  const long = await setup({ nodes: documentNodes(300, (i) => `${i}`.padEnd(5_000, "\u0001")) });
  const window = await long.read({}, {});
  const size = new TextEncoder().encode(JSON.stringify(window)).length;
  assert.ok(size < limits.maxExtensionResponseBytes, `${size} bytes`);
  assert.ok(window.nodes.length > 1 && window.nodes.length < 500, `${window.nodes.length} rows`);
  assert.ok(window.continuation !== null);
  // Short names fill a window to its row bound instead.
  assert.equal((await read({}, {})).nodes.length, 500);
});

Deno.test("a read that outlasts its deadline is TIMEOUT and issues no continuation", async () => {
  const { read, page, continuations, advance } = await setup();
  page.afterTree = () => advance(20_001);
  await assert.rejects(read(), rejectsWith("TIMEOUT"));
  assert.equal(continuations.size, 0);
});

Deno.test("children DevTools did not send make the walk end incomplete", async () => {
  const nodes = documentNodes(2);
  nodes[1].childIds = ["b0", "missing"];
  const { read } = await setup({ nodes });
  const window = await read({}, { windowNodes: 100 });
  assert.equal(window.continuation, null);
  assert.equal(window.complete, false);
});

Deno.test("continuations are capped per lease, oldest dropped first", async () => {
  const { read, continuations } = await setup();
  const windows = [];
  for (let i = 0; i < 9; i++) windows.push(await read());
  assert.equal(continuations.size, 8);
  await assert.rejects(
    read({ continuation: windows[0].continuation ?? "" }),
    rejectsWith("STALE_CURSOR"),
  );
  const next = await read({ continuation: windows[1].continuation ?? "" });
  assert.equal(next.nodes.length, 5);
});

Deno.test("the provider routes ax.page to live windows", async () => {
  const { context, browser } = await setup();
  const handlers = providerHandlers(context);
  const window = await handlers["ax.page"](
    { lease, request: { frameId: "frame-1" } },
    { signal: live(), id: "1" },
  );
  assert.equal(window.nodes.length, 25);
  assert.equal(window.complete, true);
  assert.ok(browser.commands.some((c) => c.method === "Accessibility.getFullAXTree"));
});

function live(): AbortSignal {
  return new AbortController().signal;
}
