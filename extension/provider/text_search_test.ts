import assert from "node:assert/strict";
import { AxSearchResultSchema } from "../../contracts/methods/mod.ts";
import { foldAscii } from "../../contracts/page_text.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import type { RawAxNode } from "./ax_projection.ts";
import { ChangeWatches } from "./change_watch.ts";
import { searchAx, searchBounds } from "./text_search.ts";

const lease = { leaseId: "l1", fence: 1 };
const live = () => new AbortController().signal;

/**
 * A shop's order table as Chromium shows it, with DOM IDs: the root, a
 * table, its ignored row group and `rows` rows, each a row named `Order i`
 * holding a cell with its text and a button.
 */
function orderTree(rows: number): RawAxNode[] {
  const node = (
    id: number,
    role: string,
    parent: number | undefined,
    children: number[],
    name = "",
  ): RawAxNode => ({
    nodeId: String(id),
    ignored: role === "none",
    role: { type: "role", value: role },
    name: { type: "computedString", value: name },
    ...(parent === undefined ? {} : { parentId: String(parent) }),
    childIds: children.map(String),
    backendDOMNodeId: id,
  });
  const rowIds = Array.from({ length: rows }, (_, i) => 100 + 4 * i);
  const nodes = [
    node(1, "RootWebArea", undefined, [2], "Orders"),
    node(2, "table", 1, [4]),
    node(4, "none", 2, rowIds),
  ];
  rowIds.forEach((id, i) => {
    nodes.push(
      node(id, "row", 4, [id + 1, id + 3], `Order ${i}`),
      node(id + 1, "cell", id, [id + 2], `Order ${i}`),
      node(id + 2, "StaticText", id + 1, [], `Order ${i}`),
      node(id + 3, "button", id, [], "Open"),
    );
  });
  return nodes;
}

/**
 * A provider on a page of `nodes` and `elements` elements whose text search
 * finds the nodes whose name holds the needle (a remote object per node,
 * `match:<id>`), the first `limit` of them.
 */
async function setup(nodes: RawAxNode[], elements: number) {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, title: "Orders", url: "https://shop.example/", active: true });
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const chain = (id: string) => {
    const out: RawAxNode[] = [];
    for (let at = byId.get(id); at !== undefined; at = byId.get(at.parentId ?? "")) out.push(at);
    return out;
  };
  let needle = "";
  let limit = 0;
  const texts = () =>
    nodes.filter((node) =>
      node.role?.value === "StaticText" &&
      foldAscii(String(node.name?.value)).includes(needle)
    );
  provider.browser.respond = (method, params) => {
    switch (method) {
      case "Page.getFrameTree":
        return {
          frameTree: {
            frame: { id: "frame-1", loaderId: "loader-1", url: "https://shop.example/" },
          },
        };
      case "Page.createIsolatedWorld":
        return { executionContextId: 5 };
      case "Runtime.callFunctionOn": {
        const args = params?.arguments as { value: unknown }[];
        needle = String(args[0].value);
        limit = Number(args[1].value);
        return { result: { type: "object", subtype: "array", objectId: "found" } };
      }
      case "Runtime.getProperties": {
        const matches = texts();
        return {
          result: [
            ...matches.slice(0, limit).map((node, i) => ({
              name: String(i),
              value: { type: "object", objectId: `match:${node.nodeId}` },
            })),
            { name: "length", value: { type: "number", value: Math.min(limit, matches.length) } },
            { name: "total", value: { type: "number", value: matches.length } },
            { name: "elements", value: { type: "number", value: elements } },
          ],
        };
      }
      case "Accessibility.getAXNodeAndAncestors":
        return { nodes: chain(String(params?.objectId).slice("match:".length)) };
      case "Accessibility.getPartialAXTree": {
        const found = byId.get(String(params?.backendNodeId));
        if (found === undefined) throw new Error("No node with given id found");
        return { nodes: [found] };
      }
      case "Accessibility.getFullAXTree":
        return { nodes };
      case "Accessibility.getRootAXNode":
        return { node: nodes[0] };
      case "Accessibility.queryAXTree": {
        const found: RawAxNode[] = [];
        const stack = [byId.get(String(params?.backendNodeId))];
        for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
          found.push(at);
          stack.push(...(at.childIds ?? []).map((id) => byId.get(id)));
        }
        return { nodes: found };
      }
      case "DOM.performSearch":
        return { searchId: "s", resultCount: elements };
      case "DOMSnapshot.captureSnapshot":
        throw new Error("not in this test");
      case "Accessibility.enable":
      case "DOM.getDocument":
      case "DOM.discardSearchResults":
      case "Runtime.releaseObjectGroup":
        return { root: { nodeId: 1, backendNodeId: 1 } };
    }
    throw new Error(`unexpected ${method}`);
  };
  await grantShopLease(provider.leases, lease);
  const methods = () => provider.browser.commands.map((command) => command.method);
  return { ...provider, methods };
}

async function search(context: Parameters<typeof searchAx>[0], query: string) {
  return AxSearchResultSchema.parse(
    await searchAx(context, { lease, request: { query, maxNodes: 100 } }, live()),
  );
}

Deno.test("a query on a large page reads its match with its ancestors and subtree, not the page", async () => {
  const { context, methods } = await setup(orderTree(2_000), 10_000);
  const found = await search(context, "order 1500");
  assert.equal(found.via, "text");
  assert.deepEqual(
    found.nodes.map((node) => `${"  ".repeat(node.depth)}${node.role} ${node.name}`),
    [
      "RootWebArea Orders",
      "  table ",
      "    row Order 1500",
      // The cell's text only repeats its name, which the projection leaves out.
      "      cell Order 1500",
      // Not on the match's chain: the row's subtree was read.
      "      button Open",
    ],
  );
  assert.equal(found.cut, null);
  assert.ok(!methods().includes("Accessibility.getFullAXTree"));
  assert.ok(!methods().includes("Accessibility.getChildAXNodes"));
  assert.ok(methods().includes("Runtime.releaseObjectGroup"));
});

Deno.test("a page with fewer elements than the read's bound but more rows is searched, not read", async () => {
  // 80 elements under a bound of 100 rows: its 160 rows would be cut by the read.
  const { context, methods } = await setup(orderTree(40), 80);
  const found = await search(context, "order 35");
  assert.equal(found.via, "text");
  assert.deepEqual(
    found.nodes.filter((node) => node.role === "row").map((node) => node.name),
    ["Order 35"],
  );
  assert.ok(!methods().includes("Accessibility.getFullAXTree"));
  assert.ok(!methods().includes("Accessibility.getRootAXNode"));
});

Deno.test("searches share the change watches' isolated world of the document", async () => {
  const { context, methods } = await setup(orderTree(2_000), 10_000);
  const watches = new ChangeWatches();
  for (const query of ["order 1500", "order 1600"]) {
    const found = await searchAx(
      context,
      { lease, request: { query, maxNodes: 100 } },
      live(),
      watches,
    );
    assert.equal(found.via, "text");
  }
  const worlds = methods().filter((method) => method === "Page.createIsolatedWorld");
  assert.equal(worlds.length, 1);
});

Deno.test("matches past the ones read are counted in the cut", async () => {
  const { context } = await setup(orderTree(2_000), 10_000);
  // "Order 1" is in 1, 10–19, 100–199 and 1,000–1,999: 1,111 rows.
  const found = await search(context, "Order 1");
  assert.equal(found.via, "text");
  const rows = found.nodes.filter((node) => node.role === "row").map((node) => node.name);
  assert.deepEqual(rows.slice(0, 3), ["Order 1", "Order 10", "Order 11"]);
  assert.equal(rows.length, searchBounds.maxMatches);
  assert.deepEqual(found.cut, {
    reason: "nodes",
    at: null,
    omitted: 1_111 - searchBounds.maxMatches,
  });
});

Deno.test("a small page, a role, and text with no accessible match are read instead", async (t) => {
  await t.step("a page small enough to read whole", async () => {
    const { context, methods } = await setup(orderTree(20), 60);
    const found = await search(context, "Order 15");
    assert.equal(found.via, "read");
    assert.ok(methods().includes("Accessibility.getFullAXTree"));
    assert.equal(found.nodes.filter((node) => node.role === "row").length, 20);
  });
  await t.step("a role, which the text does not hold", async () => {
    const { context, methods } = await setup(orderTree(2_000), 10_000);
    const found = await search(context, "Row");
    assert.equal(found.via, "read");
    assert.ok(!methods().includes("Runtime.callFunctionOn"));
  });
  await t.step("text the tree shows under no name holding it", async () => {
    // Row 1,500's text is found, but hidden from the tree, and nothing above it is named with it.
    const nodes = orderTree(2_000).map((node) =>
      node.nodeId === "6102"
        ? { ...node, ignored: true }
        : node.nodeId === "6100" || node.nodeId === "6101"
        ? { ...node, name: { type: "computedString", value: "" } }
        : node
    );
    const { context, methods } = await setup(nodes, 10_000);
    const found = await search(context, "order 1500");
    assert.equal(found.via, "read");
    assert.ok(methods().includes("Runtime.callFunctionOn"));
  });
});
