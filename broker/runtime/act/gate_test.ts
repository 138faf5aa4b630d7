import assert from "node:assert/strict";
import { DispatchGate } from "./gate.ts";

Deno.test("DispatchGate runs its hook once however often it is opened", async () => {
  let calls = 0;
  const gate = new DispatchGate(() => {
    calls++;
  });
  assert.equal(gate.opened, false);
  await Promise.all([gate.open(), gate.open()]);
  await gate.open();
  assert.equal(calls, 1);
  assert.equal(gate.opened, true);
});

Deno.test("DispatchGate stays shut when its hook throws", async () => {
  const gate = new DispatchGate(() => Promise.reject(new Error("journal down")));
  await assert.rejects(gate.open(), /journal down/);
  assert.equal(gate.opened, false);
});

Deno.test("DispatchGate does not open after the signal aborts", async () => {
  const controller = new AbortController();
  controller.abort(new Error("stop"));
  let calls = 0;
  const gate = new DispatchGate(() => {
    calls++;
  });
  await assert.rejects(gate.open(controller.signal), /stop/);
  assert.equal(calls, 0);
  assert.equal(gate.opened, false);
});
