import assert from "node:assert/strict";
import type { DomSignals, NodeSignals } from "./dom_signals.ts";
import { withHiddenIcons } from "./hidden_icons.ts";
import { axNode } from "../testing/ax_nodes.ts";

const plain: NodeSignals = {
  hidden: false,
  clickable: false,
  draggable: false,
  editingHost: false,
  blank: false,
};

const node = axNode;

/** Signals of a document whose elements come in `order`, with `icons` marked. */
function signals(order: number[], icons: number[]): DomSignals {
  return {
    nodes: new Map(icons.map((id) => [id, { ...plain, clickable: true, ariaHidden: true }])),
    textHosts: new Map(),
    size: order.length,
    known: new Set(order),
  };
}

/** A tree that answers each icon's node as ignored, under `parents`. */
function tree(parents: Map<number, number>) {
  const asked: number[] = [];
  const command = (_method: string, params?: Record<string, unknown>) => {
    const id = Number(params?.backendNodeId);
    asked.push(id);
    const parent = parents.get(id);
    if (parent === undefined) return Promise.reject(new Error("no node"));
    return Promise.resolve({
      nodes: [{
        ...node(id, parent, []),
        ignored: true,
        ignoredReasons: [{ name: "ariaHiddenElement" }],
      }],
    });
  };
  return { command, asked };
}

Deno.test("an icon's node joins its parent's children where the document has it", async () => {
  // 1 > 2 (a list item) > [3 text, icon 4, 5 text], and icon 6 last under 1.
  const raw = [node(1, undefined, [2]), node(2, 1, [3, 5]), node(3, 2, []), node(5, 2, [])];
  const { command, asked } = tree(new Map([[4, 2], [6, 1]]));
  const read = await withHiddenIcons(command, raw, signals([1, 2, 3, 4, 5, 6], [4, 6]));
  assert.deepEqual(asked, [4, 6]);
  const byId = new Map(read.map((n) => [n.nodeId, n]));
  assert.deepEqual(byId.get("2")?.childIds, ["3", "4", "5"]);
  assert.deepEqual(byId.get("1")?.childIds, ["2", "6"]);
  assert.equal(byId.get("4")?.ignored, true);
  assert.equal(read.length, 6);
});

Deno.test("an icon already read, one whose parent was not read and one not found are left as they are", async () => {
  const raw = [node(1, undefined, [2]), node(2, 1, [])];
  // 2 was read; 7's parent 9 was not; 8 has no node.
  const { command, asked } = tree(new Map([[7, 9]]));
  const read = await withHiddenIcons(command, raw, signals([1, 2, 7, 8, 9], [2, 7, 8]));
  assert.deepEqual(asked, [7, 8]);
  assert.equal(read, raw);
  // No signals, no icons: nothing is asked.
  assert.equal(await withHiddenIcons(command, raw, undefined), raw);
});
