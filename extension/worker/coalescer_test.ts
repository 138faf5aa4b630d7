import assert from "node:assert/strict";
import { ManualTimers } from "../testing/fakes.ts";
import { PageChangeCoalescer } from "./coalescer.ts";

Deno.test("signals within one window become one event with the next sequence", () => {
  const timers = new ManualTimers();
  const sent: number[] = [];
  const coalescer = new PageChangeCoalescer((sequence) => sent.push(sequence), { timers });
  coalescer.notify();
  coalescer.notify();
  coalescer.notify();
  assert.deepEqual(timers.delays(), [100]);
  timers.fireAll();
  assert.deepEqual(sent, [1]);
  coalescer.notify();
  timers.fireAll();
  assert.deepEqual(sent, [1, 2]);
  assert.equal(coalescer.sequence, 2);
});

Deno.test("a disposed coalescer drops its pending hint and takes no more", () => {
  const timers = new ManualTimers();
  const sent: number[] = [];
  const coalescer = new PageChangeCoalescer((sequence) => sent.push(sequence), { timers });
  coalescer.notify();
  coalescer.dispose();
  timers.fireAll();
  coalescer.notify();
  assert.equal(timers.size, 0);
  assert.deepEqual(sent, []);
});
