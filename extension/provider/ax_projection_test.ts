import assert from "node:assert/strict";
import { AxNodeSchema } from "../../contracts/methods/mod.ts";
import {
  fromLatin1,
  numberText,
  projectAxNodes,
  type RawAxNode,
  statesOf,
} from "./ax_projection.ts";
import type { DomSignals, NodeSignals } from "./dom_signals.ts";

/** A compact AX tree as Chrome sends it for a small order form. */
function node(
  nodeId: string,
  role: string,
  name: string | undefined,
  parentId: string | undefined,
  childIds: string[],
  extra: Partial<RawAxNode> = {},
): RawAxNode {
  return {
    nodeId,
    ignored: false,
    role: { type: "role", value: role },
    name: name === undefined ? undefined : { type: "computedString", value: name },
    parentId,
    childIds,
    backendDOMNodeId: Number(nodeId) > 0 ? Number(nodeId) : undefined,
    ...extra,
  };
}

const tree: RawAxNode[] = [
  node("4", "RootWebArea", "Leash fixture", undefined, ["5"]),
  node("5", "none", undefined, "4", ["8"], { ignored: true }),
  node("8", "generic", "", "5", ["9", "1", "14"]),
  node("9", "heading", "Order form", "8", ["15"]),
  node("1", "form", "", "8", ["10", "13"]),
  node("14", "link", "Next page", "8", ["20"]),
  node("15", "StaticText", "Order form", "9", ["-1000000002"]),
  node("-1000000002", "InlineTextBox", "Order form", "15", []),
  node("10", "LabelText", "", "1", ["16", "2"]),
  node("16", "StaticText", "Name ", "10", []),
  node("2", "textbox", "Name", "10", ["17"], {
    value: { type: "string", value: "Ada" },
    properties: [
      { name: "editable", value: { type: "token", value: "plaintext" } },
      { name: "required", value: { type: "boolean", value: true } },
      { name: "invalid", value: { type: "token", value: "false" } },
    ],
  }),
  node("17", "StaticText", "Ada", "2", []),
  node("13", "button", "Send", "1", ["19"]),
  node("19", "StaticText", "Send", "13", []),
  node("20", "StaticText", "Next page", "14", []),
];

const open = { maxNodes: 100, maxDepth: 64, maxTextUnits: 1000, deadline: Infinity, now: () => 0 };

Deno.test("projection keeps meaningful rows in document order with parents and depths", () => {
  const { nodes, cut } = projectAxNodes(tree, open);
  assert.equal(cut, null);
  assert.deepEqual(
    nodes.map((n) => `${"  ".repeat(n.depth)}${n.role} ${n.name}${n.value ? ` = ${n.value}` : ""}`),
    [
      "RootWebArea Leash fixture",
      "  heading Order form",
      "  form ",
      "    StaticText Name",
      "    textbox Name = Ada",
      "    button Send",
      "  link Next page",
    ],
  );
  const textbox = nodes.find((n) => n.role === "textbox");
  assert.equal(textbox?.parentId, 1);
  assert.deepEqual(textbox?.states, ["required", "editable"]);
  for (const row of nodes) AxNodeSchema.parse(row);
});

Deno.test("a node budget cuts where it stopped and counts what was left out", () => {
  const { nodes, cut } = projectAxNodes(tree, { ...open, maxNodes: 3 });
  assert.equal(nodes.length, 3);
  assert.deepEqual(cut, { reason: "nodes", at: 16, omitted: 4 });
});

Deno.test("a depth budget leaves deeper rows out", () => {
  const { nodes, cut } = projectAxNodes(tree, { ...open, maxDepth: 1 });
  assert.deepEqual(nodes.map((n) => n.role), ["RootWebArea", "heading", "form", "link"]);
  assert.deepEqual(cut, { reason: "depth", at: 16, omitted: 3 });
});

Deno.test("children DevTools did not send count as a depth cut", () => {
  const partial = tree.filter((n) => !["2", "17", "16", "13", "19"].includes(n.nodeId));
  const { cut } = projectAxNodes(partial, open);
  assert.deepEqual(cut, { reason: "depth", at: 1, omitted: 3 });
});

Deno.test("long names are shortened with an ellipsis and the cut says so", () => {
  const { nodes, cut } = projectAxNodes(tree, { ...open, maxTextUnits: 5 });
  assert.equal(nodes[0].name, "Leas…");
  assert.equal(nodes[0].name.length, 5);
  // Static text is compared with its parent's full name, so nothing reappears.
  assert.equal(nodes.some((n) => n.role === "StaticText" && n.name.startsWith("Order")), false);
  assert.equal(cut?.reason, "text");
  assert.equal(cut?.at, 4);
});

Deno.test("a passed deadline stops the walk with a time cut", () => {
  let calls = 0;
  const { nodes, cut } = projectAxNodes(tree, { ...open, deadline: 0, now: () => ++calls });
  assert.deepEqual(nodes, []);
  assert.equal(cut?.reason, "time");
});

Deno.test("a node listed twice or in a cycle is walked once", () => {
  const looped = tree.map((n) => n.nodeId === "13" ? { ...n, childIds: ["19", "4", "13"] } : n);
  const { nodes } = projectAxNodes(looped, open);
  assert.equal(nodes.filter((n) => n.role === "RootWebArea").length, 1);
  assert.equal(nodes.filter((n) => n.role === "button").length, 1);
});

Deno.test("states come from AX properties in the fixed vocabulary", () => {
  const states = statesOf(node("3", "checkbox", "Agree", undefined, [], {
    properties: [
      { name: "checked", value: { type: "tristate", value: "mixed" } },
      { name: "expanded", value: { type: "booleanOrUndefined", value: false } },
      { name: "disabled", value: { type: "boolean", value: true } },
      { name: "invalid", value: { type: "token", value: "spelling" } },
      { name: "focusable", value: { type: "booleanOrUndefined", value: true } },
    ],
  }));
  assert.deepEqual(states, ["mixed", "collapsed", "disabled", "invalid"]);
});

/** Chromium 150's shape of `<label><input type=checkbox> Subscribe</label>` in a paragraph. */
const labelledBoxes: RawAxNode[] = [
  node("2", "RootWebArea", "Controls", undefined, ["21"]),
  node("21", "paragraph", "", "2", ["22"]),
  node("22", "none", undefined, "21", ["6", "74"], { ignored: true }),
  node("6", "checkbox", " Subscribe", "22", [], {
    properties: [{ name: "checked", value: { type: "tristate", value: "true" } }],
  }),
  node("74", "StaticText", " Subscribe", "22", ["-1000000001"], { ignored: true }),
  node("-1000000001", "InlineTextBox", " Subscribe", "74", []),
];

Deno.test("a control named by its wrapping label gets the label's text without the white space", () => {
  const { nodes } = projectAxNodes(labelledBoxes, open);
  assert.deepEqual(nodes.map((n) => `${n.role} "${n.name}" ${n.states.join(" ")}`.trim()), [
    'RootWebArea "Controls"',
    'paragraph ""',
    'checkbox "Subscribe" checked',
  ]);
  assert.equal(nodes[2].parentId, 21);
});

Deno.test("radios of a fieldset are named without the white space before the label text", () => {
  const raw: RawAxNode[] = [
    node("26", "group", "Grind", undefined, ["28", "29"]),
    node("28", "none", undefined, "26", ["8"], { ignored: true }),
    node("8", "radio", " Whole bean", "28", []),
    node("29", "none", undefined, "26", ["9"], { ignored: true }),
    node("9", "radio", " Filter\n      ", "29", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.map((n) => `${n.role} "${n.name}"`), [
    'group "Grind"',
    'radio "Whole bean"',
    'radio "Filter"',
  ]);
});

Deno.test("static text that repeats its parent once flattened is left out", () => {
  const raw: RawAxNode[] = [
    node("1", "link", "Next page", undefined, ["2"]),
    node("2", "StaticText", "Next\n      page ", "1", []),
    node("3", "paragraph", "", undefined, ["4", "5"]),
    node("4", "StaticText", "Buy clicks: ", "3", []),
    node("5", "StaticText", "\n   ", "3", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.map((n) => `${n.role} "${n.name}"`), [
    'link "Next page"',
    'paragraph ""',
    'StaticText "Buy clicks:"',
  ]);
});

Deno.test("a wrapper whose name is only white space is left out", () => {
  const raw: RawAxNode[] = [
    node("1", "generic", " \n\t ", undefined, ["2"]),
    node("2", "button", "Go", "1", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.map((n) => `${n.role} ${n.depth}`), ["button 0"]);
});

Deno.test("a nameless wrapper kept by the caller stays a row, its rows in it", () => {
  // A popup box a page appended to its body: the region an action changed.
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Shop", undefined, ["2"]),
    node("2", "generic", "", "1", ["3", "4"]),
    node("3", "generic", "Oslo", "2", []),
    node("4", "generic", "Rome", "2", []),
  ];
  const rows = (keep?: Set<number>) =>
    projectAxNodes(raw, { ...open, ...(keep === undefined ? {} : { keep }) }).nodes
      .map((n) => `${n.backendNodeId}<${n.parentId}`);
  assert.deepEqual(rows(), ["1<null", "3<1", "4<1"]);
  assert.deepEqual(rows(new Set([2])), ["1<null", "2<1", "3<2", "4<2"]);
});

Deno.test("values keep their white space; static text repeating one is still left out", () => {
  const raw: RawAxNode[] = [
    node("1", "textbox", "Notes", undefined, ["2"], {
      value: { type: "string", value: "  two  spaces\n" },
    }),
    node("2", "StaticText", "  two  spaces\n", "1", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.equal(nodes.length, 1);
  assert.equal(nodes[0].name, "Notes");
  assert.equal(nodes[0].value, "  two  spaces\n");
});

Deno.test("a range widget's value is its aria-valuetext where it has one, else its number", () => {
  const valueText = (text: string) => ({
    properties: [{ name: "valuetext", value: { type: "string", value: text } }],
  });
  const raw: RawAxNode[] = [
    node("1", "group", "Check-in", undefined, ["2", "3", "4", "5", "6", "7", "8"]),
    // A date segment not yet set: its number is 0, which it is not.
    node("2", "spinbutton", "month, Check-in", "1", [], {
      value: { type: "number", value: 0 },
      ...valueText("Empty"),
    }),
    // Chromium sends aria-valuetext's UTF-8 read as Latin-1.
    node("3", "spinbutton", "day, Check-in", "1", [], {
      value: { type: "number", value: 4 },
      ...valueText("4 \u00e2\u0080\u0093 April"),
    }),
    node("4", "slider", "Volume", "1", [], { value: { type: "number", value: 40 } }),
    // Not yet set, with an empty aria-valuetext: Chromium's 0 lies outside the segment's bounds.
    node("5", "spinbutton", "year, Check-in", "1", [], {
      value: { type: "number", value: 0 },
      properties: [
        { name: "valuemin", value: { type: "number", value: 1 } },
        { name: "valuemax", value: { type: "number", value: 9999 } },
        { name: "valuetext", value: { type: "string", value: "" } },
      ],
    }),
    // A 0 inside its bounds is a value.
    node("6", "slider", "Balance", "1", [], {
      value: { type: "number", value: 0 },
      properties: [{ name: "valuemin", value: { type: "number", value: -10 } }],
    }),
    // A text field with a spin button's role (PrimeVue's InputNumber): empty is no 0, and the
    // text it shows is its value.
    node("7", "spinbutton", "Amount", "1", [], {
      value: { type: "number", value: 0 },
      properties: [
        { name: "editable", value: { type: "token", value: "plaintext" } },
        { name: "valuetext", value: { type: "string", value: "" } },
      ],
    }),
    node("8", "spinbutton", "Tip", "1", [], {
      value: { type: "number", value: 0 },
      properties: [
        { name: "editable", value: { type: "token", value: "plaintext" } },
        { name: "valuetext", value: { type: "string", value: "0" } },
      ],
    }),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.slice(1).map((n) => n.value), [
    "Empty",
    "4 – April",
    "40",
    undefined,
    "0",
    undefined,
    "0",
  ]);
});

Deno.test("a name is flattened before it is bounded", () => {
  const raw = [node("1", "button", `  Send${" ".repeat(40)}now  `, undefined, [])];
  const { nodes, cut } = projectAxNodes(raw, { ...open, maxTextUnits: 10 });
  assert.equal(nodes[0].name, "Send now");
  assert.equal(cut, null);
});

/** Signals with `flags` on the listed backend node IDs. */
function marks(
  entries: [number, Partial<NodeSignals>][],
  textHosts: [number, number][] = [],
): DomSignals {
  const none = {
    hidden: false,
    clickable: false,
    draggable: false,
    editingHost: false,
    blank: false,
  };
  return {
    nodes: new Map(entries.map(([id, flags]) => [id, { ...none, ...flags }])),
    textHosts: new Map(textHosts),
    size: entries.length,
    // The snapshot holds the nodes it has signals for.
    known: new Set(entries.map(([id]) => id)),
  };
}

const calendar: RawAxNode[] = [
  node("1", "RootWebArea", "Calendar", undefined, ["2", "5", "7", "9"]),
  node("2", "generic", "December 15, 2026", "1", ["3"]),
  node("3", "StaticText", "15", "2", []),
  node("5", "generic", "", "1", ["6"]),
  node("6", "StaticText", "›", "5", []),
  node("7", "none", undefined, "1", ["8"], {
    ignored: true,
    ignoredReasons: [{ name: "uninteresting" }],
  }),
  node("8", "StaticText", "Wrapped", "7", []),
  node("9", "StaticText", "Styled only", "1", []),
];

Deno.test("clickable and draggable signals keep and mark rows, even nameless or ignored ones", () => {
  const signals = marks([[2, { clickable: true }], [5, { draggable: true }], [7, {
    clickable: true,
  }], [40, { clickable: true }]], [[9, 40]]);
  const { nodes } = projectAxNodes(calendar, { ...open, signals });
  assert.deepEqual(
    nodes.map((n) => `${"  ".repeat(n.depth)}${n.role} ${n.name} ${n.states.join(",")}`.trimEnd()),
    [
      "RootWebArea Calendar",
      "  generic December 15, 2026 clickable",
      "    StaticText 15",
      "  generic  draggable",
      "    StaticText ›",
      "  generic  clickable",
      "    StaticText Wrapped",
      // The element the tree left out stands above its text.
      "  generic  clickable",
      "    StaticText Styled only",
    ],
  );
  assert.equal(nodes[7].backendNodeId, 40);
  assert.equal(nodes[8].parentId, 40);
  for (const row of nodes) assert.ok(AxNodeSchema.safeParse(row).success);
  // Without signals the wrappers are left out, as before.
  const plain = projectAxNodes(calendar, open).nodes.map((n) => n.role);
  assert.deepEqual(plain, ["RootWebArea", "generic", ...new Array(4).fill("StaticText")]);
});

Deno.test("hidden nodes are left out, and a node ignored for being hidden stays out though marked", () => {
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Selects", undefined, ["2", "5"]),
    node("2", "combobox", "Dried fruit", "1", ["3"]),
    node("3", "option", "Fig", "2", []),
    node("5", "none", undefined, "1", [], {
      ignored: true,
      ignoredReasons: [{ name: "ariaHiddenSubtree" }],
    }),
  ];
  const signals = marks([[2, { hidden: true }], [3, { hidden: true }], [5, { clickable: true }]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(nodes.map((n) => n.role), ["RootWebArea"]);
});

Deno.test("an icon that hides itself with aria-hidden and takes clicks is a button checked as a generic", () => {
  const hiddenIcon = (id: string) =>
    node(id, "none", undefined, "1", [], {
      ignored: true,
      ignoredReasons: [{ name: "ariaHiddenElement" }],
    });
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Invoices", undefined, ["2", "3", "4", "5"]),
    hiddenIcon("2"),
    hiddenIcon("3"),
    // Marked, but hidden by an ancestor: no icon of its own.
    node("4", "none", undefined, "1", [], {
      ignored: true,
      ignoredReasons: [{ name: "ariaHiddenSubtree" }],
    }),
    // Hidden itself, not marked: stays out.
    hiddenIcon("5"),
  ];
  const signals = marks([
    [2, { clickable: true, ariaHidden: true, icon: "trash" }],
    [3, { clickable: true, ariaHidden: true, glyph: "×" }],
    [4, { clickable: true, ariaHidden: true }],
    [5, { clickable: true }],
  ]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(
    nodes.slice(1).map((n) => [n.role, n.name, n.icon, n.axRole, n.axName]),
    [["button", "", "trash", "generic", undefined], ["button", "×", undefined, "generic", ""]],
  );
});

Deno.test("what the signals cannot see inside a hidden field is hidden with it; an owned element says for itself", () => {
  // A spreadsheet keeps the focus in a see-through textarea holding the next cell's value: its
  // inner text lies in the browser's own shadow tree, which the DOM snapshot leaves out.
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Budget", undefined, ["2", "6"]),
    node("2", "textbox", "", "1", ["3", "5"]),
    node("3", "generic", "", "2", ["4"]),
    node("4", "StaticText", "3400", "3", []),
    // What the hidden field's `aria-owns` takes is a rendered element of its own.
    node("5", "listbox", "Departments", "2", []),
    node("6", "button", "Save", "1", []),
  ];
  const signals = marks([[1, {}], [2, { hidden: true }], [5, {}], [6, {}]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(nodes.map((n) => `${n.role} ${n.name}`), [
    "RootWebArea Budget",
    "listbox Departments",
    "button Save",
  ]);
  // Without signals nothing is known hidden.
  assert.equal(projectAxNodes(raw, open).nodes.length, 5);
});

Deno.test("an editor is marked contenteditable and shows no placeholder or blank value", () => {
  const editable = { name: "editable", value: { type: "token", value: "richtext" } };
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Editors", undefined, ["2", "3", "4", "5"]),
    node("2", "textbox", "Story", "1", [], {
      value: { type: "string", value: "\n" },
      properties: [editable],
    }),
    node("3", "generic", "Comment", "1", [], {
      value: { type: "string", value: "Add a comment" },
      properties: [editable],
    }),
    node("4", "generic", "", "1", [], {
      value: { type: "string", value: "Draft" },
      properties: [editable],
    }),
    node("5", "textbox", "Search", "1", [], {
      properties: [{ name: "editable", value: { type: "token", value: "plaintext" } }],
    }),
  ];
  const signals = marks([[2, { editingHost: true, blank: true }], [3, {
    editingHost: true,
    blank: true,
  }], [4, { editingHost: true }]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(
    nodes.slice(1).map((n) => [n.name, n.value, n.states]),
    [
      ["Story", undefined, ["editable", "contenteditable"]],
      ["Comment", undefined, ["editable", "contenteditable"]],
      ["", "Draft", ["editable", "contenteditable"]],
      ["Search", undefined, ["editable"]],
    ],
  );
  // Even without signals a rich-text value of white space alone is no value.
  assert.equal(projectAxNodes(raw, open).nodes[1].value, undefined);
});

Deno.test("a combobox says which option its arrow keys moved to, by that option's name", () => {
  const pointing = (relatedNodes: { backendDOMNodeId?: number; text?: string }[]) => ({
    properties: [{
      name: "activedescendant",
      value: { type: "idref", relatedNodes },
    }],
  });
  const combobox = (extra: Partial<RawAxNode>) => [
    node("1", "RootWebArea", "Ticket", undefined, ["2", "3"]),
    node("2", "combobox", "Assignee", "1", [], extra),
    // The named options sit in a listbox of their own, maybe hidden from a person.
    node("3", "listbox", "", "1", ["4"]),
    node("4", "option", "Marta Nowak", "3", []),
  ];
  const active = (extra: Partial<RawAxNode>) =>
    projectAxNodes(combobox(extra), open).nodes.find((n) => n.role === "combobox")?.active;
  assert.equal(active(pointing([{ backendDOMNodeId: 4 }])), "Marta Nowak");
  // An item the read does not hold is named by what DevTools says of it.
  assert.equal(active(pointing([{ backendDOMNodeId: 99, text: "Omar  Farouk" }])), "Omar Farouk");
  assert.equal(active(pointing([{ backendDOMNodeId: 99 }])), undefined);
  assert.equal(active({}), undefined);
  const row = projectAxNodes(combobox(pointing([{ backendDOMNodeId: 4 }])), open).nodes[1];
  assert.ok(AxNodeSchema.safeParse(row).success);
});

Deno.test("the browser's form-validation bubble is the error of the field it focused", () => {
  const focused = { properties: [{ name: "focused", value: { type: "boolean", value: true } }] };
  // The alert is listed under its parent, the root or the form.
  const under = (parent: string, bubble: RawAxNode | undefined) =>
    bubble?.parentId === parent ? [bubble.nodeId] : [];
  const form = (bubble: RawAxNode | undefined, email: Partial<RawAxNode>) => [
    node("1", "RootWebArea", "Sign up", undefined, ["2", ...under("1", bubble)]),
    node("2", "form", "", "1", ["3", "4", ...under("2", bubble)]),
    node("3", "textbox", "Email", "2", [], email),
    node("4", "button", "Create account", "2", []),
    ...(bubble ? [bubble] : []),
  ];
  // Chromium's bubble is an alert of no element under the root, its message padded.
  const bubble = node("-7", "alert", "Please fill out this field. ", "1", []);
  const rows = projectAxNodes(form(bubble, focused), open).nodes;
  const email = rows.find((row) => row.name === "Email");
  assert.equal(email?.error, "Please fill out this field.");
  assert.deepEqual(email?.states, ["focused", "invalid"]);
  assert.ok(AxNodeSchema.safeParse(email).success);
  // The bubble is no row of its own, and no other field gets it.
  assert.equal(rows.some((row) => row.role === "alert"), false);
  assert.equal(rows.find((row) => row.name === "Create account")?.error, undefined);
  // No bubble, no error; a page's own alert (an element) is no bubble; nor is one elsewhere.
  assert.equal(projectAxNodes(form(undefined, focused), open).nodes[2].error, undefined);
  const own = node("9", "alert", "Saved", "1", []);
  assert.equal(projectAxNodes(form(own, focused), open).nodes[2].error, undefined);
  const nested = node("-8", "alert", "Please fill out this field.", "2", []);
  assert.equal(projectAxNodes(form(nested, focused), open).nodes[2].error, undefined);
});

Deno.test("an element whose declared widget role the tree dropped shows it, named by its text, keeping the tree's own", () => {
  // A dropdown editor's options drawn as a table's cells inside a listbox: Chromium reads each
  // `<td role="option">` as a plain element.
  const raw: RawAxNode[] = [
    node("1", "listbox", "Department", undefined, ["2", "4", "6", "7"]),
    node("2", "generic", undefined, "1", ["3"]),
    node("3", "StaticText", "Engineering", "2", []),
    node("4", "none", undefined, "1", ["5"], {
      ignored: true,
      ignoredReasons: [{ name: "uninteresting" }],
    }),
    node("5", "StaticText", "Marketing", "4", []),
    // An option the tree kept as one stays as it is.
    node("6", "option", "Sales", "1", []),
    // An `<li role="option">` reads as the list item it would be without its role.
    node("7", "listitem", "", "1", ["8"]),
    node("8", "StaticText", "Critical", "7", []),
  ];
  const signals = marks([
    [1, {}],
    [2, { declaredRole: "option" }],
    [3, {}],
    [4, { declaredRole: "option" }],
    [5, {}],
    [6, { declaredRole: "option" }],
    [7, { declaredRole: "option" }],
    [8, {}],
  ]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(
    nodes.map(({ role, name, axRole, axName }) => ({ role, name, axRole, axName })),
    [
      { role: "listbox", name: "Department", axRole: undefined, axName: undefined },
      { role: "option", name: "Engineering", axRole: "generic", axName: "" },
      { role: "option", name: "Marketing", axRole: "generic", axName: "" },
      { role: "option", name: "Sales", axRole: undefined, axName: undefined },
      { role: "option", name: "Critical", axRole: "listitem", axName: "" },
    ],
  );
  // Without signals, the tree's roles stand.
  assert.deepEqual(projectAxNodes(raw, open).nodes.map((n) => n.role), [
    "listbox",
    "StaticText",
    "StaticText",
    "option",
    "listitem",
    "StaticText",
  ]);
});

Deno.test("fromLatin1() reads UTF-8 read as Latin-1 again, and leaves other text as it is", () => {
  assert.equal(fromLatin1("4 \u00e2\u0080\u0093 April"), "4 – April");
  assert.equal(fromLatin1("caf\u00c3\u00a9"), "café");
  assert.equal(fromLatin1("café"), "café");
  assert.equal(fromLatin1("4 – April"), "4 – April");
  assert.equal(fromLatin1("50 %"), "50 %");
});

Deno.test("what aria-current and aria-selected mark is current and selected, in the states' order", () => {
  const raw: RawAxNode[] = [
    node("1", "group", "Slides", undefined, ["2", "3"]),
    node("2", "button", "Go to slide 1", "1", []),
    node("3", "button", "Go to slide 5", "1", [], {
      properties: [{ name: "focused", value: { type: "boolean", value: true } }],
    }),
  ];
  const signals = marks([[1, {}], [2, { selected: true }], [3, { current: true }]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  // A day drawn as a button that the page marks aria-selected reads selected too.
  assert.deepEqual(nodes.map((n) => n.states), [[], ["selected"], ["current", "focused"]]);
});

Deno.test("a focused container is not named by the text it holds, which stays in its rows", () => {
  // Chromium names the focused element from its contents whatever its role (a scroll
  // container a click focused), and only while it is focused. Nameless, the plain wrapper
  // goes as it did before it had focus.
  const text = "Long text one here. Second paragraph.";
  const contents = { type: "contents", value: { type: "computedString", value: text } };
  const raw = [
    node("1", "RootWebArea", "Notes", undefined, ["2"]),
    node("2", "generic", text, "1", ["3", "5"], {
      name: { type: "computedString", value: text, sources: [contents] },
      properties: [{ name: "focusable", value: { type: "boolean", value: true } }, {
        name: "focused",
        value: { type: "boolean", value: true },
      }],
    }),
    node("3", "paragraph", "", "2", ["4"]),
    node("4", "StaticText", "Long text one here.", "3", []),
    node("5", "paragraph", "", "2", ["6"]),
    node("6", "StaticText", "Second paragraph.", "5", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.map((n) => `${n.role} "${n.name}" ${n.states.join(" ")}`.trim()), [
    'RootWebArea "Notes"',
    'paragraph ""',
    'StaticText "Long text one here."',
    'paragraph ""',
    'StaticText "Second paragraph."',
  ]);
});

Deno.test("a select trigger showing its placeholder has no value; one showing a choice has", () => {
  const collapsed = [{ name: "expanded", value: { type: "boolean", value: false } }];
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Member", undefined, ["2", "3"]),
    node("2", "combobox", "Role", "1", [], {
      value: { type: "string", value: "Select a role" },
      properties: collapsed,
    }),
    node("3", "combobox", "Site", "1", [], {
      value: { type: "string", value: "Berlin" },
      properties: collapsed,
    }),
  ];
  const signals = marks([[2, { placeholder: true }]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(nodes.slice(1).map((n) => [n.name, n.value]), [
    ["Role", undefined],
    ["Site", "Berlin"],
  ]);
});

Deno.test("a label holding only its text is a row; one around its control is not", () => {
  // bootstrap-select: the label is for the native select the library hid; its own drawn
  // button follows. The Broker reads such a label's text as that button's name.
  const labelled: RawAxNode[] = [
    node("4", "RootWebArea", "Invite", undefined, ["1"]),
    node("1", "form", "", "4", ["10", "11", "20"]),
    node("10", "LabelText", "", "1", ["16"]),
    node("16", "StaticText", "Country", "10", []),
    node("11", "generic", "", "1", ["2"]),
    node("2", "combobox", "", "11", [], { value: { type: "string", value: "Choose a country" } }),
    node("20", "LabelText", "", "1", ["21", "3"]),
    node("21", "StaticText", "Remember me", "20", []),
    node("3", "checkbox", "Remember me", "20", []),
  ];
  const { nodes } = projectAxNodes(labelled, open);
  assert.deepEqual(nodes.map((n) => `${"  ".repeat(n.depth)}${n.role} ${n.name}`), [
    "RootWebArea Invite",
    "  form ",
    "    LabelText ",
    "      StaticText Country",
    "    combobox ",
    "    StaticText Remember me",
    "    checkbox Remember me",
  ]);
});

Deno.test("texts formatting split are one text, joined as the page spaces them, within one block", () => {
  const editable = {
    properties: [{ name: "editable", value: { type: "token", value: "richtext" } }],
  };
  const split: RawAxNode[] = [
    node("4", "RootWebArea", "Claim", undefined, ["1", "2", "3", "5", "7"]),
    // A sentence with a word in bold: Chromium keeps the spaces around it in the texts.
    node("1", "paragraph", "", "4", ["10", "11", "12"]),
    node("10", "StaticText", "Click ", "1", []),
    node("11", "strong", "", "1", ["13"]),
    node("13", "StaticText", "Save", "11", []),
    node("12", "StaticText", " to continue", "1", []),
    // A search result's match in <em>, inside a word; the item is named by its text.
    node("2", "listitem", "", "4", ["20", "21"]),
    node("20", "emphasis", "", "2", ["22"]),
    node("22", "StaticText", "Rep", "20", []),
    node("21", "StaticText", "orting", "2", []),
    // A file's size (its number in bold) and its name, each in a block of its own: once the
    // wrappers are flattened they would be siblings, and must not read "11 btaxi.pdf".
    node("3", "generic", "", "4", ["30", "31"], { ignored: true }),
    node("30", "generic", "", "3", ["32", "33"]),
    node("32", "strong", "", "30", ["34"]),
    node("34", "StaticText", "11", "32", []),
    node("33", "StaticText", " b", "30", []),
    node("31", "generic", "", "3", ["35"]),
    node("35", "StaticText", "taxi.pdf", "31", []),
    // A link between texts ends the run.
    node("5", "paragraph", "", "4", ["50", "51", "52"]),
    node("50", "strong", "", "5", ["53"]),
    node("53", "StaticText", "Total", "50", []),
    node("51", "link", "Edit", "5", []),
    node("52", "StaticText", "42", "5", []),
    // An editor shows its formatting: nothing is joined there.
    node("7", "textbox", "Notes", "4", ["70"], editable),
    node("70", "paragraph", "", "7", ["71", "72"], editable),
    node("71", "strong", "", "70", ["73"], editable),
    node("73", "StaticText", "Bold", "71", [], editable),
    node("72", "StaticText", " plain", "70", [], editable),
  ];
  const { nodes } = projectAxNodes(split, open);
  assert.deepEqual(nodes.map((n) => `${"  ".repeat(n.depth)}${n.role} ${n.name}`), [
    "RootWebArea Claim",
    "  paragraph ",
    "    StaticText Click Save to continue",
    "  listitem ",
    "    emphasis ",
    "      StaticText Reporting",
    "  strong ",
    "    StaticText 11 b",
    "  StaticText taxi.pdf",
    "  paragraph ",
    "    strong ",
    "      StaticText Total",
    "    link Edit",
    "    StaticText 42",
    "  textbox Notes",
    "    paragraph ",
    "      strong ",
    "        StaticText Bold",
    "      StaticText plain",
  ]);
});

Deno.test("texts plain inline elements split are one text where the layout says one run", () => {
  const split: RawAxNode[] = [
    node("4", "RootWebArea", "Thread", undefined, ["1", "2"]),
    // Tribute's suggestion: the typed letters each in a span the tree leaves out.
    node("1", "listitem", "", "4", ["10", "11", "12", "13"]),
    node("10", "StaticText", "M", "1", []),
    node("11", "StaticText", "a", "1", []),
    node("12", "StaticText", "r", "1", []),
    node("13", "StaticText", "ta Nowak", "1", []),
    // A flex row's name and price, and a badge a margin sets apart: each its own run.
    node("2", "listitem", "", "4", ["20", "21", "22", "23"]),
    node("20", "StaticText", "Lamp", "2", []),
    node("21", "StaticText", "$12", "2", []),
    node("22", "StaticText", "Desk", "2", []),
    node("23", "StaticText", "New", "2", []),
  ];
  const runs: DomSignals = {
    ...marks([]),
    textRuns: new Map([[10, 10], [11, 10], [12, 10], [13, 10], [22, 22]]),
  };
  const { nodes } = projectAxNodes(split, { ...open, signals: runs });
  assert.deepEqual(nodes.map((n) => `${"  ".repeat(n.depth)}${n.role} ${n.name}`), [
    "RootWebArea Thread",
    "  listitem ",
    "    StaticText Marta Nowak",
    "  listitem ",
    "    StaticText Lamp",
    "    StaticText $12",
    "    StaticText Desk",
    "    StaticText New",
  ]);
  // Without the layout's word, siblings stay apart.
  assert.equal(projectAxNodes(split, open).nodes.length, 11);
});

Deno.test("a nameless control shows the icon the signals name; a named one only its name", () => {
  const toolbar = [
    node("1", "RootWebArea", "Files", undefined, ["2", "3", "4"]),
    node("2", "button", "", "1", []),
    node("3", "button", "Delete", "1", []),
    node("4", "StaticText", "Trash", "1", []),
  ];
  const signals = marks([[2, { icon: "trash" }], [3, { icon: "trash" }], [4, { icon: "trash" }]]);
  const rows = projectAxNodes(toolbar, { ...open, signals }).nodes;
  assert.deepEqual(rows.map((row) => [row.name, row.icon]), [
    ["Files", undefined],
    ["", "trash"],
    ["Delete", undefined],
    ["Trash", undefined],
  ]);
  assert.ok(rows.every((row) => AxNodeSchema.safeParse(row).success));
});

Deno.test("a native date, time or colour field is one row of its kind, without what the browser draws in it", () => {
  const segments = (parent: string, first: number) => [
    node(String(first), "spinbutton", "Month Month", parent, [String(first + 1)], {
      value: { type: "integer", value: 12 },
    }),
    node(String(first + 1), "StaticText", "12", String(first), []),
    node(String(first + 2), "button", "Show date picker Show date picker", parent, []),
  ];
  const fields: RawAxNode[] = [
    node("1", "RootWebArea", "Booking", undefined, ["2", "10", "20", "30"]),
    node("2", "Date", "Check-in", "1", ["3", "4", "5"], {
      value: { type: "string", value: "2026-12-24" },
    }),
    ...segments("2", 3),
    node("10", "DateTime", "Month", "1", ["11", "12", "13"]),
    ...segments("10", 11),
    node("20", "InputTime", "Arrival", "1", []),
    node("30", "ColorWell", "Accent", "1", [], { value: { type: "string", value: "#336699" } }),
  ];
  const { nodes } = projectAxNodes(fields, open);
  assert.deepEqual(
    nodes.map((row) => [row.role, row.name, row.value ?? "", row.axRole ?? "", row.depth]),
    [
      ["RootWebArea", "Booking", "", "", 0],
      ["date", "Check-in", "2026-12-24", "Date", 1],
      ["datetime", "Month", "", "DateTime", 1],
      ["time", "Arrival", "", "InputTime", 1],
      ["color", "Accent", "#336699", "ColorWell", 1],
    ],
  );
  for (const row of nodes) AxNodeSchema.parse(row);
});

Deno.test("numberText() writes a 32-bit float as the shortest decimal it stands for", () => {
  assert.equal(numberText(Math.fround(0.7)), "0.7");
  assert.equal(numberText(Math.fround(33.3)), "33.3");
  assert.equal(numberText(40), "40");
  assert.equal(numberText(-2.5), "-2.5");
  // A number that is no 32-bit float is written as it is.
  assert.equal(numberText(0.1), "0.1");
  assert.equal(numberText(1234567.891), "1234567.891");
});

Deno.test("a row that scrolls far says so; a nameless scroller is a row for it", () => {
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Contacts", undefined, ["2", "5"]),
    node("2", "list", "Contacts", "1", ["3"]),
    node("3", "button", "Contact 1", "2", []),
    node("5", "generic", "", "1", ["6"]),
    node("6", "button", "Contact 2", "5", []),
  ];
  const signals = marks([[2, { scrollable: true }], [5, { scrollable: true }]]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  assert.deepEqual(
    nodes.map((row) => `${"  ".repeat(row.depth)}${row.role} ${row.name} ${row.states.join(",")}`),
    [
      "RootWebArea Contacts ",
      "  list Contacts scrollable",
      "    button Contact 1 ",
      // A virtual list's scroller has no role and no name: its row is what wheel aims at.
      "  generic  scrollable",
      "    button Contact 2 ",
    ],
  );
});

Deno.test("a label standing for its input is that control: its role, its name, checked", () => {
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Delivery", undefined, ["2"]),
    node("2", "group", "Delivery", "1", ["3", "5"]),
    node("3", "LabelText", "Fast", "2", ["4"]),
    node("4", "StaticText", "☆", "3", []),
    node("5", "LabelText", "", "2", ["6"]),
    node("6", "StaticText", "Slow", "5", []),
  ];
  const signals = marks([
    [3, { standsFor: { role: "radio", checked: true } }],
    [5, { standsFor: { role: "radio", checked: false } }],
  ]);
  const { nodes } = projectAxNodes(raw, { ...open, signals });
  const shown = nodes.map((row) =>
    `${"  ".repeat(row.depth)}${row.role} ${row.name} ${row.states.join(",")}`.trimEnd()
  );
  assert.deepEqual(shown, [
    "RootWebArea Delivery",
    "  group Delivery",
    "    radio Fast checked",
    "      StaticText ☆",
    // Named by its text, which is then no row of its own.
    "    radio Slow",
  ]);
  // Its ref is checked against what the tree says of the label.
  assert.deepEqual(
    nodes.filter((row) => row.role === "radio").map((row) => [row.axRole, row.axName]),
    [["LabelText", "Fast"], ["LabelText", ""]],
  );
});

Deno.test("a radio named by a glyph-only label takes the label's own name, and the label goes", () => {
  /** A radio named "★" by the label of `label`, by its `for`. */
  const star = (id: string, label: string) =>
    node(id, "radio", "★", "2", [], {
      name: {
        type: "computedString",
        value: "★",
        sources: [
          { type: "attribute", attribute: "aria-label" },
          {
            type: "relatedElement",
            nativeSource: "labelfor",
            nativeSourceValue: {
              type: "nodeList",
              relatedNodes: [{ backendDOMNodeId: Number(label), text: "★" }],
            },
            value: { type: "computedString", value: "★" },
          },
        ],
      },
    });
  const raw: RawAxNode[] = [
    node("1", "RootWebArea", "Review", undefined, ["2"]),
    node("2", "group", "Your rating", "1", ["3", "4", "6", "7", "9", "10"]),
    star("3", "4"),
    node("4", "LabelText", "5 stars", "2", ["5"]),
    node("5", "StaticText", "★", "4", []),
    // Its label first, as a page may draw it.
    node("6", "LabelText", "4 stars", "2", ["8"]),
    star("7", "6"),
    node("8", "StaticText", "★", "6", []),
    // A glyph label without a name of its own says nothing more: the radio keeps its glyph.
    star("9", "10"),
    node("10", "LabelText", "★", "2", ["11"]),
    node("11", "StaticText", "★", "10", []),
  ];
  const { nodes } = projectAxNodes(raw, open);
  assert.deepEqual(nodes.map((row) => `${row.role} ${row.name}`), [
    "RootWebArea Review",
    "group Your rating",
    "radio 5 stars",
    "radio 4 stars",
    "radio ★",
    "LabelText ★",
  ]);
  // The ref's identity is the name the tree gives the radio.
  assert.deepEqual(nodes.filter((row) => row.role === "radio").map((row) => row.axName), [
    "★",
    "★",
    undefined,
  ]);
});
