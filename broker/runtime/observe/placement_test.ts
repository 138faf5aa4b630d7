import assert from "node:assert/strict";
import type { ObservationScope } from "../../../contracts/methods/mod.ts";
import { buildObservation } from "./observe.ts";
import { n, snapshotOf, testBooks, tree } from "./_test_utils.ts";

const page: ObservationScope = { kind: "page" };

/** The delta lines of `after` against `before`, one page observation each. */
function deltaLines(
  before: ReturnType<typeof tree>,
  after: ReturnType<typeof tree>,
  maxTokens?: number,
): string[] {
  const books = testBooks();
  const first = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(before), scope: page },
    books,
  );
  const second = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(after), scope: page, since: first.cursor, maxTokens },
    books,
  );
  return second.text.split("\n").slice(1);
}

const option = (name: string, id: number) => n("option", name, [], { id });

function twoListboxes(extra: { toppings?: number[]; sauces?: number[] } = {}) {
  const names: Record<number, string> = { 30: "Ham", 31: "Olives", 40: "Pepperoni", 41: "Chili" };
  return tree(n("RootWebArea", "", [
    n("main", "", [
      n("listbox", "Toppings", [
        option("Cheese", 11),
        ...(extra.toppings ?? []).map((id) => option(names[id], id)),
      ], { id: 10 }),
      n("listbox", "Sauces", [
        option("Cheese", 21),
        ...(extra.sauces ?? []).map((id) => option(names[id], id)),
      ], { id: 20 }),
    ], { id: 2 }),
  ], { id: 1 }));
}

Deno.test("an added row names the unchanged listbox it joined", () => {
  const lines = deltaLines(twoListboxes(), twoListboxes({ sauces: [40] }));
  assert.deepEqual(lines, ['+ option "Pepperoni" ref=e5 in listbox "Sauces" ref=e3']);
});

Deno.test("rows added to the same place share one heading; rows elsewhere name their own", () => {
  const lines = deltaLines(twoListboxes(), twoListboxes({ toppings: [30, 31], sauces: [40] }));
  assert.deepEqual(lines, [
    'in listbox "Toppings" ref=e1:',
    '  + option "Ham" ref=e5',
    '  + option "Olives" ref=e6',
    '+ option "Pepperoni" ref=e7 in listbox "Sauces" ref=e3',
  ]);
});

Deno.test("rows added under an added row are indented under it; removed rows stay as they are", () => {
  const before = tree(n("RootWebArea", "", [
    n("main", "Account", [n("button", "Delete account", [], { id: 3 })], { id: 2 }),
    n("button", "Help", [], { id: 4 }),
  ], { id: 1 }));
  const after = tree(n("RootWebArea", "", [
    n("main", "Account", [
      n("button", "Delete account", [], { id: 3 }),
      n("dialog", "Delete your account?", [
        n("group", "Choices", [n("button", "Yes, delete it", [], { id: 7 })], { id: 6 }),
      ], { id: 5 }),
    ], { id: 2 }),
  ], { id: 1 }));
  assert.deepEqual(deltaLines(before, after), [
    '+ dialog "Delete your account?" in main "Account"',
    '  + group "Choices"',
    '    + button "Yes, delete it" ref=e3',
    '- button "Help" ref=e2',
  ]);
});

Deno.test("a row with no named ancestor stands at the left without a place", () => {
  const before = tree(n("RootWebArea", "", [n("generic", "", [], { id: 2 })], { id: 1 }));
  const after = tree(n("RootWebArea", "", [
    n("generic", "", [n("button", "Go", [], { id: 3 })], { id: 2 }),
  ], { id: 1 }));
  assert.deepEqual(deltaLines(before, after), ['+ button "Go" ref=e1']);
});

Deno.test("a delta past its budget says its region in one line or cuts, never on a bare heading", () => {
  const many = Array.from({ length: 60 }, (_, i) => 100 + i);
  const before = twoListboxes();
  const after = tree(n("RootWebArea", "", [
    n("main", "", [
      n("listbox", "Toppings", [option("Cheese", 11)], { id: 10 }),
      n("listbox", "Sauces", [
        option("Cheese", 21),
        ...many.map((id) => option(`Sauce number ${id} with a long name`, id)),
      ], { id: 20 }),
    ], { id: 2 }),
  ], { id: 1 }));
  for (const maxTokens of [60, 75, 90, 120, 200]) {
    const lines = deltaLines(before, after, maxTokens);
    const text = lines.join("\n");
    const shown = lines.filter((line) => line.startsWith("  + option"));
    const last = lines.at(-1) ?? "";
    // The region's line says all of it, or the rest after the rows shown above it.
    const summary =
      /^~ region listbox "Sauces" ref=e\d+ changed: (\d+)( more)? rows \((\d+) added\) — observe rootRef=e\d+$/
        .exec(last);
    const trailer = /^… (\d+) more changed rows not shown/.exec(last);
    assert.ok(summary !== null || trailer !== null, text);
    if (summary !== null) {
      assert.equal(Number(summary[1]), 60 - shown.length, text);
      assert.equal(summary[2] === undefined, shown.length === 0, text);
    } else assert.equal(Number(trailer?.[1]), 60 - shown.length, text);
    assert.ok(!(lines.at(-2) ?? "").startsWith("in ") || summary !== null, text);
  }
});
