import assert from "node:assert/strict";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { changedRows, maxRegionNodes, readRegions, refreshed, withRegions } from "./ax_regions.ts";
import { axNode } from "../testing/ax_nodes.ts";

const node = axNode;

function row(backendNodeId: number, parentId: number | null): AxNode {
  return { backendNodeId, parentId, role: "generic", name: "", states: [], depth: 0 };
}

Deno.test("withRegions() adds only the nodes the walk lacks, keeping the walk's own", () => {
  const walked = [node(1, undefined, [2, 5]), node(2, 1)];
  const merged = withRegions(walked, {
    roots: ["5"],
    ancestors: [{ ...node(1, undefined, [2, 5]), ignored: true }],
    subtrees: [node(5, 1, [6]), node(6, 5)],
  });
  assert.deepEqual(merged.map((one) => one.nodeId), ["1", "2", "5", "6"]);
  assert.equal(merged[0].ignored, false);
});

Deno.test("changedRows() names the rows read past the walk and the regions' top rows", () => {
  const walked = [node(1, undefined, [2, 3]), node(2, 1)];
  const regions = {
    roots: ["4"],
    ancestors: [node(1, undefined, [2, 3]), node(3, 1, [4])],
    subtrees: [node(4, 3, [7]), node(7, 4)],
  };
  const rows = [row(1, null), row(2, 1), row(3, 1), row(4, 3), row(7, 4)];
  assert.deepEqual(changedRows(rows, walked, regions), { beyond: [3, 4, 7], roots: [4] });
  // A region the walk had read already adds nothing.
  assert.equal(changedRows(rows.slice(0, 2), walked, regions), undefined);
});

Deno.test("readRegions() leaves out a region DevTools cannot read, and any past the bound", async () => {
  const big = Array.from({ length: maxRegionNodes }, (_, i) => node(1_000 + i, 999));
  const command = (method: string, params?: Record<string, unknown>) => {
    const id = params?.backendNodeId;
    if (id === 3) return Promise.reject(new Error("No node with given id found"));
    if (method === "Accessibility.getAXNodeAndAncestors") {
      return Promise.resolve({ nodes: [node(Number(id), 1), node(1, undefined)] });
    }
    if (id === 4) return Promise.resolve({ nodes: [node(4, 1), ...big] });
    return Promise.resolve({
      nodes: [node(Number(id), 1), {
        ...node(-1, Number(id)),
        role: { type: "x", value: "InlineTextBox" },
      }],
    });
  };
  const read = await readRegions(command, [2, 3, 4, 5]);
  assert.deepEqual(read.subtrees.map((one) => one.nodeId), ["2", "5"]);
  assert.deepEqual(read.ancestors.map((one) => one.nodeId), ["1", "1"]);
});

Deno.test("refreshed() takes each region in place and the ancestors read with it", () => {
  // 1 → 2 (→ 3, 4), 5; the walk kept them all. Region 2 now holds 3 and 6; 1 is renamed.
  const kept = [node(1, undefined, [2, 5]), node(2, 1, [3, 4]), node(3, 2), node(4, 2), node(5, 1)];
  const renamed = { ...node(1, undefined, [2, 5]), name: { type: "computedString", value: "New" } };
  const regions = {
    roots: ["2", "8"],
    ancestors: [renamed, node(7, 5)],
    // Region 8 lies under 7, which the walk never reached: it is not placed.
    subtrees: [node(2, 1, [3, 6]), node(3, 2), node(6, 2), node(8, 7)],
  };
  const out = refreshed(kept, regions);
  assert.deepEqual(out.map((one) => one.nodeId).sort(), ["1", "2", "3", "5", "6"]);
  assert.equal(out.find((one) => one.nodeId === "1")?.name?.value, "New");
  assert.deepEqual(out.find((one) => one.nodeId === "2")?.childIds, ["3", "6"]);
});

Deno.test("refreshed() places a region new to the tree under the parent the walk kept", () => {
  const kept = [node(1, undefined, [2]), node(2, 1)];
  const regions = {
    roots: ["9"],
    ancestors: [node(1, undefined, [9, 2])],
    subtrees: [node(9, 1, [10]), node(10, 9)],
  };
  assert.deepEqual(refreshed(kept, regions).map((one) => one.nodeId).sort(), ["1", "10", "2", "9"]);
});
