import assert from "node:assert/strict";
import { errorCodeList, errorCodes, isErrorCode, LeashError, toErrorCode } from "./errors.ts";

Deno.test("every error code is upper snake case with a sentence that ends in a full stop", () => {
  for (const code of errorCodeList) {
    assert.match(code, /^[A-Z][A-Z_]*[A-Z]$/);
    assert.match(errorCodes[code], /^[A-Z].*\.$/);
  }
});

Deno.test("the codes the protocol and later work rely on are present", () => {
  const needed = [
    "PROTOCOL_MISMATCH",
    "QUEUE_FULL",
    "STALE_TARGET",
    "CONNECTION_LOST",
    "RECOVERY_REQUIRED",
    "UNAUTHENTICATED",
    "STALE_LEASE",
    "LEASE_NOT_FOUND",
    "CLAIM_DENIED",
    "CLAIM_TIMEOUT",
    "ORIGIN_CHANGED",
    "REQUEST_CONFLICT",
    "TIMEOUT",
    "CANCELLED",
    "INVALID_PARAMS",
    "UNKNOWN_METHOD",
    "INTERNAL",
    "INSTANCE_CONFLICT",
  ];
  for (const code of needed) assert.ok(isErrorCode(code), code);
});

Deno.test("LeashError carries the fixed sentence, never caller text", () => {
  const error = new LeashError("STALE_TARGET", { cause: new Error("secret detail") });
  assert.equal(error.message, errorCodes.STALE_TARGET);
  assert.equal(toErrorCode(error), "STALE_TARGET");
  assert.equal(toErrorCode(new Error("boom")), "INTERNAL");
  assert.equal(isErrorCode("toString"), false);
  assert.equal(isErrorCode("NOPE"), false);
});
