import assert from "node:assert/strict";
import { badgeText } from "./badge.ts";

Deno.test("the badge shows the live lease count, and nothing at zero", () => {
  assert.equal(badgeText(0), "");
  assert.equal(badgeText(1), "1");
  assert.equal(badgeText(12), "12");
  assert.equal(badgeText(150), "99+");
});
