import assert from "node:assert/strict";
import { type ElementDescription, sameName, unmetNeed } from "./target.ts";

Deno.test("sameName() ignores white space differences", () => {
  assert.ok(sameName("Send  now\n", "Send now"));
  assert.ok(!sameName("Send later", "Send now"));
});

Deno.test("sameName() matches a name the provider shortened with an ellipsis by prefix", () => {
  assert.ok(sameName("A very long label that goes on", "A very long…"));
  assert.ok(!sameName("A different label", "A very long…"));
});

const button: ElementDescription = {
  connected: true,
  kind: "other",
  visible: true,
  disabled: false,
  readOnly: false,
  checked: null,
  focused: false,
};

Deno.test("unmetNeed() refuses the wrong kind and read-only at once, naming the action that can", () => {
  assert.deepEqual(unmetNeed({ ...button, kind: "checkbox" }, { kinds: ["text"] }), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "wrongKind",
    final: true,
    use: "check",
  });
  assert.deepEqual(unmetNeed({ ...button, kind: "multiselect" }, { kinds: ["select"] }), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "wrongKind",
    final: true,
  });
  assert.deepEqual(
    unmetNeed({ ...button, kind: "text", readOnly: true, visible: false }, { editable: true }),
    { code: "TARGET_NOT_INTERACTABLE", reason: "readonly", final: true },
  );
});

Deno.test("unmetNeed() lets hidden and disabled targets be waited for", () => {
  assert.deepEqual(unmetNeed({ ...button, visible: false }, {}), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "hidden",
  });
  assert.deepEqual(unmetNeed({ ...button, disabled: true }, {}), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "disabled",
  });
  assert.equal(unmetNeed({ ...button, disabled: true }, { allowDisabled: true }), undefined);
  assert.equal(unmetNeed(button, { kinds: ["other"] }), undefined);
});
