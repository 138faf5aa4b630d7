import assert from "node:assert/strict";
import { delay } from "./delay.ts";

Deno.test("delay() resolves after its time, and rejects with the reason of an abort before it", async () => {
  await delay(1);
  const controller = new AbortController();
  const waiting = delay(10_000, controller.signal);
  controller.abort(new Error("stop"));
  await assert.rejects(waiting, /stop/);
  await assert.rejects(delay(1, AbortSignal.abort(new Error("already"))), /already/);
});
