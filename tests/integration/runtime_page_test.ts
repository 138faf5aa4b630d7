/**
 * `browser.readPage` and `browser.capture` over real sockets against a
 * scripted provider and page: windows with single-use continuations that
 * never resync, and viewport screenshots with their real size.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { PageWindow } from "../../contracts/methods/mod.ts";
import { instance, runtimeWorld } from "./_runtime_world.ts";

Deno.test("read windows page through the document, each continuation once", async () => {
  await using world = await runtimeWorld({ windowSize: 20 });
  const read = (continuation?: string) =>
    world.client.call("browser.readPage", {
      ...world.handle,
      options: continuation === undefined ? {} : { continuation },
    });
  const windows: PageWindow[] = [await read()];
  while (windows.at(-1)?.continuation != null) {
    windows.push(await read(windows.at(-1)?.continuation ?? undefined));
  }
  const total = world.page.snapshot.nodes.length;
  assert.equal(windows.length, Math.ceil(total / 20));
  assert.ok(windows.slice(0, -1).every((window) => !window.complete));
  assert.equal(windows.at(-1)?.complete, true);
  const epochs = new Set(windows.map((window) => window.documentEpoch));
  assert.equal(epochs.size, 1, "every window is of one document");
  assert.match(windows[0].text, /read the next window with continuation:pc-[0-9a-f]{32}$/);
  const names = windows.flatMap((window) => window.nodes.map((node) => node.name));
  assert.ok(names.includes("Place order") && names.includes("© 2025 Example Shop"));
  // The client never sees the provider's own continuations.
  assert.ok(windows.every((window) => !window.text.includes("provider-")));

  // A spent continuation fails, without a read.
  const calls = world.provider.leasedCalls.length;
  await assert.rejects(
    read(windows[0].continuation ?? ""),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );
  assert.equal(world.provider.leasedCalls.length, calls);
});

Deno.test("a continuation fails for a changed document, another root or another lease", async () => {
  await using world = await runtimeWorld({ windowSize: 10 });
  const start = () => world.client.call("browser.readPage", { ...world.handle, options: {} });

  // The document changed, and an observation saw it.
  const first = await start();
  world.page.load();
  await world.client.call("browser.observe", world.handle);
  await assert.rejects(
    world.client.call("browser.readPage", {
      ...world.handle,
      options: { continuation: first.continuation ?? "" },
    }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );

  // The document changed and only the window itself shows it.
  const second = await start();
  world.page.load();
  await assert.rejects(
    world.client.call("browser.readPage", {
      ...world.handle,
      options: { continuation: second.continuation ?? "" },
    }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );

  // Another root than the walk's.
  const observation = await world.client.call("browser.observe", world.handle);
  const form = observation.nodes.find((node) => node.role === "textbox")?.ref ?? "";
  const third = await start();
  await assert.rejects(
    world.client.call("browser.readPage", {
      ...world.handle,
      options: { continuation: third.continuation ?? "", rootRef: form },
    }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );

  // Another lease: the old lease's continuation is gone with it.
  const fourth = await start();
  await world.client.call("browser.release", world.handle);
  const again = await world.client.call("browser.claim", { sessionId: "s", instance });
  await assert.rejects(
    world.client.call("browser.readPage", {
      sessionId: "s",
      leaseId: again.leaseId,
      options: { continuation: fourth.continuation ?? "" },
    }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );
});

Deno.test("a read under rootRef walks only that subtree and keeps its root across windows", async () => {
  await using world = await runtimeWorld({ windowSize: 3 });
  const observation = await world.client.call("browser.observe", world.handle);
  const country = observation.nodes.find((node) => node.role === "combobox")?.ref ?? "";
  const first = await world.client.call("browser.readPage", {
    ...world.handle,
    options: { rootRef: country },
  });
  assert.deepEqual(first.scope, { kind: "subtree", rootRef: country });
  assert.equal(first.documentEpoch, observation.documentEpoch);
  const next = await world.client.call("browser.readPage", {
    ...world.handle,
    options: { continuation: first.continuation ?? "", rootRef: country },
  });
  assert.deepEqual(next.scope, { kind: "subtree", rootRef: country });
  assert.deepEqual(
    [...first.nodes, ...next.nodes].map((node) => node.name),
    ["Country", "United Kingdom", "France", "Japan"],
  );
  assert.equal(next.complete, true);
  await assert.rejects(
    world.client.call("browser.readPage", { ...world.handle, options: { rootRef: "e999" } }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

function decodedSize(data: string): { width: number; height: number } {
  const bytes = Uint8Array.from(atob(data.slice(0, 32)), (char) => char.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  assert.equal(String.fromCharCode(...bytes.slice(1, 4)), "PNG");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

Deno.test("capture returns a PNG of the viewport's size with the current document's epoch", async () => {
  await using world = await runtimeWorld({ viewport: { width: 640, height: 360 } });
  const observation = await world.client.call("browser.observe", world.handle);
  const image = await world.client.call("browser.capture", world.handle);
  assert.equal(image.mimeType, "image/png");
  assert.deepEqual({ width: image.width, height: image.height }, { width: 640, height: 360 });
  assert.deepEqual(decodedSize(image.data), { width: 640, height: 360 });
  assert.equal(image.documentEpoch, observation.documentEpoch);
  const shots = world.provider.cdpCalls.filter((call) => call.method === "Page.captureScreenshot");
  assert.deepEqual(shots.map((call) => call.params), [{ format: "png" }]);

  // Too large as PNG: JPEG instead, with its own size read from its header.
  world.page.pngTooLarge = true;
  const jpeg = await world.client.call("browser.capture", world.handle);
  assert.equal(jpeg.mimeType, "image/jpeg");
  assert.deepEqual({ width: jpeg.width, height: jpeg.height }, { width: 640, height: 360 });
});
