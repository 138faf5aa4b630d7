import assert from "node:assert/strict";
import { Admission, defaultAdmissionCaps } from "./admission.ts";

Deno.test("the protocol's admission defaults are 64 sockets, 16 providers, 64 leases, 32 claims", () => {
  assert.deepEqual(defaultAdmissionCaps, { sockets: 64, providers: 16, leases: 64, claims: 32 });
});

Deno.test("a full budget refuses newcomers and a release frees exactly one slot, once", () => {
  const admission = new Admission({ providers: 2 });
  const first = admission.tryAcquire("providers");
  const second = admission.tryAcquire("providers");
  assert.ok(first && second);
  assert.equal(admission.tryAcquire("providers"), undefined);
  assert.equal(admission.used("providers"), 2);
  first();
  first();
  assert.equal(admission.used("providers"), 1);
  assert.ok(admission.tryAcquire("providers"));
  assert.equal(admission.tryAcquire("providers"), undefined);
  assert.equal(admission.used("sockets"), 0, "budgets are independent");
});
