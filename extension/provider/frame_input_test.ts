import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { FrameInput } from "../../contracts/methods/frames.ts";
import { childBinding, framesLease, framesProvider } from "../testing/fake_frames.ts";
import { inputInFrame, prepareFrameInput } from "./frame_input.ts";

const lease = framesLease;
const binding = childBinding;
const target = { binding, backendNodeId: 501, role: "button", name: "Inside" };
const signal = new AbortController().signal;

async function setup() {
  const provider = await framesProvider();
  /** The input the page got, one word each: an insertion, a key event, a pointer event. */
  const inputs = () =>
    provider.browser.commands.filter((command) =>
      command.method.startsWith("Input.") || command.method === "DOM.focus"
    ).map(({ method, params }) => {
      if (method === "Input.insertText") return `insert ${params?.text}`;
      if (method === "Input.dispatchKeyEvent") {
        return `${params?.type} ${params?.key}${params?.modifiers ? ` +${params.modifiers}` : ""}`;
      }
      return method;
    });
  return { ...provider, inputs };
}

function request(input: FrameInput) {
  return { lease, request: { ...target, input } };
}

Deno.test("frame.input fill focuses the element, selects what it holds and inserts the text", async () => {
  const { context, inputs } = await setup();
  await inputInFrame(context, request({ kind: "fill", text: "Hello" }), signal);
  assert.deepEqual(inputs(), ["DOM.focus", "insert Hello"]);
});

Deno.test("frame.input type sends a key per character, Shift for capitals, Backspace to clear", async () => {
  const { context, inputs } = await setup();
  await inputInFrame(context, request({ kind: "type", text: "Hi é", clear: true }), signal);
  assert.deepEqual(inputs(), [
    "DOM.focus",
    "rawKeyDown Backspace",
    "keyUp Backspace",
    "keyDown H +8",
    "keyUp H +8",
    "keyDown i",
    "keyUp i",
    "keyDown  ",
    "keyUp  ",
    "insert é",
  ]);
});

Deno.test("frame.input press sends a chord", async () => {
  const { context, inputs } = await setup();
  await inputInFrame(context, request({ kind: "press", key: "Control+a" }), signal);
  assert.deepEqual(inputs(), ["DOM.focus", "rawKeyDown a +2", "keyUp a +2"]);
  await assert.rejects(
    inputInFrame(context, request({ kind: "press", key: "Control+v" }), signal),
    (error) => isLeashError(error, "INVALID_PARAMS"),
    "a chord that reaches the clipboard is refused here too",
  );
  assert.equal(inputs().length, 3);
});

Deno.test("frame.input.prepare sends nothing; an element that does not take the focus gets no input", async () => {
  const { context, inputs, page } = await setup();
  assert.deepEqual(
    await prepareFrameInput(context, request({ kind: "fill", text: "x" }), signal),
    { acknowledged: false },
  );
  assert.deepEqual(inputs(), []);
  page.state.focused = false;
  await assert.rejects(
    inputInFrame(context, request({ kind: "fill", text: "x" }), signal),
    (error) => isLeashError(error, "TARGET_NOT_INTERACTABLE"),
  );
  assert.deepEqual(inputs(), ["DOM.focus"], "focused, then refused before any key");
  await assert.rejects(
    inputInFrame(context, {
      lease,
      request: { ...target, name: "Other", input: { kind: "fill", text: "x" } },
    }, signal),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});
