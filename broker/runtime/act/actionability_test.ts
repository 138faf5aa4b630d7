import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../../contracts/errors.ts";
import {
  type Patience,
  type Probe,
  ready,
  retryDelayMs,
  sameQuads,
  unready,
  untilActionable,
} from "./actionability.ts";

Deno.test("retryDelayMs() backs off as Playwright does, then stays at 500 ms", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map(retryDelayMs), [0, 20, 100, 100, 500, 500, 500]);
});

Deno.test("sameQuads() tells a box that stayed from one that moved", () => {
  const box = [[10, 10, 110, 10, 110, 40, 10, 40]];
  assert.ok(sameQuads(box, [[10, 10, 110, 10, 110, 40, 10, 40]]));
  assert.ok(sameQuads(box, [[10.001, 10, 110, 10, 110, 40, 10, 40]]), "below a hundredth");
  assert.ok(!sameQuads(box, [[10.5, 10, 110.5, 10, 110.5, 40, 10.5, 40]]), "half a pixel");
  assert.ok(!sameQuads(box, []), "the box went away");
  assert.ok(!sameQuads(box, [...box, ...box]), "it broke over two lines");
});

/** A probe that answers `answers` in turn, then the last one for good. */
function scripted<T>(answers: Probe<T>[]): { probe: () => Promise<Probe<T>>; calls: () => number } {
  let calls = 0;
  return {
    probe: () => Promise.resolve(answers[Math.min(calls++, answers.length - 1)]),
    calls: () => calls,
  };
}

const soon = (ms = 2_000): Patience => ({ deadline: Date.now() + ms });

Deno.test("untilActionable() probes again until the target is ready", async () => {
  const { probe, calls } = scripted([
    unready<string>({ code: "TARGET_NOT_INTERACTABLE", reason: "moving" }),
    unready<string>({ code: "TARGET_COVERED", reason: "covered" }),
    ready("aim"),
  ]);
  assert.equal(await untilActionable(soon(), probe), "aim");
  assert.equal(calls(), 3);
});

Deno.test("untilActionable() refuses a final reason at once", async () => {
  const { probe, calls } = scripted([
    unready<string>({
      code: "TARGET_NOT_INTERACTABLE",
      reason: "wrongKind",
      final: true,
      use: "check",
    }),
    ready("never"),
  ]);
  await assert.rejects(untilActionable(soon(), probe), (error) => {
    assert.ok(isLeashError(error, "TARGET_NOT_INTERACTABLE"));
    assert.deepEqual(error.detail, { reason: "wrongKind", use: "check" });
    return true;
  });
  assert.equal(calls(), 1);
});

Deno.test("untilActionable() refuses with the last reason once the deadline passes", async () => {
  const { probe, calls } = scripted([
    unready<string>({ code: "TARGET_NOT_INTERACTABLE", reason: "disabled" }),
    unready<string>({ code: "TARGET_COVERED", reason: "covered", coveredBy: 42 }),
  ]);
  const named: number[] = [];
  const patience: Patience = {
    deadline: Date.now() + 150,
    nameCover: (id) => {
      named.push(id);
      return Promise.resolve({ role: "dialog", name: "Cookies" });
    },
  };
  await assert.rejects(untilActionable(patience, probe), (error) => {
    assert.ok(isLeashError(error, "TARGET_COVERED"));
    assert.deepEqual(error.detail, { reason: "covered", by: { role: "dialog", name: "Cookies" } });
    return true;
  });
  assert.ok(calls() >= 2);
  assert.deepEqual(named, [42], "the cover is named once, for the refusal");
});

Deno.test("untilActionable() probes once when no time is left, and a nameless cover still refuses", async () => {
  const { probe, calls } = scripted([
    unready<string>({ code: "TARGET_COVERED", reason: "covered", coveredBy: 7 }),
  ]);
  const patience: Patience = {
    deadline: Date.now(),
    nameCover: () => Promise.reject(new Error("gone")),
  };
  await assert.rejects(untilActionable(patience, probe), (error) => {
    assert.ok(error instanceof LeashError && error.code === "TARGET_COVERED");
    assert.deepEqual(error.detail, { reason: "covered" });
    return true;
  });
  assert.equal(calls(), 1);
});

Deno.test("untilActionable() stops waiting when the action is aborted", async () => {
  const controller = new AbortController();
  const reason = new Error("cancelled");
  const { probe } = scripted([
    unready<string>({ code: "TARGET_NOT_INTERACTABLE", reason: "hidden" }),
  ]);
  setTimeout(() => controller.abort(reason), 50);
  await assert.rejects(
    untilActionable({ deadline: Date.now() + 10_000, signal: controller.signal }, probe),
    (error) => error === reason,
  );
});
