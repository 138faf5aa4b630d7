import assert from "node:assert/strict";
import { type ErrorCode, isLeashError, LeashError } from "../../contracts/errors.ts";
import type { ProviderLink } from "./registry.ts";
import { revokeAtProvider } from "./revocation.ts";

/** A link that refuses `lease.revoke` with each of `refusals` in turn, then revokes. */
function scriptedLink(refusals: ErrorCode[]): ProviderLink & { calls: number } {
  const link = {
    calls: 0,
    request(method: string) {
      assert.equal(method, "lease.revoke");
      const refusal = refusals[link.calls++];
      return refusal === undefined
        ? Promise.resolve({ revoked: true })
        : Promise.reject(new LeashError(refusal));
    },
  };
  return link as ProviderLink & { calls: number };
}

const token = { lease: { leaseId: "l", fence: 1 } };

Deno.test("a revoke refused for room is sent again until the provider answers", async () => {
  const link = scriptedLink(["QUEUE_FULL", "QUEUE_FULL", "QUEUE_FULL"]);
  assert.deepEqual(await revokeAtProvider(link, token), { revoked: true });
  assert.equal(link.calls, 4);
});

Deno.test("a revoke is not sent again once the link closed, timed out or was refused otherwise", async () => {
  for (const code of ["CONNECTION_LOST", "TIMEOUT", "STALE_LEASE"] as const) {
    const link = scriptedLink([code]);
    const error = await revokeAtProvider(link, token).catch((e) => e);
    assert.ok(isLeashError(error, code), code);
    assert.equal(link.calls, 1, code);
  }
});

Deno.test("a link that stays full gets its revoke refused QUEUE_FULL at the deadline", async () => {
  const link = scriptedLink(Array(1_000).fill("QUEUE_FULL"));
  const started = Date.now();
  const error = await revokeAtProvider(link, token, 200).catch((e) => e);
  assert.ok(isLeashError(error, "QUEUE_FULL"));
  assert.ok(link.calls > 2, "it tried more than once");
  assert.ok(Date.now() - started < 2_000, "it gave up at its deadline");
});
