import assert from "node:assert/strict";
import { NamedKeySchema } from "../../../contracts/methods/mod.ts";
import { keyDefinitions, keyEvents, modifierMask } from "./keys.ts";

Deno.test("every named key has a definition", () => {
  assert.deepEqual(Object.keys(keyDefinitions).sort(), [...NamedKeySchema.options].sort());
});

Deno.test("modifierMask() uses DevTools' bits", () => {
  assert.equal(modifierMask(), 0);
  assert.equal(modifierMask(["Alt", "Control", "Meta", "Shift"]), 15);
  assert.equal(modifierMask(["Shift"]), 8);
});

Deno.test("keyEvents() sends Enter's text on keyDown so forms submit", () => {
  const [down, up] = keyEvents("Enter");
  assert.equal(down.type, "keyDown");
  assert.equal(down.text, "\r");
  assert.equal(down.windowsVirtualKeyCode, 13);
  assert.equal(up.type, "keyUp");
  assert.equal(up.text, undefined);
});

Deno.test("keyEvents() types nothing for keys without text or with Control held", () => {
  assert.equal(keyEvents("Tab", ["Shift"])[0].type, "rawKeyDown");
  assert.equal(keyEvents("Tab", ["Shift"])[0].modifiers, 8);
  assert.equal(keyEvents("Space", ["Control"])[0].text, undefined);
  assert.equal(keyEvents("Space", ["Shift"])[0].text, " ");
});

Deno.test("keyEvents() presses a character key's shifted side with Shift and sends no native code", () => {
  const [down, up] = keyEvents({ key: "a", code: "KeyA", keyCode: 65, text: "a" }, ["Shift"]);
  assert.equal(down.key, "A");
  assert.equal(down.text, "A");
  assert.equal(down.code, "KeyA");
  assert.equal(up.key, "A");
  const [chord] = keyEvents({ key: "a", code: "KeyA", keyCode: 65, text: "a" }, ["Control"]);
  assert.equal(chord.type, "rawKeyDown");
  assert.equal(chord.key, "a");
  assert.equal(chord.text, undefined);
  assert.equal("nativeVirtualKeyCode" in keyEvents("Enter")[0], false);
});
