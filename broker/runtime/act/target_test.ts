import assert from "node:assert/strict";
import { sameName } from "./target.ts";

Deno.test("sameName() ignores white space differences", () => {
  assert.ok(sameName("Send  now\n", "Send now"));
  assert.ok(!sameName("Send later", "Send now"));
});

Deno.test("sameName() matches a name the provider shortened with an ellipsis by prefix", () => {
  assert.ok(sameName("A very long label that goes on", "A very long…"));
  assert.ok(!sameName("A different label", "A very long…"));
});
