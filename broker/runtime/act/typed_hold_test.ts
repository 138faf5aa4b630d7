import assert from "node:assert/strict";
import { settleDefaults } from "../../../contracts/methods/page.ts";
import { typedHoldMs } from "./typed_hold.ts";

Deno.test("text entry into a field that suggests holds the wait until the hold after its last input", () => {
  const hold = settleDefaults.typedHoldMs;
  assert.equal(typedHoldMs("fill", { at: 1_000, suggests: true }, 1_000), hold);
  assert.equal(typedHoldMs("type", { at: 1_000, suggests: true }, 1_180.4), hold - 180);
  assert.equal(typedHoldMs("append", { at: 1_000, suggests: true }, 1_000 + hold + 50), 0);
  assert.equal(typedHoldMs("fillEditable", { at: 0, suggests: true }, 0), hold);
});

Deno.test("a field that could not say, or no entry told, is held as one that suggests", () => {
  const hold = settleDefaults.typedHoldMs;
  assert.equal(typedHoldMs("type", { at: 1_000, suggests: undefined }, 1_100), hold - 100);
  assert.equal(typedHoldMs("type", undefined, 5_000), hold);
});

Deno.test("a field that suggests nothing, and an action that enters no text, are not held", () => {
  assert.equal(typedHoldMs("fill", { at: 1_000, suggests: false }, 1_000), undefined);
  assert.equal(typedHoldMs("type", { at: 1_000, suggests: false }, 1_000), undefined);
  assert.equal(typedHoldMs("click", { at: 1_000, suggests: true }, 1_000), undefined);
  assert.equal(typedHoldMs("press", undefined, 1_000), undefined);
});
