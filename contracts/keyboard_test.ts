import assert from "node:assert/strict";
import {
  characterKeys,
  chordRefusal,
  codesNamed,
  keyForCharacter,
  modifierMask,
  parseChord,
} from "./keyboard.ts";
import { ActionSchema } from "./methods/act.ts";

Deno.test("keyForCharacter() gives the US key and Shift for every printable ASCII character", () => {
  for (let code = 0x20; code < 0x7f; code++) {
    const character = String.fromCharCode(code);
    const key = keyForCharacter(character);
    assert.ok(key !== undefined, `no key types ${JSON.stringify(character)}`);
    assert.equal(key.text, character);
  }
  assert.deepEqual(keyForCharacter("a"), {
    key: "a",
    code: "KeyA",
    keyCode: 65,
    text: "a",
    shift: false,
  });
  assert.equal(keyForCharacter("A")?.shift, true);
  assert.equal(keyForCharacter("?")?.code, "Slash");
  assert.equal(keyForCharacter("?")?.shift, true);
  assert.equal(keyForCharacter("\n")?.key, "Enter");
  assert.equal(keyForCharacter("é"), undefined);
  assert.equal(keyForCharacter("😀"), undefined);
  assert.equal(characterKeys.size, 95);
});

Deno.test("parseChord() reads named keys, characters and modifier chords", () => {
  assert.deepEqual(parseChord("Enter")?.modifiers, []);
  assert.deepEqual(parseChord("Control+A"), {
    key: { key: "a", code: "KeyA", keyCode: 65, text: "a" },
    modifiers: ["Control"],
  });
  assert.equal(parseChord("Control+a")?.key.code, "KeyA");
  assert.deepEqual(parseChord("Shift+Tab")?.modifiers, ["Shift"]);
  assert.deepEqual(parseChord("Meta+Enter")?.modifiers, ["Meta"]);
  assert.deepEqual(parseChord("Control+Shift+7")?.modifiers, ["Control", "Shift"]);
  assert.equal(parseChord("Control++")?.key.code, "Equal");
  assert.deepEqual(parseChord("?")?.modifiers, ["Shift"], "a shifted character holds Shift");
  for (const bad of ["", "Ctrl+A", "Control+", "Control+Control+A", "F5", "Insert", "é", "ab"]) {
    assert.equal(parseChord(bad), undefined, bad);
  }
});

Deno.test("chordRefusal() refuses clipboard and browser chords and nothing a page needs", () => {
  const refusal = (chord: string) => {
    const parsed = parseChord(chord);
    assert.ok(parsed !== undefined, chord);
    return chordRefusal(parsed.key.code, modifierMask(parsed.modifiers));
  };
  for (const chord of ["Control+C", "Control+v", "Meta+X", "Control+Shift+V", "Shift+Delete"]) {
    assert.equal(refusal(chord), "clipboard", chord);
  }
  assert.equal(chordRefusal("Insert", modifierMask(["Shift"])), "clipboard");
  assert.equal(chordRefusal("Insert", modifierMask(["Control"])), "clipboard");
  for (
    const chord of [
      "Control+T",
      "Control+W",
      "Meta+N",
      "Control+Q",
      "Control+L",
      "Control+Tab",
      "Control+Shift+Tab",
      "Control+PageDown",
      "Alt+ArrowLeft",
      "Alt+ArrowRight",
    ]
  ) {
    assert.equal(refusal(chord), "browser", chord);
  }
  assert.equal(chordRefusal("F5", 0), "browser");
  for (
    const chord of [
      "Control+A",
      "Shift+Tab",
      "Meta+Enter",
      "Control+Z",
      "Control+Shift+Z",
      "Control+B",
      "Control+1",
      "Alt+ArrowDown",
      "Control+Backspace",
      "Delete",
      "Shift+A",
    ]
  ) {
    assert.equal(refusal(chord), undefined, chord);
  }
});

Deno.test("codesNamed() names one key by every name, and nothing for unknown names", () => {
  assert.deepEqual(codesNamed({ key: "v", code: "KeyV", keyCode: 86 }), ["KeyV", "KeyV", "KeyV"]);
  assert.deepEqual(codesNamed({ key: "a", keyCode: 86 }), ["KeyA", "KeyV"]);
  assert.deepEqual(codesNamed({ key: "F5", code: "F5", keyCode: 116 }), ["", "", ""]);
});

Deno.test("press params refuse clipboard and browser chords; old key and modifiers still parse", () => {
  const parses = (action: unknown) => ActionSchema.safeParse(action).success;
  assert.ok(parses({ kind: "press", key: "Tab", modifiers: ["Shift"] }));
  assert.ok(parses({ kind: "press", key: "Control+A", ref: "e1" }));
  assert.ok(parses({ kind: "press", key: "a", modifiers: ["Control"] }));
  assert.ok(!parses({ kind: "press", key: "Control+V" }));
  assert.ok(!parses({ kind: "press", key: "v", modifiers: ["Meta"] }));
  assert.ok(!parses({ kind: "press", key: "Tab", modifiers: ["Control"] }));
  assert.ok(!parses({ kind: "press", key: "Delete", modifiers: ["Shift"] }));
  assert.ok(!parses({ kind: "press", key: "F12" }));
  assert.ok(parses({ kind: "type", text: "hello", submit: true }));
  assert.ok(parses({ kind: "type", ref: "e1", text: "", clear: true }));
  assert.ok(!parses({ kind: "type", text: "hello", clear: true }), "clear needs a ref");
  assert.ok(!parses({ kind: "type", ref: "e1", text: "x".repeat(1_001) }));
  assert.ok(parses({ kind: "hover", ref: "e1" }));
  assert.ok(!parses({ kind: "hover" }));
});
