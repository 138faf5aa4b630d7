import assert from "node:assert/strict";
import { boundText } from "./text.ts";

Deno.test("boundText marks a cut with an ellipsis within the budget", () => {
  assert.deepEqual(boundText("short", 10), { text: "short", cut: false });
  assert.deepEqual(boundText("exactly10!", 10), { text: "exactly10!", cut: false });
  assert.deepEqual(boundText("a longer text", 5), { text: "a lo…", cut: true });
});

Deno.test("boundText never splits a surrogate pair", () => {
  const { text, cut } = boundText("ab😀cd", 4);
  assert.equal(cut, true);
  assert.equal(text, "ab…");
  assert.ok(text.length <= 4);
});
