import assert from "node:assert/strict";
import { extensionOrigin } from "../contracts/identity.ts";
import { callerOrigin, isAllowedOrigin } from "./caller_origin.ts";

Deno.test("callerOrigin() skips Windows' --parent-window argument", () => {
  assert.equal(callerOrigin([extensionOrigin, "--parent-window=0"]), extensionOrigin);
  assert.equal(callerOrigin(["--parent-window=0", extensionOrigin]), extensionOrigin);
  assert.equal(callerOrigin(["--parent-window=0"]), undefined);
  assert.equal(callerOrigin([]), undefined);
});

Deno.test("isAllowedOrigin() admits the compiled-in origin and configured ones, exactly", () => {
  const other = "chrome-extension://abcdefghijklmnopabcdefghijklmnop/";
  assert.equal(isAllowedOrigin(extensionOrigin), true);
  assert.equal(isAllowedOrigin(other), false);
  assert.equal(isAllowedOrigin(other, [other]), true);
  assert.equal(isAllowedOrigin(extensionOrigin.slice(0, -1)), false);
  assert.equal(isAllowedOrigin(extensionOrigin.toUpperCase()), false);
});
