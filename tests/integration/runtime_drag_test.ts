/**
 * `drag {from, to}` over real sockets against a scripted provider and a
 * page whose nodes sit apart: both ends hit-tested before anything is
 * sent, then real pointer input with HTML5 drag events when the page
 * started such a drag and without them when it did not, interception off
 * at the end, journaled with both ends.
 */
import assert from "node:assert/strict";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { fixtureSnapshot } from "./_scripted_page.ts";
import { type RuntimeWorld, runtimeWorld } from "./_runtime_world.ts";

const snapshot = fixtureSnapshot("form_page.json");
const rowPx = 6;

/** Each node in its own 6 px row, in document order. */
const layout = {
  quad(backendNodeId: number): number[] {
    const top = snapshot.nodes.findIndex((node) => node.backendNodeId === backendNodeId) * rowPx;
    return [10, top, 110, top, 110, top + rowPx - 1, 10, top + rowPx - 1];
  },
  at(_x: number, y: number): number | undefined {
    return snapshot.nodes[Math.floor(y / rowPx)]?.backendNodeId;
  },
};

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

async function dragWorld() {
  const world = await runtimeWorld({ snapshot, layout });
  const seen = await world.client.call("browser.observe", world.handle);
  const from = refOf(seen, "link", "Cart (2)");
  const to = refOf(seen, "link", "Account");
  const drag = (requestId: string) =>
    world.client.call("browser.act", {
      ...world.handle,
      requestId,
      documentEpoch: seen.documentEpoch,
      action: { kind: "drag", from, to },
    });
  return { world, drag, from, to };
}

/**
 * The input the provider was asked for, mouse events by type, and where a
 * wait for the page (`rest`) came between, up to the action's last input.
 */
function inputs(world: RuntimeWorld): string[] {
  const calls = world.provider.cdpCalls;
  let sent = 0;
  const steps: string[] = [];
  for (const label of world.provider.leasedCalls) {
    if (label === "page.settle") steps.push("rest");
    if (!label.startsWith("cdp ")) continue;
    const call = calls[sent++];
    if (!call.method.startsWith("Input.")) continue;
    const type = call.params.type ?? call.params.enabled;
    steps.push(`${call.method.slice("Input.".length)} ${type}`);
  }
  // The wait after the action is the action's, not the drag's.
  return steps.slice(0, steps.lastIndexOf("setInterceptDrags false") + 1);
}

Deno.test("a drag on a page with HTML5 drags: pointer down, a move, drags over the way, the drop, pointer up", async () => {
  const { world, drag, from, to } = await dragWorld();
  await using _ = world;
  const result = await drag("drag-1");
  assert.equal(result.status, "unverified", "nothing to check without expect");
  assert.deepEqual(inputs(world), [
    "setInterceptDrags true",
    "dispatchMouseEvent mouseMoved",
    "dispatchMouseEvent mousePressed",
    // The page starts its drag on the first move: from there on, as in a browser's drag
    // session, each step is a drag over the page.
    "dispatchMouseEvent mouseMoved",
    "dispatchDragEvent dragEnter",
    ...Array.from({ length: 10 }, () => "dispatchDragEvent dragOver"),
    // It rests at the end until the page went quiet, where the page hears it again after each
    // rest, before the drop.
    "rest",
    "dispatchDragEvent dragOver",
    "rest",
    "dispatchDragEvent dragOver",
    "dispatchDragEvent drop",
    "dispatchMouseEvent mouseReleased",
    "setInterceptDrags false",
  ]);
  // The drags go step by step from the start to the end, where the drop is.
  const drags = world.provider.cdpCalls.filter((call) => call.method === "Input.dispatchDragEvent")
    .map((call) => Number(call.params.y));
  assert.ok(drags.every((y, i) => i === 0 || y >= drags[i - 1]), `drags go one way: ${drags}`);
  assert.ok(drags[1] < drags.at(-1)!, "the drags move");
  assert.equal(layout.at(0, drags.at(-1)!), 47);
  // The press is on the start, the release on the end.
  const mouse = world.provider.cdpCalls.filter((call) =>
    call.method === "Input.dispatchMouseEvent"
  );
  const nodeAt = (params: { x?: unknown; y?: unknown } | undefined) =>
    layout.at(Number(params?.x), Number(params?.y));
  assert.equal(nodeAt(mouse[1].params), 32);
  assert.equal(nodeAt(mouse.at(-1)?.params), 47);

  const [entry] = readAudit(world.env.broker.runtime.journal.path, 10);
  assert.equal(entry.action.kind, "drag");
  assert.equal(entry.action.ref, from);
  assert.match(entry.action.description, new RegExp(`"Cart \\(2\\)" → ${to}$`));
});

Deno.test("a drag on a page that drags on pointer events alone sends no drag events", async () => {
  const { world, drag } = await dragWorld();
  await using _ = world;
  world.page.html5Drag = false;
  await drag("drag-2");
  assert.deepEqual(inputs(world), [
    "setInterceptDrags true",
    "dispatchMouseEvent mouseMoved",
    "dispatchMouseEvent mousePressed",
    // After each move the provider is asked whether a drag began: it answers without sending.
    ...Array.from(
      { length: 10 },
      () => ["dispatchMouseEvent mouseMoved", "dispatchDragEvent dragEnter"],
    )
      .flat(),
    // A page that looks where the pointer is on a timer hears where it rests before it lets go.
    "rest",
    "dispatchMouseEvent mouseReleased",
    "setInterceptDrags false",
  ]);
});

Deno.test("a drag whose end is covered is refused with nothing sent", async () => {
  const { world, drag } = await dragWorld();
  await using _ = world;
  world.page.coveredBy = 8;
  await assert.rejects(drag("drag-3"), (error) => isLeashError(error, "TARGET_COVERED"));
  assert.deepEqual(inputs(world), []);
});
