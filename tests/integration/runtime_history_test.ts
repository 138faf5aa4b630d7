/**
 * `reload`, `back` and `forward` over real sockets against a scripted
 * provider and page: journaled and fenced like `navigate`, verified once
 * the tab shows where it went, and refused before anything is sent when
 * the history has no entry that way or the entry lies outside the lease.
 */
import assert from "node:assert/strict";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { type RuntimeWorld, runtimeWorld } from "./_runtime_world.ts";

function act(world: RuntimeWorld, requestId: string, documentEpoch: string, action: unknown) {
  return world.client.call("browser.act", {
    ...world.handle,
    requestId,
    documentEpoch,
    action: action as { kind: "reload" },
  });
}

function historyCalls(world: RuntimeWorld): string[] {
  return world.provider.cdpCalls.map((call) => call.method).filter((method) =>
    method === "Page.navigateToHistoryEntry" || method === "Page.reload"
  );
}

Deno.test("back, forward and reload move inside the lease, journaled, each verified where it went", async () => {
  await using world = await runtimeWorld();
  const start = world.page.snapshot.url;
  const cart = new URL("/cart", start).href;
  let seen = await world.client.call("browser.observe", world.handle);
  const went = await act(world, "nav", seen.documentEpoch, { kind: "navigate", url: cart });
  assert.equal(went.status, "verified");

  const back = await act(world, "back", went.documentEpoch, { kind: "back" });
  assert.equal(back.status, "verified");
  assert.equal(back.documentChanged, true);
  assert.equal(world.page.snapshot.url, start);

  const forward = await act(world, "forward", back.documentEpoch, { kind: "forward" });
  assert.equal(forward.status, "verified");
  assert.equal(world.page.snapshot.url, cart);

  const loader = world.page.snapshot.loaderId;
  const reloaded = await act(world, "reload", forward.documentEpoch, { kind: "reload" });
  assert.equal(reloaded.status, "verified");
  assert.equal(reloaded.documentChanged, true);
  assert.notEqual(world.page.snapshot.loaderId, loader);
  assert.deepEqual(historyCalls(world), [
    "Page.navigateToHistoryEntry",
    "Page.navigateToHistoryEntry",
    "Page.reload",
  ]);

  // An epoch of a document the tab no longer shows fences the step like any action.
  seen = await world.client.call("browser.observe", world.handle);
  await assert.rejects(
    act(world, "stale", back.documentEpoch, { kind: "back" }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  assert.equal(historyCalls(world).length, 3);

  const entries = readAudit(world.env.broker.runtime.journal.path, 10);
  assert.deepEqual(entries.map((entry) => [entry.action.kind, entry.outcome, entry.dispatched]), [
    ["navigate", "verified", true],
    ["back", "verified", true],
    ["forward", "verified", true],
    ["reload", "verified", true],
    ["back", "failed", false],
  ]);
  assert.equal(seen.url, cart);
});

Deno.test("back with no entry that way, or to an entry outside the lease, is refused before anything is sent", async () => {
  await using world = await runtimeWorld();
  const seen = await world.client.call("browser.observe", world.handle);
  await assert.rejects(
    act(world, "first", seen.documentEpoch, { kind: "back" }),
    (error) =>
      isLeashError(error, "TARGET_NOT_INTERACTABLE") && error.detail?.reason === "noHistory",
  );
  await assert.rejects(
    act(world, "last", seen.documentEpoch, { kind: "forward" }),
    (error) =>
      isLeashError(error, "TARGET_NOT_INTERACTABLE") && error.detail?.reason === "noHistory",
  );

  // The person came from another site; the extension shows that entry blank.
  world.page.history = ["", world.page.snapshot.url, "https://evil.example/after"];
  world.page.historyIndex = 1;
  for (const kind of ["back", "forward"]) {
    await assert.rejects(
      act(world, kind, seen.documentEpoch, { kind }),
      (error) => isLeashError(error, "OUT_OF_SCOPE") && error.detail?.reason === "otherOrigin",
    );
  }
  assert.deepEqual(historyCalls(world), []);
  assert.deepEqual(world.inputs(), []);
  const entries = readAudit(world.env.broker.runtime.journal.path, 10);
  assert.deepEqual(entries.map((entry) => [entry.code, entry.dispatched]), [
    ["TARGET_NOT_INTERACTABLE", false],
    ["TARGET_NOT_INTERACTABLE", false],
    ["OUT_OF_SCOPE", false],
    ["OUT_OF_SCOPE", false],
  ]);
});
