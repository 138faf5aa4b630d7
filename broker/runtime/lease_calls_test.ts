import assert from "node:assert/strict";
import { type ErrorCode, LeashError } from "../../contracts/errors.ts";
import type { InputEvent } from "../../contracts/methods/mod.ts";
import type { OwnedLease } from "../authority/owned_lease.ts";
import { sendInput } from "./act/cdp.ts";
import { leaseCdp } from "./lease_calls.ts";

/** A held lease whose provider logs each call, and refuses `cdp.input` with `refuse` when set. */
function heldLease(refuse?: ErrorCode) {
  const calls: string[] = [];
  const held = {
    lease: {},
    token: { leaseId: "l1", fence: 1 },
    call(method: string, params: { events?: InputEvent[]; params?: { text?: string } }) {
      if (method === "cdp.input") {
        if (refuse !== undefined) return Promise.reject(new LeashError(refuse));
        calls.push(`input ${params.events?.length}`);
        return Promise.resolve({ sent: params.events?.length ?? 0 });
      }
      calls.push(`cdp ${params.params?.text}`);
      return Promise.resolve({});
    },
  } as unknown as OwnedLease;
  return { held, calls };
}

const typed = (count: number): InputEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    method: "Input.insertText",
    params: { text: String(i) },
  }));

Deno.test("input events go to the provider in runs of at most 256, in order", async () => {
  const { held, calls } = heldLease();
  await sendInput(leaseCdp(held), typed(600));
  assert.deepEqual(calls, ["input 256", "input 256", "input 88"]);
});

for (const refusal of ["UNSUPPORTED", "UNKNOWN_METHOD"] as const) {
  Deno.test(`a provider answering ${refusal} to cdp.input gets the events one cdp call at a time`, async () => {
    const { held, calls } = heldLease(refusal);
    const cdp = leaseCdp(held);
    await sendInput(cdp, typed(2));
    // It is not asked again.
    await sendInput(cdp, typed(1));
    assert.deepEqual(calls, ["cdp 0", "cdp 1", "cdp 0"]);
  });
}

Deno.test("any other failure of cdp.input is the events' failure: nothing is sent again", async () => {
  const { held, calls } = heldLease("STALE_LEASE");
  await assert.rejects(
    sendInput(leaseCdp(held), typed(3)),
    (error) => error instanceof LeashError && error.code === "STALE_LEASE",
  );
  assert.deepEqual(calls, []);
});
