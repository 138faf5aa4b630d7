import assert from "node:assert/strict";
import { buildObservation } from "./observe.ts";
import { n, snapshotOf, type Spec, testBooks, tree } from "./_test_utils.ts";

/** An issue page; with `dialog`, a modal dialog open and the rest of the page hidden. */
function issuePage(options: { dialog?: boolean; priority?: string; focusSave?: boolean } = {}) {
  const page: Spec[] = [
    n("heading", "Search misses accented names", [], { id: 10 }),
    n("combobox", "Component", [], { id: 11, value: "Payments", states: ["collapsed"] }),
    n("button", "Open", [], { id: 12 }),
    n("combobox", "Priority", [], {
      id: 13,
      value: options.priority ?? "Medium",
      states: ["collapsed"],
    }),
    n("button", "Save changes", [], {
      id: 14,
      ...(options.focusSave === true ? { states: ["focused"] } : {}),
    }),
  ];
  const dialog = n("dialog", "Save changes to this issue?", [
    n("button", "Cancel", [], { id: 21 }),
    n("button", "Confirm", [], { id: 22 }),
  ], { id: 20 });
  return snapshotOf(
    tree(n("RootWebArea", "Issue", options.dialog === true ? [dialog] : page, { id: 1 })),
  );
}

type Snapshot = ReturnType<typeof issuePage>;

/** Each snapshot observed in turn, each after the first as a delta on the one before. */
function observeInTurn(...snapshots: Snapshot[]) {
  const books = testBooks();
  let cursor: string | undefined;
  return snapshots.map((snapshot) => {
    const observed = buildObservation({
      leaseId: "l",
      snapshot,
      scope: { kind: "page" },
      ...(cursor === undefined ? {} : { since: cursor }),
    }, books);
    cursor = observed.cursor;
    return observed;
  });
}

Deno.test("the page a closed dialog gives back is one line, by its first and last row", () => {
  const [, , closed] = observeInTurn(issuePage(), issuePage({ dialog: true }), issuePage());
  assert.equal(
    closed.text.split("\n").filter((line) => line.startsWith("+")).join("\n"),
    `+ 5 rows back as before: heading "Search misses accented names" … button "Save changes" ref=e4`,
  );
  assert.match(closed.text, /^- dialog "Save changes to this issue\?"$/m);
  // The structured delta still lists every row that came back, with its ref.
  assert.deepEqual(closed.delta?.added.map((node) => node.ref), [null, "e1", "e2", "e3", "e4"]);
  assert.equal(closed.truncated, null);
});

Deno.test("a row that changed or took the focus while hidden keeps its own line", () => {
  const [, , closed] = observeInTurn(
    issuePage(),
    issuePage({ dialog: true }),
    issuePage({ priority: "High", focusSave: true }),
  );
  const added = closed.text.split("\n").filter((line) => line.startsWith("+"));
  assert.deepEqual(
    added,
    [
      `+ 3 rows back as before: heading "Search misses accented names" … button "Open" ref=e2`,
      `+ combobox "Priority" value="High" collapsed ref=e3`,
      `+ button "Save changes" focused ref=e4`,
    ].sort((a, b) => a.startsWith("+ 3") ? 1 : b.startsWith("+ 3") ? -1 : 0),
  );
});

Deno.test("rows never shown before are listed, however many", () => {
  const [, closed] = observeInTurn(issuePage({ dialog: true }), issuePage());
  assert.doesNotMatch(closed.text, /rows back/);
  assert.match(closed.text, /^\+ heading "Search misses accented names"$/m);
  assert.match(closed.text, /^\+ button "Save changes" ref=e\d+$/m);
});

Deno.test("a row back that only lost the focus it had is back as before", () => {
  const [, , closed] = observeInTurn(
    issuePage({ focusSave: true }),
    issuePage({ dialog: true }),
    issuePage(),
  );
  assert.match(
    closed.text,
    /^\+ 5 rows back as before: heading .* … button "Save changes" ref=e4$/m,
  );
});
