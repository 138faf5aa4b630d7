/**
 * `get_clipboard` and `set_clipboard` through the real `leash-desk` child
 * on a private X display, with xclip: text set and read back both ways,
 * a password manager's concealed mark refused, the 256 KiB bound both
 * ways, the switch and a host without a display.
 */
import assert from "node:assert/strict";
import { DeskProcess, deskWorld, record } from "./_desk_process.ts";
import { displayTestsRun, TestDisplay } from "./_xvfb.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The clipboard's text as xclip reads it in the test, apart from the host. */
async function clipboardText(display: TestDisplay): Promise<string> {
  return (await display.output("xclip", ["-selection", "clipboard", "-o"])).stdout;
}

/** Owns the clipboard from the test with `text` under `target`, and waits until it is served. */
async function own(display: TestDisplay, text: string, target = "UTF8_STRING"): Promise<void> {
  display.spawn("xclip", ["-selection", "clipboard", "-i", "-t", target], text);
  for (let i = 0; i < 100; i++) {
    const targets = await display.output("xclip", [
      "-selection",
      "clipboard",
      "-o",
      "-t",
      "TARGETS",
    ]);
    if (targets.stdout.split("\n").includes(target)) return;
    await sleep(30);
  }
  assert.fail(`the test's xclip did not own the clipboard under ${target}`);
}

Deno.test("the clipboard is set and read back through xclip, concealed content is refused, and text is bounded", async () => {
  if (!displayTestsRun()) return;
  const display = await TestDisplay.start();
  const world = await deskWorld((policy) => {
    policy.enabledAreas = ["files", "clipboard"];
  });
  const desk = new DeskProcess(world, undefined, { DISPLAY: display.display, WAYLAND_DISPLAY: "" });
  try {
    const text = "héllo ✓ — line one\nline two";
    assert.deepEqual(await desk.ok("set_clipboard", { text }), {
      bytes: new TextEncoder().encode(text).length,
    });
    assert.equal(await clipboardText(display), text);
    assert.deepEqual(await desk.ok("get_clipboard"), {
      text,
      hasText: true,
      bytes: new TextEncoder().encode(text).length,
      truncated: false,
    });

    await own(display, "copied elsewhere");
    assert.equal(record(await desk.ok("get_clipboard")).text, "copied elsewhere");

    // What KeePassXC and KDE put beside a copied password.
    await own(display, "secret", "x-kde-passwordManagerHint");
    assert.equal(await desk.code("get_clipboard"), "PERMISSION_DENIED");

    const long = "x".repeat(300 * 1024);
    await own(display, long);
    const cut = await desk.ok("get_clipboard");
    assert.equal(cut.truncated, true);
    assert.equal(cut.bytes, 256 * 1024);
    assert.equal(String(cut.text).length, 256 * 1024);

    assert.equal(
      await desk.code("set_clipboard", { text: "é".repeat(128 * 1024 + 1) }),
      "INVALID_REQUEST",
    );
    assert.equal(
      await desk.code("set_clipboard", { text: "a", html: "<b>a</b>" }),
      "INVALID_REQUEST",
    );
    assert.equal(await desk.code("get_clipboard", { selection: "primary" }), "INVALID_REQUEST");
    const profile = await desk.ok("get_skill_profile", { area: "clipboard" });
    const area = record(Array.isArray(profile.areas) ? profile.areas[0] : undefined);
    assert.equal(area.runtimeAvailable, true);
    assert.equal(area.refusal, null);
  } finally {
    assert.equal(await desk.close(), 0);
    await world.dispose();
    await display.stop();
  }
});

Deno.test("the clipboard is SKILL_DISABLED while off and SKILL_RUNTIME_UNAVAILABLE without a display", async () => {
  // No policy file: the default policy, in which both desktop areas are off.
  const off = await deskWorld();
  await Deno.remove(off.policyPath);
  const on = await deskWorld((policy) => {
    policy.enabledAreas = ["clipboard"];
  });
  const noDisplay = { DISPLAY: "", WAYLAND_DISPLAY: "" };
  const offDesk = new DeskProcess(off, undefined, noDisplay);
  const onDesk = new DeskProcess(on, undefined, noDisplay);
  try {
    assert.equal(await offDesk.code("get_clipboard"), "SKILL_DISABLED");
    assert.equal(await offDesk.code("set_clipboard", { text: "a" }), "SKILL_DISABLED");
    const error = await onDesk.error("set_clipboard", { text: "a" });
    assert.equal(error.code, "SKILL_RUNTIME_UNAVAILABLE");
    assert.equal(record(error.details).missing, "display");
    const profile = await onDesk.ok("get_skill_profile", { area: "clipboard" });
    const area = record(Array.isArray(profile.areas) ? profile.areas[0] : undefined);
    assert.equal(area.runtimeAvailable, false);
    assert.equal(area.missing, "display");
    assert.deepEqual(area.limits, { textBytesMax: 256 * 1024 });
  } finally {
    assert.equal(await offDesk.close(), 0);
    assert.equal(await onDesk.close(), 0);
    await off.dispose();
    await on.dispose();
  }
});
