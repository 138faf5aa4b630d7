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

/** A held lease whose provider answers `cdp.hit` and `cdp.click` with `answer`, counting calls. */
function aimingLease(answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const held = {
    lease: {},
    token: { leaseId: "l1", fence: 1 },
    call(method: string) {
      calls.push(method);
      return answer();
    },
  } as unknown as OwnedLease;
  return { cdp: leaseCdp(held), calls };
}

const aimed = { backendNodeId: 7, point: { x: 10, y: 20 } };

Deno.test("cdp.hit and cdp.click answer the provider's result when it serves them", async () => {
  const { cdp, calls } = aimingLease(() => Promise.resolve({ kind: "covered", by: 9 }));
  assert.deepEqual(await cdp.hit!(aimed), { kind: "covered", by: 9 });
  assert.equal(await cdp.click!(aimed), true);
  assert.deepEqual(calls, ["cdp.hit", "cdp.click"]);
});

for (const refusal of ["UNSUPPORTED", "UNKNOWN_METHOD"] as const) {
  Deno.test(`a provider answering ${refusal} to cdp.hit or cdp.click is not asked again: the engine does it`, async () => {
    const { cdp, calls } = aimingLease(() => Promise.reject(new LeashError(refusal)));
    assert.equal(await cdp.hit!(aimed), undefined);
    assert.equal(await cdp.hit!(aimed), undefined);
    assert.equal(await cdp.click!(aimed), undefined);
    assert.equal(await cdp.click!(aimed), undefined);
    assert.deepEqual(calls, ["cdp.hit", "cdp.click"]);
  });
}

Deno.test("a refused click is the click's failure, never a fall back to sending it again", async () => {
  const { cdp, calls } = aimingLease(() => Promise.reject(new LeashError("TARGET_COVERED")));
  await assert.rejects(
    cdp.click!(aimed),
    (error) => error instanceof LeashError && error.code === "TARGET_COVERED",
  );
  assert.deepEqual(calls, ["cdp.click"]);
});
