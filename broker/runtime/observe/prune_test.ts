import assert from "node:assert/strict";
import type { AxNode } from "../../../contracts/methods/mod.ts";
import { attachRefs } from "./rows.ts";
import { RefTable } from "./refs.ts";
import { pruneAxNodes } from "./prune.ts";
import { n, type Spec, tree } from "./_test_utils.ts";

/** `role "name"` at each level, for compact assertions. */
function outline(nodes: AxNode[], root?: number): string[] {
  const rows = pruneAxNodes(nodes, { root });
  assert.ok(rows !== undefined);
  return rows.map((row) => `${"  ".repeat(row.level)}${row.role} ${JSON.stringify(row.name)}`);
}

/** `role "name" states` at each level: {@linkcode outline} with the states. */
function statedOutline(nodes: AxNode[]): string[] {
  const rows = pruneAxNodes(nodes);
  assert.ok(rows !== undefined);
  return rows.map((row) =>
    `${"  ".repeat(row.level)}${row.role} ${JSON.stringify(row.name)} ${row.states.join(" ")}`
      .trimEnd()
  );
}

const text = (name: string) => n("StaticText", name, [n("InlineTextBox", name)]);

Deno.test("pruneAxNodes() drops text boxes and collapses the document and unnamed containers", () => {
  const nodes = tree(
    n("RootWebArea", "Title", [
      n("generic", "", [n("generic", "", [n("heading", "Hello", [text("Hello")])])]),
      n("paragraph", "", [text("Some words")]),
    ]),
  );
  assert.deepEqual(outline(nodes), ['heading "Hello"', 'StaticText "Some words"']);
});

Deno.test("pruneAxNodes() keeps named, valued and actionable containers", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("generic", "Promo", [text("Sale")]),
      n("generic", "", [text("typed")], { value: "typed" }),
      n("generic", "", [text("Leave at the door")], { states: ["editable"] }),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'generic "Promo"',
    '  StaticText "Sale"',
    'generic ""',
    'generic ""',
    '  StaticText "Leave at the door"',
  ]);
});

Deno.test("pruneAxNodes() keeps landmarks, lists, tables and rows", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("navigation", "Main", [n("list", "", [n("listitem", "", [n("link", "Home", [
        text("Home"),
      ])])])]),
      n("table", "T", [n("rowgroup", "", [n("row", "a b", [n("cell", "a", [text("a")])])])]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'navigation "Main"',
    '  list ""',
    '    link "Home"',
    'table "T"',
    '  row "a b"',
    '    cell "a"',
  ]);
});

Deno.test("pruneAxNodes() lets a cell or list item with nothing of its own give way to its one row", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("table", "Calendar", [n("row", "1 2", [
        n("cell", "1", [n("link", "1", [text("1")])]),
        n("cell", "", [n("link", "2", [text("2")])]),
        n("cell", "Due", [n("link", "3", [text("3")])]),
        n("cell", "", [n("link", "4"), n("link", "5")]),
        n("cell", "", [n("link", "6")], { states: ["selected"] }),
      ])]),
      n("grid", "April 2027", [n("row", "", [
        n("gridcell", "Thursday, April 1, 2027", [n("button", "Thursday, April 1, 2027")]),
        n("gridcell", "Friday, April 2, 2027", [n("button", "Friday, April 2, 2027")], {
          states: ["selected"],
        }),
        n("gridcell", "Total", [text("Total")]),
        n("gridcell", "", [text("12")]),
        // A day before the first may not be chosen: its cell and button both say so.
        n("gridcell", "Wednesday, March 31, 2027", [
          n("button", "Wednesday, March 31, 2027", [], { states: ["disabled"] }),
        ], { states: ["disabled"] }),
        // The blank days of the week before the month: nothing to read or choose.
        n("gridcell", "", [], { states: ["disabled"] }),
        n("gridcell", "", [], { states: ["selected"] }),
      ])]),
      n("list", "", [
        n("listitem", "", [n("link", "Home", [text("Home")])]),
        n("listitem", "", [text("Stuttgart")]),
        n("listitem", "", [n("link", "Sign out")], { states: ["clickable"] }),
      ]),
    ]),
  );
  // A cell named otherwise, holding more than one row, or with a state of its own stays.
  assert.deepEqual(outline(nodes), [
    'table "Calendar"',
    '  row "1 2"',
    '    link "1"',
    '    link "2"',
    '    cell "Due"',
    '      link "3"',
    '    cell ""',
    '      link "4"',
    '      link "5"',
    '    cell ""',
    '      link "6"',
    'grid "April 2027"',
    '  row ""',
    '    button "Thursday, April 1, 2027"',
    '    gridcell "Friday, April 2, 2027"',
    '      button "Friday, April 2, 2027"',
    '    gridcell "Total"',
    '    gridcell ""',
    '      StaticText "12"',
    '    button "Wednesday, March 31, 2027"',
    '    gridcell ""',
    'list ""',
    '  link "Home"',
    '  StaticText "Stuttgart"',
    '  listitem ""',
    '    link "Sign out"',
  ]);
  // The root of a subtree read stays whatever it holds.
  const cell = nodes.find((node) => node.role === "cell" && node.name === "1")!;
  assert.equal(outline(nodes, cell.backendNodeId)[0], 'cell "1"');
});

Deno.test("pruneAxNodes() drops text that repeats the nearest kept ancestor", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("button", "Add to cart", [text("Add to"), n("generic", "", [text("cart")])]),
      n("textbox", "Email", [n("generic", "", [text("ada@")])], { value: "ada@" }),
      n("region", "Shipping rules apply", [n("paragraph", "", [text("rules")])]),
      n("generic", "March 15, 2027", [text("15")], { states: ["clickable"] }),
      n("generic", "Room 153", [text("15")], { states: ["clickable"] }),
    ]),
  );
  // "rules" is part of a region's name, but regions are not named from content: it stays.
  // A wrapper the page named says its own text ("15"), unless the text is not a word of it.
  assert.deepEqual(outline(nodes), [
    'button "Add to cart"',
    'textbox "Email"',
    'region "Shipping rules apply"',
    '  StaticText "rules"',
    'generic "March 15, 2027"',
    'generic "Room 153"',
    '  StaticText "15"',
  ]);
});

Deno.test("pruneAxNodes() reads a named button, tab or switch by its name, not its glyphs", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("button", "Actions for Q3 roadmap", [n("generic", "", [text("⋯")])]),
      n("button", "Close", [text("close")]),
      n("tab", "Inbox", [text("Inbox"), text("3")]),
      n("switch", "Dark mode", [text("On")]),
      // Without a name of its own, the text is all a button says; a link's children count.
      n("button", "", [text("⋯")]),
      n("link", "Docs", [text("Docs"), text("new")]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'button "Actions for Q3 roadmap"',
    'button "Close"',
    'tab "Inbox"',
    'switch "Dark mode"',
    'button ""',
    '  StaticText "⋯"',
    'link "Docs"',
    '  StaticText "new"',
  ]);
});

Deno.test("pruneAxNodes() leaves out formatting outside an editor, keeping its text", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("listbox", "", [
        // A suggestion list marks the typed part of each suggestion, or bolds a group's label.
        n("group", "Backend", [
          n("strong", "", [text("Backend")]),
          n("option", "People", [n("strong", "", [text("People")])], { states: ["selected"] }),
          n("option", "Berlin", [n("mark", "", [text("Ber")]), text("lin")]),
        ]),
      ]),
      // A run the provider joined, its head inside the emphasis that began it.
      n("paragraph", "", [n("emphasis", "", [text("Read the notes")])]),
      // In an editor, how the text looks is its content: bold stays.
      n("textbox", "Message", [n("strong", "", [text("Quarterly")], { states: ["editable"] })], {
        value: "Quarterly",
        states: ["editable"],
      }),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'listbox ""',
    '  group "Backend"',
    '    option "People"',
    '    option "Berlin"',
    'StaticText "Read the notes"',
    'textbox "Message"',
    '  strong ""',
    '    StaticText "Quarterly"',
  ]);
});

Deno.test("pruneAxNodes() drops an editor's text that its value already holds", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("textbox", "Code", [
        n("generic", "", [text("// Return the answer")]),
        n("generic", "", [text("return"), text("0"), text(";")]),
      ], { value: "// Return the answer\nreturn 0;", states: ["editable", "contenteditable"] }),
      // Text the value does not hold stays (a placeholder, a value cut short).
      n("textbox", "Notes", [text("Write something")], { value: "", states: ["editable"] }),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'textbox "Code"',
    'textbox "Notes"',
    '  StaticText "Write something"',
  ]);
});

Deno.test("pruneAxNodes() drops a label's text next to the control it names", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("generic", "", [n("LabelText", "", [text("Full name")]), n("textbox", "Full name")]),
      n("LabelText", "", [n("checkbox", "Subscribe"), text("Subscribe")]),
      n("generic", "", [text("Notes")]),
      n("generic", "", [text("Another text")]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'textbox "Full name"',
    'checkbox "Subscribe"',
    'StaticText "Notes"',
    'StaticText "Another text"',
  ]);
});

Deno.test("pruneAxNodes() drops blank text and list markers", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("list", "", [n("listitem", "", [n("ListMarker", "1. "), text("  "), text("One")])]),
    ]),
  );
  assert.deepEqual(outline(nodes), ['list ""', '  StaticText "One"']);
});

Deno.test("pruneAxNodes() follows parentId, not the order or depth the provider sent", () => {
  const nodes: AxNode[] = [
    { backendNodeId: 3, parentId: 1, role: "button", name: "B", states: [], depth: 9 },
    { backendNodeId: 1, parentId: null, role: "main", name: "", states: [], depth: 0 },
    { backendNodeId: 2, parentId: 1, role: "button", name: "A", states: [], depth: 0 },
  ];
  // Siblings keep the order they arrived in.
  assert.deepEqual(outline(nodes), ['main ""', '  button "B"', '  button "A"']);
});

Deno.test("pruneAxNodes() keeps the first of duplicated IDs and never enters a cycle", () => {
  const nodes: AxNode[] = [
    { backendNodeId: 1, parentId: null, role: "main", name: "", states: [], depth: 0 },
    { backendNodeId: 2, parentId: 1, role: "button", name: "first", states: [], depth: 1 },
    { backendNodeId: 2, parentId: 1, role: "button", name: "second", states: [], depth: 1 },
    { backendNodeId: 5, parentId: 6, role: "button", name: "loop", states: [], depth: 1 },
    { backendNodeId: 6, parentId: 5, role: "button", name: "loop", states: [], depth: 1 },
    { backendNodeId: 7, parentId: 7, role: "link", name: "self", states: [], depth: 0 },
  ];
  // A node that names itself as parent is parentless: a root of its own.
  assert.deepEqual(outline(nodes), ['main ""', '  button "first"', 'link "self"']);
});

Deno.test("pruneAxNodes() indents parentless nodes by their relative depth", () => {
  const nodes: AxNode[] = [
    { backendNodeId: 10, parentId: 99, role: "row", name: "r1", states: [], depth: 5 },
    { backendNodeId: 11, parentId: 10, role: "cell", name: "c1", states: [], depth: 6 },
    { backendNodeId: 12, parentId: 98, role: "cell", name: "c2", states: [], depth: 6 },
  ];
  assert.deepEqual(outline(nodes), ['row "r1"', '  cell "c1"', '  cell "c2"']);
});

Deno.test("pruneAxNodes() with a root keeps that subtree, the root at level 0 even if it would collapse", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("button", "Outside"),
      n("generic", "", [n("button", "Inside")], { id: 50 }),
    ]),
  );
  assert.deepEqual(outline(nodes, 50), ['generic ""', '  button "Inside"']);
  assert.equal(pruneAxNodes(nodes, { root: 12345 }), undefined);
});

Deno.test("pruneAxNodes() orders and deduplicates states by the vocabulary", () => {
  const nodes = tree(
    n("checkbox", "x", [], { states: ["required", "checked", "focused", "checked"] }),
  );
  assert.deepEqual(pruneAxNodes(nodes)?.[0].states, ["checked", "focused", "required"]);
});

Deno.test("pruneAxNodes() handles a chain deeper than the call stack", () => {
  const nodes: AxNode[] = [];
  for (let i = 1; i <= 20_000; i++) {
    nodes.push({
      backendNodeId: i,
      parentId: i === 1 ? null : i - 1,
      role: "group",
      // The deepest is named: an empty nameless group would read as nothing and go.
      name: i === 20_000 ? "Deepest" : "",
      states: [],
      depth: Math.min(i - 1, 1024),
    });
  }
  const rows = pruneAxNodes(nodes);
  assert.equal(rows?.length, 20_000);
  assert.equal(rows?.at(-1)?.level, 1024);
});

Deno.test("pruneAxNodes() keeps nameless clickable and draggable wrappers and drops the word on widgets", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("generic", "", [text("15"), text("March")], { states: ["clickable"] }),
      n("generic", "", [n("image", "Handle")], { states: ["draggable"] }),
      n("button", "Pay", [], { states: ["clickable"] }),
      n("generic", "", [text("plain")]),
    ]),
  );
  const rows = pruneAxNodes(nodes)!;
  assert.deepEqual(
    rows.map((row) => `${"  ".repeat(row.level)}${row.role} ${row.states.join(",")}`.trimEnd()),
    [
      "generic clickable",
      "  StaticText",
      "  StaticText",
      "generic draggable",
      "  image",
      "button",
      "StaticText",
    ],
  );
});

Deno.test("pruneAxNodes() names a nameless clickable wrapper around one text by that text", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("generic", "", [text("Marta Nowak")], { states: ["clickable"] }),
      n("generic", "", [text("Drag me")], { states: ["draggable"] }),
      // A field's text is its content, not its name.
      n("generic", "", [text("Leave at the door")], { states: ["clickable", "editable"] }),
      n("generic", "", [n("generic", "", [text("deep")])], { states: ["clickable"] }),
      // A sortable list's card: a draggable list item around its title.
      n("list", "To do", [n("listitem", "", [text("Fix login bug")], { states: ["draggable"] })]),
      // A message says what it says; one with two texts, or a name of its own, is left as it is.
      n("alert", "", [text("Enter a valid email")]),
      n("status", "", [text("2 of 3"), n("link", "Next")]),
      n("status", "Upload", [text("Done")]),
    ]),
  );
  const rows = pruneAxNodes(nodes)!;
  assert.deepEqual(rendered(nodes), [
    'generic "Marta Nowak" clickable',
    'generic "Drag me" draggable',
    'generic "" editable clickable',
    '  StaticText "Leave at the door"',
    // A wrapper that holds only that text collapses first.
    'generic "deep" clickable',
    'list "To do"',
    '  listitem "Fix login bug" draggable',
    'alert "Enter a valid email"',
    'status ""',
    '  StaticText "2 of 3"',
    '  link "Next"',
    'status "Upload"',
    '  StaticText "Done"',
  ]);
  // A ref keeps the name the page reports for the element, which its check compares.
  assert.deepEqual(rows.map((row) => row.axName), [
    "",
    "",
    undefined,
    undefined,
    "",
    undefined,
    "",
    "",
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

/** Rows as an observation shows them: role, name, states, ref-worthiness. */
function rendered(nodes: AxNode[]): string[] {
  const rows = pruneAxNodes(nodes);
  assert.ok(rows !== undefined);
  return rows.map((row) =>
    `${"  ".repeat(row.level)}${row.role} ${JSON.stringify(row.name)}${
      row.value === undefined ? "" : ` value=${JSON.stringify(row.value)}`
    }${row.states.map((state) => ` ${state}`).join("")}`
  );
}

Deno.test("pruneAxNodes() leaves out the unnamed icon of a named control, keeping named images", () => {
  const before = tree(
    n("RootWebArea", "", [
      n("toolbar", "Format", [
        n("button", "Bold", [n("image", "")]),
        n("button", "Italic", [n("generic", "", [n("image", "")])]),
        n("button", "", [n("image", "")]),
      ]),
      n("link", "Home", [n("image", "Logo")]),
      n("image", ""),
    ]),
  );
  assert.deepEqual(rendered(before), [
    'toolbar "Format"',
    '  button "Bold"',
    '  button "Italic"',
    // An unnamed button stays for its ref; its unnamed icon, like any unnamed image, says nothing.
    '  button ""',
    // A named image is text a person reads.
    'link "Home"',
    '  image "Logo"',
  ]);
});

Deno.test("pruneAxNodes() folds a paragraph repeated inside an editable into it, keeping the text", () => {
  const editor = (paragraphs: Spec[]) =>
    tree(
      n("RootWebArea", "", [
        n("textbox", "Comment", paragraphs, { states: ["editable"] }),
      ]),
    );
  const one = editor([
    n("paragraph", "", [text("Looks good")], { states: ["editable"] }),
  ]);
  assert.deepEqual(rendered(one), [
    'textbox "Comment" editable',
    '  StaticText "Looks good"',
  ]);
  // Two paragraphs: the text of each stays, in order.
  const two = editor([
    n("paragraph", "", [text("First")], { states: ["editable"] }),
    n("paragraph", "", [text("Second")], { states: ["editable"] }),
  ]);
  assert.deepEqual(rendered(two), [
    'textbox "Comment" editable',
    '  StaticText "First"',
    '  StaticText "Second"',
  ]);
  // A paragraph with a state of its own, or outside an editable, keeps its row.
  const focused = editor([
    n("paragraph", "", [text("Here")], { states: ["editable", "focused"] }),
  ]);
  assert.deepEqual(rendered(focused), [
    'textbox "Comment" editable',
    '  paragraph "" focused editable',
    '    StaticText "Here"',
  ]);
  const alone = tree(
    n("RootWebArea", "", [n("paragraph", "", [text("Notes")], { states: ["editable"] })]),
  );
  assert.deepEqual(rendered(alone), ['paragraph "" editable', '  StaticText "Notes"']);
  // Formatting kept inside an editor drops the inherited word, and with it the ref.
  const bold = editor([
    n("strong", "", [n("StaticText", "Quarterly", [], { states: ["editable"] })], {
      states: ["editable"],
    }),
  ]);
  assert.deepEqual(rendered(bold), [
    'textbox "Comment" editable',
    '  strong ""',
    '    StaticText "Quarterly"',
  ]);
  assert.deepEqual(
    attachRefs(pruneAxNodes(bold) ?? [], new RefTable()).map((row) => row.ref),
    ["e1", null, null],
  );
});

Deno.test("options of a native select get no ref; options of a listbox keep theirs", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("combobox", "Month", [n("MenuListPopup", "", [n("option", "March"), n("option", "May")])], {
        value: "March",
      }),
      // An `<optgroup>`'s options are the select's too.
      n("combobox", "Country", [
        n("MenuListPopup", "", [n("group", "Popular", [n("option", "Germany")])]),
      ], { value: "Germany" }),
      n("listbox", "Fruit", [n("option", "Mango")]),
    ]),
  );
  const rows = attachRefs(pruneAxNodes(nodes) ?? [], new RefTable());
  assert.deepEqual(rows.map((row) => `${row.role} ${row.name} ${row.ref}`), [
    "combobox Month e1",
    "option March null",
    "option May null",
    "combobox Country e2",
    "group Popular null",
    "option Germany null",
    "listbox Fruit e3",
    "option Mango e4",
  ]);
});

Deno.test("pruneAxNodes() drops a container that holds nothing and says nothing, and keeps empty collections", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("application", "", []),
      n("status", "", []),
      n("region", "", [n("image", "Map")]),
      n("group", "Filters", []),
      n("toolbar", "", [], { states: ["focused"] }),
      n("list", "", []),
      n("listbox", "", []),
      n("table", "", []),
      n("form", "", [n("button", "Send")]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'region ""',
    '  image "Map"',
    'group "Filters"',
    'toolbar ""',
    'list ""',
    'listbox ""',
    'table ""',
    'form ""',
    '  button "Send"',
  ]);
  // A read of the empty container itself keeps it.
  const application = nodes.find((node) => node.role === "application")!;
  assert.deepEqual(outline(nodes, application.backendNodeId), ['application ""']);
});

Deno.test("pruneAxNodes() drops a label's text over a tag field's chosen values to its control", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("group", "", [
        text("Tags"),
        text("api"),
        text("web"),
        n("combobox", "Tags", [], { states: ["editable"] }),
        text("Pick up to three"),
      ]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'group ""',
    '  StaticText "api"',
    '  StaticText "web"',
    '  combobox "Tags"',
    '  StaticText "Pick up to three"',
  ]);
});

Deno.test("pruneAxNodes() drops a field's label that differs from its name by the required marker", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("form", "", [
        text("Title*"),
        n("textbox", "Title", [], { states: ["editable", "required"] }),
        text("Notes *"),
        n("textbox", "Notes", [], { states: ["editable"] }),
        text("5*"),
        n("button", "Rate", [text("Rate")]),
      ]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'form ""',
    '  textbox "Title"',
    '  textbox "Notes"',
    '  StaticText "5*"',
    '  button "Rate"',
  ]);
});

Deno.test("pruneAxNodes() takes a select's own label out of the value it reads from its contents", () => {
  const valueOf = (nodes: AxNode[]) =>
    (pruneAxNodes(nodes, {}) ?? []).filter((row) => row.role === "combobox")
      .map((row) => `${row.role} ${row.value ?? "(none)"}`);
  // Material's select: the floating label inside the field, before the choice.
  const chosen = tree(
    n("RootWebArea", "", [
      n("combobox", "Severity", [text("Severity*"), text("Critical")], {
        value: "Severity* Critical",
      }),
    ]),
  );
  assert.deepEqual(valueOf(chosen), ["combobox Critical"]);
  assert.deepEqual(outline(chosen), ['combobox "Severity"']);
  const empty = tree(
    n("RootWebArea", "", [
      n("combobox", "Severity", [text("Severity*")], { value: "Severity*  " }),
    ]),
  );
  assert.deepEqual(valueOf(empty), ["combobox (none)"]);
  // What a person typed stays whole, and so does a native select's option that begins with
  // the select's name, and a value that only begins like the name.
  const typed = tree(
    n("RootWebArea", "", [
      n("combobox", "City", [text("City")], { value: "City of London", states: ["editable"] }),
      n("combobox", "Country", [
        n("MenuListPopup", "", [n("option", "Country 121", [text("Country 121")])]),
      ], { value: "Country 121" }),
      n("combobox", "Size", [text("Sizeable")], { value: "Sizeable" }),
      n("combobox", "Plan", [text("Team")], { value: "Team" }),
    ]),
  );
  assert.deepEqual(valueOf(typed), [
    "combobox City of London",
    "combobox Country 121",
    "combobox Sizeable",
    "combobox Team",
  ]);
});

Deno.test("pruneAxNodes() folds a nameless target that only repeats its named target's text", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("grid", "", [n("row", "", [
        // PrimeVue's day: the cell is named by the date, the span in it takes the click and says
        // whether the day may be chosen.
        n("gridcell", "29", [n("group", "", [text("29")], { states: ["disabled", "clickable"] })]),
        n("gridcell", "18", [
          n("generic", "", [text("18")], { states: ["selected", "clickable"] }),
        ]),
        // Text of its own, or no target outside, or a name of its own: kept.
        n("gridcell", "19", [n("generic", "", [text("19 (holiday)")], { states: ["clickable"] })]),
        n("gridcell", "", [n("generic", "", [text("20")], { states: ["clickable"] })]),
        n("gridcell", "21", [n("button", "Book the 21st", [text("21")])]),
      ])]),
    ]),
  );
  assert.deepEqual(
    statedOutline(nodes),
    [
      'grid ""',
      '  row ""',
      '    gridcell "29" disabled',
      '    gridcell "18" selected',
      '    gridcell "19"',
      '      generic "19 (holiday)" clickable',
      '    generic "20" clickable',
      '    gridcell "21"',
      '      button "Book the 21st"',
    ],
  );
});

Deno.test("pruneAxNodes() folds a link or button that only repeats the option around it", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("listbox", "Teams", [
        // Blueprint's Select: each option is drawn as a link of the same name.
        n("option", "Design", [n("link", "Design", [text("Design")], { states: ["focused"] })], {
          states: ["selected"],
        }),
        n("option", "Support", [n("button", "Support", [text("Support")])]),
        // Carbon's MultiSelect: the option's checkbox, checked with it.
        n("option", "Email", [n("checkbox", "Email", [], { states: ["checked"] })], {
          states: ["selected"],
        }),
        // Another name, or a field the option holds: kept.
        n("option", "Billing", [n("link", "Open billing", [text("Open billing")])]),
      ]),
      n("combobox", "Country", [n("textbox", "Country", [], { states: ["editable"] })]),
    ]),
  );
  assert.deepEqual(statedOutline(nodes), [
    'listbox "Teams"',
    '  option "Design" selected focused',
    '  option "Support"',
    '  option "Email" checked selected',
    '  option "Billing"',
    '    link "Open billing"',
    'combobox "Country"',
    '  textbox "Country" editable',
  ]);
});

Deno.test("pruneAxNodes() reads a nameless field around its named twin as the twin", () => {
  const nodes = tree(
    n("RootWebArea", "", [n("main", "", [
      // Vuetify's Select: the field is a nameless combobox, the chosen item's text, the input.
      n("combobox", "", [
        text("High"),
        n("combobox", "Priority", [], { value: "High", states: ["collapsed", "editable"] }),
      ], { states: ["collapsed", "clickable"] }),
      // Its Autocomplete with nothing chosen, expanded on the field only, its listbox open and
      // owned by the field.
      n("combobox", "", [
        n("combobox", "Assignee", [], { states: ["editable"] }),
        n("listbox", "Assignee", [n("option", "Marta Nowak", [text("Marta Nowak")])]),
      ], { states: ["expanded"] }),
      // A field holding a button too, or other text, or two named twins, stays as it is.
      n("combobox", "", [
        n("combobox", "Tags", []),
        n("button", "Clear", []),
      ]),
      n("combobox", "", [text("Pick one"), n("combobox", "City", [])]),
    ])]),
  );
  assert.deepEqual(
    statedOutline(nodes),
    [
      'main ""',
      '  combobox "Priority" collapsed editable',
      '  combobox "Assignee" expanded editable',
      '  listbox "Assignee"',
      '    option "Marta Nowak"',
      '  combobox ""',
      '    combobox "Tags"',
      '    button "Clear"',
      '  combobox ""',
      '    StaticText "Pick one"',
      '    combobox "City"',
    ],
  );
});

Deno.test("pruneAxNodes() names a nameless control by the named host it alone stands in", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      // A form-associated custom element: its label names the host, not the shadow control.
      n("generic", "Attach device logs", [n("checkbox", "")]),
      n("generic", "Email me updates", [n("switch", "", [], { states: ["checked"] })]),
      // A control with a name of its own, or a host holding more, stays as it is.
      n("generic", "Priority", [n("checkbox", "Urgent")]),
      n("generic", "Shipping", [n("radio", ""), n("radio", "")]),
    ]),
  );
  const rows = pruneAxNodes(nodes)!;
  assert.deepEqual(rendered(nodes), [
    'checkbox "Attach device logs"',
    'switch "Email me updates" checked',
    'generic "Priority"',
    '  checkbox "Urgent"',
    'generic "Shipping"',
    '  radio ""',
    '  radio ""',
  ]);
  // A ref keeps the name the page reports for the control, which its check compares.
  assert.deepEqual(rows.slice(0, 2).map((row) => row.axName), ["", ""]);
});

Deno.test("pruneAxNodes() names a nameless box by the text right after it, never by one before", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      // Fomantic-UI: the box and a `<label>` the library pairs with it by script.
      n("generic", "", [n("checkbox", ""), text("Send me a weekly summary")]),
      // A to-do list: each item's box, then its text.
      n("list", "", [
        n("listitem", "", [n("checkbox", "", [], { states: ["checked"] }), text("Buy milk")]),
        n("listitem", "", [n("radio", ""), text("Pay rent")]),
      ]),
      // A text before the box, a named box, and a box with no text after it stay as they are.
      n("generic", "", [text("Remember me"), n("checkbox", "")]),
      n("generic", "", [n("checkbox", "Urgent"), text("Due today")]),
      n("generic", "", [n("switch", ""), n("button", "Help")]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'checkbox "Send me a weekly summary"',
    'list ""',
    '  listitem ""',
    '    checkbox "Buy milk"',
    '  listitem ""',
    '    radio "Pay rent"',
    'StaticText "Remember me"',
    'checkbox ""',
    'checkbox "Urgent"',
    'StaticText "Due today"',
    'switch ""',
    'button "Help"',
  ]);
  // A ref keeps the name the page reports for the control, which its check compares.
  assert.equal(pruneAxNodes(nodes)![0].axName, "");
});

Deno.test("pruneAxNodes() drops the texts a select's face draws of its value, not other text", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      // bootstrap-select's multiple select: its face draws each choice and a comma apart.
      n("combobox", "Areas", [
        n("generic", "", [text("Payments")]),
        n("generic", "", [text(",")]),
        n("generic", "", [text("Support")]),
        n("generic", "", [text("3 more")]),
      ], { value: "Payments, Support" }),
    ]),
  );
  assert.deepEqual(outline(nodes), ['combobox "Areas"', '  StaticText "3 more"']);
});

Deno.test("pruneAxNodes() names a nameless field by a label's text right before it, never by other text", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("form", "", [
        // bootstrap-select: the label names the hidden native select; the drawn button follows.
        n("generic", "", [
          n("LabelText", "", [text("Country")]),
          n("generic", "", [
            n("combobox", "", [text("Choose a country")], {
              value: "Choose a country",
              states: ["collapsed"],
            }),
          ]),
        ]),
        // A required marker in its own span is no part of the name.
        n("LabelText", "", [text("Areas "), n("generic", "", [text("*")])]),
        n("combobox", "", [], { value: "None chosen" }),
        // Plain text before a field, a label after one, a label around a control, and a
        // named field stay as they are.
        n("paragraph", "", [text("Enter the code from the letter")]),
        n("textbox", ""),
        n("textbox", ""),
        n("LabelText", "", [text("Notes")]),
        n("LabelText", "", [n("checkbox", "Remember me"), text("Remember")]),
        n("textbox", ""),
        n("LabelText", "", [text("City")]),
        n("textbox", "Town"),
        // A form's label above a switch that names nothing (Naive UI's form item); a checkbox
        // is named by the text after it, never by a label before (a list's last item's).
        n("LabelText", "", [text("Express")]),
        n("switch", "", [], { states: ["clickable"] }),
        n("LabelText", "", [text("Gift wrap")]),
        n("checkbox", ""),
        n("button", "Save"),
      ]),
    ]),
  );
  assert.deepEqual(outline(nodes), [
    'form ""',
    '  combobox "Country"',
    '  combobox "Areas"',
    '  StaticText "Enter the code from the letter"',
    '  textbox ""',
    '  textbox ""',
    '  StaticText "Notes"',
    '  checkbox "Remember me"',
    '  StaticText "Remember"',
    '  textbox ""',
    '  StaticText "City"',
    '  textbox "Town"',
    '  switch "Express"',
    '  StaticText "Gift wrap"',
    '  checkbox ""',
    '  button "Save"',
  ]);
  // A ref keeps the name the page reports for the field, which its check compares.
  assert.equal(pruneAxNodes(nodes)![1].axName, "");
});

Deno.test("pruneAxNodes() drops a glyph beside a named control's name, never a word", () => {
  const nodes = tree(
    n("RootWebArea", "", [
      n("navigation", "pagination", [
        n("link", "First", [text("«")]),
        n("link", "Previous", [text("‹")]),
        n("link", "2", [text("2")]),
        n("link", "Last page", [text("Go to the end")]),
      ]),
      // A glyph a nameless wrapper holds is all it says.
      n("generic", "", [text("›")], { states: ["clickable"] }),
    ]),
  );
  assert.deepEqual(rendered(nodes), [
    'navigation "pagination"',
    '  link "First"',
    '  link "Previous"',
    '  link "2"',
    '  link "Last page"',
    '    StaticText "Go to the end"',
    'generic "›" clickable',
  ]);
});
