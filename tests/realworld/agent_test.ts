import assert from "node:assert/strict";
import { type ActOptions, type Adapter, runTask, stepLabel } from "./agent.ts";
import type { Step, Task } from "./tasks.ts";
import type { Row } from "./rows.ts";

/** An adapter whose page shows `rows` and that records each act it is asked for. */
function fakeAdapter(rows: Row[]) {
  const acts: { step: Step; ref: string | undefined; options: ActOptions }[] = [];
  const adapter: Adapter = {
    label: "fake",
    open: () => Promise.resolve(),
    observe: () => Promise.resolve({ rows, partial: false }),
    act: (step, ref, options) => {
      acts.push({ step, ref, options });
      return Promise.resolve();
    },
    leave: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  return { adapter, acts };
}

const drag: Step = {
  intent: "drag",
  target: { role: "button", name: "Move Ship dark mode" },
  to: { role: "button", name: "Move Fix login bug" },
};

function task(steps: Step[]): Task {
  return { id: "t", page: "t.html", about: "t", steps, outcome: "done" };
}

Deno.test("runTask() gives a drag the refs of its start and its end", async () => {
  const { adapter, acts } = fakeAdapter([
    { role: "button", name: "Move Fix login bug", ref: "e1" },
    { role: "button", name: "Move Ship dark mode", ref: "e3" },
  ]);
  const run = await runTask(adapter, task([drag]), "http://127.0.0.1/t.html");
  assert.deepEqual(run, { completed: true, retries: [] });
  assert.deepEqual(acts, [{ step: drag, ref: "e3", options: { focused: false, to: "e1" } }]);
});

Deno.test("runTask() fails a drag whose end has no ref, naming the end", async () => {
  const { adapter, acts } = fakeAdapter([
    { role: "button", name: "Move Ship dark mode", ref: "e3" },
  ]);
  const run = await runTask(adapter, task([drag]), "http://127.0.0.1/t.html");
  assert.equal(run.completed, false);
  assert.match(run.failure ?? "", /no button "Move Fix login bug" with a ref/);
  assert.deepEqual(acts, []);
});

Deno.test("runTask() takes an item by its text where the snapshot shows only the text", async () => {
  const hover = {
    intent: "hover" as const,
    target: { role: "listitem", name: "Login fails on Safari" },
  };
  const press = { intent: "click" as const, target: { role: "button", name: "Pin" } };
  const { adapter, acts } = fakeAdapter([
    { role: "", name: "Login fails on Safari", ref: "1_4" },
    // A button's text is no button: only items may be taken by their text.
    { role: "", name: "Pin", ref: "1_5" },
  ]);
  const run = await runTask(adapter, task([hover, press]), "http://127.0.0.1/t.html");
  assert.equal(run.completed, false);
  assert.match(run.failure ?? "", /no button "Pin" with a ref/);
  assert.deepEqual(acts.map((act) => act.ref), ["1_4"]);
});

Deno.test("runTask() takes a nameless editor by the text it shows, not a named one", async () => {
  const fill = {
    intent: "fill" as const,
    target: { role: "generic", name: "Summary goes here." },
    text: "Faster sign-in",
  };
  const press = { intent: "click" as const, target: { role: "button", name: "Save" } };
  const { adapter, acts } = fakeAdapter([
    { role: "generic", name: "", ref: "e1", value: "Summary goes here." },
    // A named button showing that value is known by its name.
    { role: "button", name: "Send", ref: "e2", value: "Save" },
  ]);
  const run = await runTask(adapter, task([fill, press]), "http://127.0.0.1/t.html");
  assert.equal(run.completed, false);
  assert.match(run.failure ?? "", /no button "Save" with a ref/);
  assert.deepEqual(acts.map((act) => act.ref), ["e1"]);
});

Deno.test("stepLabel() names a drag's start and its end", () => {
  assert.equal(
    stepLabel(drag),
    'drag button "Move Ship dark mode" to button "Move Fix login bug"',
  );
});

Deno.test("runTask() retries a step on the ref its error names as the target's new self, without looking again", async () => {
  const { adapter, acts } = fakeAdapter([{ role: "gridcell", name: "20", ref: "e33" }]);
  let looks = 0;
  adapter.observe = () => {
    looks++;
    return Promise.resolve({
      rows: [{ role: "gridcell", name: "20", ref: "e33" }],
      partial: false,
    });
  };
  adapter.act = (step, ref, options) => {
    acts.push({ step, ref, options });
    return ref === "e33" ? Promise.reject(new Error("drawn again as e139")) : Promise.resolve();
  };
  adapter.redrawnRef = (error) => /as (e\d+)/.exec(String(error))?.[1];
  const run = await runTask(
    adapter,
    task([{ intent: "click", target: { role: "gridcell", name: "20" } }]),
    "u",
  );
  assert.equal(run.completed, true);
  assert.deepEqual(acts.map((act) => act.ref), ["e33", "e139"]);
  assert.equal(looks, 1);
});

Deno.test("runTask() takes a target from what the answers since the look told, without looking again", async () => {
  const { adapter, acts } = fakeAdapter([{ role: "treeitem", name: "Documents", ref: "e1" }]);
  let looks = 0;
  adapter.observe = () => {
    looks++;
    return Promise.resolve({
      rows: [{ role: "treeitem", name: "Documents", ref: "e1" }],
      partial: false,
    });
  };
  // The first action's answer showed the folder's children; the second's a redrawn folder.
  const told = [
    [{ role: "treeitem", name: "Documents", ref: "e1" }],
    [{ role: "treeitem", name: "Documents", ref: "e1" }, {
      role: "treeitem",
      name: "Contracts",
      ref: "e4",
    }],
    [{ role: "treeitem", name: "Documents", ref: "e9" }, {
      role: "treeitem",
      name: "Contracts",
      ref: "e4",
    }],
  ];
  adapter.told = () => ({ rows: told[acts.length], partial: false });
  const open = {
    intent: "press" as const,
    target: { role: "treeitem", name: "Documents" },
    key: "ArrowRight",
  };
  const run = await runTask(
    adapter,
    task([open, { intent: "click", target: { role: "treeitem", name: "Contracts" } }, open]),
    "u",
  );
  assert.deepEqual(run, { completed: true, retries: [] });
  assert.deepEqual(acts.map((act) => act.ref), ["e1", "e4", "e9"]);
  assert.equal(looks, 1);
});

Deno.test("runTask() narrows where a look was cut, though the answers since told the rest whole", async () => {
  const { adapter, acts } = fakeAdapter([]);
  const narrowed: (string | undefined)[] = [];
  adapter.observe = (narrow) => {
    narrowed.push(narrow);
    return Promise.resolve(
      narrow === undefined
        ? { rows: [], partial: true }
        : { rows: [{ role: "button", name: "Pay", ref: "e7" }], partial: true },
    );
  };
  adapter.told = () => ({ rows: [], partial: false });
  const run = await runTask(
    adapter,
    task([{ intent: "click", target: { role: "button", name: "Pay" } }]),
    "u",
  );
  assert.deepEqual(run, { completed: true, retries: [] });
  assert.deepEqual(narrowed, [undefined, "Pay"]);
  assert.deepEqual(acts.map((act) => act.ref), ["e7"]);
});
