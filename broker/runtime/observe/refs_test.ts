import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import { isActionable, RefTable, RefTableFullError } from "./refs.ts";

Deno.test("refFor() allocates e1, e2, … in first-sight order and repeats for a known node", () => {
  const table = new RefTable();
  assert.equal(table.refFor(40, { role: "button", name: "Pay" }), "e1");
  assert.equal(table.refFor(7, { role: "link", name: "Home" }), "e2");
  assert.equal(table.refFor(40, { role: "button", name: "Pay" }), "e1");
  assert.equal(table.size, 2);
});

Deno.test("refFor() keeps the ref of a node whose role changed and resolve() reports the latest", () => {
  const table = new RefTable();
  const ref = table.refFor(40, { role: "button", name: "Menu" });
  assert.equal(table.refFor(40, { role: "menuitem", name: "Menu (open)" }), ref);
  assert.deepEqual(table.resolve(ref), {
    backendNodeId: 40,
    role: "menuitem",
    name: "Menu (open)",
  });
});

Deno.test("resolve() returns undefined for a ref the table never issued", () => {
  const table = new RefTable();
  table.refFor(1, { role: "button", name: "A" });
  assert.equal(table.resolve("e2"), undefined);
  assert.equal(table.resolve("E1"), undefined);
  assert.equal(table.resolve(""), undefined);
});

Deno.test("resolve() returns a copy the caller cannot use to rewrite the table", () => {
  const table = new RefTable();
  const ref = table.refFor(1, { role: "button", name: "A" });
  const target = table.resolve(ref);
  assert.ok(target !== undefined);
  target.backendNodeId = 99;
  assert.equal(table.resolve(ref)?.backendNodeId, 1);
});

Deno.test("a ref given to a node is never given to another node", () => {
  const table = new RefTable();
  const seen = new Map<string, number>();
  for (let round = 0; round < 3; round++) {
    for (let id = 1; id <= 50; id++) {
      const node = round * 25 + id; // half the nodes recur, half are new
      const ref = table.refFor(node, { role: "button", name: String(node) });
      const owner = seen.get(ref);
      assert.ok(owner === undefined || owner === node, `${ref} named ${owner} and ${node}`);
      seen.set(ref, node);
    }
  }
});

Deno.test("refFor() fails with a QUEUE_FULL RefTableFullError past the bound, known nodes still resolve", () => {
  const table = new RefTable({ maxRefs: 2 });
  const a = table.refFor(1, { role: "button", name: "A" });
  table.refFor(2, { role: "button", name: "B" });
  assert.throws(
    () => table.refFor(3, { role: "button", name: "C" }),
    (error) => error instanceof RefTableFullError && isLeashError(error, "QUEUE_FULL"),
  );
  assert.equal(table.refFor(1, { role: "button", name: "A" }), a);
  assert.equal(table.refOf(3), undefined);
});

Deno.test("refOf() peeks without allocating", () => {
  const table = new RefTable();
  assert.equal(table.refOf(5), undefined);
  assert.equal(table.size, 0);
  const ref = table.refFor(5, { role: "link", name: "x" });
  assert.equal(table.refOf(5), ref);
});

Deno.test("refFor() uses a shared allocator and refuses one that repeats", () => {
  let last = 10;
  const table = new RefTable({ allocate: () => ++last });
  assert.equal(table.refFor(1, { role: "button", name: "A" }), "e11");
  const broken = new RefTable({ allocate: () => 1 });
  broken.refFor(1, { role: "button", name: "A" });
  assert.throws(() => broken.refFor(2, { role: "button", name: "B" }), /repeated/);
});

Deno.test("isActionable() covers widget roles and editable or focused nodes, not structure", () => {
  for (const role of ["button", "link", "textbox", "checkbox", "radio", "combobox", "option"]) {
    assert.ok(isActionable({ role, states: [] }), role);
  }
  for (const role of ["menuitemcheckbox", "tab", "switch", "slider", "spinbutton", "gridcell"]) {
    assert.ok(isActionable({ role, states: [] }), role);
  }
  for (const role of ["heading", "cell", "row", "table", "generic", "StaticText", "main"]) {
    assert.ok(!isActionable({ role, states: [] }), role);
  }
  assert.ok(isActionable({ role: "generic", states: ["editable"] }));
  assert.ok(isActionable({ role: "cell", states: ["focused"] }));
});

Deno.test("isActionable() gives clickable and draggable rows a ref whatever their role", () => {
  assert.equal(isActionable({ role: "generic", states: ["clickable"] }), true);
  assert.equal(isActionable({ role: "listitem", states: ["draggable"] }), true);
  assert.equal(isActionable({ role: "generic", states: ["contenteditable"] }), false);
  assert.equal(isActionable({ role: "generic", states: [] }), false);
});

Deno.test("RefTable says where the page drew a ref's element again, following each redraw", () => {
  const table = new RefTable();
  const first = table.refFor(1, { role: "gridcell", name: "20" });
  const second = table.refFor(2, { role: "gridcell", name: "20" });
  const third = table.refFor(3, { role: "gridcell", name: "20" });
  assert.equal(table.redrawnAs(first), undefined);
  table.noteRedrawn(first, second);
  table.noteRedrawn(second, third);
  assert.equal(table.redrawnAs(first), third);
  assert.equal(table.redrawnAs(second), third);
  // The old ref still names its own node: an action on it finds it gone and says where to act.
  assert.equal(table.resolve(first)?.backendNodeId, 1);
  // Not a ref of this table, or a loop back: nothing.
  table.noteRedrawn(first, "e99");
  assert.equal(table.redrawnAs(first), third);
  table.noteRedrawn(third, first);
  assert.equal(table.redrawnAs(third), second);
});
