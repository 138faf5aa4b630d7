import assert from "node:assert/strict";
import type { Observation, ObservationScope } from "../../../contracts/methods/mod.ts";
import { buildObservation } from "./observe.ts";
import { n, snapshotOf, type Spec, testBooks, tree } from "./_test_utils.ts";

const page: ObservationScope = { kind: "page" };

/** An action's lean delta of `after` against `before`, as its result carries it. */
function leanDelta(
  before: Spec,
  after: Spec,
  deltaTokens?: number,
  actedOn?: number,
  entered?: string,
): Observation {
  const books = testBooks();
  const first = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(tree(before)), scope: page },
    books,
  );
  return buildObservation({
    leaseId: "L",
    snapshot: snapshotOf(tree(after)),
    scope: page,
    since: first.cursor,
    deltaTokens,
    actedOn,
    entered,
  }, books);
}

const lines = (observation: Observation) => observation.text.split("\n").slice(1);

const dialog = (id: number) =>
  n("dialog", "Delete this project?", [
    n("heading", "Delete this project?", [], { id: id + 1 }),
    n("StaticText", "Its files are removed for good.", [], { id: id + 2 }),
    n("button", "Keep it", [], { id: id + 3 }),
    n("button", "Delete for good", [], { id: id + 4 }),
  ], { id, states: ["focused"] });

Deno.test("a removed dialog is one line; the rows that went with it are only structured", () => {
  const before = n("RootWebArea", "", [n("button", "Delete project", [], { id: 2 }), dialog(10)], {
    id: 1,
  });
  const after = n("RootWebArea", "", [n("button", "Delete project", [], { id: 2 })], { id: 1 });
  const delta = leanDelta(before, after);
  assert.deepEqual(lines(delta), ['- dialog "Delete this project?" ref=e2']);
  // The structured delta still lists every row that went.
  assert.equal(delta.delta?.removed.length, 5);
  assert.equal(delta.truncated, null);
});

Deno.test("a removed row whose parent stays is listed on its own line", () => {
  const before = n("RootWebArea", "", [
    n("list", "Steps", [n("listitem", "One", [], { id: 3 }), n("listitem", "Two", [], { id: 4 })], {
      id: 2,
    }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("list", "Steps", [n("listitem", "One", [], { id: 3 })], { id: 2 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after)), ['- listitem "Two"']);
});

Deno.test("a nameless wrapper taken from around rows that stay is no line; one that took its rows is", () => {
  const people = (ids: number[]) =>
    ids.map((id) => n("generic", `Person ${id}`, [], { id, states: ["clickable"] }));
  // A list filtered short enough not to scroll: its scroller's row goes, the kept rows stay.
  const before = n("RootWebArea", "", [
    n("textbox", "Filter", [], { id: 2 }),
    n("generic", "", people([4, 5, 6, 7, 8, 9]), { id: 3, states: ["scrollable"] }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [n("textbox", "Filter", [], { id: 2 }), ...people([4])], {
    id: 1,
  });
  assert.deepEqual(lines(leanDelta(before, after)), [
    '- 5 siblings: generic "Person 5" ref=e4 … generic "Person 9" ref=e8',
  ]);
  // Emptied, it says it went, its rows with it.
  const emptied = n("RootWebArea", "", [n("textbox", "Filter", [], { id: 2 })], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, emptied)), ["- generic ref=e2"]);
});

Deno.test("focus handed from one row to another shows only where it went", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["focused", "editable"] }),
    n("button", "Send", [], { id: 3 }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["editable"] }),
    n("button", "Send", [], { id: 3, states: ["focused"] }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after)), ['~ button "Send" focused ref=e2']);
});

Deno.test("a row that lost focus to nothing, or changed besides, is still shown", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["focused", "editable"] }),
    n("button", "Send", [], { id: 3 }),
  ], { id: 1 });
  const blurred = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["editable"] }),
    n("button", "Send", [], { id: 3 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, blurred)), [
    '~ textbox "Message" value="Hello" ref=e1',
  ]);
  // An action on the field itself that left it without the focus (Enter sent a form) says so.
  assert.deepEqual(lines(leanDelta(before, blurred, undefined, 2)), [
    '~ textbox "Message" value="Hello" ref=e1',
  ]);
  const cleared = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "", states: ["editable"] }),
    n("button", "Send", [], { id: 3, states: ["focused"] }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, cleared)), [
    '~ textbox "Message" ref=e1',
    '~ button "Send" focused ref=e2',
  ]);
});

Deno.test("a row that lost focus to an action on another element that takes none is not shown", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Purpose", [], { id: 2, value: "Client visit", states: ["focused", "editable"] }),
    n("generic", "Drop receipts here", [], { id: 3, states: ["clickable"] }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("textbox", "Purpose", [], { id: 2, value: "Client visit", states: ["editable"] }),
    n("generic", "Drop receipts here", [], { id: 3, states: ["clickable"] }),
    n("StaticText", "approval.eml", [], { id: 4 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after, undefined, 3)), ['+ text "approval.eml"']);
});

Deno.test("a form the browser refused shows the field it focused with the message it says", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Email", [], { id: 2, value: "ada", states: ["required", "invalid"] }),
    n("button", "Create account", [], { id: 3, states: ["focused"] }),
  ], { id: 1 });
  const refused = n("RootWebArea", "", [
    n("textbox", "Email", [], {
      id: 2,
      value: "ada",
      error: "Please include an '@' in the email address.",
      states: ["focused", "required", "invalid"],
    }),
    n("button", "Create account", [], { id: 3 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, refused, undefined, 3)), [
    `~ textbox "Email" value="ada" error="Please include an '@' in the email address." focused required invalid ref=e1`,
  ]);
  // The message going with the focus is news, not a focus hand-off that goes without saying.
  const left = n("RootWebArea", "", [
    n("textbox", "Email", [], { id: 2, value: "ada", states: ["required", "invalid"] }),
    n("button", "Create account", [], { id: 3, states: ["focused"] }),
  ], { id: 1 });
  const books = testBooks();
  const first = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(tree(refused)), scope: page },
    books,
  );
  const next = buildObservation({
    leaseId: "L",
    snapshot: snapshotOf(tree(left)),
    scope: page,
    since: first.cursor,
    actedOn: 3,
  }, books);
  assert.deepEqual(lines(next), ['~ textbox "Email" value="ada" required invalid ref=e1']);
});

const days = (month: string, first: number) =>
  Array.from(
    { length: 31 },
    (_, i) => n("generic", `${month} ${i + 1}, 2027`, [], { id: first + i, states: ["clickable"] }),
  );

Deno.test("past its budget a delta shows the head of its largest region and says the rest in one line, with the call that shows it", () => {
  const before = n("RootWebArea", "", [n("button", "Pick a date", [], { id: 2 })], { id: 1 });
  const after = n("RootWebArea", "", [
    n("button", "Pick a date", [], { id: 2, states: ["expanded"] }),
    n("dialog", "Choose a date", days("March", 100), { id: 3, states: ["focused"] }),
  ], { id: 1 });
  const delta = leanDelta(before, after, 150);
  assert.deepEqual(lines(delta), [
    '~ button "Pick a date" expanded ref=e1',
    '+ dialog "Choose a date" focused ref=e2',
    '  + generic "March 1, 2027" ref=e3',
    '  + generic "March 2, 2027" ref=e4',
    '  + generic "March 3, 2027" ref=e5',
    '  + generic "March 4, 2027" ref=e6',
    '~ region dialog "Choose a date" ref=e2 changed: 27 more rows (27 added) — observe rootRef=e2',
  ]);
  // Nothing is dropped silently: the structured result counts what the text summarized.
  assert.equal(delta.truncated?.omitted, 27);
  assert.deepEqual(delta.nodes.map((node) => node.name), [
    "Pick a date",
    "Choose a date",
    "March 1, 2027",
    "March 2, 2027",
    "March 3, 2027",
    "March 4, 2027",
  ]);
  // Where no row of it fits beside that line, the region is the line alone.
  assert.deepEqual(lines(leanDelta(before, after, 60)), [
    '~ button "Pick a date" expanded ref=e1',
    '~ region dialog "Choose a date" ref=e2 changed: 32 rows (32 added) — observe rootRef=e2',
  ]);
  // Within a larger budget the same delta is shown whole.
  const whole = leanDelta(before, after, 2_000);
  assert.equal(whole.truncated, null);
  assert.equal(lines(whole).length, 33);
});

Deno.test("the rest of a region cut after its head is said where it stands: the listbox of a nameless popup", () => {
  const before = n("RootWebArea", "", [n("button", "Choose a country", [], { id: 2 })], {
    id: 1,
  });
  const options = Array.from(
    { length: 60 },
    (_, i) => n("option", `Country number ${i + 1}`, [], { id: 100 + i }),
  );
  const after = n("RootWebArea", "", [
    n("button", "Choose a country", [], { id: 2, states: ["expanded"] }),
    n("generic", "", [
      n("combobox", "Search", [], { id: 4, states: ["focused", "editable"] }),
      n("listbox", "Countries", options, { id: 5 }),
    ], { id: 3 }),
  ], { id: 1 });
  const text = lines(leanDelta(before, after, 200));
  assert.deepEqual(text.slice(0, 4), [
    '~ button "Choose a country" expanded ref=e1',
    '+ combobox "Search" focused editable ref=e2',
    '+ listbox "Countries" ref=e3',
    '  + option "Country number 1" ref=e4',
  ]);
  const shown = text.filter((line) => line.includes('option "')).length;
  assert.equal(
    text.at(-1),
    `~ region listbox "Countries" ref=e3 changed: ${60 - shown} more rows (${
      60 - shown
    } added) — observe rootRef=e3`,
  );
});

Deno.test("a summarized region counts the rows removed from it: a calendar whose month turned", () => {
  const calendar = (month: string, first: number) =>
    n("dialog", "Choose Date", [
      n("button", "Next Month", [], { id: 3 }),
      n("heading", `${month} 2027`, [], { id: first - 1 }),
      n(
        "grid",
        "",
        days(month, first).map((day, i) => n("row", "", [day], { id: first + 50 + i })),
        {
          id: 4,
        },
      ),
    ], { id: 2 });
  const before = n("RootWebArea", "", [
    n("button", "Book", [], { id: 9 }),
    calendar("March", 100),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("button", "Book", [], { id: 9 }),
    calendar("April", 300),
  ], { id: 1 });
  const delta = leanDelta(before, after, 150);
  // March's days went with the same summary that says April's came: nothing lists them one by one.
  assert.deepEqual(lines(delta), [
    '~ region dialog "Choose Date" changed: 126 rows (63 added, 63 removed) — observe query "Choose Date"',
  ]);
  assert.equal(delta.truncated?.omitted, 126);
  // Rows removed from elsewhere are still said on their own.
  const elsewhere = n("RootWebArea", "", [calendar("April", 300)], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, elsewhere, 150)), [
    '~ region dialog "Choose Date" changed: 126 rows (63 added, 63 removed) — observe query "Choose Date"',
    '- button "Book" ref=e1',
  ]);
});

Deno.test("a region in no named container is said by a ref given to the element around it", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Departure", [], { id: 2, states: ["focused", "editable"] }),
    n("generic", "", days("December", 200), { id: 4 }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("textbox", "Departure", [], { id: 2, states: ["editable"], value: "2027-03-15" }),
    n("generic", "", days("March", 300), { id: 5 }),
  ], { id: 1 });
  const delta = leanDelta(before, after, 120);
  // No row a reader can ask for holds the new days, but the box around them takes a ref (a
  // popup appended to a long page's body would not be reached by a read of the page).
  assert.deepEqual(lines(delta), [
    '~ textbox "Departure" value="2027-03-15" ref=e1',
    '+ generic "March 1, 2027" ref=e33',
    "~ region generic ref=e64 changed: 30 more rows (30 added) — observe rootRef=e64",
    '- 31 siblings: generic "December 1, 2027" ref=e2 … generic "December 31, 2027" ref=e32',
  ]);
  // Around the rows and much else that stayed, the element is no handle: the page is observed.
  const notes = Array.from(
    { length: 12 },
    (_, i) => n("StaticText", `Note ${i}`, [], { id: 600 + i }),
  );
  const page = (shown: readonly ReturnType<typeof n>[]) =>
    n("RootWebArea", "", [n("generic", "", [...notes, ...shown], { id: 5 })], { id: 1 });
  const said = lines(leanDelta(page([]), page(days("March", 300)), 120));
  assert.deepEqual(said.filter((line) => line.startsWith("~ region")), [
    "~ region changed: 31 rows (31 added) — observe to see them",
  ]);
});

Deno.test("the row an action aimed at gaining focus goes without saying; other changes to it stay", () => {
  const before = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["focused", "editable"] }),
    n("button", "Send", [], { id: 3 }),
  ], { id: 1 });
  const clicked = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["editable"] }),
    n("button", "Send", [], { id: 3, states: ["focused"] }),
    n("status", "", [n("StaticText", "Sent", [], { id: 5 })], { id: 4 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, clicked, undefined, 3)), ['+ status "Sent"']);
  // Without the action's target, the focus it gained is shown.
  assert.deepEqual(lines(leanDelta(before, clicked)).slice(0, 1), [
    '~ button "Send" focused ref=e2',
  ]);
  const pressed = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, value: "Hello", states: ["editable"] }),
    n("button", "Send", [], { id: 3, states: ["focused", "pressed"] }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, pressed, undefined, 3)), [
    '~ button "Send" focused pressed ref=e2',
  ]);
});

Deno.test("many removed siblings are one line by the first and the last; a few stay one each", () => {
  const names = ["Amsterdam 41", "Athens 12", "Berlin 57", "Oslo 18", "Paris 3", "Rome 9"];
  const grid = (kept: readonly string[]) =>
    n("RootWebArea", "", [
      n(
        "grid",
        "Offices",
        names.flatMap((name, i) =>
          kept.includes(name)
            ? [n("row", name, [n("gridcell", name.split(" ")[0], [], { id: 21 + 2 * i })], {
              id: 20 + 2 * i,
            })]
            : []
        ),
        { id: 2 },
      ),
    ], { id: 1 });
  // A filter that hides all but the first row: five removed siblings in a row.
  const filtered = leanDelta(grid(names), grid(["Amsterdam 41"]));
  assert.deepEqual(lines(filtered), [
    '- 5 siblings: row "Athens 12" … row "Rome 9"',
  ]);
  assert.equal(filtered.delta?.removed.length, 10, "the structured delta lists every row");
  // One that keeps a row in the middle: no line may read as taking it, so the runs break there.
  assert.deepEqual(lines(leanDelta(grid(names), grid(["Oslo 18"]))), [
    '- row "Amsterdam 41"',
    '- row "Athens 12"',
    '- row "Berlin 57"',
    '- row "Paris 3"',
    '- row "Rome 9"',
  ]);
  // Fewer than four go one line each.
  const few = leanDelta(grid(names), grid(["Amsterdam 41", "Athens 12", "Oslo 18"]));
  assert.deepEqual(lines(few), [
    '- row "Berlin 57"',
    '- row "Paris 3"',
    '- row "Rome 9"',
  ]);
});

Deno.test("removed siblings that read like any other are told by their first telling row", () => {
  // A calendar's weeks, drawn again for the next month: nameless rows of day cells with refs.
  const month = (first: number, from = 0) =>
    n("RootWebArea", "", [
      n(
        "table",
        "",
        [0, 1, 2, 3, 4].map((week) =>
          n(
            "row",
            "",
            [1, 2].map((day) =>
              n("cell", String(from + week * 2 + day), [], {
                id: first + 10 * week + day,
                states: ["clickable"],
              })
            ),
            { id: first + 10 * week },
          )
        ),
        { id: 2 },
      ),
    ], { id: 1 });
  const shown = lines(leanDelta(month(100), month(200, 30)));
  const gone = shown.filter((line) => line.startsWith("- "));
  assert.deepEqual(gone, [
    '- 5 siblings: row (cell "1" ref=e1) … row (cell "9" ref=e9)',
  ]);
});

Deno.test("a region whose container has neither ref nor name is said by a ref to it, never an empty query", () => {
  const before = n("RootWebArea", "", [n("textbox", "Arrival", [], { id: 2 })], { id: 1 });
  const after = n("RootWebArea", "", [
    n("textbox", "Arrival", [], { id: 2 }),
    n("table", "", [
      n("row", "", days("March", 100).map((day, i) => n("cell", "", [day], { id: 200 + i })), {
        id: 4,
      }),
    ], { id: 3 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after, 100)), [
    "+ table",
    "  + row",
    '    + generic "March 1, 2027" ref=e2',
    '    + generic "March 2, 2027" ref=e3',
    '    + generic "March 3, 2027" ref=e4',
    "~ region row ref=e33 changed: 28 more rows (28 added) — observe rootRef=e33",
  ]);
});

Deno.test("rows a reader cannot ask for apart are summarized together, never a few of them alone", () => {
  // A table redrawn by a search: new nameless rows, each its cells and a button.
  const order = (i: number) =>
    n("row", "", [
      n("cell", `ORD-10${i}`, [], { id: 300 + 4 * i }),
      n("cell", `Customer number ${i} with a long name`, [], { id: 301 + 4 * i }),
      n("button", `Refund ORD-10${i}`, [], { id: 302 + 4 * i }),
    ], { id: 303 + 4 * i });
  const table = (orders: number[]) =>
    n("table", "", [n("rowgroup", "", orders.map(order), { id: 4 })], { id: 3 });
  const before = n("RootWebArea", "", [
    n("searchbox", "Search", [], { id: 2 }),
    table([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("searchbox", "Search", [], { id: 2 }),
    table([0, 1, 2, 3, 4, 5, 6]),
  ], { id: 1 });
  // A budget that three rows said in a line each would meet.
  const text = lines(leanDelta(before, after, 250));
  assert.ok(!text.some((line) => line.startsWith("~ region row ")), text.join("\n"));
  assert.deepEqual(text.filter((line) => line.startsWith("~ region")).length, 1, text.join("\n"));
});

Deno.test("a removed row that reads like any other says which it was by the first row in it that does not", () => {
  const member = (name: string, id: number) =>
    n("row", "", [
      n("cell", name, [], { id: id + 1 }),
      n("button", `Actions for ${name}`, [], { id: id + 2 }),
    ], { id });
  const before = n("RootWebArea", "", [
    n("table", "Team members", [member("Ana Silva", 10), member("Ben Okafor", 20)], { id: 2 }),
    n("alert", "", [n("StaticText", "Check the email", [], { id: 41 })], { id: 40 }),
  ], { id: 1 });
  const after = n("RootWebArea", "", [
    n("table", "Team members", [member("Ana Silva", 10)], { id: 2 }),
  ], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after)), [
    "- row",
    '  - cell "Ben Okafor"',
    '- alert "Check the email"',
  ]);
});

Deno.test("a fill's field holding exactly its text goes without saying; a formatted value, or more, stays", () => {
  const form = (value: string | undefined, focused: boolean, more: Spec[] = []) =>
    n("RootWebArea", "", [
      n("textbox", "Phone", [], {
        id: 2,
        ...(value === undefined ? {} : { value }),
        states: focused ? ["focused", "editable"] : ["editable"],
      }),
      ...more,
    ], { id: 1 });
  const before = form(undefined, false);
  // The value the fill put in, and the focus it took: the status already says so.
  assert.deepEqual(
    leanDelta(before, form("5551234567", true), undefined, 2, "5551234567").text,
    "# no other changes",
  );
  // A mask's formatting is news, and so is anything else the fill set off.
  assert.deepEqual(
    lines(leanDelta(before, form("(555) 123-4567", true), undefined, 2, "5551234567")),
    ['~ textbox "Phone" value="(555) 123-4567" focused ref=e1'],
  );
  const warned = form("5551234567", true, [
    n("alert", "", [n("StaticText", "Number not reachable", [], { id: 4 })], { id: 3 }),
  ]);
  assert.deepEqual(lines(leanDelta(before, warned, undefined, 2, "5551234567")), [
    '+ alert "Number not reachable"',
  ]);
  // Without the text, the value is shown as before.
  assert.deepEqual(lines(leanDelta(before, form("5551234567", true), undefined, 2)), [
    '~ textbox "Phone" value="5551234567" focused ref=e1',
  ]);
  // A field of several lines keeps its line breaks; the text is compared flat, as names are.
  assert.equal(
    leanDelta(before, form("Agreed:\nShip on Friday", true), undefined, 2, "Agreed: Ship on Friday")
      .text,
    "# no other changes",
  );
  // Text typed after what the field held makes another value: shown.
  assert.deepEqual(
    lines(leanDelta(form("555", false), form("555123", true), undefined, 2, "123")),
    ['~ textbox "Phone" value="555123" focused ref=e1'],
  );
});

Deno.test("an editor's one new text reading exactly what a fill put in goes without saying", () => {
  const editor = (children: Spec[], after: Spec[] = []) =>
    n("RootWebArea", "", [
      n("textbox", "Message", children, { id: 2, states: ["focused", "contenteditable"] }),
      n("button", "Send", [], { id: 3 }),
      ...after,
    ], { id: 1 });
  const before = n("RootWebArea", "", [
    n("textbox", "Message", [], { id: 2, states: ["contenteditable"] }),
    n("button", "Send", [], { id: 3 }),
  ], { id: 1 });
  const typed = (id: number, text: string) => n("StaticText", text, [], { id });
  assert.equal(
    leanDelta(before, editor([typed(5, "Quarterly report")]), undefined, 2, "Quarterly report")
      .text,
    "# no other changes",
  );
  // Another text, two texts, or one elsewhere: each is news.
  assert.deepEqual(
    lines(leanDelta(before, editor([typed(5, "Quarterly")]), undefined, 2, "Quarterly report")),
    ['+ text "Quarterly" in textbox "Message" ref=e1'],
  );
  assert.deepEqual(
    lines(
      leanDelta(
        before,
        editor([typed(5, "Quarterly report"), typed(6, "Quarterly report")]),
        undefined,
        2,
        "Quarterly report",
      ),
    ).filter((line) => line.includes('text "Quarterly report"')).length,
    2,
  );
  // Text the editor made into a link is a row of its own there.
  assert.deepEqual(
    lines(
      leanDelta(
        before,
        editor([n("link", "Quarterly report", [typed(5, "Quarterly report")], { id: 6 })]),
        undefined,
        2,
        "Quarterly report",
      ),
    ),
    ['+ link "Quarterly report" ref=e3 in textbox "Message" ref=e1'],
  );

  assert.deepEqual(
    lines(
      leanDelta(
        before,
        editor([], [typed(5, "Quarterly report")]),
        undefined,
        2,
        "Quarterly report",
      ),
    ),
    ['+ text "Quarterly report"'],
  );
  // Without the text (type, or an unverified fill), the text is shown.
  assert.deepEqual(lines(leanDelta(before, editor([typed(5, "Quarterly report")]), undefined, 2)), [
    '+ text "Quarterly report" in textbox "Message" ref=e1',
  ]);
});

Deno.test("every removed nameless row says which it was, the last one too", () => {
  // A date range picker redraws both its months: two nameless tables go, each said by its
  // first telling row. The last line is no heading to drop though it shows no entry.
  let id = 10;
  const month = (name: string): Spec =>
    n("table", "", [
      n("row", "", [n("columnheader", name, [], { id: id++ })], { id: id++ }),
      n(
        "row",
        "",
        [1, 2, 3].map((day) => n("cell", String(day), [], { id: id++, states: ["clickable"] })),
        {
          id: id++,
        },
      ),
    ], { id: id++ });
  const before = n("RootWebArea", "", [
    n("textbox", "Period", [], { id: 2 }),
    month("Mar"),
    month("Apr"),
  ], {
    id: 1,
  });
  const after = n("RootWebArea", "", [n("textbox", "Period", [], { id: 2 })], { id: 1 });
  assert.deepEqual(lines(leanDelta(before, after)), [
    "- table",
    '  - columnheader "Mar"',
    "- table",
    '  - columnheader "Apr"',
  ]);
});

Deno.test("rows no row holds, past where a cut page read stops, show their head and are found by name", () => {
  // Posts a feed appended to its long list: nothing but the whole list holds them.
  const feed = (count: number) =>
    n("RootWebArea", "", [
      n(
        "generic",
        "",
        Array.from({ length: count }, (_, i) =>
          n("button", `Like post ${i + 1}`, [], { id: 10 + i })),
        { id: 2 },
      ),
    ], { id: 1 });
  const books = testBooks();
  const cut = { reason: "nodes" as const, at: null, omitted: 900 };
  const first = buildObservation(
    { leaseId: "L", snapshot: snapshotOf(tree(feed(20)), { cut }), scope: page },
    books,
  );
  const said = buildObservation({
    leaseId: "L",
    snapshot: snapshotOf(tree(feed(120)), { cut }),
    scope: page,
    since: first.cursor,
    deltaTokens: 200,
  }, books).text.split("\n");
  assert.ok(said.includes('+ button "Like post 21" ref=e21'), said.join("\n"));
  assert.ok(
    said.some((line) =>
      /^~ region changed: [\d,]+ more rows \([\d,]+ added\) — observe with query:"<text>" to find them$/
        .test(line)
    ),
    said.join("\n"),
  );
});
