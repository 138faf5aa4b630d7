/**
 * `browser.observe` with `until` over real sockets against a scripted
 * provider and page: it answers the observation once text appears or goes
 * away, answers `TIMEOUT` with a cursor the caller can observe since when
 * time runs out, never holds the tab's queue between looks, and ends at
 * once when a dialog opens.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { runtimeWorld } from "./_runtime_world.ts";

const saved: AxNode = {
  backendNodeId: 9_100,
  parentId: 5,
  role: "status",
  name: "All changes saved",
  states: [],
  depth: 1,
};

Deno.test("until textPresent answers the observation once the page shows the text", async () => {
  await using world = await runtimeWorld();
  const timer = setTimeout(() => world.page.update((nodes) => [...nodes, saved]), 300);
  try {
    const started = performance.now();
    const seen = await world.client.call("browser.observe", {
      ...world.handle,
      until: { textPresent: "changes saved", timeoutMs: 5_000 },
    });
    assert.ok(seen.nodes.some((node) => node.name === "All changes saved"), seen.text);
    assert.ok(performance.now() - started >= 250, "it waited for the text");
  } finally {
    clearTimeout(timer);
  }
});

Deno.test("until textGone answers once the text went away", async () => {
  await using world = await runtimeWorld();
  world.page.update((nodes) => [...nodes, saved]);
  const timer = setTimeout(
    () =>
      world.page.update((nodes) =>
        nodes.filter((node) => node.backendNodeId !== saved.backendNodeId)
      ),
    300,
  );
  try {
    const seen = await world.client.call("browser.observe", {
      ...world.handle,
      until: { textGone: "All changes saved", timeoutMs: 5_000 },
    });
    assert.ok(!seen.nodes.some((node) => node.name === "All changes saved"));
  } finally {
    clearTimeout(timer);
  }
});

Deno.test("until that never holds is TIMEOUT with a cursor to observe since", async () => {
  await using world = await runtimeWorld();
  const started = performance.now();
  const error = await world.client.call("browser.observe", {
    ...world.handle,
    until: { textPresent: "Payment received", timeoutMs: 400 },
  }).then(() => undefined, (failure: unknown) => failure);
  assert.ok(isLeashError(error, "TIMEOUT"), String(error));
  assert.equal(error.detail?.reason, "notYet");
  const cursor = error.detail?.cursor;
  assert.ok(typeof cursor === "string");
  assert.ok(performance.now() - started >= 400);

  world.page.update((nodes) => [...nodes, saved]);
  const since = await world.client.call("browser.observe", { ...world.handle, since: cursor });
  assert.deepEqual(since.delta?.added.map((node) => node.name), ["All changes saved"]);
});

Deno.test("until element waits for an element's state; a ref of no live document is STALE_TARGET", async () => {
  await using world = await runtimeWorld();
  const seen = await world.client.call("browser.observe", world.handle);
  const terms = seen.nodes.find((node) => node.name === "I accept the terms")?.ref;
  assert.ok(typeof terms === "string");
  const uncheck = (nodes: AxNode[]) =>
    nodes.map((node) => node.name === "I accept the terms" ? { ...node, states: [] } : node);
  const timer = setTimeout(() => world.page.update(uncheck), 300);
  try {
    const started = performance.now();
    await world.client.call("browser.observe", {
      ...world.handle,
      until: { element: { ref: terms, checked: false }, timeoutMs: 5_000 },
    });
    assert.ok(performance.now() - started >= 250, "it waited for the state");
  } finally {
    clearTimeout(timer);
  }
  await assert.rejects(
    world.client.call("browser.observe", {
      ...world.handle,
      until: { element: { ref: "e999", checked: true } },
    }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("a wait does not hold the tab's queue: an action meanwhile runs at once", async () => {
  await using world = await runtimeWorld();
  const before = await world.client.call("browser.observe", world.handle);
  const waiting = world.client.call("browser.observe", {
    ...world.handle,
    until: { textPresent: "All changes saved", timeoutMs: 10_000 },
  });
  const button = before.nodes.find((node) => node.role === "button" && node.ref !== null);
  assert.ok(button?.ref);
  const acted = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "meanwhile",
    documentEpoch: before.documentEpoch,
    action: { kind: "scroll", ref: button.ref },
  });
  assert.equal(acted.status, "verified");
  world.page.update((nodes) => [...nodes, saved]);
  const seen = await waiting;
  assert.ok(seen.nodes.some((node) => node.name === "All changes saved"));
});

Deno.test("a dialog that opens during a wait ends it with DIALOG_OPEN", async () => {
  await using world = await runtimeWorld();
  const timer = setTimeout(
    () => world.provider.openDialog({ type: "alert", message: "Session expired" }),
    200,
  );
  try {
    await assert.rejects(
      world.client.call("browser.observe", {
        ...world.handle,
        until: { textPresent: "All changes saved", timeoutMs: 10_000 },
      }),
      (error) => isLeashError(error, "DIALOG_OPEN") && error.detail?.by?.name === "Session expired",
    );
  } finally {
    clearTimeout(timer);
  }
});
