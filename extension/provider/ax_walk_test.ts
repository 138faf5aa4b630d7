import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { RawAxNode } from "./ax_projection.ts";
import { estimateTokens } from "../../contracts/tokens.ts";
import { readAxTree, rowWeight, walkAxTree, wholeElements } from "./ax_walk.ts";
import { axNode } from "../testing/ax_nodes.ts";

/** A document: a list of `items` items, each a button with its static text. */
function listTree(items: number): RawAxNode[] {
  const nodes: RawAxNode[] = [{
    nodeId: "1",
    ignored: false,
    role: { type: "internalRole", value: "RootWebArea" },
    childIds: ["2"],
    backendDOMNodeId: 1,
  }, {
    nodeId: "2",
    ignored: false,
    role: { type: "role", value: "list" },
    parentId: "1",
    childIds: Array.from({ length: items }, (_, i) => `i${i}`),
    backendDOMNodeId: 2,
  }];
  for (let i = 0; i < items; i++) {
    nodes.push({
      nodeId: `i${i}`,
      ignored: false,
      role: { type: "role", value: "listitem" },
      parentId: "2",
      childIds: [`b${i}`],
      backendDOMNodeId: 100 + 3 * i,
    }, {
      nodeId: `b${i}`,
      ignored: false,
      role: { type: "role", value: "button" },
      name: { type: "computedString", value: `Item ${i}` },
      parentId: `i${i}`,
      childIds: [`t${i}`],
      backendDOMNodeId: 101 + 3 * i,
    }, {
      nodeId: `t${i}`,
      ignored: false,
      role: { type: "internalRole", value: "StaticText" },
      name: { type: "computedString", value: `Item ${i}` },
      parentId: `b${i}`,
      childIds: [`-${i}`],
      backendDOMNodeId: 102 + 3 * i,
    });
  }
  return nodes;
}

/**
 * DevTools' answers over `nodes`, with the calls made; `subtrees: false`
 * makes every `queryAXTree` fail, as for a DOM node that went.
 */
function fakeDevtools(nodes: RawAxNode[], elements = 10_000, { subtrees = true } = {}) {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const calls: string[] = [];
  /** How many nodes each answer held. */
  const answered: number[] = [];
  const command = (method: string, params?: Record<string, unknown>): Promise<unknown> => {
    calls.push(method);
    switch (method) {
      case "Accessibility.queryAXTree": {
        const top = nodes.find((node) => node.backendDOMNodeId === params?.backendNodeId);
        if (!subtrees || top === undefined) return Promise.reject(new Error("No node found"));
        const found: RawAxNode[] = [];
        const stack = [top];
        for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
          found.push(node);
          for (const id of node.childIds ?? []) {
            const child = byId.get(id);
            if (child !== undefined) stack.push(child);
          }
        }
        answered.push(found.length);
        return Promise.resolve({ nodes: found });
      }
      case "Accessibility.enable":
        return Promise.resolve({});
      case "Accessibility.getRootAXNode":
        return Promise.resolve({ node: nodes[0] });
      case "Accessibility.getChildAXNodes": {
        // As Chromium does: an ignored child's children come too, and theirs, down to unignored.
        const found: RawAxNode[] = [];
        const addChildren = (id: string) => {
          for (const childId of byId.get(id)?.childIds ?? []) {
            const child = byId.get(childId);
            if (child === undefined) continue;
            found.push(child);
            if (child.ignored) addChildren(child.nodeId);
          }
        };
        addChildren(String(params?.id));
        answered.push(found.length);
        return Promise.resolve({ nodes: found });
      }
      case "Accessibility.getPartialAXTree": {
        const node = nodes.find((node) => node.backendDOMNodeId === params?.backendNodeId);
        if (node === undefined) return Promise.reject(new Error("No node with given id found"));
        answered.push(1);
        return Promise.resolve({ nodes: [node] });
      }
      case "Accessibility.getFullAXTree":
        return Promise.resolve({ nodes });
      case "DOM.getDocument":
        return Promise.resolve({ root: { nodeId: 1 } });
      case "DOM.performSearch":
        return Promise.resolve({ searchId: "s", resultCount: elements });
      case "DOM.discardSearchResults":
        return Promise.resolve({});
    }
    return Promise.reject(new Error(`unexpected ${method}`));
  };
  return { command, calls, answered };
}

Deno.test("a walk that reaches the end holds the whole tree", async () => {
  const nodes = listTree(5);
  const { command } = fakeDevtools(nodes);
  const walk = await walkAxTree(command, 1_000);
  assert.equal(walk.stopped, false);
  assert.equal(walk.unread, 0);
  assert.deepEqual(
    walk.nodes.map((node) => node.nodeId).sort(),
    nodes.map((node) => node.nodeId).sort(),
  );
});

Deno.test("a walk stops at its bound with a prefix of the document and counts the rest", async () => {
  const { command, calls } = fakeDevtools(listTree(1_000));
  const walk = await walkAxTree(command, 30);
  assert.equal(walk.stopped, true);
  const items = walk.nodes.filter((node) => node.role?.value === "listitem");
  // Every item kept comes before every item left out, and the last one may be partly read.
  assert.deepEqual(
    items.map((node) => node.nodeId),
    Array.from({ length: items.length }, (_, i) => `i${i}`),
  );
  assert.ok(items.length >= 9 && items.length <= 11, `${items.length} items`);
  // Each item left out is about as large as one read whole: 3 nodes.
  const left = 3 * 1_000 - walk.nodes.filter((node) => /^[ibt]/.test(node.nodeId)).length;
  assert.ok(Math.abs(walk.unread - left) <= 3, `${walk.unread} for ${left}`);
  assert.ok(calls.length < 200, `${calls.length} calls for 30 rows`);
});

/** `nodes` with Chromium's IDs: a DOM node's accessibility node has the DOM node's ID. */
function withDomIds(nodes: RawAxNode[]): RawAxNode[] {
  const ids = new Map(
    nodes.flatMap((node) =>
      node.backendDOMNodeId === undefined ? [] : [[node.nodeId, String(node.backendDOMNodeId)]]
    ),
  );
  const id = (old: string) => ids.get(old) ?? old;
  return nodes.map((node) => ({
    ...node,
    nodeId: id(node.nodeId),
    ...(node.parentId === undefined ? {} : { parentId: id(node.parentId) }),
    childIds: (node.childIds ?? []).map(id),
  }));
}

Deno.test("a long list's items are read whole, a call each, as many as the rows need", async () => {
  for (const subtrees of [true, false]) {
    const { command, calls } = fakeDevtools(withDomIds(listTree(1_000)), 10_000, { subtrees });
    const walk = await walkAxTree(command, 60);
    const items = walk.nodes.filter((node) => node.role?.value === "listitem");
    assert.deepEqual(
      items.map((node) => node.nodeId),
      Array.from({ length: items.length }, (_, i) => String(100 + 3 * i)),
    );
    // An item weighs its row, its button and its text's four tokens: 60 / 3⅓ items.
    assert.ok(items.length >= 17 && items.length <= 19, `${items.length} items`);
    const queries = calls.filter((call) => call === "Accessibility.queryAXTree").length;
    const children = calls.filter((call) => call === "Accessibility.getChildAXNodes").length;
    if (subtrees) {
      // The list node alone, then one query per item (a few first, then the rest), never the
      // list's thousand children.
      assert.equal(children, 0);
      assert.ok(queries >= items.length && queries <= items.length + 4, `${queries} queries`);
    } else {
      // Items whose subtree cannot be had are walked node by node instead: the list's children
      // in one call, then each item's nodes alone.
      const singles = calls.filter((call) => call === "Accessibility.getPartialAXTree").length;
      assert.equal(children, 1);
      assert.ok(singles > 2 * items.length, `${singles} calls`);
    }
  }
});

Deno.test("a walk ends on children DevTools never sends, and on a cycle", async () => {
  const nodes = listTree(3);
  nodes[2] = { ...nodes[2], childIds: ["missing", ...(nodes[2].childIds ?? [])] };
  // A malformed answer naming an ancestor as a child.
  nodes[3] = { ...nodes[3], childIds: ["b0", "1"] };
  const { command } = fakeDevtools(nodes);
  const walk = await walkAxTree(command, 1_000);
  assert.equal(walk.stopped, false);
  assert.ok(walk.nodes.some((node) => node.nodeId === "t2"));
});

Deno.test("a walk rejects a malformed root as INTERNAL", async () => {
  const command = (method: string) =>
    Promise.resolve(method === "Accessibility.getRootAXNode" ? { node: { nodeId: 1 } } : {});
  await assert.rejects(walkAxTree(command, 10), (error) => isLeashError(error, "INTERNAL"));
});

Deno.test("a small page, or one whose size is unknown, is read whole in one call", async () => {
  for (const elements of [50, undefined]) {
    const { command, calls } = fakeDevtools(listTree(5), elements ?? 0);
    const counted = elements === undefined
      ? (method: string, params?: Record<string, unknown>) =>
        method === "DOM.performSearch" ? Promise.reject(new Error("no")) : command(method, params)
      : command;
    const read = await readAxTree(counted, { rows: 100, maxDepth: 64 });
    assert.equal(read.stopped, false);
    assert.ok(calls.includes("Accessibility.getFullAXTree"));
    assert.ok(!calls.includes("Accessibility.getChildAXNodes"));
  }
  const { command, calls } = fakeDevtools(listTree(500), 2_000);
  const read = await readAxTree(command, { rows: 100, maxDepth: 64 });
  assert.equal(read.stopped, true);
  assert.ok(!calls.includes("Accessibility.getFullAXTree"));
});

Deno.test("a page past a few hundred elements is walked even when its read would hold it all", async () => {
  // Through chrome.debugger a whole tree costs what its answer weighs; a walk is cheaper there.
  const { command, calls } = fakeDevtools(listTree(100), wholeElements + 1);
  const read = await readAxTree(command, { rows: 1_000, maxDepth: 64 });
  assert.equal(read.stopped, false);
  assert.ok(!calls.includes("Accessibility.getFullAXTree"));
  assert.equal(read.nodes.filter((node) => node.role?.value === "button").length, 100);
  const small = fakeDevtools(listTree(100), wholeElements);
  await readAxTree(small.command, { rows: 1_000, maxDepth: 64 });
  assert.ok(small.calls.includes("Accessibility.getFullAXTree"));
});

/**
 * A table as Chromium shows it, with DOM IDs: its two children are a header
 * row group and the ignored body row group that holds all `rows` rows.
 */
function tableTree(rows: number): RawAxNode[] {
  const node = (id: number, role: string, parent: number | undefined, children: number[]) =>
    axNode(id, parent, children, role);
  const rowIds = Array.from({ length: rows }, (_, i) => 100 + 2 * i);
  const nodes: RawAxNode[] = [
    node(1, "RootWebArea", undefined, [2]),
    node(2, "table", 1, [3, 4]),
    node(3, "rowgroup", 2, [5]),
    node(5, "row", 3, []),
    node(4, "none", 2, rowIds),
  ];
  for (const id of rowIds) {
    nodes.push(node(id, "row", 4, [id + 1]), {
      ...node(id + 1, "cell", id, []),
      name: { type: "computedString", value: `Row ${id}` },
    });
  }
  return nodes;
}

Deno.test("a table's rows under its ignored row group are read as many as the bound needs", async () => {
  const { command, calls, answered } = fakeDevtools(tableTree(2_000));
  const walk = await walkAxTree(command, 60);
  assert.equal(walk.stopped, true);
  const rows = walk.nodes.filter((node) => node.parentId === "4");
  assert.deepEqual(
    rows.map((node) => node.nodeId),
    Array.from({ length: rows.length }, (_, i) => String(100 + 2 * i)),
  );
  // A bound of 60: the root, the table, the header group and row, then 19 rows of three (a row,
  // and a cell whose line `cell "Row 100"` takes two).
  assert.equal(rows.length, 19);
  // The table's children never come in one answer: that answer would hold all 2,000 rows.
  assert.ok(!calls.includes("Accessibility.getChildAXNodes"), calls.join(" "));
  const received = answered.reduce((sum, n) => sum + n, 0);
  assert.ok(received < 200, `${received} nodes received for 60 rows`);
});

Deno.test("a child DevTools cannot give alone comes with its siblings in one answer", async () => {
  // An accessibility node of no DOM node: its ID names nothing getPartialAXTree can find.
  const nodes = listTree(3).map((node) =>
    node.nodeId === "1" ? { ...node, childIds: ["2", "7000"] } : node
  );
  nodes.push({
    nodeId: "7000",
    ignored: false,
    role: { type: "role", value: "button" },
    name: { type: "computedString", value: "Virtual" },
    parentId: "1",
    childIds: [],
  });
  const { command, calls } = fakeDevtools(withDomIds(nodes));
  const walk = await walkAxTree(command, 1_000);
  assert.equal(walk.stopped, false);
  assert.ok(walk.nodes.some((node) => node.name?.value === "Virtual"));
  assert.ok(calls.includes("Accessibility.getChildAXNodes"));
});

Deno.test("a document known large is walked without counting its elements", async () => {
  const { command, calls } = fakeDevtools(listTree(500), 2_000);
  const read = await readAxTree(command, { rows: 100, maxDepth: 64, large: true });
  assert.equal(read.stopped, true);
  assert.ok(!calls.includes("DOM.performSearch"));
  assert.ok(!calls.includes("Accessibility.getFullAXTree"));
});

/** `listTree(items)` with each button's text a sentence of `words` words. */
function proseTree(items: number, words: number): RawAxNode[] {
  const sentence = (i: number) =>
    Array.from({ length: words }, (_, w) => ["harbor", "lantern", "meadow"][(i + w) % 3]).join(" ");
  return listTree(items).map((node) =>
    node.role?.value === "StaticText"
      ? {
        ...node,
        role: { type: "internalRole", value: "StaticText" },
        name: { type: "computedString", value: sentence(Number(node.nodeId.slice(1))) },
      }
      : node
  );
}

Deno.test("rowWeight() counts a row's text once, in rows of three tokens", () => {
  const nodes = listTree(1);
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const [, , item, button, text] = nodes;
  // A line a row; the button's name is its text's, counted on the text, which shows no line:
  // `"Item 0"` is four tokens.
  assert.equal(rowWeight(item, byId), 1);
  assert.equal(rowWeight(button, byId), 1);
  assert.equal(rowWeight(text, byId), 4 / 3);
  // A text of forty words under a nameless row: its line and every word.
  const prose = proseTree(1, 40);
  const proseById = new Map(prose.map((node) => [node.nodeId, node]));
  const long = prose.find((node) => node.nodeId === "t0")!;
  const words = estimateTokens(String(long.name?.value));
  assert.ok(words >= 40);
  assert.equal(rowWeight(long, proseById), (2 + words + 2) / 3);
  // A name of its own (a label, not the contents) is counted on its row.
  const labelled: RawAxNode = {
    ...button,
    role: { type: "role", value: "textbox" },
    name: { type: "computedString", value: "Shipping address for this order" },
    childIds: [],
  };
  const label = estimateTokens("Shipping address for this order");
  assert.equal(rowWeight(labelled, byId), (2 + label + 2) / 3);
  // Nothing a row never shows: an ignored node, an inline text box.
  assert.equal(rowWeight({ ...item, ignored: true }, byId), 0);
  assert.equal(
    rowWeight({ ...text, role: { type: "internalRole", value: "InlineTextBox" } }, byId),
    0,
  );
});

Deno.test("a walk of long texts stops where their tokens fill the bound, not its row count", async () => {
  const { command } = fakeDevtools(withDomIds(proseTree(1_000, 40)));
  // A bound of 60 rows is 180 tokens: three or four texts of forty words, not twenty items.
  const walk = await walkAxTree(command, 60);
  assert.equal(walk.stopped, true);
  const items = walk.nodes.filter((node) => node.role?.value === "listitem");
  assert.ok(items.length >= 3 && items.length <= 4, `${items.length} items`);
  const short = await walkAxTree(fakeDevtools(withDomIds(listTree(1_000))).command, 60);
  assert.ok(short.nodes.filter((node) => node.role?.value === "listitem").length >= 17);
});
