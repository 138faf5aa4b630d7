/**
 * `browser.act` over real sockets against a scripted provider and page:
 * the journal before dispatch, exact retries, conflicts, stale targets,
 * hit tests, scope, the per-tab queue and what a lease's end does.
 */
import assert from "node:assert/strict";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import type { Observation, RevocationReason } from "../../contracts/methods/mod.ts";
import { until } from "./_in_process.ts";
import { ordersSnapshot, type RuntimeWorld, runtimeWorld } from "./_runtime_world.ts";
import type { ScriptedPage } from "./_scripted_page.ts";

const thanks = "Thank you, your order is placed";

/** A click on "Place order" adds the page's own confirmation text. */
function placeOrder(backendNodeId: number, page: ScriptedPage) {
  if (page.node(backendNodeId)?.name !== "Place order") return;
  page.update((nodes) => [
    ...nodes,
    { backendNodeId: 9_001, parentId: 56, role: "status", name: thanks, states: [], depth: 2 },
  ]);
}

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

function audit(world: RuntimeWorld) {
  return readAudit(world.env.broker.runtime.journal.path, 100);
}

Deno.test("a click is journaled, verified by its expectation, and answered with a delta", async () => {
  await using world = await runtimeWorld({ onClick: placeOrder });
  const before = await world.client.call("browser.observe", world.handle);
  const request = {
    ...world.handle,
    requestId: "order-1",
    documentEpoch: before.documentEpoch,
    action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
    expect: { textPresent: "order is placed" },
  };
  const result = await world.client.call("browser.act", request);
  assert.equal(result.requestId, "order-1");
  assert.equal(result.status, "verified");
  assert.equal(result.documentChanged, false);
  assert.equal(result.documentEpoch, before.documentEpoch);
  assert.deepEqual(world.inputs(), [
    "Input.dispatchMouseEvent",
    "Input.dispatchMouseEvent",
    "Input.dispatchMouseEvent",
  ]);
  // The observation is a delta against the page observation made before.
  const observation = result.observation;
  assert.ok(observation !== null);
  assert.equal(observation.delta?.since, before.cursor);
  assert.deepEqual(observation.delta?.added.map((node) => `${node.role} ${node.name}`), [
    `status ${thanks}`,
  ]);
  assert.deepEqual(observation.delta?.changed, []);

  const [entry, ...others] = audit(world);
  assert.deepEqual(others, []);
  assert.equal(entry.action.kind, "click");
  assert.equal(entry.action.ref, request.action.ref);
  assert.equal(entry.action.description, '"Place order"');
  assert.equal(entry.outcome, "verified");
  assert.equal(entry.dispatched, true);
  assert.equal(entry.instance, "scripted-1");
  assert.equal(entry.tab, world.lease.tab);
  assert.equal(entry.origin, "https://shop.example");

  // An exact retry gets the cached result and dispatches nothing.
  assert.deepEqual(await world.client.call("browser.act", request), result);
  assert.equal(world.inputs().length, 3);

  // The same request ID with another payload conflicts, also without dispatch.
  await assert.rejects(
    world.client.call("browser.act", { ...request, expect: { textPresent: "other" } }),
    (error) => isLeashError(error, "REQUEST_CONFLICT"),
  );
  assert.equal(world.inputs().length, 3);
  assert.equal(audit(world).length, 1);
});

Deno.test("a stale epoch, an unknown ref or a replaced document is STALE_TARGET with nothing dispatched", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  const ref = refOf(before, "button", "Place order");
  const click = { kind: "click" as const, ref };
  const refusals = [
    { requestId: "a", documentEpoch: "no-such-epoch", action: click },
    { requestId: "b", documentEpoch: before.documentEpoch, action: { kind: "click", ref: "e999" } },
    { requestId: "c", documentEpoch: before.documentEpoch, action: { ...click, kind: "scroll" } },
  ] as const;
  for (const refusal of refusals.slice(0, 2)) {
    await assert.rejects(
      world.client.call("browser.act", { ...world.handle, ...refusal }),
      (error) => isLeashError(error, "STALE_TARGET"),
    );
  }
  assert.equal(world.provider.cdpCalls.length, 0, "refused before the page was asked anything");

  // The tab shows a new document the Broker has not observed: the engine's loader check.
  world.page.load();
  await assert.rejects(
    world.client.call("browser.act", { ...world.handle, ...refusals[2] }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  assert.deepEqual(world.inputs(), []);
  assert.ok(!world.provider.cdpCalls.some((call) => call.method === "DOM.scrollIntoViewIfNeeded"));

  const entries = audit(world);
  assert.deepEqual(entries.map((entry) => [entry.outcome, entry.code, entry.dispatched]), [
    ["failed", "STALE_TARGET", false],
    ["failed", "STALE_TARGET", false],
    ["failed", "STALE_TARGET", false],
  ]);
});

Deno.test("a covered target and a navigation out of scope are refused before any input", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  world.page.coveredBy = world.page.find("contentinfo", "").backendNodeId;
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "covered",
      documentEpoch: before.documentEpoch,
      action: { kind: "click", ref: refOf(before, "button", "Place order") },
    }),
    (error) => isLeashError(error, "TARGET_COVERED"),
  );
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "away",
      documentEpoch: before.documentEpoch,
      action: { kind: "navigate", url: "https://elsewhere.example/" },
    }),
    (error) => isLeashError(error, "OUT_OF_SCOPE"),
  );
  assert.deepEqual(world.inputs(), []);
  assert.ok(!world.provider.cdpCalls.some((call) => call.method === "Page.navigate"));
});

Deno.test("a refused navigation to a non-HTTP(S) URL is journaled with its scheme only", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  const targets = [
    'javascript:document.title="JS"',
    "data:text/html,<title>D</title>",
    "file:///etc/passwd",
    "chrome://settings/passwords",
  ];
  for (const [index, url] of targets.entries()) {
    await assert.rejects(
      world.client.call("browser.act", {
        ...world.handle,
        requestId: `scheme-${index}`,
        documentEpoch: before.documentEpoch,
        action: { kind: "navigate", url },
      }),
      (error) => isLeashError(error, "OUT_OF_SCOPE"),
    );
  }
  assert.ok(!world.provider.cdpCalls.some((call) => call.method === "Page.navigate"));
  const rows = audit(world).map((entry) => [entry.action.kind, entry.action.description]);
  assert.deepEqual(rows, [
    ["navigate", "javascript: (rest omitted)"],
    ["navigate", "data: (rest omitted)"],
    ["navigate", "file: (rest omitted)"],
    ["navigate", "chrome: (rest omitted)"],
  ]);
});

Deno.test("a navigation inside the scope changes the document and answers with the new epoch", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  const result = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "go",
    documentEpoch: before.documentEpoch,
    action: { kind: "navigate", url: "https://shop.example/done" },
  });
  assert.equal(result.status, "verified");
  assert.equal(result.documentChanged, true);
  assert.notEqual(result.documentEpoch, before.documentEpoch);
  assert.equal(result.observation?.documentEpoch, result.documentEpoch);
  assert.equal(result.observation?.delta, null, "a new document gets a full observation");
  assert.equal(result.observation?.url, "https://shop.example/done");
  // The old epoch is retired.
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "old",
      documentEpoch: before.documentEpoch,
      action: { kind: "click", ref: refOf(before, "button", "Place order") },
    }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("a row found by query beyond the read's bound is clicked", async () => {
  let clicked = "";
  await using world = await runtimeWorld({
    snapshot: ordersSnapshot(2_000),
    onClick: (id, page) => {
      clicked = page.node(id)?.name ?? "";
    },
  });
  const found = await world.client.call("browser.observe", {
    ...world.handle,
    query: "Open order 1900",
  });
  const result = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "open-1900",
    documentEpoch: found.documentEpoch,
    action: { kind: "click", ref: refOf(found, "button", "Open order 1900") },
  });
  assert.equal(clicked, "Open order 1900");
  assert.equal(result.status, "unverified", "nothing was expected, so nothing verifies it");
});

Deno.test("two observes and an act on one tab reach the provider one at a time, in order", async () => {
  // Holds the first leased call made after it is set.
  let hold: PromiseWithResolvers<void> | undefined;
  await using world = await runtimeWorld({
    beforeAnswer: async () => {
      const held = hold;
      hold = undefined;
      await held?.promise;
    },
  });
  const before = await world.client.call("browser.observe", world.handle);
  world.provider.leasedCalls.length = 0;
  world.provider.maxInFlight = 0;
  world.provider.maxInFlightBesideRead = 0;

  hold = Promise.withResolvers<void>();
  const release = hold.resolve;
  const first = world.client.call("browser.observe", world.handle);
  const second = world.client.call("browser.observe", { ...world.handle, query: "email" });
  const act = world.client.call("browser.act", {
    ...world.handle,
    requestId: "queued",
    documentEpoch: before.documentEpoch,
    action: { kind: "click", ref: refOf(before, "button", "Place order") },
  });
  const tab = { instance: world.lease.instance, tab: world.lease.tab };
  // The first read may still be on its way to the provider when the others are queued.
  await until(
    () =>
      world.env.broker.runtime.queues.pending(tab) === 3 && world.provider.leasedCalls.length > 0,
    "three queued, the first at the provider",
  );
  assert.deepEqual(world.provider.leasedCalls, ["ax.read"], "the others wait in the queue");
  release();
  const [one, two, three] = await Promise.all([first, second, act]);
  assert.deepEqual(one.scope, { kind: "page" });
  assert.deepEqual(two.scope, { kind: "query", query: "email" });
  assert.equal(three.status, "unverified");
  // The click's own reads of the page go out together where the page answers them in order:
  // at most seven at a time (the scroll with the clipping ancestors' positions read before and
  // after it, the box and the viewport, and beside them the look at the button: its identity
  // and its state); no read shares the tab.
  assert.equal(world.provider.maxInFlightBesideRead, 1);
  assert.ok(world.provider.maxInFlight <= 7, `${world.provider.maxInFlight} calls at once`);
  const calls = world.provider.leasedCalls;
  assert.deepEqual(calls.slice(0, 3), ["ax.read", "ax.search", "cdp Page.getFrameTree"]);
  assert.equal(calls.at(-1), "ax.read", "the action's own observation comes last");
  assert.equal(world.env.broker.runtime.queues.pending(tab), 0);
});

Deno.test("when a lease ends, its queued work fails LEASE_NOT_FOUND and its results are purged", async () => {
  const holds: PromiseWithResolvers<void>[] = [];
  await using world = await runtimeWorld({
    beforeAnswer: async () => await holds[0]?.promise,
  });
  const before = await world.client.call("browser.observe", world.handle);
  const request = {
    ...world.handle,
    requestId: "kept",
    documentEpoch: before.documentEpoch,
    action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
  };
  await world.client.call("browser.act", request);

  const hold = Promise.withResolvers<void>();
  holds.push(hold);
  const running = world.client.call("browser.observe", world.handle);
  const waiting = world.client.call("browser.observe", world.handle);
  const tab = { instance: world.lease.instance, tab: world.lease.tab };
  await until(() => world.env.broker.runtime.queues.pending(tab) === 2, "two queued");
  assert.deepEqual(await world.client.call("browser.release", world.handle), { released: true });
  await assert.rejects(waiting, (error) => isLeashError(error, "LEASE_NOT_FOUND"));
  await assert.rejects(running, (error) => isLeashError(error, "LEASE_NOT_FOUND"));
  hold.resolve();

  // The cached result went with the lease; the request's identity stays.
  await assert.rejects(
    world.client.call("browser.act", request),
    (error) => isLeashError(error, "RECOVERY_REQUIRED"),
  );
  assert.equal(world.inputs().length, 3);
  assert.equal(world.env.broker.runtime.books.epochs.describe(before.documentEpoch), undefined);
});

Deno.test("in a background tab a click goes without the mouse move Chrome would hold, and a wheel is refused before any input", async () => {
  await using world = await runtimeWorld({ onClick: placeOrder });
  const mouse = () =>
    world.provider.cdpCalls
      .filter((call) => call.method === "Input.dispatchMouseEvent")
      .map((call) => call.params?.type);
  world.page.hidden = true;
  const before = await world.client.call("browser.observe", world.handle);
  const click = {
    ...world.handle,
    documentEpoch: before.documentEpoch,
    action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
    expect: { textPresent: "order is placed" },
  };
  const hidden = await world.client.call("browser.act", { ...click, requestId: "hidden" });
  assert.equal(hidden.status, "verified");
  assert.deepEqual(mouse(), ["mousePressed", "mouseReleased"]);
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "wheel",
      documentEpoch: before.documentEpoch,
      action: { kind: "wheel", deltaX: 0, deltaY: 400 },
    }),
    (error) => isLeashError(error, "TARGET_NOT_INTERACTABLE"),
  );
  assert.equal(mouse().length, 2, "the wheel sent nothing");
  // In front again, the pointer moves first and the point is hit-tested once more.
  world.page.hidden = false;
  await world.client.call("browser.act", { ...click, requestId: "shown" });
  assert.deepEqual(mouse().slice(2), ["mouseMoved", "mousePressed", "mouseReleased"]);
});

/**
 * A world whose "Place order" click ends the lease in the browser, as the
 * extension does: with `lease.revoked` and `reason`, or (`answer`) by
 * answering the next leased call `ORIGIN_CHANGED`, as it does when it finds
 * the tab on another origin before its tab listener fired.
 */
async function worldWhoseClickEndsTheLease(end: RevocationReason | "answer") {
  let clicked = false;
  const holder: { world?: RuntimeWorld } = {};
  const world = await runtimeWorld({
    onClick: (backendNodeId, page) => {
      const { world } = holder;
      if (world === undefined || page.node(backendNodeId)?.name !== "Place order") return;
      clicked = true;
      if (end === "answer") return;
      world.provider.live.delete(world.lease.leaseId);
      world.provider.emit("lease.revoked", { leaseId: world.lease.leaseId, reason: end });
    },
    beforeAnswer: () => {
      const { world } = holder;
      if (end !== "answer" || !clicked || world === undefined) return;
      if (!world.provider.live.delete(world.lease.leaseId)) return;
      throw new LeashError("ORIGIN_CHANGED");
    },
  });
  holder.world = world;
  return world;
}

Deno.test("a click whose page leaves the origin is answered ORIGIN_CHANGED, and so is its exact retry", async () => {
  for (const end of ["navigated", "answer"] as const) {
    await using world = await worldWhoseClickEndsTheLease(end);
    const before = await world.client.call("browser.observe", world.handle);
    const request = {
      ...world.handle,
      requestId: `away-${end}`,
      documentEpoch: before.documentEpoch,
      action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
    };
    await assert.rejects(
      world.client.call("browser.act", request),
      (error) => isLeashError(error, "ORIGIN_CHANGED"),
      end,
    );
    const sent = world.inputs().length;
    assert.ok(sent > 0, "the click was dispatched");
    await assert.rejects(
      world.client.call("browser.act", request),
      (error) => isLeashError(error, "ORIGIN_CHANGED"),
      `${end}: the exact retry`,
    );
    assert.equal(world.inputs().length, sent, "the retry dispatched nothing");
    await assert.rejects(
      world.client.call("browser.observe", world.handle),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
    const [entry, ...others] = audit(world).filter((row) => row.action.kind === "click");
    assert.deepEqual(others, []);
    assert.deepEqual([entry.code, entry.dispatched, entry.attempts], ["ORIGIN_CHANGED", true, 1]);
  }
});

Deno.test("a click whose lease the person stops meanwhile is still answered RECOVERY_REQUIRED", async () => {
  await using world = await worldWhoseClickEndsTheLease("stop");
  const before = await world.client.call("browser.observe", world.handle);
  const request = {
    ...world.handle,
    requestId: "stopped",
    documentEpoch: before.documentEpoch,
    action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
  };
  await assert.rejects(
    world.client.call("browser.act", request),
    (error) => isLeashError(error, "RECOVERY_REQUIRED"),
  );
  const sent = world.inputs().length;
  await assert.rejects(
    world.client.call("browser.act", request),
    (error) => isLeashError(error, "RECOVERY_REQUIRED"),
  );
  assert.equal(world.inputs().length, sent);
  assert.equal(audit(world).at(-1)?.code, null);
});

Deno.test("an action's wait for the page begins beside its own last checks, and an expectation's after them", async () => {
  await using world = await runtimeWorld({ onClick: placeOrder });
  const before = await world.client.call("browser.observe", world.handle);
  const click = (requestId: string, expect?: { textPresent: string }) =>
    world.client.call("browser.act", {
      ...world.handle,
      requestId,
      documentEpoch: before.documentEpoch,
      action: { kind: "click" as const, ref: refOf(before, "button", "Place order") },
      ...(expect === undefined ? {} : { expect }),
    });
  /** The leased calls from the last mouse event on, up to the observation. */
  const tail = () => {
    const calls = world.provider.leasedCalls;
    return calls.slice(calls.lastIndexOf("cdp Input.dispatchMouseEvent") + 1);
  };
  world.provider.leasedCalls.length = 0;
  await click("wait-beside");
  const beside = tail();
  assert.equal(world.provider.settles.length, 1, "one wait");
  assert.ok(
    beside.indexOf("page.settle") < beside.lastIndexOf("cdp Page.getFrameTree"),
    `the wait goes out before the action's last look at the document: ${beside}`,
  );
  assert.equal(beside.at(-1), "ax.read", "the observation comes after the wait");

  world.provider.leasedCalls.length = 0;
  await click("wait-after", { textPresent: "order is placed" });
  const after = tail();
  assert.equal(world.provider.settles.length, 2);
  assert.ok(
    after.indexOf("page.settle") > after.lastIndexOf("cdp Page.getFrameTree"),
    `with an expectation the wait follows the checks: ${after}`,
  );
});
