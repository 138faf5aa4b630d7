import assert from "node:assert/strict";
import type { ObservedNode } from "../../../contracts/methods/mod.ts";
import { echoedNames, echoedWithin } from "./echoed_names.ts";
import { estimateTokens } from "../../../contracts/tokens.ts";
import { buildObservation } from "./observe.ts";
import { n, snapshotOf, testBooks, tree } from "./_test_utils.ts";

const row = (level: number, role: string, name: string, ref: string | null = null) =>
  ({ ref, role, name, states: [], level }) as ObservedNode;

Deno.test("echoedNames() finds rows named by exactly their children, never a row with a ref", () => {
  const rows = [
    row(0, "table", "Offices"),
    row(1, "row", "Oslo  Norway 18"),
    row(2, "gridcell", "Oslo", "e1"),
    row(2, "gridcell", "Norway", "e2"),
    row(2, "gridcell", "18", "e3"),
    row(1, "row", "Bern Switzerland"), // a cell is missing from the name
    row(2, "gridcell", "Bern"),
    row(2, "gridcell", "Switzerland"),
    row(2, "gridcell", "9"),
    row(1, "button", "Save", "e4"), // acted on by its name
    row(2, "StaticText", "Save"),
    row(1, "cell", "View"),
    row(2, "link", "View", "e5"),
    row(1, "group", "Empty"),
    // A calendar's first week: the blank days before the month add nothing to its name.
    row(1, "row", "Thursday, April 1, 2027 Friday, April 2, 2027"),
    row(2, "gridcell", "", "e6"),
    row(2, "gridcell", "Thursday, April 1, 2027", "e7"),
    row(2, "gridcell", "Friday, April 2, 2027", "e8"),
  ];
  assert.deepEqual([...echoedNames(rows)], [1, 11, 14]);
  // Of those, only rows whose children all stand in the first `shown` rows.
  assert.deepEqual([...echoedWithin(rows, echoedNames(rows), 4)], []);
  assert.deepEqual([...echoedWithin(rows, echoedNames(rows), 5)], [1]);
});

Deno.test("a whole observation prints a row named by its cells without its name; the node keeps it", () => {
  const grid = (rows: number) =>
    n("RootWebArea", "", [
      n(
        "grid",
        "Offices",
        Array.from({ length: rows }, (_, i) =>
          n("row", `City${i} Country${i}`, [
            n("gridcell", `City${i}`),
            n("gridcell", `Country${i}`),
          ])),
      ),
    ]);
  const whole = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(tree(grid(2))), scope: { kind: "page" } },
    testBooks(),
  );
  assert.deepEqual(whole.text.split("\n").slice(3), [
    'grid "Offices"',
    "  row",
    '    gridcell "City0" ref=e1',
    '    gridcell "Country0" ref=e2',
    "  row",
    '    gridcell "City1" ref=e3',
    '    gridcell "Country1" ref=e4',
  ]);
  assert.equal(whole.nodes[1].name, "City0 Country0");

  // Where the budget cuts a row's cells, that row says its name again, within the budget.
  let cutMidRow = 0;
  for (let maxTokens = 90; maxTokens <= 200; maxTokens += 3) {
    const cut = buildObservation(
      { leaseId: "L", snapshot: snapshotOf(tree(grid(40))), scope: { kind: "page" }, maxTokens },
      testBooks(),
    );
    assert.ok(estimateTokens(cut.text) <= maxTokens, `${maxTokens}: ${cut.text}`);
    const lines = cut.text.split("\n").slice(3);
    cut.nodes.forEach((node, i) => {
      if (node.role !== "row") return;
      const cells = cut.nodes.slice(i + 1, i + 3).filter((cell) => cell.role === "gridcell");
      if (cells.length < 2) cutMidRow++;
      assert.equal(
        lines[i],
        cells.length === 2 ? "  row" : `  row ${JSON.stringify(node.name)}`,
        cut.text,
      );
    });
  }
  assert.ok(cutMidRow > 0, "some budget cuts a row between its cells");
});
