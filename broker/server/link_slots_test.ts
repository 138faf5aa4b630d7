import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import { LinkSlots } from "./link_slots.ts";

/** A call that answers when told to, recording when it was sent. */
function pending(log: string[], name: string) {
  const answer = Promise.withResolvers<string>();
  return {
    send: () => {
      log.push(name);
      return answer.promise;
    },
    answer: () => answer.resolve(name),
  };
}

Deno.test("calls past the bound wait their turn and go out first come, first served", async () => {
  const slots = new LinkSlots(2);
  const log: string[] = [];
  const calls = ["a", "b", "c", "d"].map((name) => pending(log, name));
  const results = calls.map((call) => slots.run(call.send));
  // The two that found a slot went out at once, in order; the others wait.
  assert.deepEqual(log, ["a", "b"]);
  assert.equal(slots.busy, 2);
  assert.equal(slots.waiting, 2);
  calls[1].answer();
  assert.equal(await results[1], "b");
  assert.deepEqual(log, ["a", "b", "c"]);
  calls[0].answer();
  await results[0];
  assert.deepEqual(log, ["a", "b", "c", "d"]);
  calls[2].answer();
  calls[3].answer();
  assert.deepEqual(await Promise.all(results), ["a", "b", "c", "d"]);
  assert.equal(slots.busy, 0);
  // A newcomer never passes a call that waits: with a slot free and nobody waiting it goes at once.
  const e = pending(log, "e");
  const done = slots.run(e.send);
  assert.deepEqual(log.at(-1), "e");
  e.answer();
  await done;
});

Deno.test("a failed call frees its slot for the next", async () => {
  const slots = new LinkSlots(1);
  const log: string[] = [];
  const failing = slots.run(() => Promise.reject(new LeashError("TIMEOUT")));
  const next = pending(log, "next");
  const waiting = slots.run(next.send);
  await assert.rejects(failing, (error) => isLeashError(error, "TIMEOUT"));
  assert.deepEqual(log, ["next"]);
  next.answer();
  assert.equal(await waiting, "next");
});

Deno.test("a wait ends with the call's time bound or its signal, and nothing is sent", async () => {
  const slots = new LinkSlots(1);
  const log: string[] = [];
  const holder = pending(log, "holder");
  const held = slots.run(holder.send);
  await assert.rejects(
    slots.run(() => Promise.resolve(log.push("late")), { timeoutMs: 20 }),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  const stop = new AbortController();
  const aborted = slots.run(() => Promise.resolve(log.push("aborted")), { signal: stop.signal });
  stop.abort();
  await assert.rejects(aborted, (error) => isLeashError(error, "CANCELLED"));
  const gone = new AbortController();
  gone.abort(new LeashError("LEASE_NOT_FOUND"));
  await assert.rejects(
    slots.run(() => Promise.resolve(log.push("gone")), { signal: gone.signal }),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
  );
  assert.equal(slots.waiting, 0);
  holder.answer();
  await held;
  assert.deepEqual(log, ["holder"]);
});

Deno.test("a call that waited gets what is left of its time bound", async () => {
  const slots = new LinkSlots(1);
  const log: string[] = [];
  const holder = pending(log, "holder");
  const held = slots.run(holder.send);
  let given: number | undefined;
  const waited = slots.run((options) => {
    given = options?.timeoutMs;
    return Promise.resolve("sent");
  }, { timeoutMs: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 30));
  holder.answer();
  await held;
  assert.equal(await waited, "sent");
  assert.ok(given !== undefined && given < 5_000 && given > 4_000, `given ${given}`);
});
