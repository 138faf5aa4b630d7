import assert from "node:assert/strict";
import { frameInputOf } from "./act_frame.ts";

Deno.test("frameInputOf() maps text entry on a ref to frame inputs, and nothing else", () => {
  assert.deepEqual(frameInputOf({ kind: "fill", ref: "e1", text: "a" }), [
    { kind: "fill", text: "a" },
  ]);
  assert.deepEqual(frameInputOf({ kind: "fillEditable", ref: "e1", text: "a" }), [
    { kind: "fill", text: "a" },
  ]);
  assert.deepEqual(
    frameInputOf({ kind: "type", ref: "e1", text: "ab", clear: true, submit: true }),
    [
      { kind: "type", text: "ab", clear: true },
      { kind: "press", key: "Enter" },
    ],
  );
  assert.deepEqual(frameInputOf({ kind: "press", ref: "e1", key: "Tab", modifiers: ["Shift"] }), [
    { kind: "press", key: "Tab", modifiers: ["Shift"] },
  ]);
  // Keys without a ref, and everything that is not text entry, are no frame input.
  assert.equal(frameInputOf({ kind: "type", text: "ab" }), undefined);
  assert.equal(frameInputOf({ kind: "press", key: "Enter" }), undefined);
  assert.equal(frameInputOf({ kind: "click", ref: "e1" }), undefined);
  assert.equal(frameInputOf({ kind: "append", ref: "e1", text: "a" }), undefined);
  assert.equal(frameInputOf({ kind: "hover", ref: "e1" }), undefined);
});
