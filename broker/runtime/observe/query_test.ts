import assert from "node:assert/strict";
import { pruneAxNodes } from "./prune.ts";
import { foldAscii, matchesQuery } from "../../../contracts/page_text.ts";
import { filterByQuery } from "./query.ts";
import { n, tree } from "./_test_utils.ts";
import type { TreeRow } from "./tree.ts";

function outline(rows: TreeRow[]): string[] {
  return rows.map((row) => `${"  ".repeat(row.level)}${row.role} ${JSON.stringify(row.name)}`);
}

const page = pruneAxNodes(tree(
  n("RootWebArea", "", [
    n("navigation", "Main", [n("link", "Home"), n("link", "Orders")]),
    n("main", "", [
      n("table", "Orders", [
        n("row", "1001 Ada View", [
          n("cell", "1001"),
          n("cell", "Ada"),
          n("cell", "View", [
            n("link", "View"),
          ]),
        ]),
        n("row", "1002 Alan View", [
          n("cell", "1002"),
          n("cell", "Alan"),
          n("cell", "View", [
            n("link", "View"),
          ]),
        ]),
      ]),
      n("textbox", "Search", [], { value: "Straße" }),
    ]),
  ]),
)) ?? [];

Deno.test("foldAscii() lowers ASCII letters only", () => {
  assert.equal(foldAscii("PAY Now ÉCOLE"), "pay now École");
});

Deno.test("matchesQuery() is a case-insensitive ASCII substring of name or value, or the role", () => {
  assert.ok(matchesQuery({ role: "button", name: "PAY NOW" }, "pay"));
  assert.ok(matchesQuery({ role: "textbox", name: "", value: "hello" }, "ELL"));
  assert.ok(matchesQuery({ role: "button", name: "x" }, "Button"));
  assert.ok(!matchesQuery({ role: "button", name: "x" }, "butto"));
  assert.ok(!matchesQuery({ role: "text", name: "école" }, "ÉCOLE"));
  assert.ok(!matchesQuery({ role: "text", name: "sign  in" }, "sign in"));
});

Deno.test("filterByQuery() keeps a match with its subtree and its ancestors, each once", () => {
  assert.deepEqual(outline(filterByQuery(page, "1002")), [
    'main ""',
    '  table "Orders"',
    '    row "1002 Alan View"',
    '      cell "1002"',
    '      cell "Alan"',
    '      link "View"',
  ]);
});

Deno.test("filterByQuery() shows shared ancestors once for several matches", () => {
  assert.deepEqual(outline(filterByQuery(page, "orders")), [
    'navigation "Main"',
    '  link "Orders"',
    'main ""',
    '  table "Orders"',
    '    row "1001 Ada View"',
    '      cell "1001"',
    '      cell "Ada"',
    '      link "View"',
    '    row "1002 Alan View"',
    '      cell "1002"',
    '      cell "Alan"',
    '      link "View"',
  ]);
});

Deno.test("filterByQuery() matches values and roles, and returns nothing for no match", () => {
  assert.deepEqual(outline(filterByQuery(page, "straße")), ['main ""', '  textbox "Search"']);
  assert.deepEqual(outline(filterByQuery(page, "LINK")).filter((line) => line.includes("link")), [
    '  link "Home"',
    '  link "Orders"',
    '      link "View"',
    '      link "View"',
  ]);
  assert.deepEqual(filterByQuery(page, "no such text"), []);
});
