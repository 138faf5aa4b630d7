import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { debuggerRefusal } from "./debugger_refusal.ts";

Deno.test("debuggerRefusal names Chrome's access refusals DEBUGGER_UNAVAILABLE", () => {
  for (
    const message of [
      "Cannot access a chrome-extension:// URL of different extension",
      'Cannot access contents of url "chrome://settings/". Extension manifest must request permission to access this host.',
    ]
  ) {
    const mapped = debuggerRefusal(new Error(message));
    assert.ok(isLeashError(mapped, "DEBUGGER_UNAVAILABLE"), message);
    assert.ok(mapped instanceof Error && mapped.cause instanceof Error);
  }
});

Deno.test("debuggerRefusal leaves the page's DevTools errors and everything else alone", () => {
  for (
    const error of [
      new Error('{"code":-32000,"message":"No node with given id found"}'),
      new Error('{"code":-32000,"message":"Cannot access contents of the frame"}'),
      new Error("Detached while handling command."),
      "Cannot access a chrome-extension:// URL of different extension",
      undefined,
    ]
  ) {
    assert.equal(debuggerRefusal(error), error);
  }
});
