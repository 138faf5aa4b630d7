import assert from "node:assert/strict";
import { errorCodes, LeashError } from "../../contracts/errors.ts";
import { BrokerUnreachable, failureText, NotedError, toToolFailure } from "./errors.ts";

Deno.test("a wire error keeps its code and fixed sentence", () => {
  assert.deepEqual(toToolFailure(new LeashError("STALE_TARGET")), {
    code: "STALE_TARGET",
    message: errorCodes.STALE_TARGET,
  });
});

Deno.test("a noted error adds its note on its own line", () => {
  const failure = toToolFailure(new NotedError("LEASE_NOT_FOUND", "You released it."));
  assert.equal(
    failureText(failure),
    `LEASE_NOT_FOUND: ${errorCodes.LEASE_NOT_FOUND}\nYou released it.`,
  );
});

Deno.test("anything else is INTERNAL and its message stays local", () => {
  const failure = toToolFailure(new TypeError("Cannot read x of undefined at /src/a.ts:1"));
  assert.deepEqual(failure, { code: "INTERNAL", message: errorCodes.INTERNAL });
});

Deno.test("an unreachable Broker is CONNECTION_LOST naming the runtime dir", () => {
  const failure = toToolFailure(new BrokerUnreachable("/run/user/1/leash"));
  assert.equal(failure.code, "CONNECTION_LOST");
  assert.match(failure.note ?? "", /No Leash Broker answers on \/run\/user\/1\/leash/);
});
