/**
 * `capture_screen` and `get_active_window` through the real `leash-desk`
 * child on a private X display with openbox and a fixture window: the
 * PNG has the display's size (read from its header), a region and
 * `maxWidth` are honoured, the thumbnail is a small JPEG, the active
 * window's title is the fixture's; the switch, a host without a display
 * and the path rule refuse.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DeskProcess, deskWorld, record } from "./_desk_process.ts";
import { displayTestsRun, TestDisplay } from "./_xvfb.ts";

/** A PNG's width and height from its IHDR chunk; fails the test for anything else. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, "a PNG signature");
  assert.equal(new TextDecoder().decode(bytes.subarray(12, 16)), "IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

Deno.test("capture_screen writes a PNG of the display's size and get_active_window reads the fixture's title", async () => {
  if (!displayTestsRun()) return;
  const display = await TestDisplay.start(800, 600);
  const world = await deskWorld((policy) => {
    policy.enabledAreas = ["files", "windows"];
  });
  const desk = new DeskProcess(world, undefined, { DISPLAY: display.display, WAYLAND_DISPLAY: "" });
  try {
    const title = 'Fixture "window" — ünïcode';
    await display.fixtureWindow(title);
    const window = await desk.ok("get_active_window");
    assert.equal(window.active, true);
    assert.equal(window.title, title);
    assert.equal(window.app, "Xmessage");
    const bounds = record(window.bounds);
    assert.ok(Number(bounds.width) > 0 && Number(bounds.height) > 0);

    const whole = await desk.ok("capture_screen");
    assert.equal(whole.width, 800);
    assert.equal(whole.height, 600);
    assert.deepEqual(whole.screen, { width: 800, height: 600 });
    const file = await Deno.readFile(join(world.ws, String(whole.path)));
    assert.deepEqual(pngSize(file), { width: 800, height: 600 });
    assert.equal(whole.bytes, file.length);
    const thumbnail = record(whole.thumbnail);
    assert.equal(thumbnail.mimeType, "image/jpeg");
    assert.equal(thumbnail.width, 256);
    const jpeg = Uint8Array.fromBase64(String(thumbnail.data));
    assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    assert.ok(jpeg.length <= 48 * 1024);

    const args = {
      region: { x: 100, y: 50, width: 400, height: 300 },
      maxWidth: 200,
      output: "shots/part.png",
    };
    assert.equal(await desk.code("capture_screen", args), "FILE_NOT_FOUND");
    await Deno.mkdir(join(world.ws, "shots"));
    const part = await desk.ok("capture_screen", args);
    assert.equal(part.path, join("shots", "part.png"));
    assert.deepEqual(pngSize(await Deno.readFile(join(world.ws, "shots", "part.png"))), {
      width: 200,
      height: 150,
    });
  } finally {
    assert.equal(await desk.close(), 0);
    await world.dispose();
    await display.stop();
  }
});

Deno.test("capture_screen refuses a region past the screen, a path outside the workspace and unknown fields", async () => {
  if (!displayTestsRun()) return;
  const display = await TestDisplay.start(320, 200);
  const world = await deskWorld((policy) => {
    policy.enabledAreas = ["windows"];
  });
  const desk = new DeskProcess(world, undefined, { DISPLAY: display.display, WAYLAND_DISPLAY: "" });
  try {
    assert.equal(
      await desk.code("capture_screen", { region: { x: 300, y: 0, width: 40, height: 10 } }),
      "INVALID_REQUEST",
    );
    assert.equal(
      await desk.code("capture_screen", { output: "../out.png" }),
      "WORKSPACE_VIOLATION",
    );
    assert.equal(await desk.code("capture_screen", { format: "jpeg" }), "INVALID_REQUEST");
    assert.equal(await desk.code("get_active_window", { id: 1 }), "INVALID_REQUEST");
    // Nothing has the focus on a bare display.
    assert.deepEqual(await desk.ok("get_active_window"), { active: false });
    assert.deepEqual([...Deno.readDirSync(world.ws)], []);
  } finally {
    assert.equal(await desk.close(), 0);
    await world.dispose();
    await display.stop();
  }
});

Deno.test("the windows area is SKILL_DISABLED while off and SKILL_RUNTIME_UNAVAILABLE without a display", async () => {
  // No policy file: the default policy, in which both desktop areas are off.
  const off = await deskWorld();
  await Deno.remove(off.policyPath);
  const on = await deskWorld((policy) => {
    policy.enabledAreas = ["windows"];
  });
  const noDisplay = { DISPLAY: "", WAYLAND_DISPLAY: "" };
  const offDesk = new DeskProcess(off, undefined, noDisplay);
  const onDesk = new DeskProcess(on, undefined, noDisplay);
  try {
    assert.equal(await offDesk.code("capture_screen"), "SKILL_DISABLED");
    assert.equal(await offDesk.code("get_active_window"), "SKILL_DISABLED");
    const error = await onDesk.error("get_active_window");
    assert.equal(error.code, "SKILL_RUNTIME_UNAVAILABLE");
    assert.equal(record(error.details).missing, "display");
    const status = await onDesk.ok("get_status");
    assert.equal(record(status.skills).windows, true);
    assert.equal(record(status.available).windows, false);
  } finally {
    assert.equal(await offDesk.close(), 0);
    assert.equal(await onDesk.close(), 0);
    await off.dispose();
    await on.dispose();
  }
});
