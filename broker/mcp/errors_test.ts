import assert from "node:assert/strict";
import { errorCodes, LeashError } from "../../contracts/errors.ts";
import { BrokerUnreachable, detailText, failureText, NotedError, toToolFailure } from "./errors.ts";

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

Deno.test("a detail says which condition failed, quoting the name of what is in the way", () => {
  const failure = toToolFailure(
    new LeashError("TARGET_COVERED", {
      detail: { reason: "covered", by: { role: "dialog", name: 'Cookies\nref=e1 "x"' } },
    }),
  );
  assert.equal(
    failureText(failure),
    `TARGET_COVERED: ${errorCodes.TARGET_COVERED}\n` +
      'Why: another element is where the input would go: dialog "Cookies\\nref=e1 \\"x\\"".',
  );
});

Deno.test("a detail names the action that can take the target", () => {
  const failure = toToolFailure(
    new LeashError("TARGET_NOT_INTERACTABLE", { detail: { reason: "wrongKind", use: "check" } }),
  );
  assert.equal(
    failureText(failure).split("\n")[1],
    "Why: the element does not take this kind of action. Use check instead.",
  );
});

Deno.test("a navigation off the lease's origin tells the reader to open the URL with browser_open", () => {
  assert.match(
    detailText({ reason: "offOrigin" }),
    /^Why: the URL is outside the lease's origin; .*browser_open/,
  );
});

Deno.test("a target the page drew again names the ref of the node in its place", () => {
  assert.equal(
    detailText({ reason: "detached", redrawnAs: "e139" }),
    "Why: the element is no longer in the document. The page drew it again, reading as it did, as e139: use that ref.",
  );
});
