/**
 * `browser.batch` over real sockets against a scripted provider and page:
 * the whole-plan intent and each step's own fence, approvals on the
 * calling connection, and every way a plan ends early (a denial, an
 * approval timeout, an unverified step, a document change), with the
 * skipped steps never run.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import type { BatchStep, Observation } from "../../contracts/methods/mod.ts";
import { until } from "./_in_process.ts";
import { ordersSnapshot, type RuntimeWorld, runtimeWorld } from "./_runtime_world.ts";
import type { ScriptedPage } from "./_scripted_page.ts";

/** A click on "Open order N" adds `Opened N`; on `changeAt` it also loads a new document. */
function opener(changeAt?: number) {
  return (backendNodeId: number, page: ScriptedPage) => {
    const name = page.node(backendNodeId)?.name ?? "";
    const match = /^Open order (\d+)$/.exec(name);
    if (match === null) return;
    const status = {
      backendNodeId: 50_000 + Number(match[1]),
      parentId: 2,
      role: "status",
      name: `Opened ${match[1]}`,
      states: [],
      depth: 2,
    };
    if (Number(match[1]) === changeAt) {
      page.load({ nodes: [...page.snapshot.nodes, status] });
    } else page.update((nodes) => [...nodes, status]);
  };
}

function refOf(observation: Observation, name: string): string {
  const ref = observation.nodes.find((node) => node.role === "button" && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `button "${name}" has a ref`);
  return ref;
}

async function plan(world: RuntimeWorld, requestId: string, count = 5) {
  const before = await world.client.call("browser.observe", world.handle);
  const steps: BatchStep[] = [];
  for (let n = 1; n <= count; n++) {
    steps.push({
      action: { kind: "click", ref: refOf(before, `Open order ${n}`) },
      expect: { textPresent: `Opened ${n}` },
    });
  }
  return {
    before,
    params: {
      sessionId: world.handle.sessionId,
      request: {
        leaseId: world.handle.leaseId,
        requestId,
        documentEpoch: before.documentEpoch,
        steps,
      },
    },
  };
}

function audit(world: RuntimeWorld) {
  return readAudit(world.env.broker.runtime.journal.path, 100);
}

Deno.test("a five-step plan runs every step under its own fence, asks in order, and ends with one delta", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener() });
  const { before, params } = await plan(world, "plan-1");
  const asked: number[] = [];
  const result = await world.client.batch(params, ({ index, step }) => {
    asked.push(index);
    assert.deepEqual(step, params.request.steps[index]);
    return true;
  });
  assert.deepEqual(asked, [0, 1, 2, 3, 4]);
  assert.equal(result.requestId, "plan-1");
  assert.equal(result.status, "verified");
  assert.equal(result.completed, 5);
  assert.equal(result.skipped, 0);
  assert.equal(result.stop, undefined);
  assert.equal(world.inputs().length, 15);
  assert.deepEqual(result.steps.map((step) => step.status), Array(5).fill("verified"));
  assert.deepEqual(result.steps.slice(0, 4).map((step) => step.observation), Array(4).fill(null));
  // One delta for the whole plan, against the observation made before it.
  const observation = result.steps[4].observation;
  assert.ok(observation !== null);
  assert.equal(observation.delta?.since, before.cursor);
  assert.deepEqual(observation.delta?.added.map((node) => node.name), [
    "Opened 1",
    "Opened 2",
    "Opened 3",
    "Opened 4",
    "Opened 5",
  ]);

  // One plan entry and its five children, nothing more.
  const entries = audit(world);
  assert.equal(entries.length, 6);
  const kinds = entries.map((entry) => entry.action.kind).sort();
  assert.deepEqual(kinds, ["batch", "click", "click", "click", "click", "click"]);
  assert.ok(entries.every((entry) => entry.outcome === "verified" && entry.dispatched));

  // An exact retry is answered from the plan's entry: no approval asked, nothing dispatched.
  const again = await world.client.batch(params, () => {
    throw new Error("an exact retry must not ask");
  });
  assert.deepEqual(again, result);
  assert.equal(world.inputs().length, 15);

  // A changed plan under the same ID conflicts, also without dispatch.
  const changed = {
    ...params,
    request: { ...params.request, steps: params.request.steps.slice(0, 4) },
  };
  await assert.rejects(
    world.client.batch(changed, () => true),
    (error) => isLeashError(error, "REQUEST_CONFLICT"),
  );
  assert.equal(world.inputs().length, 15);
});

Deno.test("request IDs starting batch: are refused from callers, for batches and actions alike", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(2), onClick: opener() });
  const { params } = await plan(world, "batch:00000000000000000000000000000000:0", 1);
  let asked = 0;
  await assert.rejects(
    world.client.batch(params, () => ++asked > 0),
    (error) => isLeashError(error, "INVALID_PARAMS"),
  );
  const [step] = params.request.steps;
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "batch:anything",
      documentEpoch: params.request.documentEpoch,
      action: step.action,
    }),
    (error) => isLeashError(error, "INVALID_PARAMS"),
  );
  assert.equal(asked, 0);
  assert.equal(world.inputs().length, 0);
  assert.deepEqual(audit(world), []);
});

Deno.test("a denied step ends the plan before it; the rest are skipped and never run", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener() });
  const { params } = await plan(world, "plan-denied");
  const result = await world.client.batch(params, ({ index }) => index < 2);
  assert.equal(result.status, "unverified");
  assert.equal(result.completed, 2);
  assert.equal(result.skipped, 3);
  assert.deepEqual(result.stop, { index: 2, reason: "denied" });
  assert.equal(world.inputs().length, 6);
  assert.ok(world.page.snapshot.nodes.every((node) => node.name !== "Opened 3"));
  // The last step that ran carries the plan's observation.
  assert.ok(result.steps[1].observation !== null);
  const plans = audit(world).filter((entry) => entry.action.kind === "batch");
  assert.equal(plans.length, 1);
  assert.equal(plans[0].outcome, "unverified");
});

Deno.test("an approval that does not come in time ends the plan before that step", async () => {
  await using world = await runtimeWorld({
    snapshot: ordersSnapshot(6),
    onClick: opener(),
    broker: { batchApprovalMs: 200 },
  });
  const { params } = await plan(world, "plan-slow");
  const result = await world.client.batch(
    params,
    ({ index }) => index === 1 ? new Promise<boolean>(() => {}) : true,
  );
  assert.equal(result.completed, 1);
  assert.equal(result.skipped, 4);
  assert.deepEqual(result.stop, { index: 1, reason: "approval-timeout" });
  assert.equal(world.inputs().length, 3);
});

Deno.test("a document change at step 3 of 5 ends the plan; steps 4 and 5 are skipped, not resumed", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener(3) });
  const { params } = await plan(world, "plan-nav");
  const asked: number[] = [];
  const result = await world.client.batch(params, ({ index }) => {
    asked.push(index);
    return true;
  });
  assert.deepEqual(asked, [0, 1, 2]);
  assert.equal(result.completed, 3);
  assert.equal(result.skipped, 2);
  assert.equal(result.steps[2].documentChanged, true);
  assert.deepEqual(result.stop, { index: 2, reason: "document-changed" });
  assert.equal(world.inputs().length, 9);
  // The plan's observation is of the new document.
  const observation = result.steps[2].observation;
  assert.ok(observation !== null);
  assert.notEqual(observation.documentEpoch, params.request.documentEpoch);
  // An exact retry is the same answer; steps 4 and 5 never run.
  assert.deepEqual(await world.client.batch(params, () => true), result);
  assert.equal(world.inputs().length, 9);
  assert.equal(audit(world).filter((entry) => entry.action.kind === "click").length, 3);
});

Deno.test("an unverified step before the last ends the plan", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener() });
  const { params } = await plan(world, "plan-unverified", 3);
  const steps = params.request.steps.map((step, index) =>
    index === 1 ? { ...step, expect: { textPresent: "Never shown" } } : step
  );
  const result = await world.client.batch(
    { ...params, request: { ...params.request, steps } },
    () => true,
  );
  assert.equal(result.completed, 2);
  assert.equal(result.skipped, 1);
  assert.deepEqual(result.stop, { index: 1, reason: "unverified" });
  assert.equal(result.status, "unverified");
  assert.equal(world.inputs().length, 6);
});

Deno.test("a step that fails ends the plan with its code; what ran before stands", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener() });
  const { params } = await plan(world, "plan-stale", 3);
  const steps = params.request.steps.map((step, index) =>
    index === 1 ? { action: { kind: "click" as const, ref: "e99999" } } : step
  );
  const result = await world.client.batch(
    { ...params, request: { ...params.request, steps } },
    () => true,
  );
  assert.equal(result.completed, 1);
  assert.equal(result.skipped, 1);
  assert.deepEqual(result.stop, {
    index: 1,
    reason: "failed",
    code: "STALE_TARGET",
    dispatched: false,
  });
  assert.equal(world.inputs().length, 3);
});

Deno.test("a connection lost while a step is being approved ends the plan; a retry elsewhere never resumes it", async () => {
  await using world = await runtimeWorld({ snapshot: ordersSnapshot(6), onClick: opener() });
  const { params } = await plan(world, "plan-lost");
  await assert.rejects(
    world.client.batch(params, ({ index }) => {
      if (index === 1) world.client.close();
      return true;
    }),
    (error) => isLeashError(error, "CONNECTION_LOST"),
  );
  await until(
    () => audit(world).some((entry) => entry.action.kind === "batch" && entry.outcome !== null),
    "the plan's outcome",
  );
  assert.equal(world.inputs().length, 3);
  const [recorded] = audit(world).filter((entry) => entry.action.kind === "batch");
  assert.equal(recorded.outcome, "unverified");
  assert.equal(recorded.dispatched, true);

  const other = await LeashClient.connect({
    runtimeDir: world.env.runtimeDir,
    journalKey: world.client.journalKey,
  });
  try {
    await assert.rejects(
      other.batch(params, () => true),
      (error) => isLeashError(error, "RECOVERY_REQUIRED"),
    );
  } finally {
    other.close();
  }
  assert.equal(world.inputs().length, 3);
});

Deno.test("the plan's shared deadline bounds every approval: once it passed, the plan ends", async () => {
  await using world = await runtimeWorld({
    snapshot: ordersSnapshot(6),
    onClick: opener(),
    broker: { batchDeadlineMs: 1_500 },
  });
  const { params } = await plan(world, "plan-deadline");
  const result = await world.client.batch(
    params,
    () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1_000)),
  );
  assert.equal(result.completed, 1);
  assert.deepEqual(result.stop, { index: 1, reason: "approval-timeout" });
  assert.equal(result.skipped, 4);
  assert.equal(world.inputs().length, 3);
});

Deno.test("a step that takes the page off the origin answers the plan ORIGIN_CHANGED; the rest never runs", async () => {
  const holder: { world?: RuntimeWorld } = {};
  const world = await runtimeWorld({
    snapshot: ordersSnapshot(6),
    onClick: (backendNodeId, page) => {
      opener()(backendNodeId, page);
      const { world } = holder;
      if (world === undefined || page.node(backendNodeId)?.name !== "Open order 2") return;
      world.provider.live.delete(world.lease.leaseId);
      world.provider.emit("lease.revoked", { leaseId: world.lease.leaseId, reason: "navigated" });
    },
  });
  holder.world = world;
  await using _world = world;
  const { params } = await plan(world, "plan-away", 4);
  await assert.rejects(
    world.client.batch(params, () => true),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.equal(world.inputs().length, 6, "steps 1 and 2 ran, 3 and 4 never did");
  // The exact retry is told the same, and runs nothing.
  await assert.rejects(
    world.client.batch(params, () => true),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.equal(world.inputs().length, 6);
  const [recorded] = audit(world).filter((entry) => entry.action.kind === "batch");
  assert.deepEqual([recorded.code, recorded.dispatched], ["ORIGIN_CHANGED", true]);
});
