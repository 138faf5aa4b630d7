import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { childBinding, framesLease, framesProvider } from "../testing/fake_frames.ts";
import { clickInFrame, frameGeometry, prepareFrameClick } from "./frame_click.ts";

const lease = framesLease;
const binding = childBinding;
const request = { binding, backendNodeId: 501, role: "button", name: "Inside" };
const signal = new AbortController().signal;

async function setup() {
  const provider = await framesProvider();
  const inputs = () =>
    provider.browser.commands.filter((command) => command.method.startsWith("Input."))
      .map((command) => `${command.params?.type} ${command.params?.x},${command.params?.y}`);
  return { ...provider, inputs };
}

Deno.test("frame.click.prepare checks the element and sends no input", async () => {
  const { context, inputs } = await setup();
  assert.deepEqual(await prepareFrameClick(context, { lease, request }, signal), {
    acknowledged: false,
  });
  assert.deepEqual(inputs(), []);
});

Deno.test("frame.click sends one pointer pair at the element's centre in page coordinates", async () => {
  const { context, inputs, browser } = await setup();
  assert.deepEqual(await clickInFrame(context, { lease, request }, signal), {
    acknowledged: true,
  });
  assert.deepEqual(inputs(), [
    "mouseMoved 150,190",
    "mousePressed 150,190",
    "mouseReleased 150,190",
  ]);
  assert.ok(
    browser.commands.some((command) => command.method === "DOM.scrollIntoViewIfNeeded"),
    "scrolled into view first",
  );
});

Deno.test("frame.click presses as asked: a double right-click with Shift held", async () => {
  const { context, browser } = await setup();
  const press = { button: "right" as const, count: 2, modifiers: ["Shift" as const] };
  await clickInFrame(context, { lease, request: { ...request, press } }, signal);
  const presses = browser.commands.filter((command) => command.method.startsWith("Input."))
    .map(({ params }) =>
      `${params?.type} ${params?.button ?? ""} ${params?.clickCount ?? ""} ${
        params?.modifiers ?? 0
      }`
    );
  assert.deepEqual(presses, [
    "mouseMoved   0",
    "mousePressed right 1 8",
    "mouseReleased right 1 8",
    "mousePressed right 2 8",
    "mouseReleased right 2 8",
  ]);
});

Deno.test("frame.geometry says where the element is in the page and in its frame", async () => {
  const { context } = await setup();
  assert.deepEqual(
    await frameGeometry(context, { lease, request: { binding, backendNodeId: 501 } }, signal),
    { point: { x: 150, y: 190 }, local: { x: 50, y: 90 }, depth: 1 },
  );
});

Deno.test("a covered element, another role or name, or a stale binding is refused with no input", async () => {
  const { context, inputs, page } = await setup();
  const cases: [string, typeof request, string][] = [
    ["another name", { ...request, name: "Other" }, "STALE_TARGET"],
    ["another role", { ...request, role: "link" }, "STALE_TARGET"],
    ["a root node", { ...request, backendNodeId: 2 }, "STALE_TARGET"],
    ["another document", {
      ...request,
      binding: { ...binding, contextUniqueId: "document:9" },
    }, "STALE_TARGET"],
  ];
  for (const [what, bad, code] of cases) {
    await assert.rejects(
      clickInFrame(context, { lease, request: bad }, signal),
      (error) => isLeashError(error, code as "STALE_TARGET"),
      what,
    );
  }
  page.state.hit = { backendNodeId: 77, frameId: "child" };
  await assert.rejects(
    clickInFrame(context, { lease, request }, signal),
    (error) => isLeashError(error, "TARGET_COVERED"),
  );
  page.state.hit = { backendNodeId: 501, frameId: "root" };
  await assert.rejects(
    prepareFrameClick(context, { lease, request }, signal),
    (error) => isLeashError(error, "TARGET_COVERED"),
    "the same node ID in another frame is not a hit",
  );
  assert.deepEqual(inputs(), []);
  // A hit inside the element counts.
  page.state.hit = { backendNodeId: 77, frameId: "child" };
  page.state.contains = true;
  assert.deepEqual(await clickInFrame(context, { lease, request }, signal), {
    acknowledged: true,
  });
});
