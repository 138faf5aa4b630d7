import assert from "node:assert/strict";
import {
  type NodeSignals,
  parseSnapshot,
  reduceSnapshot,
  scrollCandidates,
  scrollsFar,
  signalStyles,
} from "./dom_signals.ts";

/** One node of a hand-made snapshot; a node with `box` is rendered. */
interface Spec {
  tag: string;
  backend: number;
  parent?: number;
  attributes?: Record<string, string>;
  text?: string;
  listener?: boolean;
  /** [width, height]; rendered when present. */
  box?: [number, number];
  style?: Partial<Record<(typeof signalStyles)[number], string>>;
  /** [scrollWidth, scrollHeight] of its content; its box's size when absent. */
  scroll?: [number, number];
  /** A checkbox or radio that is checked. */
  checked?: boolean;
}

/**
 * A `DOMSnapshot.captureSnapshot` answer for `specs`, parents listed before
 * children; with DOM rects unless `rects` is false.
 */
function snapshot(specs: Spec[], rects = true) {
  const strings: string[] = [];
  const id = (text: string) => {
    const at = strings.indexOf(text);
    if (at >= 0) return at;
    strings.push(text);
    return strings.length - 1;
  };
  const index = new Map(specs.map((spec, i) => [spec.backend, i]));
  const layout = {
    nodeIndex: [] as number[],
    styles: [] as number[][],
    bounds: [] as number[][],
    scrollRects: [] as number[][],
    clientRects: [] as number[][],
  };
  const styles = new Map<number, Record<string, string>>();
  specs.forEach((spec, i) => {
    const parent = spec.parent === undefined ? undefined : index.get(spec.parent);
    const inherited = parent === undefined ? {} : styles.get(parent) ?? {};
    // cursor and visibility inherit, overflow does not.
    const own: Record<string, string> = {
      "cursor": inherited.cursor ?? "auto",
      "visibility": inherited.visibility ?? "visible",
      "overflow-x": "visible",
      "overflow-y": "visible",
      "opacity": "1",
      "clip": "auto",
      "clip-path": "none",
      "pointer-events": inherited["pointer-events"] ?? "auto",
      "display": "block",
      ...spec.style,
    };
    styles.set(i, own);
    if (spec.box !== undefined) {
      layout.nodeIndex.push(i);
      layout.styles.push(signalStyles.map((name) => id(own[name])));
      layout.bounds.push([0, 0, ...spec.box]);
      layout.scrollRects.push([0, 0, ...(spec.scroll ?? spec.box)]);
      layout.clientRects.push([0, 0, ...spec.box]);
    }
  });
  return {
    documents: [{
      nodes: {
        parentIndex: specs.map((spec) => spec.parent === undefined ? -1 : index.get(spec.parent)!),
        nodeType: specs.map((spec) => spec.tag === "#text" ? 3 : 1),
        nodeName: specs.map((spec) => id(spec.tag)),
        nodeValue: specs.map((spec) => spec.text === undefined ? -1 : id(spec.text)),
        backendNodeId: specs.map((spec) => spec.backend),
        attributes: specs.map((spec) =>
          Object.entries(spec.attributes ?? {}).flatMap(([name, value]) => [id(name), id(value)])
        ),
        isClickable: { index: specs.flatMap((spec, i) => spec.listener === true ? [i] : []) },
        inputChecked: { index: specs.flatMap((spec, i) => spec.checked === true ? [i] : []) },
      },
      layout: rects ? layout : { ...layout, scrollRects: undefined, clientRects: undefined },
    }],
    strings,
  };
}

const page: Spec[] = [
  { tag: "HTML", backend: 1, box: [800, 600] },
  { tag: "BODY", backend: 2, parent: 1, box: [800, 600], listener: true },
];

function flags(specs: Spec[]): Map<number, string> {
  const reduced = reduceSnapshot(snapshot(specs));
  assert.ok(reduced !== undefined);
  const out = new Map<number, string>();
  for (const [backend, signals] of reduced.nodes) {
    const on = (Object.keys(signals) as (keyof NodeSignals)[]).filter((key) => signals[key]);
    if (on.length > 0) out.set(backend, on.join(","));
  }
  return out;
}

Deno.test("a listener, a pointer cursor that starts at the element or a positive tabindex make it clickable", () => {
  const marks = flags([
    ...page,
    { tag: "SPAN", backend: 10, parent: 2, box: [20, 20], listener: true },
    { tag: "SPAN", backend: 11, parent: 2, box: [20, 20], style: { cursor: "pointer" } },
    { tag: "SPAN", backend: 12, parent: 11, box: [10, 10] }, // inherits the pointer
    { tag: "#text", backend: 13, parent: 12, box: [10, 10], text: "15" },
    { tag: "DIV", backend: 14, parent: 2, box: [20, 20], attributes: { tabindex: "2" } },
    { tag: "DIV", backend: 15, parent: 2, box: [20, 20], attributes: { tabindex: "0" } },
    { tag: "DIV", backend: 16, parent: 2, box: [20, 20] },
    // A grid's column resize handle: listeners for the pointer, to be dragged.
    {
      tag: "SPAN",
      backend: 17,
      parent: 2,
      box: [30, 20],
      listener: true,
      style: { cursor: "ew-resize" },
    },
    // One whose cursor shows only on hover: an empty strip six pixels wide.
    { tag: "SPAN", backend: 18, parent: 2, box: [6, 20], listener: true },
    // A small control that shows something stays: a glyph.
    { tag: "SPAN", backend: 19, parent: 2, box: [8, 12], listener: true },
    { tag: "#text", backend: 20, parent: 19, box: [6, 10], text: "×" },
  ]);
  assert.deepEqual([...marks], [
    [10, "clickable"],
    [11, "clickable"],
    [14, "clickable"],
    [19, "clickable"],
  ]);
});

Deno.test("an element with no box a click can aim at is not clickable, whatever listens on it", () => {
  const marks = flags([
    ...page,
    // A React root a press wave is drawn in: listeners of its own, no box, an empty layer inside.
    { tag: "BUTTON", backend: 20, parent: 2, box: [74, 32], style: { cursor: "pointer" } },
    { tag: "DIV", backend: 21, parent: 20, box: [0, 0], listener: true },
    { tag: "DIV", backend: 22, parent: 21, box: [74, 32] },
    // No layout at all (`display: contents`), listening for its children.
    { tag: "DIV", backend: 23, parent: 2, listener: true },
    { tag: "SPAN", backend: 24, parent: 23, box: [30, 10], text: "x" },
  ]);
  assert.deepEqual([...marks], []);
});

Deno.test("containers that hold controls, labels, the body and controls themselves are not marked clickable", () => {
  const marks = flags([
    ...page,
    { tag: "DIV", backend: 10, parent: 2, box: [200, 20], listener: true },
    { tag: "BUTTON", backend: 11, parent: 10, box: [50, 20] },
    { tag: "LABEL", backend: 12, parent: 2, box: [50, 20], listener: true },
    { tag: "INPUT", backend: 13, parent: 12, box: [10, 10], listener: true },
    { tag: "DIV", backend: 14, parent: 2, box: [200, 20], style: { cursor: "pointer" } },
    { tag: "SPAN", backend: 15, parent: 14, box: [20, 20], listener: true },
    { tag: "DIV", backend: 16, parent: 2, box: [200, 40], attributes: { contenteditable: "" } },
    { tag: "P", backend: 17, parent: 16, box: [200, 20], listener: true },
  ]);
  assert.deepEqual([...marks], [[15, "clickable"], [16, "editingHost,blank"]]);
});

Deno.test("a dropdown whose closed menu is not drawn is its own target; once the menu is drawn, its items are", () => {
  // Fomantic-UI's selection dropdown: a focusable div that listens, over a hidden input, the
  // choice it shows and a menu that delegates its items' clicks.
  const dropdown = (open: boolean): Spec[] => [
    ...page,
    {
      tag: "DIV",
      backend: 10,
      parent: 2,
      box: [200, 30],
      listener: true,
      attributes: { tabindex: "0" },
      style: { cursor: "pointer" },
    },
    { tag: "INPUT", backend: 11, parent: 10, attributes: { type: "hidden" } },
    { tag: "DIV", backend: 12, parent: 10, box: [60, 20] },
    { tag: "#text", backend: 13, parent: 12, box: [60, 20], text: "Viewer" },
    {
      tag: "DIV",
      backend: 14,
      parent: 10,
      listener: true,
      style: { cursor: "auto" },
      ...(open ? { box: [200, 60] } : {}),
    },
    {
      tag: "DIV",
      backend: 15,
      parent: 14,
      style: { cursor: "pointer" },
      ...(open ? { box: [200, 30] } : {}),
    },
    { tag: "#text", backend: 16, parent: 15, ...(open ? { box: [40, 20] } : {}), text: "Editor" },
  ];
  assert.deepEqual([...flags(dropdown(false))], [[10, "clickable"]]);
  // Open, the menu's items are drawn, each showing a pointer: they are targets, and the menu
  // only delegates their clicks. The dropdown, its pointer its own and the choice it shows its
  // own text, is still clicked itself (on that text: it closes).
  assert.deepEqual([...flags(dropdown(true))], [[10, "clickable"], [15, "clickable"]]);
});

Deno.test("a row or card that holds controls is clickable where its own pointer starts or it listens in the tab order, and it holds text of its own", () => {
  const row = (backend: number, extra: Partial<Spec> = {}): Spec[] => [
    { tag: "DIV", backend, parent: 2, box: [400, 30], listener: true, ...extra },
    {
      tag: "INPUT",
      backend: backend + 1,
      parent: backend,
      box: [16, 16],
      attributes: { type: "checkbox" },
    },
    { tag: "BUTTON", backend: backend + 2, parent: backend, box: [20, 20] },
    { tag: "SPAN", backend: backend + 3, parent: backend, box: [80, 20] },
    { tag: "#text", backend: backend + 4, parent: backend + 3, box: [80, 20], text: "Ana" },
  ];
  const pointer = { style: { cursor: "pointer" } } as const;
  const marks = flags([
    ...page,
    // A mail row with its checkbox and star, its pointer its own.
    ...row(10, pointer),
    // The same in the tab order: a card made to be opened from the keyboard.
    ...row(85, { attributes: { tabindex: "0" } }),
    // The same without a pointer: a container that only listens (a panel stopping its clicks).
    ...row(20),
    // A table row that opens its record, its cells' text its own.
    { tag: "TR", backend: 30, parent: 2, box: [400, 30], ...pointer },
    { tag: "TD", backend: 31, parent: 30, box: [30, 30] },
    { tag: "INPUT", backend: 32, parent: 31, box: [16, 16], attributes: { type: "checkbox" } },
    { tag: "TD", backend: 33, parent: 30, box: [100, 30] },
    { tag: "#text", backend: 34, parent: 33, box: [40, 20], text: "1001" },
    // Its only text is the button's: nothing of its own to click.
    { tag: "DIV", backend: 40, parent: 2, box: [200, 30], ...pointer },
    { tag: "BUTTON", backend: 41, parent: 40, box: [60, 20] },
    { tag: "#text", backend: 42, parent: 41, box: [40, 20], text: "Edit" },
    // Its own text only in an aria-hidden part.
    { tag: "DIV", backend: 50, parent: 2, box: [200, 30], ...pointer },
    { tag: "BUTTON", backend: 51, parent: 50, box: [60, 20] },
    { tag: "SPAN", backend: 52, parent: 50, box: [20, 20], attributes: { "aria-hidden": "true" } },
    { tag: "#text", backend: 53, parent: 52, box: [10, 10], text: "*" },
    // A tree item's content (MUI's, with its checkbox): the item is the target.
    { tag: "LI", backend: 70, parent: 2, box: [300, 30], attributes: { role: "treeitem" } },
    ...row(71, pointer).map((spec) => spec.backend === 71 ? { ...spec, parent: 70 } : spec),
    // A sortable column's header, its sort button inside: the button is its control.
    { tag: "TH", backend: 80, parent: 2, box: [100, 30], ...pointer },
    { tag: "#text", backend: 81, parent: 80, box: [40, 20], text: "Order" },
    { tag: "SPAN", backend: 82, parent: 80, box: [10, 10], attributes: { role: "button" } },
    // A searchable select's box: its search input, its placeholder, a clear button.
    { tag: "DIV", backend: 90, parent: 2, box: [200, 30], ...pointer },
    { tag: "INPUT", backend: 91, parent: 90, box: [1, 1], attributes: { role: "combobox" } },
    { tag: "SPAN", backend: 92, parent: 90, box: [80, 20] },
    { tag: "#text", backend: 93, parent: 92, box: [80, 20], text: "Pick tags" },
    { tag: "BUTTON", backend: 94, parent: 90, box: [16, 16] },
    // A page's section: more elements than a row or a card holds.
    { tag: "SECTION", backend: 60, parent: 2, box: [800, 400], ...pointer },
    { tag: "#text", backend: 61, parent: 60, box: [80, 20], text: "Orders" },
    ...Array.from({ length: 61 }, (_, k): Spec => ({
      tag: "BUTTON",
      backend: 100 + k,
      parent: 60,
      box: [20, 20],
    })),
  ]);
  assert.deepEqual([...marks].filter(([, flag]) => flag.includes("clickable")), [
    [10, "clickable"],
    [85, "clickable"],
    [30, "clickable"],
  ]);
});

Deno.test("draggable attributes and grab cursors mark draggable, also around controls", () => {
  const marks = flags([
    ...page,
    { tag: "LI", backend: 10, parent: 2, box: [200, 20], attributes: { draggable: "true" } },
    { tag: "BUTTON", backend: 11, parent: 10, box: [20, 20] },
    { tag: "SPAN", backend: 12, parent: 2, box: [20, 20], style: { cursor: "grab" } },
    { tag: "SPAN", backend: 13, parent: 12, box: [10, 10] },
    { tag: "DIV", backend: 14, parent: 2, box: [20, 20], style: { cursor: "move" } },
    { tag: "LI", backend: 15, parent: 2, box: [20, 20], attributes: { draggable: "false" } },
  ]);
  assert.deepEqual([...marks], [[10, "draggable"], [12, "draggable"], [14, "draggable"]]);
});

Deno.test("what a person cannot see is hidden, with everything inside it", () => {
  const marks = flags([
    ...page,
    // select2 and Tom Select: a one-pixel clip; its options have no box of their own.
    { tag: "SELECT", backend: 10, parent: 2, box: [1, 1], style: { "overflow-x": "hidden" } },
    { tag: "OPTION", backend: 11, parent: 10 },
    { tag: "#text", backend: 12, parent: 11, text: "Mango" },
    // A zero-size select, and one half a pixel wide.
    { tag: "SELECT", backend: 13, parent: 2, box: [0, 0] },
    { tag: "SELECT", backend: 14, parent: 2, box: [0.5, 300] },
    { tag: "DIV", backend: 15, parent: 2, box: [20, 20], style: { visibility: "hidden" } },
    { tag: "DIV", backend: 16, parent: 2, box: [20, 20], attributes: { "aria-hidden": "true" } },
    { tag: "DIV", backend: 17, parent: 2, box: [20, 20], attributes: { inert: "" } },
    { tag: "BUTTON", backend: 18, parent: 17, box: [20, 20] },
    // A zero-height container whose children overflow it is on screen, unless it clips them.
    { tag: "DIV", backend: 19, parent: 2, box: [200, 0] },
    { tag: "BUTTON", backend: 20, parent: 19, box: [50, 20] },
    { tag: "DIV", backend: 21, parent: 2, box: [200, 0], style: { "overflow-y": "hidden" } },
    { tag: "BUTTON", backend: 22, parent: 21, box: [50, 20] },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "hidden").map(([backend]) => backend),
    [10, 11, 12, 13, 14, 15, 16, 17, 18, 21, 22],
  );
});

Deno.test("where an editor that draws its own text takes the keyboard is not hidden, however small", () => {
  const marks = flags([
    ...page,
    // Monaco's EditContext textbox has no width; a code editor's textarea is one pixel.
    {
      tag: "DIV",
      backend: 10,
      parent: 2,
      box: [0, 19],
      attributes: { role: "textbox", tabindex: "0", "aria-label": "Query editor" },
    },
    { tag: "TEXTAREA", backend: 11, parent: 2, box: [1, 1] },
    { tag: "INPUT", backend: 12, parent: 2, box: [1, 1], attributes: { type: "text" } },
    // A hidden original taken out of the tab order, a tiny textbox nothing can focus, and a
    // tiny input of a kind nobody types in stay hidden.
    { tag: "INPUT", backend: 13, parent: 2, box: [1, 1], attributes: { tabindex: "-1" } },
    { tag: "DIV", backend: 14, parent: 2, box: [0, 19], attributes: { role: "textbox" } },
    { tag: "INPUT", backend: 15, parent: 2, box: [1, 1], attributes: { type: "range" } },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "hidden").map(([backend]) => backend),
    [13, 14, 15],
  );
});

Deno.test("a field shrunk to a pixel by its wrapper is not hidden; what else the wrapper holds is", () => {
  const marks = flags([
    ...page,
    // PrimeVue's MultiSelect: a `p-hidden-accessible` wrapper clipped to a pixel holds the
    // focusable `combobox` input; a click on the box around it opens the list.
    { tag: "DIV", backend: 10, parent: 2, box: [200, 40], listener: true },
    { tag: "DIV", backend: 11, parent: 10, box: [1, 1], style: { "overflow-x": "hidden" } },
    {
      tag: "INPUT",
      backend: 12,
      parent: 11,
      box: [1, 1],
      attributes: { type: "text", role: "combobox", tabindex: "0", readonly: "" },
    },
    // The same wrapper around a span, and around a field out of the tab order, hides them.
    { tag: "SPAN", backend: 13, parent: 11, box: [1, 1] },
    { tag: "DIV", backend: 14, parent: 2, box: [1, 1], style: { "overflow-x": "hidden" } },
    { tag: "INPUT", backend: 15, parent: 14, box: [1, 1], attributes: { tabindex: "-1" } },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "hidden").map(([backend]) => backend),
    [11, 13, 14, 15],
  );
});

Deno.test("a box clipped to nothing hides what it holds, its search field too; a clip that shows something, or a control clipped over its face, does not", () => {
  const marks = flags([
    ...page,
    // Chosen's closed results: the drop is clipped shut, its search field and items inside.
    {
      tag: "DIV",
      backend: 10,
      parent: 2,
      box: [500, 40],
      style: { "clip": "rect(0px, 0px, 0px, 0px)", "clip-path": "inset(100%)" },
    },
    { tag: "INPUT", backend: 11, parent: 10, box: [490, 25], attributes: { type: "text" } },
    { tag: "LI", backend: 12, parent: 10, box: [490, 20], style: { cursor: "pointer" } },
    // The same by clip-path alone, inset by half on every side.
    { tag: "DIV", backend: 20, parent: 2, box: [500, 40], style: { "clip-path": "inset(50%)" } },
    { tag: "INPUT", backend: 21, parent: 20, box: [490, 25], attributes: { type: "text" } },
    // A clip that leaves a part showing, and a `clip: auto`, hide nothing.
    { tag: "DIV", backend: 30, parent: 2, box: [500, 40], style: { "clip-path": "inset(10%)" } },
    { tag: "INPUT", backend: 31, parent: 30, box: [490, 25], attributes: { type: "text" } },
    // A one-pixel wrapper clipped shut (PrimeVue's p-hidden-accessible) keeps its typed field.
    {
      tag: "DIV",
      backend: 40,
      parent: 2,
      box: [1, 1],
      style: { "clip": "rect(0px, 0px, 0px, 0px)", "overflow-x": "hidden", "overflow-y": "hidden" },
    },
    {
      tag: "INPUT",
      backend: 41,
      parent: 40,
      box: [200, 25],
      attributes: { type: "text", role: "combobox" },
    },
    // Ionic's select: its button is clipped shut and see-through over the face it is the
    // keyboard stop of; it is the control, so it stays.
    {
      tag: "BUTTON",
      backend: 50,
      parent: 2,
      box: [300, 40],
      style: { "clip": "rect(0px, 0px, 0px, 0px)", opacity: "0" },
    },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "hidden").map(([backend]) => backend),
    [10, 11, 12, 20, 21, 40],
  );
});

Deno.test("the parts of a switch, a checkbox or a radio are no targets of their own", () => {
  const marks = flags([
    ...page,
    // Ionic's toggle: the host is the switch; the parts in its shadow root listen for clicks.
    { tag: "ION-TOGGLE", backend: 10, parent: 2, box: [300, 40], attributes: { role: "switch" } },
    { tag: "DIV", backend: 11, parent: 10, box: [300, 40] },
    { tag: "DIV", backend: 12, parent: 11, box: [200, 20], listener: true },
    { tag: "DIV", backend: 13, parent: 11, box: [40, 20], style: { cursor: "pointer" } },
    { tag: "DIV", backend: 14, parent: 2, box: [300, 40], attributes: { role: "checkbox" } },
    { tag: "SPAN", backend: 15, parent: 14, box: [20, 20], listener: true },
    // The same parts elsewhere are targets.
    { tag: "DIV", backend: 20, parent: 2, box: [200, 20], listener: true },
    { tag: "DIV", backend: 21, parent: 2, box: [40, 20], style: { cursor: "pointer" } },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "clickable").map(([backend]) => backend),
    [20, 21],
  );
});

Deno.test("a see-through element the page withdrew is hidden; see-through alone is not", () => {
  const marks = flags([
    ...page,
    // Choices.js: the native select, `hidden` but shown by a stylesheet, see-through over the widget.
    {
      tag: "SELECT",
      backend: 10,
      parent: 2,
      box: [760, 60],
      attributes: { hidden: "", tabindex: "-1" },
      style: { opacity: "0" },
    },
    { tag: "OPTION", backend: 11, parent: 10 },
    // Inside a see-through wrapper, withdrawn from the tab order.
    { tag: "DIV", backend: 12, parent: 2, box: [100, 40], style: { opacity: "0" } },
    { tag: "SELECT", backend: 13, parent: 12, box: [100, 40], attributes: { tabindex: " -1" } },
    // A button that fades in on hover, and a withdrawn but opaque one: both stay.
    { tag: "BUTTON", backend: 14, parent: 2, box: [50, 20], style: { opacity: "0" } },
    { tag: "BUTTON", backend: 15, parent: 2, box: [50, 20], attributes: { tabindex: "-1" } },
    // A see-through checkbox its label stands in for stays too.
    { tag: "LABEL", backend: 16, parent: 2, box: [100, 20] },
    {
      tag: "INPUT",
      backend: 17,
      parent: 16,
      box: [20, 20],
      attributes: { type: "checkbox", tabindex: "-1" },
      style: { opacity: "0" },
    },
  ]);
  assert.deepEqual(
    [...marks].filter(([, flag]) => flag === "hidden").map(([backend]) => backend),
    [10, 11, 13],
  );
});

Deno.test("a visually hidden checkbox or switch that a rendered label stands in for is not hidden", () => {
  const marks = flags([
    ...page,
    { tag: "LABEL", backend: 10, parent: 2, box: [100, 20], listener: true },
    { tag: "INPUT", backend: 11, parent: 10, box: [1, 1], attributes: { type: "checkbox" } },
    { tag: "INPUT", backend: 12, parent: 2, box: [0, 0], attributes: { type: "radio", id: "r" } },
    { tag: "LABEL", backend: 13, parent: 2, box: [100, 20], attributes: { for: "r" } },
    { tag: "INPUT", backend: 14, parent: 2, box: [0, 0], attributes: { type: "checkbox" } },
    // A label does not stand in for a select: its click only focuses it.
    { tag: "LABEL", backend: 15, parent: 2, box: [100, 20] },
    { tag: "SELECT", backend: 16, parent: 15, box: [1, 1] },
    // Carbon's Toggle: a pixel-sized button made a switch, its label drawing the switch; a
    // plain button so shrunk is hidden.
    {
      tag: "BUTTON",
      backend: 17,
      parent: 2,
      box: [1, 1],
      attributes: { role: "switch", id: "t" },
    },
    { tag: "LABEL", backend: 18, parent: 2, box: [100, 20], attributes: { for: "t" } },
    { tag: "BUTTON", backend: 19, parent: 2, box: [1, 1], attributes: { id: "b" } },
    { tag: "LABEL", backend: 20, parent: 2, box: [100, 20], attributes: { for: "b" } },
  ]);
  assert.deepEqual([...marks], [[14, "hidden"], [16, "hidden"], [19, "hidden"]]);
});

Deno.test("an editor holding only placeholders is blank; one with text is not", () => {
  const marks = flags([
    ...page,
    { tag: "DIV", backend: 10, parent: 2, box: [200, 40], attributes: { contenteditable: "true" } },
    { tag: "P", backend: 11, parent: 10, box: [200, 20] },
    { tag: "#text", backend: 12, parent: 11, box: [1, 20], text: "\n " },
    {
      tag: "SPAN",
      backend: 13,
      parent: 10,
      box: [100, 20],
      attributes: { contenteditable: "false" },
    },
    { tag: "#text", backend: 14, parent: 13, box: [100, 20], text: "Add a comment" },
    { tag: "DIV", backend: 15, parent: 2, box: [200, 40], attributes: { contenteditable: "" } },
    { tag: "#text", backend: 16, parent: 15, box: [100, 20], text: "Draft" },
    { tag: "DIV", backend: 17, parent: 2, box: [200, 40], attributes: { contenteditable: "" } },
    { tag: "SPAN", backend: 18, parent: 17, box: [100, 20], attributes: { "aria-hidden": "true" } },
    { tag: "#text", backend: 19, parent: 18, box: [100, 20], text: "Type some code" },
  ]);
  assert.equal(marks.get(10), "editingHost,blank");
  assert.equal(marks.get(15), "editingHost");
  assert.equal(marks.get(17), "editingHost,blank");
  assert.equal(marks.get(11), undefined, "inside an editor is not another host");
});

Deno.test("the text of a marked element names its host, for elements the tree leaves out", () => {
  const reduced = reduceSnapshot(snapshot([
    ...page,
    { tag: "SPAN", backend: 10, parent: 2, box: [20, 20], style: { cursor: "pointer" } },
    { tag: "#text", backend: 11, parent: 10, box: [20, 20], text: "Styled only" },
    { tag: "#text", backend: 12, parent: 2, box: [20, 20], text: "Plain" },
  ]));
  assert.deepEqual([...reduced!.textHosts], [[11, 10]]);
  assert.equal(reduced!.size, 3);
});

Deno.test("a malformed snapshot reduces to nothing, so the read falls back to the tree alone", () => {
  assert.equal(reduceSnapshot({}), undefined);
  assert.equal(reduceSnapshot({ documents: [], strings: [] }), undefined);
  const bad = snapshot(page);
  bad.documents[0].nodes.parentIndex[0] = 1; // a parent after its child
  assert.equal(reduceSnapshot(bad), undefined);
  const short = snapshot(page);
  short.documents[0].nodes.backendNodeId.pop();
  assert.equal(reduceSnapshot(short), undefined);
  // Each part of another type than DevTools sends, or of another length than its list.
  const broken: Array<(raw: ReturnType<typeof snapshot>) => void> = [
    (raw) => (raw.documents[0].nodes.nodeType as unknown[])[1] = "1",
    (raw) => (raw.documents[0].nodes.nodeName as unknown[])[0] = 1.5,
    (raw) => (raw.documents[0].nodes as Record<string, unknown>).attributes = [[0, 1], "x"],
    (raw) => (raw.documents[0].nodes as Record<string, unknown>).isClickable = { at: [1] },
    (raw) => (raw.documents[0].layout.styles as unknown[]).pop(),
    (raw) => (raw.documents[0].layout.bounds as unknown[])[0] = [0, "0", 10, 10],
    (raw) => (raw.documents[0] as Record<string, unknown>).layout = undefined,
    (raw) => (raw.strings as unknown[]).push(7),
  ];
  for (const [k, breakIt] of broken.entries()) {
    const raw = snapshot(page);
    breakIt(raw);
    assert.equal(parseSnapshot(raw), undefined, `malformed part ${k}`);
  }
  assert.ok(parseSnapshot(snapshot(page)) !== undefined);
});

Deno.test("a widget role that needs a container is kept as declared, unless hidden; the snapshot's nodes are known", () => {
  const reduced = reduceSnapshot(snapshot([
    ...page,
    { tag: "TABLE", backend: 10, parent: 2, box: [200, 60], attributes: { role: "listbox" } },
    { tag: "TD", backend: 11, parent: 10, box: [200, 20], attributes: { role: "option" } },
    { tag: "#text", backend: 12, parent: 11, box: [50, 20], text: "Engineering" },
    { tag: "DIV", backend: 13, parent: 2, box: [200, 20], attributes: { role: "menuitem x" } },
    { tag: "DIV", backend: 14, parent: 2, box: [200, 20], attributes: { role: "button" } },
    {
      tag: "DIV",
      backend: 15,
      parent: 2,
      box: [200, 20],
      attributes: { role: "option", "aria-hidden": "true" },
    },
  ]));
  assert.ok(reduced !== undefined);
  const declared = [...reduced.nodes].flatMap(([id, signals]) =>
    signals.declaredRole === undefined ? [] : [[id, signals.declaredRole]]
  );
  assert.deepEqual(declared, [[11, "option"], [13, "menuitem"]]);
  assert.deepEqual([...reduced.known].sort((a, b) => a - b), [1, 2, 10, 11, 12, 13, 14, 15]);
});

/** A 20-pixel element under the body with `attributes`. */
const element = (backend: number, attributes: Record<string, string> = {}, tag = "BUTTON") =>
  ({ tag, backend, parent: 2, box: [20, 20], attributes }) as Spec;

/** The elements of `specs` whose signals set `flag`. */
function flaggedBy(specs: Spec[], flag: "current" | "selected" | "placeholder"): number[] {
  const reduced = reduceSnapshot(snapshot([...page, ...specs]));
  assert.ok(reduced !== undefined);
  return [...reduced.nodes].flatMap(([id, signals]) => signals[flag] ? [id] : []);
}

Deno.test("aria-current marks the element that stands for what is shown, unless it says false", () => {
  const marked = flaggedBy([
    element(10, { "aria-current": "true" }),
    element(11, { "aria-current": "page" }, "A"),
    element(12, { "aria-current": "false" }),
    element(13),
  ], "current");
  assert.deepEqual(marked, [10, 11]);
});

Deno.test("aria-selected marks an element chosen whatever its role, unless it says false", () => {
  const marked = flaggedBy([
    element(10, { "aria-selected": "true" }),
    element(11, { "aria-selected": "false" }),
    element(12),
  ], "selected");
  assert.deepEqual(marked, [10]);
});

Deno.test("a select trigger its library marks as showing its placeholder is marked", () => {
  const marked = flaggedBy([
    element(10, { role: "combobox", "data-placeholder": "" }),
    element(11, { role: "combobox", "data-placeholder-shown": "" }),
    element(12, { role: "combobox" }),
    // PrimeVue 4, and PrimeReact's or PrimeNG's class; a class or state that only contains the
    // word is not the mark.
    element(13, { role: "combobox", "data-p": "placeholder", class: "p-select-label" }),
    element(14, { role: "combobox", class: "p-dropdown-label p-inputtext p-placeholder" }),
    element(15, { role: "combobox", class: "p-placeholder-icon", "data-p": "filled" }),
  ], "placeholder");
  assert.deepEqual(marked, [10, 11, 13, 14]);
});

Deno.test("a cell or item with its own text is clickable where a widget-sized ancestor listens for it", () => {
  // bootstrap-datepicker: one listener on the calendar, its arrows' pointer cursor set on the
  // arrows, its days' only on hover.
  const calendar = (listenerAt: number, first: number): Spec[] => [
    { tag: "DIV", backend: first, parent: listenerAt, box: [220, 240], listener: true },
    { tag: "DIV", backend: first + 1, parent: first, box: [220, 240] },
    { tag: "TABLE", backend: first + 2, parent: first + 1, box: [220, 240] },
    { tag: "TBODY", backend: first + 3, parent: first + 2, box: [220, 200] },
    { tag: "TR", backend: first + 4, parent: first + 3, box: [220, 30] },
    {
      tag: "TH",
      backend: first + 5,
      parent: first + 4,
      box: [30, 30],
      style: { cursor: "pointer" },
    },
    { tag: "#text", backend: first + 6, parent: first + 5, box: [10, 10], text: "»" },
    { tag: "TD", backend: first + 7, parent: first + 4, box: [30, 30] },
    { tag: "#text", backend: first + 8, parent: first + 7, box: [10, 10], text: "15" },
    // An empty cell, and a list item's text only inside a span of its own, say nothing.
    { tag: "TD", backend: first + 11, parent: first + 4, box: [30, 30] },
  ];
  const marks = flags([
    ...page,
    ...calendar(2, 10),
    // A list whose items a plain-script menu handles from the list itself.
    { tag: "UL", backend: 40, parent: 2, box: [100, 60], listener: true },
    { tag: "LI", backend: 41, parent: 40, box: [100, 20] },
    { tag: "#text", backend: 42, parent: 41, box: [40, 10], text: "Archive" },
    { tag: "LI", backend: 43, parent: 40, box: [100, 20] },
    { tag: "SPAN", backend: 44, parent: 43, box: [40, 10] },
    { tag: "#text", backend: 45, parent: 44, box: [40, 10], text: "Delete" },
  ]);
  assert.deepEqual([...marks], [
    [15, "clickable"],
    [17, "clickable"],
    [41, "clickable"],
  ]);

  // Not for a listener on the body, nor past six levels, nor on a page-sized app root (React
  // listens at its root), nor on one that holds a control (a data table with row actions),
  // nor inside a row that is a target itself.
  const filler: Spec[] = Array.from({ length: 401 }, (_, i) => ({
    tag: "SPAN",
    backend: 1000 + i,
    parent: 60,
  }));
  const deep: Spec[] = [
    { tag: "DIV", backend: 70, parent: 2, box: [300, 300], listener: true },
    ...[71, 72, 73, 74, 75, 76].map((backend) => ({
      tag: "DIV",
      backend,
      parent: backend - 1,
      box: [300, 300] as [number, number],
    })),
    { tag: "TD", backend: 77, parent: 76, box: [30, 30] },
    { tag: "#text", backend: 78, parent: 77, box: [10, 10], text: "3" },
  ];
  const none = flags([
    ...page,
    { tag: "TABLE", backend: 50, parent: 2, box: [220, 40] },
    { tag: "TD", backend: 51, parent: 50, box: [30, 30] },
    { tag: "#text", backend: 52, parent: 51, box: [10, 10], text: "1" },
    { tag: "DIV", backend: 60, parent: 2, box: [800, 600], listener: true },
    ...filler,
    { tag: "TABLE", backend: 61, parent: 60, box: [220, 40] },
    { tag: "TD", backend: 62, parent: 61, box: [30, 30] },
    { tag: "#text", backend: 63, parent: 62, box: [10, 10], text: "2" },
    ...deep,
    { tag: "TABLE", backend: 90, parent: 2, box: [300, 40], listener: true },
    { tag: "TD", backend: 91, parent: 90, box: [30, 30] },
    { tag: "#text", backend: 92, parent: 91, box: [10, 10], text: "Sofia Rossi" },
    { tag: "TD", backend: 93, parent: 90, box: [30, 30] },
    { tag: "BUTTON", backend: 94, parent: 93, box: [30, 20] },
    { tag: "DIV", backend: 80, parent: 2, box: [300, 40], listener: true },
    { tag: "TR", backend: 81, parent: 80, box: [300, 30], style: { cursor: "pointer" } },
    { tag: "TD", backend: 82, parent: 81, box: [30, 30] },
    { tag: "#text", backend: 83, parent: 82, box: [10, 10], text: "4" },
  ]);
  // The listening containers are targets themselves, as any listener with no target inside.
  assert.deepEqual([...none], [[60, "clickable"], [70, "clickable"], [81, "clickable"]]);
});

Deno.test("a row whose only controls are drawn on hover is hoverable, the nearest drawn element around them, or the link in it", () => {
  const marks = flags([
    ...page,
    { tag: "UL", backend: 10, parent: 2, box: [300, 60] },
    // `.row:hover .delete { display: inline }`: the button has no box until then.
    { tag: "LI", backend: 11, parent: 10, box: [300, 20] },
    { tag: "#text", backend: 12, parent: 11, box: [40, 10], text: "Alpha" },
    { tag: "BUTTON", backend: 13, parent: 11 },
    { tag: "#text", backend: 14, parent: 13, text: "Delete" },
    // A card whose toolbar of links is drawn but not visible until hovered.
    { tag: "DIV", backend: 20, parent: 2, box: [200, 80] },
    { tag: "DIV", backend: 21, parent: 20, box: [200, 20] },
    { tag: "#text", backend: 22, parent: 21, box: [60, 10], text: "Quarterly plan" },
    { tag: "DIV", backend: 23, parent: 20, box: [200, 20], style: { visibility: "hidden" } },
    { tag: "A", backend: 24, parent: 23, box: [40, 20], attributes: { href: "#edit" } },
    { tag: "#text", backend: 25, parent: 24, box: [30, 10], text: "Edit" },
  ]);
  assert.deepEqual([...marks], [
    [11, "hoverable"],
    [20, "hoverable"],
    [23, "hidden"],
    [24, "hidden"],
    [25, "hidden"],
  ]);

  // Not where something drawn inside is a target already (a menu's link that is hovered to
  // open its submenu: the link is hoverable, unless it says it opens a popup on a click, or it
  // is a button), where only a field is not drawn (a checkbox its label stands in for), for the
  // body, nor for a section holding more than a row or card.
  const filler: Spec[] = Array.from({ length: 61 }, (_, i) => ({
    tag: "SPAN",
    backend: 1000 + i,
    parent: 50,
    box: [10, 10] as [number, number],
  }));
  const others = flags([
    ...page,
    { tag: "LI", backend: 30, parent: 2, box: [300, 20] },
    { tag: "A", backend: 31, parent: 30, box: [60, 20], attributes: { href: "/products" } },
    { tag: "#text", backend: 32, parent: 31, box: [60, 10], text: "Products" },
    { tag: "UL", backend: 33, parent: 30 },
    { tag: "LI", backend: 34, parent: 33 },
    { tag: "A", backend: 35, parent: 34, attributes: { href: "/products/new" } },
    { tag: "LI", backend: 36, parent: 2, box: [300, 20] },
    {
      tag: "A",
      backend: 37,
      parent: 36,
      box: [60, 20],
      attributes: { href: "#", "aria-haspopup": "true" },
    },
    { tag: "UL", backend: 38, parent: 36 },
    { tag: "A", backend: 39, parent: 38, attributes: { href: "/account" } },
    { tag: "DIV", backend: 60, parent: 2, box: [300, 20] },
    { tag: "BUTTON", backend: 61, parent: 60, box: [60, 20] },
    { tag: "#text", backend: 62, parent: 61, box: [60, 10], text: "Options" },
    { tag: "UL", backend: 63, parent: 60 },
    { tag: "A", backend: 64, parent: 63, attributes: { href: "/export" } },
    // A small page's closed dialog: its buttons show when it opens.
    { tag: "MAIN", backend: 65, parent: 2, box: [300, 60] },
    { tag: "#text", backend: 66, parent: 65, box: [60, 10], text: "File a bug" },
    { tag: "DIV", backend: 67, parent: 65, attributes: { role: "dialog" } },
    { tag: "BUTTON", backend: 68, parent: 67 },
    { tag: "DIALOG", backend: 69, parent: 65 },
    { tag: "BUTTON", backend: 70, parent: 69 },
    { tag: "LI", backend: 40, parent: 2, box: [300, 20] },
    { tag: "#text", backend: 41, parent: 40, box: [40, 10], text: "Buy milk" },
    { tag: "INPUT", backend: 42, parent: 40, attributes: { type: "checkbox" } },
    { tag: "BUTTON", backend: 43, parent: 2 },
    { tag: "#text", backend: 44, parent: 43, text: "Close" },
    { tag: "SECTION", backend: 50, parent: 2, box: [800, 400] },
    { tag: "#text", backend: 51, parent: 50, box: [80, 10], text: "Team" },
    { tag: "BUTTON", backend: 52, parent: 50 },
    ...filler,
  ]);
  assert.deepEqual([...others], [[31, "hoverable"]]);
});

Deno.test("a control or clickable element says the first icon it is or holds; other elements do not", () => {
  const specs: Spec[] = [
    ...page,
    { tag: "BUTTON", backend: 10, parent: 2, box: [30, 30] },
    {
      tag: "I",
      backend: 11,
      parent: 10,
      box: [16, 16],
      attributes: { class: "fa-solid fa-trash" },
    },
    { tag: "I", backend: 12, parent: 10, box: [16, 16], attributes: { class: "bi bi-x" } },
    // A clickable span that is the icon itself (Material-style icon fonts with a listener).
    {
      tag: "SPAN",
      backend: 20,
      parent: 2,
      box: [16, 16],
      listener: true,
      attributes: { class: "mdi mdi-cog" },
    },
    // An icon beside text in a plain paragraph, and a hidden button's icon.
    { tag: "P", backend: 30, parent: 2, box: [200, 20] },
    { tag: "I", backend: 31, parent: 30, box: [16, 16], attributes: { class: "bi bi-info" } },
    {
      tag: "BUTTON",
      backend: 40,
      parent: 2,
      box: [30, 30],
      style: { visibility: "hidden" },
    },
    { tag: "svg", backend: 41, parent: 40, box: [16, 16], attributes: { "data-icon": "pen" } },
  ];
  const marks = flags(specs);
  // The first in document order.
  assert.equal(reduceSnapshot(snapshot(specs))?.nodes.get(10)?.icon, "trash");
  assert.deepEqual([...marks], [[10, "icon"], [20, "clickable,icon"], [40, "hidden"], [
    41,
    "hidden",
  ]]);
});

Deno.test("a nameless clickable part says what its class says it does; an icon set's name comes first", () => {
  const specs: Spec[] = [
    ...page,
    // A calendar's month arrow: a listening span around a bare SVG.
    {
      tag: "SPAN",
      backend: 10,
      parent: 2,
      box: [20, 20],
      listener: true,
      attributes: { class: "flatpickr-prev-month" },
    },
    { tag: "svg", backend: 11, parent: 10, box: [14, 14] },
    // A close button holding an icon its set names.
    { tag: "BUTTON", backend: 20, parent: 2, box: [30, 30], attributes: { class: "btn-close" } },
    { tag: "I", backend: 21, parent: 20, box: [16, 16], attributes: { class: "bi bi-x-lg" } },
    // A panel whose class says "toggle" but that takes no click.
    { tag: "DIV", backend: 30, parent: 2, box: [200, 40], attributes: { class: "toggle-panel" } },
    // A toggle that holds words: they name it.
    {
      tag: "BUTTON",
      backend: 40,
      parent: 2,
      box: [120, 30],
      attributes: { class: "dropdown-toggle" },
    },
    { tag: "#text", backend: 41, parent: 40, box: [80, 16], text: "Choose a country" },
  ];
  const nodes = reduceSnapshot(snapshot(specs))?.nodes;
  assert.equal(nodes?.get(10)?.icon, "prev-month");
  assert.equal(nodes?.get(20)?.icon, "x-lg");
  assert.equal(nodes?.get(30)?.icon, undefined);
  assert.equal(nodes?.get(40)?.icon, undefined);
});

Deno.test("an element that scrolls its own content and hides much of it is scrollable", () => {
  const scroller = (backend: number, scroll: [number, number], overflow = "auto"): Spec => ({
    tag: "DIV",
    backend,
    parent: 2,
    box: [300, 300],
    scroll,
    style: { "overflow-y": overflow },
  });
  const found = flags([
    ...page,
    // A list drawing 12 of 5,000 rows in a 300 px box over a spacer 150,000 px high.
    scroller(3, [300, 150_000]),
    // Hides less than half of what it shows: a few rows more than fit.
    scroller(4, [300, 420]),
    // Overflows without letting a person scroll it (a carousel's track, clipped).
    scroller(5, [300, 3_000], "hidden"),
    // A textarea scrolls what it holds as part of itself.
    { ...scroller(6, [300, 3_000]), tag: "TEXTAREA" },
    {
      tag: "DIV",
      backend: 7,
      parent: 2,
      box: [300, 100],
      scroll: [2_000, 100],
      style: {
        "overflow-x": "scroll",
      },
    },
  ]);
  assert.equal(found.get(3), "scrollable");
  assert.equal(found.get(4), undefined);
  assert.equal(found.get(5), undefined);
  assert.equal(found.get(6), undefined);
  assert.equal(found.get(7), "scrollable");
  // The page's own scrolling is the viewport's.
  const long = flags([
    { ...page[0], scroll: [800, 9_000], style: { "overflow-y": "auto" } },
    { ...page[1], scroll: [800, 9_000], style: { "overflow-y": "auto" } },
  ]);
  assert.equal(long.size, 0);
});

Deno.test("a snapshot without DOM rects names the boxes that may scroll; their sizes read apart mark them", () => {
  const box = (
    backend: number,
    style: Record<string, string>,
    size: [number, number] = [300, 300],
  ) => ({
    tag: "DIV",
    backend,
    parent: 2,
    box: size,
    style,
  });
  const specs: Spec[] = [
    { ...page[0], style: { "overflow-y": "auto" } },
    { ...page[1], style: { "overflow-y": "auto" } },
    box(3, { "overflow-y": "auto" }),
    box(4, { "overflow-x": "scroll" }),
    box(5, { "overflow-y": "overlay" }),
    // Clipped, not scrolled; not clipped; a box of a pixel; a field.
    box(6, { "overflow-y": "hidden" }),
    box(7, {}),
    box(8, { "overflow-y": "auto" }, [300, 1]),
    { ...box(9, { "overflow-y": "auto" }), tag: "TEXTAREA" },
  ];
  const raw = snapshot(specs, false);
  const parsed = parseSnapshot(raw);
  assert.ok(parsed !== undefined);
  assert.deepEqual(scrollCandidates(parsed), [3, 4, 5]);
  const sizes = new Map([
    [3, { scroll: [0, 0, 300, 150_000], client: [0, 0, 300, 300] }],
    [4, { scroll: [0, 0, 2_000, 300], client: [0, 0, 300, 300] }],
    // Hides less than half of what it shows.
    [5, { scroll: [0, 0, 300, 420], client: [0, 0, 300, 300] }],
  ]);
  const marked = (reduced: ReturnType<typeof reduceSnapshot>) =>
    [...reduced?.nodes ?? []].filter(([, signals]) => signals.scrollable).map(([id]) => id);
  assert.deepEqual(marked(reduceSnapshot(raw, sizes)), [3, 4]);
  // Sizes not read: nothing is taken to scroll.
  assert.deepEqual(marked(reduceSnapshot(raw)), []);
  // The snapshot's own rects, where it has them, are what counts.
  assert.deepEqual(marked(reduceSnapshot(snapshot(specs), sizes)), []);
});

Deno.test("a scroller around one list passes its mark to the list; one around rows keeps it", () => {
  const scroller = (backend: number): Spec => ({
    tag: "DIV",
    backend,
    parent: 2,
    box: [300, 300],
    scroll: [300, 3_000],
    style: { "overflow-y": "auto" },
  });
  const found = flags([
    ...page,
    // A dropdown's scroll wrapper around its listbox, and one around a list.
    scroller(3),
    { tag: "DIV", backend: 4, parent: 3, box: [300, 3_000], attributes: { role: "listbox" } },
    scroller(5),
    { tag: "UL", backend: 6, parent: 5, box: [300, 3_000] },
    // A virtual list's spacer is no row of its own: the scroller keeps the mark.
    scroller(7),
    { tag: "DIV", backend: 8, parent: 7, box: [300, 3_000] },
    // Nor a spacer that says it stands for nothing.
    scroller(9),
    { tag: "DIV", backend: 10, parent: 9, box: [300, 3_000], attributes: { role: "presentation" } },
    // A list beside a text of the scroller's own, or beside another element.
    scroller(11),
    { tag: "#text", backend: 12, parent: 11, box: [100, 20], text: "Contacts" },
    { tag: "UL", backend: 13, parent: 11, box: [300, 3_000] },
    scroller(14),
    { tag: "UL", backend: 15, parent: 14, box: [300, 1_500] },
    { tag: "UL", backend: 16, parent: 14, box: [300, 1_500] },
    // A control, or a role a row shows only with the mark (a grid's `rowgroup`): it stays.
    scroller(17),
    { tag: "BUTTON", backend: 18, parent: 17, box: [300, 3_000] },
    scroller(19),
    { tag: "DIV", backend: 20, parent: 19, box: [300, 3_000], attributes: { role: "rowgroup" } },
  ]);
  const marked = [...found].filter(([, flags]) => flags === "scrollable").map(([id]) => id);
  assert.deepEqual(marked, [4, 6, 7, 9, 11, 14, 17, 19]);
});

Deno.test("a see-through picture is hidden, unless a control holds it or it takes clicks", () => {
  const faded = { opacity: "0" };
  const found = flags([
    ...page,
    { tag: "DIV", backend: 3, parent: 2, box: [300, 100] },
    { tag: "IMG", backend: 4, parent: 3, box: [20, 20], style: faded },
    { tag: "svg", backend: 5, parent: 3, box: [20, 20], style: faded },
    { tag: "path", backend: 6, parent: 5, box: [20, 20] },
    {
      tag: "SPAN",
      backend: 7,
      parent: 3,
      box: [20, 20],
      attributes: { role: "img" },
      style: faded,
    },
    // Drawn; in a button (a hover may draw it); clicked itself; text.
    { tag: "IMG", backend: 8, parent: 3, box: [20, 20] },
    { tag: "BUTTON", backend: 9, parent: 3, box: [40, 20] },
    { tag: "svg", backend: 10, parent: 9, box: [20, 20], style: faded },
    { tag: "IMG", backend: 11, parent: 3, box: [20, 20], style: faded, listener: true },
    { tag: "SPAN", backend: 12, parent: 3, box: [20, 20], style: faded },
  ]);
  for (const id of [4, 5, 6, 7]) assert.equal(found.get(id), "hidden", String(id));
  for (const id of [8, 10, 12]) assert.equal(found.get(id), undefined, String(id));
  assert.equal(found.get(11), "clickable");
});

Deno.test("an icon that hides itself with aria-hidden and takes clicks is marked so, named by its glyph", () => {
  const icon = (backend: number, parent = 20, extra: Partial<Spec> = {}): Spec => ({
    tag: "I",
    backend,
    parent,
    box: [16, 16],
    listener: true,
    attributes: { "aria-hidden": "true", class: "fa fa-trash" },
    ...extra,
  });
  const reduced = reduceSnapshot(snapshot([
    ...page,
    // An app's root, where a framework listens for every click.
    { tag: "DIV", backend: 20, parent: 2, box: [800, 400], listener: true },
    icon(3),
    // A glyph of its own: its name; its text stays hidden.
    icon(4, 20, { tag: "SPAN", attributes: { "aria-hidden": "true" } }),
    { tag: "#text", backend: 5, parent: 4, box: [8, 16], text: "×" },
    // Inside a button: the button's. Inside a hidden slide: hidden.
    { tag: "BUTTON", backend: 6, parent: 20, box: [80, 20] },
    icon(7, 6),
    { tag: "DIV", backend: 8, parent: 20, box: [300, 100], attributes: { "aria-hidden": "true" } },
    icon(9, 8),
    // Words; too large; taking no clicks; see-through.
    icon(10, 20, { tag: "SPAN", attributes: { "aria-hidden": "true" } }),
    { tag: "#text", backend: 11, parent: 10, box: [40, 16], text: "Archive" },
    icon(12, 20, { box: [200, 200] }),
    icon(13, 20, { listener: false }),
    icon(14, 20, { style: { opacity: "0" } }),
    // Nameless: neither an icon set's name nor a glyph.
    icon(15, 20, { attributes: { "aria-hidden": "true" } }),
  ]));
  assert.ok(reduced !== undefined);
  const marked = [...reduced.nodes].filter(([, s]) => s.ariaHidden).map(([id, s]) => [
    id,
    s.hidden,
    s.clickable,
    s.icon ?? s.glyph,
  ]);
  assert.deepEqual(marked, [[3, false, true, "trash"], [4, false, true, "×"]]);
  assert.equal(reduced.nodes.get(5)?.hidden, true);
  for (const id of [7, 9, 10, 12, 13, 14, 15]) {
    assert.notEqual(reduced.nodes.get(id)?.clickable, true, String(id));
  }
});

Deno.test("a label stands for its checkbox or radio when the input is not rendered", () => {
  const reduced = reduceSnapshot(snapshot([
    ...page,
    // A star rating: inputs display:none, each label drawn as a star, by `for`.
    { tag: "INPUT", backend: 3, parent: 2, attributes: { type: "radio", id: "s5" } },
    { tag: "LABEL", backend: 4, parent: 2, box: [20, 20], attributes: { for: "s5" } },
    { tag: "INPUT", backend: 5, parent: 2, checked: true, attributes: { type: "radio", id: "s4" } },
    { tag: "LABEL", backend: 6, parent: 2, box: [20, 20], attributes: { for: "s4" } },
    // A checkbox hidden inside its label (Tailwind's `hidden peer`).
    { tag: "LABEL", backend: 7, parent: 2, box: [120, 20] },
    { tag: "INPUT", backend: 8, parent: 7, attributes: { type: "checkbox" } },
    { tag: "SPAN", backend: 9, parent: 7, box: [100, 20] },
    // A label of a rendered input, of a hidden text field, of no element, and a hidden label.
    { tag: "INPUT", backend: 10, parent: 2, box: [16, 16], attributes: { type: "radio", id: "a" } },
    { tag: "LABEL", backend: 11, parent: 2, box: [40, 20], attributes: { for: "a" } },
    { tag: "INPUT", backend: 12, parent: 2, attributes: { type: "text", id: "t" } },
    { tag: "LABEL", backend: 13, parent: 2, box: [40, 20], attributes: { for: "t" } },
    { tag: "LABEL", backend: 14, parent: 2, box: [40, 20], attributes: { for: "nowhere" } },
    { tag: "INPUT", backend: 15, parent: 2, attributes: { type: "checkbox", id: "c" } },
    { tag: "LABEL", backend: 16, parent: 2, attributes: { for: "c" } },
    // A label that names another input by `for` does not stand for the one inside it.
    { tag: "LABEL", backend: 17, parent: 2, box: [40, 20], attributes: { for: "a" } },
    { tag: "INPUT", backend: 18, parent: 17, attributes: { type: "checkbox" } },
    // A switch drawn by the page holds its label and hidden input: the switch is the control.
    { tag: "ION-TOGGLE", backend: 19, parent: 2, box: [60, 20], attributes: { role: "switch" } },
    { tag: "LABEL", backend: 20, parent: 19, box: [60, 20] },
    { tag: "INPUT", backend: 21, parent: 20, attributes: { type: "checkbox" } },
  ]));
  assert.ok(reduced !== undefined);
  const stands = [...reduced.nodes].flatMap(([backend, signals]) =>
    signals.standsFor === undefined ? [] : [[backend, signals.standsFor]]
  );
  assert.deepEqual(stands, [
    [4, { role: "radio", checked: false }],
    [6, { role: "radio", checked: true }],
    [7, { role: "checkbox", checked: false }],
  ]);
});

Deno.test("a link, button or clickable element no pointer event reaches is pointerless", () => {
  const found = flags([
    ...page,
    // Bootstrap's disabled link button; a link inheriting it (a body turned off while a
    // dropdown is open) is not marked.
    {
      tag: "A",
      backend: 3,
      parent: 2,
      box: [60, 20],
      attributes: { href: "#next" },
      style: { "pointer-events": "none" },
    },
    { tag: "LI", backend: 4, parent: 2, box: [60, 20], style: { "pointer-events": "none" } },
    { tag: "A", backend: 5, parent: 4, box: [60, 20], attributes: { href: "#prev" } },
    { tag: "DIV", backend: 6, parent: 2, box: [60, 20], attributes: { role: "tab" } },
    { tag: "DIV", backend: 7, parent: 6, box: [60, 20], style: { "pointer-events": "none" } },
    // An icon a button's clicks pass through to the button, a button inside a control that
    // takes its clicks, and a decoration.
    { tag: "BUTTON", backend: 8, parent: 2, box: [60, 20] },
    { tag: "SPAN", backend: 9, parent: 8, box: [16, 16], style: { "pointer-events": "none" } },
    {
      tag: "BUTTON",
      backend: 12,
      parent: 8,
      box: [16, 16],
      style: { "pointer-events": "none" },
    },
    { tag: "DIV", backend: 10, parent: 2, box: [60, 20], style: { "pointer-events": "none" } },
    // A checkbox its label is clicked for keeps its state of its own.
    {
      tag: "INPUT",
      backend: 11,
      parent: 2,
      box: [16, 16],
      attributes: { type: "checkbox" },
      style: { "pointer-events": "none" },
    },
  ]);
  const pointerless = [...found].filter(([, on]) => on.includes("pointerless"));
  assert.deepEqual(pointerless.map(([id]) => id), [3]);
});

Deno.test("the one item a class marks active among items drawn alike is current", () => {
  const link = (backend: number, parent: number): Spec => ({
    tag: "A",
    backend,
    parent,
    box: [60, 20],
    attributes: { href: `#${backend}` },
  });
  const found = flags([
    ...page,
    // Bootstrap 3's tabs: the item holds the link, which is current.
    { tag: "UL", backend: 3, parent: 2, box: [300, 20] },
    { tag: "LI", backend: 4, parent: 3, box: [60, 20], attributes: { class: "active" } },
    link(5, 4),
    { tag: "LI", backend: 6, parent: 3, box: [60, 20] },
    link(7, 6),
    // A pricing toggle's buttons.
    { tag: "DIV", backend: 8, parent: 2, box: [200, 20] },
    { tag: "BUTTON", backend: 9, parent: 8, box: [60, 20], attributes: { class: "btn" } },
    { tag: "BUTTON", backend: 10, parent: 8, box: [60, 20], attributes: { class: "btn active" } },
    // Two marked: no one is the item shown.
    { tag: "DIV", backend: 11, parent: 2, box: [200, 20] },
    { tag: "BUTTON", backend: 12, parent: 11, box: [60, 20], attributes: { class: "active" } },
    { tag: "BUTTON", backend: 13, parent: 11, box: [60, 20], attributes: { class: "active" } },
    // An open dropdown among a form's fields is open, not current.
    { tag: "FORM", backend: 14, parent: 2, box: [200, 80] },
    { tag: "DIV", backend: 15, parent: 14, box: [200, 20], attributes: { class: "field" } },
    {
      tag: "DIV",
      backend: 16,
      parent: 14,
      box: [200, 20],
      listener: true,
      attributes: { class: "ui dropdown active" },
    },
    // Where ARIA says which is chosen, the class says no more.
    { tag: "DIV", backend: 17, parent: 2, box: [200, 20] },
    {
      tag: "BUTTON",
      backend: 18,
      parent: 17,
      box: [60, 20],
      attributes: { class: "active", "aria-pressed": "false" },
    },
    {
      tag: "BUTTON",
      backend: 19,
      parent: 17,
      box: [60, 20],
      attributes: { "aria-pressed": "true" },
    },
  ]);
  const current = [...found].filter(([, on]) => on.includes("current")).map(([id]) => id);
  assert.deepEqual(current, [5, 10]);
});

Deno.test("scrollsFar() wants a scrolling overflow and half as much again hidden, a row at least", () => {
  assert.equal(scrollsFar("auto", [0, 0, 300, 451], [0, 0, 300, 300], 3), true);
  assert.equal(scrollsFar("scroll", [0, 0, 300, 449], [0, 0, 300, 300], 3), false);
  // A small box must hide a row's height, not only half of itself.
  assert.equal(scrollsFar("auto", [0, 0, 300, 59], [0, 0, 300, 20], 3), false);
  assert.equal(scrollsFar("overlay", [0, 0, 300, 61], [0, 0, 300, 20], 3), true);
  assert.equal(scrollsFar("visible", [0, 0, 300, 9_000], [0, 0, 300, 300], 3), false);
  // Without the sizes (an older answer), nothing is said.
  assert.equal(scrollsFar("auto", undefined, undefined, 3), false);
});
