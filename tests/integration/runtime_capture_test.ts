/**
 * `browser.capture` beyond the viewport over real sockets against a
 * scripted provider and page: the whole page and one element by ref, each
 * bounded in pixels, fenced by the ref's epoch, and behind the frames'
 * capture gate over the area the image shows.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { runtimeWorld } from "./_runtime_world.ts";
import { ScriptedFrames } from "./_scripted_frames.ts";
import { fixtureSnapshot } from "./_scripted_page.ts";

async function failure(promise: Promise<unknown>): Promise<{ code: string; reason?: string }> {
  try {
    await promise;
  } catch (error) {
    if (isLeashError(error)) return { code: error.code, reason: error.detail?.reason };
    throw error;
  }
  throw new Error("expected a failure");
}

function shots(world: { provider: { cdpCalls: { method: string; params: unknown }[] } }) {
  return world.provider.cdpCalls.filter((call) => call.method === "Page.captureScreenshot")
    .map((call) => call.params);
}

Deno.test("a full-page capture is the page's content size, taken beyond the viewport", async () => {
  await using world = await runtimeWorld({
    viewport: { width: 640, height: 360 },
    content: { width: 640, height: 2_000 },
  });
  const image = await world.client.call("browser.capture", { ...world.handle, fullPage: true });
  assert.deepEqual({ width: image.width, height: image.height }, { width: 640, height: 2_000 });
  assert.deepEqual(shots(world), [{
    format: "png",
    clip: { x: 0, y: 0, width: 640, height: 2_000, scale: 1 },
    captureBeyondViewport: true,
  }]);
  // The viewport alone, as before.
  const viewport = await world.client.call("browser.capture", world.handle);
  assert.deepEqual({ width: viewport.width, height: viewport.height }, { width: 640, height: 360 });

  // Past 16,384 px either way: refused before any image is taken.
  world.page.content = { width: 640, height: 16_385 };
  const before = shots(world).length;
  assert.deepEqual(
    await failure(world.client.call("browser.capture", { ...world.handle, fullPage: true })),
    { code: "RESULT_TOO_LARGE", reason: "tooManyPixels" },
  );
  world.page.content = { width: 20_000, height: 300 };
  assert.deepEqual(
    await failure(world.client.call("browser.capture", { ...world.handle, fullPage: true })),
    { code: "RESULT_TOO_LARGE", reason: "tooManyPixels" },
  );
  assert.equal(shots(world).length, before);
});

Deno.test("an element capture is the ref's box, scrolled into view and fenced by its epoch", async () => {
  let box = [12.5, 40, 212.5, 40, 212.5, 70.2, 12.5, 70.2];
  await using world = await runtimeWorld({
    layout: { quad: () => box, at: () => undefined },
  });
  const observation = await world.client.call("browser.observe", world.handle);
  const ref = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const image = await world.client.call("browser.capture", {
    ...world.handle,
    ref,
    documentEpoch: observation.documentEpoch,
  });
  assert.deepEqual({ width: image.width, height: image.height }, { width: 201, height: 31 });
  assert.equal(image.documentEpoch, observation.documentEpoch);
  // Inside the viewport: not rendered beyond it (that leaves the tab's scrollbars hidden).
  assert.deepEqual(shots(world), [{
    format: "png",
    clip: { x: 12, y: 40, width: 201, height: 31, scale: 1 },
  }]);
  const scrolled = world.provider.leasedCalls.indexOf("cdp DOM.scrollIntoViewIfNeeded");
  assert.ok(
    scrolled >= 0 && scrolled < world.provider.leasedCalls.indexOf("cdp DOM.getContentQuads"),
  );
  // Taller than the viewport: rendered beyond it, at its whole size.
  box = [0, 0, 300, 0, 300, 900, 0, 900];
  const tall = await world.client.call("browser.capture", {
    ...world.handle,
    ref,
    documentEpoch: observation.documentEpoch,
  });
  assert.deepEqual({ width: tall.width, height: tall.height }, { width: 300, height: 900 });
  assert.deepEqual(shots(world).at(-1), {
    format: "png",
    clip: { x: 0, y: 0, width: 300, height: 900, scale: 1 },
    captureBeyondViewport: true,
  });

  // A ref the epoch never showed, and a ref of a document the tab no longer shows.
  const count = shots(world).length;
  assert.equal(
    (await failure(world.client.call("browser.capture", {
      ...world.handle,
      ref: "e999",
      documentEpoch: observation.documentEpoch,
    }))).code,
    "STALE_TARGET",
  );
  world.page.load();
  assert.equal(
    (await failure(world.client.call("browser.capture", {
      ...world.handle,
      ref,
      documentEpoch: observation.documentEpoch,
    }))).code,
    "STALE_TARGET",
  );
  assert.equal(shots(world).length, count, "no image of a stale ref");
});

Deno.test("an element larger than the bound, or with no box, is refused", async () => {
  let quad = [0, 0, 100, 0, 100, 17_000, 0, 17_000];
  await using world = await runtimeWorld({ layout: { quad: () => quad, at: () => undefined } });
  const observation = await world.client.call("browser.observe", world.handle);
  const ref = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const asked = { ...world.handle, ref, documentEpoch: observation.documentEpoch };
  assert.deepEqual(await failure(world.client.call("browser.capture", asked)), {
    code: "RESULT_TOO_LARGE",
    reason: "tooManyPixels",
  });
  quad = [5, 5, 5, 5, 5, 5, 5, 5];
  assert.deepEqual(await failure(world.client.call("browser.capture", asked)), {
    code: "TARGET_NOT_INTERACTABLE",
    reason: "noBox",
  });
  assert.equal(shots(world).length, 0);
});

Deno.test("fullPage with a ref, or a ref without its epoch, is invalid", async () => {
  await using world = await runtimeWorld();
  const observation = await world.client.call("browser.observe", world.handle);
  const ref = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  for (
    const params of [
      { fullPage: true, ref, documentEpoch: observation.documentEpoch },
      { ref },
      { documentEpoch: observation.documentEpoch },
    ]
  ) {
    assert.equal(
      (await failure(world.client.call("browser.capture", { ...world.handle, ...params }))).code,
      "INVALID_PARAMS",
    );
  }
});

Deno.test("a frame of another origin below the fold refuses a full-page capture, not the viewport's", async () => {
  const page = fixtureSnapshot("form_page.json");
  const frames = new ScriptedFrames([{
    source: {
      frameId: "foreign",
      parentFrameId: page.frameId,
      owner: 502,
      session: "out-of-process",
    },
  }]);
  const below = [0, 1_000, 300, 1_000, 300, 1_200, 0, 1_200];
  const elsewhere = [10, 10, 110, 10, 110, 30, 10, 30];
  await using world = await runtimeWorld({
    frames,
    viewport: { width: 800, height: 600 },
    content: { width: 800, height: 3_000 },
    layout: { quad: (id) => id === 502 ? below : elsewhere, at: () => undefined },
  });
  const main = world.page.snapshot.nodes[0].backendNodeId;
  world.page.update((nodes) => [
    ...nodes,
    { backendNodeId: 502, parentId: main, role: "Iframe", name: "Ads", states: [], depth: 1 },
  ]);
  assert.ok((await world.client.call("browser.capture", world.handle)).data.length > 0);
  const count = shots(world).length;
  assert.equal(
    (await failure(world.client.call("browser.capture", { ...world.handle, fullPage: true })))
      .code,
    "OUT_OF_SCOPE",
  );
  assert.equal(shots(world).length, count, "no image taken");
  // An element clear of the frame may still be captured.
  const observation = await world.client.call("browser.observe", world.handle);
  const ref = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const image = await world.client.call("browser.capture", {
    ...world.handle,
    ref,
    documentEpoch: observation.documentEpoch,
  });
  assert.deepEqual({ width: image.width, height: image.height }, { width: 100, height: 20 });
});
