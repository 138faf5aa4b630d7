import assert from "node:assert/strict";
import { join } from "node:path";
import { testWorkspace } from "../testing/workspace.ts";
import { findOpener, openerEnv, openWith } from "./opener.ts";
import { applicationsRuntime } from "./runtime.ts";

Deno.test("openerEnv passes only the variables an opener reads", () => {
  const env = openerEnv({
    platform: "linux",
    env: {
      PATH: "/usr/bin",
      DISPLAY: ":0",
      XDG_CURRENT_DESKTOP: "GNOME",
      LEASH_DESK_CONFIG: "/secret/desk.json",
      AWS_SECRET_ACCESS_KEY: "nope",
      LD_PRELOAD: "/tmp/evil.so",
    },
  });
  assert.deepEqual(env, { PATH: "/usr/bin", DISPLAY: ":0", XDG_CURRENT_DESKTOP: "GNOME" });
  assert.deepEqual(openerEnv({ platform: "darwin", env: { HOME: "/Users/a", DISPLAY: ":0" } }), {
    HOME: "/Users/a",
  });
});

Deno.test("findOpener finds xdg-open by absolute path on PATH, and the probe says when it is missing", async () => {
  await using ws = await testWorkspace();
  const bin = join(ws.root, "bin");
  await Deno.mkdir(bin);
  const empty = { platform: "linux", env: { PATH: join(ws.root, "none") } };
  // The system folders are searched too: only a machine without xdg-open finds none.
  const system = await findOpener(empty);
  await Deno.writeTextFile(join(bin, "xdg-open"), "#!/bin/sh\n", { mode: 0o755 });
  const host = { platform: "linux", env: { PATH: `relative:${bin}` } };
  assert.equal(await findOpener(host), join(bin, "xdg-open"));
  assert.deepEqual(openWith(join(bin, "xdg-open"), "https://a.example/", host), {
    executable: join(bin, "xdg-open"),
    args: ["https://a.example/"],
    env: { PATH: `relative:${bin}` },
  });
  if (system === undefined) {
    const runtime = await applicationsRuntime(empty);
    assert.equal(runtime.available, false);
    assert.ok(!runtime.available && runtime.missing === "xdg-open");
  } else {
    assert.deepEqual(await applicationsRuntime(empty), { available: true });
  }
  const windows = await applicationsRuntime({ platform: "win32", env: { SystemRoot: ws.root } });
  assert.deepEqual(windows, {
    available: false,
    missing: "explorer.exe",
    reason: "Opening folders and URLs on Windows needs explorer.exe.",
  });
});
