import assert from "node:assert/strict";
import { diffRows } from "./delta.ts";
import type { Row } from "./rows.ts";

function row(backendNodeId: number, name: string, extra: Partial<Row> = {}): Row {
  return { backendNodeId, ref: null, role: "text", name, states: [], level: 0, ...extra };
}

Deno.test("diffRows() reports added, removed and changed rows by backend node", () => {
  const before = [row(1, "a"), row(2, "b"), row(3, "c", { states: [] })];
  const after = [row(1, "a"), row(3, "c", { states: ["checked"] }), row(4, "d")];
  const delta = diffRows(before, after);
  assert.deepEqual(delta.added.map((r) => r.backendNodeId), [4]);
  assert.deepEqual(delta.removed.map((r) => r.backendNodeId), [2]);
  assert.deepEqual(delta.changed.map((r) => r.backendNodeId), [3]);
  assert.deepEqual(delta.current.map(({ marker, row }) => `${marker}${row.backendNodeId}`), [
    "~3",
    "+4",
  ]);
});

Deno.test("diffRows() sees name, value, active item, role and ref changes but not a level shift", () => {
  const base = row(1, "a");
  assert.equal(diffRows([base], [{ ...base, name: "b" }]).changed.length, 1);
  assert.equal(diffRows([base], [{ ...base, value: "v" }]).changed.length, 1);
  // The arrow keys moved a combobox's active option: nothing else of it changed.
  const combobox = row(2, "Assignee", { role: "combobox", ref: "e2", active: "Maria Jansen" });
  assert.equal(
    diffRows([combobox], [{ ...combobox, active: "Marta Nowak" }]).changed.length,
    1,
  );
  assert.equal(diffRows([base], [{ ...base, role: "link" }]).changed.length, 1);
  assert.equal(diffRows([base], [{ ...base, ref: "e1" }]).changed.length, 1);
  assert.equal(diffRows([base], [{ ...base, level: 5 }]).changed.length, 0);
});

Deno.test("diffRows() of equal lists is empty", () => {
  const rows = [row(1, "a"), row(2, "b")];
  const delta = diffRows(rows, rows.map((r) => ({ ...r })));
  assert.equal(delta.added.length + delta.removed.length + delta.changed.length, 0);
});

Deno.test("diffRows() after a read cut at its bound counts no unread tail as removed", () => {
  const before = [row(1, "a"), row(2, "b"), row(3, "c"), row(4, "d")];
  // An inserted row pushed "d" past the read's bound; "b" is gone for real.
  const after = [row(1, "a"), row(9, "new"), row(3, "c")];
  assert.deepEqual(diffRows(before, after, true).removed.map((one) => one.name), ["b"]);
  assert.deepEqual(diffRows(before, after).removed.map((one) => one.name), ["b", "d"]);
});

Deno.test("diffRows() leaves out rows the page only re-created in the same place, pairing their refs", () => {
  const before = [
    row(1, "Month", { role: "combobox", ref: "e1" }),
    row(2, "March", { role: "option", level: 1 }),
    row(3, "April", { role: "option", level: 1 }),
    row(4, "Day 1", { role: "generic", ref: "e2" }),
  ];
  // The select's options built again (new nodes, same rows), the day cell too (a new ref).
  const after = [
    row(1, "Month", { role: "combobox", ref: "e1" }),
    row(12, "March", { role: "option", level: 1 }),
    row(13, "April", { role: "option", level: 1 }),
    row(14, "Day 1", { role: "generic", ref: "e3" }),
  ];
  const delta = diffRows(before, after);
  assert.equal(delta.added.length + delta.removed.length + delta.current.length, 0);
  assert.deepEqual(redrawnOf(delta), ["e2>e3"]);
});

Deno.test("diffRows() keeps a re-created row without a ref whose parent is new", () => {
  const before = [
    row(1, "Sure?", { role: "dialog", ref: "e1" }),
    row(2, "It cannot be undone", { role: "StaticText", level: 1 }),
  ];
  const after = [
    row(11, "Delete 3 files?", { role: "dialog", ref: "e2" }),
    row(12, "It cannot be undone", { role: "StaticText", level: 1 }),
  ];
  const delta = diffRows(before, after);
  assert.deepEqual(delta.added.map((one) => one.backendNodeId), [11, 12]);
  assert.deepEqual(delta.removed.map((one) => one.backendNodeId), [1, 2]);
  assert.equal(delta.redrawn, undefined);
});

Deno.test("diffRows() keeps rows read past a cut read's bound from moving where it stopped", () => {
  // A larger read before: the list, then a status line with its text far below.
  const before = [
    row(1, "a"),
    row(2, "b"),
    row(3, "c"),
    row(4, "d"),
    row(5, "", { role: "status" }),
    row(6, "Saved", { level: 1 }),
  ];
  // The read after stopped at "b", and read the changed status line past it.
  const after = [
    row(1, "a"),
    row(2, "b"),
    row(5, "", { role: "status" }),
    row(7, "Opened", { level: 1 }),
  ];
  const beyond = { beyond: [5, 7], roots: [5] };
  const delta = diffRows(before, after, true, beyond);
  // "c" and "d" were not read, not removed; the status line's old text was read again: gone.
  assert.deepEqual(delta.removed.map((one) => one.name), ["Saved"]);
  assert.deepEqual(delta.added.map((one) => one.name), ["Opened"]);
  // Without saying which rows came from past the bound, "c" and "d" would pass for removed.
  assert.deepEqual(diffRows(before, after, true).removed.map((one) => one.name), ["c", "d"]);
});

Deno.test("diffRows() counts nothing removed outside the regions read past the bound", () => {
  const before = [
    row(1, "a"),
    row(5, "", { role: "list" }),
    row(6, "one", { level: 1 }),
    row(8, "", { role: "list" }),
    row(9, "two", { level: 1 }),
  ];
  // Only the second list changed and was read again; the first lies past the bound, unread.
  const after = [row(1, "a"), row(8, "", { role: "list" }), row(10, "three", { level: 1 })];
  const delta = diffRows(before, after, true, { beyond: [8, 10], roots: [8] });
  assert.deepEqual(delta.removed.map((one) => one.name), ["two"]);
  assert.deepEqual(delta.added.map((one) => one.name), ["three"]);
});

/** A list with its items (each a nameless list item around a named button) in `order`. */
function list(order: readonly number[], options: { listId?: number; level?: number } = {}) {
  const level = options.level ?? 0;
  return [
    row(options.listId ?? 100, "", { role: "list", level }),
    ...order.flatMap((item) => [
      row(item, "", { role: "listitem", level: level + 1 }),
      row(item + 1000, `Task ${item}`, { role: "button", ref: `e${item}`, level: level + 2 }),
    ]),
  ];
}

Deno.test("diffRows() sees an item dragged up a list as the one row that moved", () => {
  const delta = diffRows(list([1, 2, 3, 4, 5]), list([3, 1, 2, 4, 5]));
  assert.deepEqual(delta.current.map(({ marker, row }) => `${marker}${row.backendNodeId}`), ["~3"]);
  assert.deepEqual([...delta.moved ?? []], [[3, { at: 1, of: 5 }]]);
  // Rows added or removed around the others move nothing.
  const grown = diffRows(list([1, 2, 3]), list([9, 1, 3]));
  assert.equal(grown.moved, undefined);
  assert.ok(grown.current.every(({ marker }) => marker === "+"));
});

Deno.test("diffRows() sees a card moved to another column, not rows a new wrapper took in", () => {
  const board = (todo: number[], done: number[]) => [
    ...list(todo, { listId: 100 }),
    ...list(done, { listId: 200 }),
  ];
  const moved = diffRows(board([1, 2], [3]), board([1], [2, 3]));
  assert.deepEqual([...moved.moved ?? []], [[2, { at: 1, of: 2 }]]);
  // A group drawn around the list's items is no move.
  const wrapped = [
    row(100, "", { role: "list", level: 0 }),
    row(300, "Today", { role: "group", level: 1 }),
    ...list([1, 2], { level: 1 }).slice(1),
  ];
  assert.equal(diffRows(list([1, 2]), wrapped).moved, undefined);
});

Deno.test("diffRows() keeps a re-created row without a ref whose contents changed: a sorted table's rows", () => {
  const table = (first: number, cells: string[]) => [
    row(1, "Invoices", { role: "table" }),
    ...cells.flatMap((cell, i) => [
      row(first + 2 * i, "", { role: "row", level: 1 }),
      row(first + 2 * i + 1, cell, { role: "cell", level: 2 }),
    ]),
  ];
  // Sorted: new row nodes, each as nameless as before, holding other cells.
  const sorted = diffRows(table(10, ["INV-1", "INV-2"]), table(20, ["INV-3", "INV-1"]));
  assert.deepEqual(sorted.added.map((one) => `${one.role} ${one.name}`), [
    "row ",
    "cell INV-3",
  ]);
  assert.deepEqual(sorted.removed.map((one) => `${one.role} ${one.name}`), [
    "row ",
    "cell INV-2",
  ]);
  // Two rows drawn again in each other's place: the one that moved shows.
  const swapped = diffRows(table(10, ["INV-1", "INV-2"]), table(20, ["INV-2", "INV-1"]));
  assert.deepEqual(swapped.added.map((one) => `${one.role} ${one.name}`), ["row ", "cell INV-1"]);
  assert.deepEqual(swapped.removed.map((one) => `${one.role} ${one.name}`), ["row ", "cell INV-1"]);
  // Drawn again with the same cells in the same order, nothing changed for a reader.
  const redrawn = diffRows(table(10, ["INV-1", "INV-2"]), table(20, ["INV-1", "INV-2"]));
  assert.equal(redrawn.added.length + redrawn.removed.length, 0);
});

Deno.test("diffRows() pairs a table drawn again whole, its state changes shown and its refs paired", () => {
  const month = (first: number, refs: number, chosen?: string) => [
    row(first, "", { role: "table" }),
    ...["1", "2", "3"].flatMap((day, i) => [
      row(first + 1 + i, day, {
        role: "gridcell",
        level: 1,
        ref: `e${refs + i}`,
        states: day === chosen ? ["selected"] : [],
      }),
    ]),
  ];
  const before = [row(1, "Period", { role: "textbox", ref: "e1" }), ...month(10, 2)];
  const after = [row(1, "Period", { role: "textbox", ref: "e1" }), ...month(20, 5, "2")];
  const delta = diffRows(before, after);
  assert.equal(delta.added.length + delta.removed.length, 0);
  // The day the click chose is the one change, under its new ref.
  assert.deepEqual(delta.current.map(({ marker, row }) => `${marker}${row.name} ${row.ref}`), [
    "~2 e6",
  ]);
  assert.deepEqual(redrawnOf(delta), ["e2>e5", "e3>e6", "e4>e7"]);
  // The next month reads otherwise: its days are new, none takes an old day's place.
  const next = [
    row(1, "Period", { role: "textbox", ref: "e1" }),
    row(30, "", { role: "table" }),
    ...["4", "5", "6"].map((day, i) =>
      row(31 + i, day, { role: "gridcell", level: 1, ref: `e${8 + i}` })
    ),
  ];
  const turned = diffRows(before, next);
  assert.equal(turned.redrawn, undefined);
  assert.equal(turned.added.length, 4);
});

/** A list item of a person's name and a Remove button with `ref`, its rows from `id` on. */
function person(id: number, name: string, ref: string): Row[] {
  return [
    row(id, "", { role: "listitem", level: 1 }),
    row(id + 1, name, { level: 2 }),
    row(id + 2, "Remove", { role: "button", level: 2, ref }),
  ];
}

/** A delta's redrawn refs as `old>new`. */
function redrawnOf(delta: ReturnType<typeof diffRows>): string[] | undefined {
  return delta.redrawn?.map((pair) => `${pair.before.ref}>${pair.after.ref}`);
}

Deno.test("diffRows() pairs items drawn again by what they hold, never by where they sit or under another heading", () => {
  const before = [
    row(1, "", { role: "list" }),
    ...person(10, "Alice", "e1"),
    ...person(20, "Bob", "e2"),
  ];
  // Alice removed, the items drawn again in the list: Bob's item now stands first. The list
  // itself stays, or is drawn again too.
  for (const list of [1, 2]) {
    const delta = diffRows(before, [row(list, "", { role: "list" }), ...person(30, "Bob", "e3")]);
    assert.deepEqual(redrawnOf(delta), ["e2>e3"]);
    assert.deepEqual(delta.removed.map((one) => one.name), ["", "Alice", "Remove"]);
    assert.deepEqual(delta.added, []);
    assert.deepEqual(delta.current, []);
  }
  // An item added and another taken in one drawing: nothing tells which took whose place.
  const swapped = diffRows(before, [
    row(2, "", { role: "list" }),
    ...person(30, "Bob", "e3"),
    ...person(40, "Dan", "e4"),
  ]);
  assert.equal(swapped.redrawn, undefined);
  // A calendar's next month: its weeks read like the last one's, its heading does not.
  const month = (first: number, heading: string, refs: number) => [
    row(first, "", { role: "table" }),
    row(first + 1, heading, { role: "columnheader", level: 1 }),
    row(first + 2, "", { role: "row", level: 1 }),
    row(first + 3, "5", { role: "gridcell", level: 2, ref: `e${refs}` }),
  ];
  const turned = diffRows(month(1, "Mar 2027", 1), month(11, "Apr 2027", 2));
  assert.equal(turned.redrawn, undefined);
  assert.equal(turned.added.length, 4);
});

Deno.test("diffRows() counts a row of a node the page took away removed, even past the read's reach", () => {
  const before = [
    row(1, "a"),
    row(2, "b"),
    row(3, "Oslo", { ref: "e1" }),
    row(4, "Rome", { ref: "e2" }),
  ];
  // The read after stopped at "b"; the popup of cities at the page's end went.
  const after = [row(1, "a"), row(2, "b")];
  assert.deepEqual(diffRows(before, after, true).removed, []);
  const gone = diffRows(before, after, true, { beyond: [], roots: [], gone: [3, 4, 99] });
  assert.deepEqual(gone.removed.map((one) => one.name), ["Oslo", "Rome"]);
});

Deno.test("diffRows() pairs a deep subtree drawn again whole, each level read once", () => {
  // Twenty-four nested groups, each with a quoted text: what a subtree reads as is built from
  // its rows' readings, which must not grow with every level they are nested in.
  const deep = (first: number) =>
    Array.from({ length: 24 }, (_, i) => [
      row(first + 2 * i, `group ${i}`, { role: "group", level: i }),
      row(first + 2 * i + 1, `text "quoted" ${i}`, { level: i + 1 }),
    ]).flat();
  const delta = diffRows([row(1, "top"), ...deep(10)], [row(1, "top"), ...deep(1000)]);
  assert.equal(delta.added.length + delta.removed.length + delta.current.length, 0);
});
