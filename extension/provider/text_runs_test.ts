import assert from "node:assert/strict";
import { textRuns } from "./text_runs.ts";

/** One node of a laid-out page: its parent, display, box (x, y, width), and text or not. */
interface Laid {
  parent: number;
  display?: string;
  box?: [number, number, number];
  text?: boolean;
}

/** {@linkcode textRuns} of `page`, node `i`'s backend node ID being `i + 100`. */
function runsOf(page: Laid[]): Map<number, number> {
  const boxes = page.map((node) => node.box);
  const boxOf = page.map((node, i) => node.box === undefined ? -1 : i);
  return textRuns({
    parents: page.map((node) => node.parent),
    isText: (i) => page[i].text === true,
    backendNodeId: (i) => i + 100,
    boxOf,
    display: (box) => page[box].display ?? "",
    bounds: (box) => [...boxes[box]!, 16],
  });
}

Deno.test("texts of one block that touch on one line are one run, through inline elements", () => {
  const runs = runsOf([
    { parent: -1, display: "block", box: [0, 0, 300] }, // 0: the item
    { parent: 0, display: "inline", box: [0, 0, 9] }, // 1: <span>
    { parent: 1, text: true, box: [0, 0, 9] }, // 2: "M"
    { parent: 0, display: "inline", box: [9, 0, 7] }, // 3: <span>
    { parent: 3, text: true, box: [9, 0, 7] }, // 4: "a"
    { parent: 0, text: true, box: [16.4, 0, 60] }, // 5: "rta Nowak", subpixel apart
  ]);
  assert.deepEqual([...runs], [[102, 102], [104, 102], [105, 102]]);
});

Deno.test("a box of its own, a gap, another line or another block ends a run", () => {
  const runs = runsOf([
    { parent: -1, display: "flex", box: [0, 0, 300] }, // 0: a flex row
    { parent: 0, display: "block", box: [0, 0, 40] }, // 1: its item, blockified
    { parent: 1, text: true, box: [0, 0, 40] }, // 2: "Lamp"
    { parent: 0, display: "block", box: [40, 0, 30] }, // 3: the next item, touching
    { parent: 3, text: true, box: [40, 0, 30] }, // 4: "$12"
    { parent: -1, display: "block", box: [0, 20, 300] }, // 5: a paragraph
    { parent: 5, text: true, box: [0, 20, 40] }, // 6: "Desk"
    { parent: 5, display: "inline", box: [48, 20, 30] }, // 7: a badge, 8 px margin
    { parent: 7, text: true, box: [48, 20, 30] }, // 8: "New"
    { parent: 5, text: true, box: [78, 20, 20] }, // 9: "lamp", touching the badge
    { parent: 5, display: "inline-block", box: [98, 20, 10] }, // 10: an icon's box
    { parent: 5, text: true, box: [108, 20, 20] }, // 11: "now"
    { parent: 5, text: true, box: [0, 40, 20] }, // 12: next line, at its start
    { parent: 5, display: "none" }, // 13: no box
  ]);
  assert.deepEqual([...runs], [[108, 108], [109, 108]]);
});
