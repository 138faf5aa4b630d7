import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { AxFindResultSchema, AxSnapshotSchema } from "../../contracts/methods/mod.ts";
import { signalsStampExpression } from "../../contracts/methods/page_functions.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { ChangeWatches } from "./change_watch.ts";
import { findAx, readAx } from "./observe.ts";

const lease = { leaseId: "l1", fence: 1 };

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, title: "Shop", url: "https://shop.example/", active: true });
  let loaderId = "loader-1";
  let url = "https://shop.example/";
  const nodes = [
    {
      nodeId: "1",
      ignored: false,
      role: { type: "internalRole", value: "RootWebArea" },
      name: { type: "computedString", value: "Shop" },
      childIds: ["2", "3"],
      backendDOMNodeId: 1,
    },
    {
      nodeId: "2",
      ignored: false,
      role: { type: "role", value: "button" },
      name: { type: "computedString", value: "Send" },
      parentId: "1",
      childIds: ["4"],
      backendDOMNodeId: 2,
    },
    {
      nodeId: "4",
      ignored: false,
      role: { type: "internalRole", value: "StaticText" },
      name: { type: "computedString", value: "Send" },
      parentId: "2",
      childIds: [],
      backendDOMNodeId: 4,
    },
    {
      nodeId: "3",
      ignored: false,
      role: { type: "role", value: "link" },
      name: { type: "computedString", value: "Help" },
      parentId: "1",
      childIds: [],
      backendDOMNodeId: 3,
    },
  ];
  provider.browser.respond = (method) => {
    switch (method) {
      case "Page.getFrameTree":
        return { frameTree: { frame: { id: "frame-1", loaderId, url } } };
      case "Accessibility.getFullAXTree":
        return { nodes };
      case "Accessibility.queryAXTree":
        return { nodes: nodes.filter((node) => node.name.value === "Send") };
      case "DOM.getDocument":
        return { root: { backendNodeId: 1 } };
    }
    throw new Error(`unexpected ${method}`);
  };
  await grantShopLease(provider.leases, lease);
  return {
    ...provider,
    navigate(next: { loaderId?: string; url?: string }) {
      loaderId = next.loaderId ?? loaderId;
      url = next.url ?? url;
    },
  };
}

const live = () => new AbortController().signal;

Deno.test("ax.read returns the document's identity and its bounded rows", async () => {
  const { context, browser } = await setup();
  const snapshot = AxSnapshotSchema.parse(await readAx(context, { lease, request: {} }, live()));
  assert.equal(snapshot.loaderId, "loader-1");
  assert.equal(snapshot.title, "Shop");
  assert.deepEqual(snapshot.nodes.map((n) => n.role), ["RootWebArea", "button", "link"]);
  assert.equal(snapshot.cut, null);
  const fetch = browser.commands.find((c) => c.method === "Accessibility.getFullAXTree");
  assert.deepEqual(fetch?.params, { depth: 132 });
});

Deno.test("a read and a search leave DevTools tracking none of the document's nodes", async () => {
  const { context, browser } = await setup();
  const methods = () => browser.commands.map((command) => command.method);
  await readAx(context, { lease, request: {} }, live());
  assert.ok(methods().includes("DOM.getDocument"));
  assert.equal(methods().at(-1), "DOM.disable");
  await findAx(context, { lease, request: { query: "Send" } }, live());
  assert.equal(methods().at(-1), "DOM.disable");
});

Deno.test("ax.read with a stale fence reaches no debugger", async () => {
  const { context, browser } = await setup();
  const before = browser.commands.length;
  await assert.rejects(
    readAx(context, { lease: { leaseId: "l1", fence: 2 }, request: {} }, live()),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  assert.equal(browser.commands.length, before);
});

Deno.test("a read that spans a navigation is STALE_TARGET", async () => {
  const { context, browser, navigate } = await setup();
  const respond = browser.respond;
  browser.respond = (method, params) => {
    const value = respond(method, params);
    if (method === "Accessibility.getFullAXTree") navigate({ loaderId: "loader-2" });
    return value;
  };
  await assert.rejects(
    readAx(context, { lease, request: {} }, live()),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("a document outside the lease's origin ends the lease: ORIGIN_CHANGED", async () => {
  const { context, events, navigate } = await setup();
  navigate({ url: "https://evil.example/" });
  await assert.rejects(
    readAx(context, { lease, request: {} }, live()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(events, [`revoked 1 {"leaseId":"l1","reason":"navigated"}`]);
});

Deno.test("Stop during a read fails it with the lease's reason", async () => {
  const { context, browser, leases } = await setup();
  const respond = browser.respond;
  browser.respond = (method, params) => {
    if (method === "Accessibility.getFullAXTree") void leases.end("l1", "stop");
    return respond(method, params);
  };
  await assert.rejects(
    readAx(context, { lease, request: {} }, live()),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
});

Deno.test("ax.find matches literally and leaves out text repeating its match", async () => {
  const { context, browser } = await setup();
  const result = AxFindResultSchema.parse(
    await findAx(context, { lease, request: { query: "Send", role: "button" } }, live()),
  );
  assert.deepEqual(result.nodes.map((n) => `${n.role} ${n.name}`), ["button Send"]);
  assert.equal(result.truncated, false);
  const query = browser.commands.find((c) => c.method === "Accessibility.queryAXTree");
  assert.deepEqual(query?.params, { backendNodeId: 1, accessibleName: "Send", role: "button" });
});

/** Answers that let a read count the page (3 elements: read whole) and log its calls. */
function counting(
  browser: { respond: (method: string, params?: Record<string, unknown>) => unknown },
) {
  const log: string[] = [];
  const respond = browser.respond;
  /** The signals read's first call of a read: its stamp, its world, or its snapshot. */
  const signalsAsked = () => {
    if (!log.includes("signals asked")) log.push("signals asked");
  };
  let snapshotAsked = () => {};
  const asked = new Promise<void>((resolve) => snapshotAsked = resolve);
  browser.respond = (method, params) => {
    switch (method) {
      case "DOM.getDocument":
        return { root: { nodeId: 1, backendNodeId: 1 } };
      case "DOM.performSearch":
        log.push("count");
        return { searchId: "s1", resultCount: 3 };
      case "DOM.discardSearchResults":
        return {};
      // The signals read begins with the page's stamp, in the provider's world (made first in
      // a document new to it), then asks for the snapshot.
      case "Page.createIsolatedWorld":
        signalsAsked();
        return { executionContextId: 41 };
      case "Runtime.evaluate":
        if (params?.expression !== signalsStampExpression) break;
        signalsAsked();
        return { result: { value: "w:1" } };
      case "DOMSnapshot.captureSnapshot":
        signalsAsked();
        snapshotAsked();
        return {};
      case "Accessibility.getFullAXTree": {
        log.push("tree asked");
        // The tree answers once the signals were asked, or after a while when they never are.
        const late = new Promise<void>((resolve) => setTimeout(resolve, 200));
        return Promise.race([asked, late]).then(() => {
          log.push("tree answered");
          return respond(method, params);
        });
      }
    }
    return respond(method, params);
  };
  return log;
}

Deno.test("a page read asks for the page's signals beside its tree once it has counted the page", async () => {
  const { context, browser } = await setup();
  const log = counting(browser);
  const snapshot = AxSnapshotSchema.parse(await readAx(context, { lease, request: {} }, live()));
  assert.deepEqual(log, ["count", "signals asked", "tree asked", "tree answered"]);
  // The fake's snapshot is malformed: the read goes on with the tree alone, and says so.
  assert.equal(snapshot.signals, "failed");
  assert.deepEqual(snapshot.nodes.map((n) => n.role), ["RootWebArea", "button", "link"]);
});

Deno.test("a page read of a document read before asks for its signals before counting it", async () => {
  const { context, browser, navigate } = await setup();
  const log = counting(browser);
  const watches = new ChangeWatches();
  await readAx(context, { lease, request: {} }, live(), watches);
  log.length = 0;
  await readAx(context, { lease, request: {} }, live(), watches);
  assert.deepEqual(log, ["signals asked", "count", "tree asked", "tree answered"]);
  // What the last read of another document found says nothing of this one: it is counted first.
  navigate({ loaderId: "loader-2" });
  log.length = 0;
  await readAx(context, { lease, request: {} }, live(), watches);
  assert.deepEqual(log, ["count", "signals asked", "tree asked", "tree answered"]);
});
