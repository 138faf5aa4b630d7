import assert from "node:assert/strict";
import { buildObservation } from "./observe.ts";
import { optionFold } from "./option_fold.ts";
import { n, snapshotOf, type Spec, testBooks, tree } from "./_test_utils.ts";

/** A form with a native select of `count` countries, the `selected`-th chosen, and a button. */
function form(count: number, selected: number): Spec {
  const options = Array.from(
    { length: count },
    (_, i) => n("option", `Country ${i + 1}`, [], i === selected ? { states: ["selected"] } : {}),
  );
  return n("RootWebArea", "Shop", [
    n("combobox", "Country", [n("MenuListPopup", "", options)], {
      value: `Country ${selected + 1}`,
      states: ["collapsed"],
    }),
    n("button", "Save"),
  ]);
}

function optionLines(text: string): string[] {
  return text.split("\n").filter((line) => /^[+~]? ?option /.test(line.trim()));
}

Deno.test("a long native select shows its first and selected options and says how to see the rest", () => {
  const books = testBooks();
  const observed = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(form(250, 120))), scope: { kind: "page" } },
    books,
  );
  const select = observed.text.split("\n").find((line) => line.startsWith("combobox"));
  assert.equal(
    select,
    `combobox "Country" value="Country 121" collapsed ref=e1 — 244 more options (observe rootRef=e1)`,
  );
  assert.deepEqual(optionLines(observed.text).map((line) => line.trim()), [
    `option "Country 1"`,
    `option "Country 2"`,
    `option "Country 3"`,
    `option "Country 4"`,
    `option "Country 5"`,
    `option "Country 121" selected`,
  ]);
  // The structured nodes are the rows the text shows, and what follows the select still shows.
  assert.equal(observed.nodes.filter((node) => node.role === "option").length, 6);
  assert.ok(observed.text.endsWith(`button "Save" ref=e2`));

  // Rooted at the select, a read lists every option; so does a query, by what it matched.
  const all = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(form(250, 120))),
    scope: { kind: "subtree", rootRef: "e1" },
  }, books);
  assert.equal(optionLines(all.text).length, 250);
  assert.ok(!all.text.includes("more options"));
  const found = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(form(250, 120))),
    scope: { kind: "query", query: "Country 2" },
  }, books);
  // "Country 2", "Country 20"–"Country 29", "Country 200"–"Country 250" and the select's value.
  assert.equal(optionLines(found.text).length, 1 + 10 + 51);
});

Deno.test("a select of a dozen options or fewer shows them all", () => {
  const observed = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(form(optionFold.above, 0))),
    scope: { kind: "page" },
  }, testBooks());
  assert.equal(optionLines(observed.text).length, optionFold.above);
  assert.ok(!observed.text.includes("more options"));
});

Deno.test("a delta after choosing in a folded select compares every option, shown or not", () => {
  const books = testBooks();
  const first = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(form(250, 0))), scope: { kind: "page" } },
    books,
  );
  const after = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(form(250, 199))),
    scope: { kind: "page" },
    since: first.cursor,
  }, books);
  assert.match(after.text, /~ option "Country 200" selected/);
  assert.match(after.text, /~ combobox "Country" value="Country 200"/);
});

Deno.test("a delta that adds a long select folds its options under the select's line", () => {
  const books = testBooks();
  const before = n("RootWebArea", "Shop", [n("button", "Add address", [], { id: 900 })]);
  const first = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(before)), scope: { kind: "page" } },
    books,
  );
  const after = n("RootWebArea", "Shop", [
    n("button", "Add address", [], { id: 900 }),
    n("form", "Address", [n("textbox", "Street"), form(250, 0).children![0]]),
  ]);
  const delta = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(after, 1000)),
    scope: { kind: "page" },
    since: first.cursor,
  }, books);
  assert.match(
    delta.text,
    /\+ combobox "Country" value="Country 1" collapsed ref=e\d+ — 245 more options \(observe rootRef=e\d+\)/,
  );
  assert.equal(optionLines(delta.text).length, optionFold.shown);
  assert.equal(
    delta.delta?.added.filter((node) => node.role === "option").length,
    optionFold.shown,
  );
  // As in a whole observation, the fold is no rows left out: its line says how to see them.
  assert.equal(delta.truncated, null);
  const whole = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(after, 1000)), scope: { kind: "page" } },
    books,
  );
  assert.match(whole.text, / — 245 more options \(observe rootRef=e\d+\)/);
  assert.equal(whole.truncated, null);
});

Deno.test("options added to a select already shown fold under a heading that names it", () => {
  const books = testBooks();
  const empty = n("RootWebArea", "Shop", [
    n("combobox", "State", [n("MenuListPopup", "", [n("option", "Pick one", [], { id: 50 })], {
      id: 40,
    })], { id: 30, value: "Pick one", states: ["collapsed"] }),
  ]);
  const first = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(empty)), scope: { kind: "page" } },
    books,
  );
  const states = Array.from({ length: 50 }, (_, i) => n("option", `State ${i + 1}`));
  const filled = n("RootWebArea", "Shop", [
    n("combobox", "State", [
      n("MenuListPopup", "", [n("option", "Pick one", [], { id: 50 }), ...states], {
        id: 40,
      }),
    ], { id: 30, value: "Pick one", states: ["collapsed"] }),
  ]);
  const delta = buildObservation({
    leaseId: "l",
    snapshot: snapshotOf(tree(filled, 100)),
    scope: { kind: "page" },
    since: first.cursor,
  }, books);
  assert.match(
    delta.text,
    /^in combobox "State" ref=e1 — 46 more options \(observe rootRef=e1\):$/m,
  );
  assert.equal(optionLines(delta.text).length, optionFold.shown - 1);
});

Deno.test("a select's options in optgroups fold as one list, and a group left empty goes", () => {
  const group = (label: string, from: number, count: number) =>
    n("group", label, Array.from({ length: count }, (_, i) => n("option", `Country ${from + i}`)));
  const page = n("RootWebArea", "Shop", [
    n("combobox", "Country", [
      n("MenuListPopup", "", [group("Popular", 1, 3), group("All", 4, 40)]),
    ], { value: "Country 1", states: ["collapsed"] }),
  ]);
  const observed = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(page)), scope: { kind: "page" } },
    testBooks(),
  );
  assert.equal(
    observed.text.split("\n").slice(3).join("\n"),
    [
      `combobox "Country" value="Country 1" collapsed ref=e1 — 38 more options (observe rootRef=e1)`,
      `  group "Popular"`,
      `    option "Country 1"`,
      `    option "Country 2"`,
      `    option "Country 3"`,
      `  group "All"`,
      `    option "Country 4"`,
      `    option "Country 5"`,
    ].join("\n"),
  );
  // With every option of a group folded, the group goes too.
  const late = n("RootWebArea", "Shop", [
    n("combobox", "Country", [
      n("MenuListPopup", "", [group("All", 1, 40), group("Others", 41, 3)]),
    ], { value: "Country 1", states: ["collapsed"] }),
  ]);
  const folded = buildObservation(
    { leaseId: "l", snapshot: snapshotOf(tree(late)), scope: { kind: "page" } },
    testBooks(),
  );
  assert.doesNotMatch(folded.text, /group "Others"/);
  assert.match(folded.text, /— 38 more options/);
});
