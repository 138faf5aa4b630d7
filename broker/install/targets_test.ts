import assert from "node:assert/strict";
import { manifestTargets } from "./targets.ts";

const env = (values: Record<string, string>) => (name: string) => values[name];

Deno.test("manifestTargets() uses each browser's per-user folder on macOS", async () => {
  const targets = await manifestTargets(
    { browsers: ["chrome", "chromium", "edge", "brave"] },
    env({ HOME: "/Users/a" }),
    "darwin",
  );
  const root = "/Users/a/Library/Application Support";
  assert.deepEqual(targets.map((target) => target.manifestPath), [
    `${root}/Google/Chrome/NativeMessagingHosts/dev.leash.host.json`,
    `${root}/Chromium/NativeMessagingHosts/dev.leash.host.json`,
    `${root}/Microsoft Edge/NativeMessagingHosts/dev.leash.host.json`,
    `${root}/BraveSoftware/Brave-Browser/NativeMessagingHosts/dev.leash.host.json`,
  ]);
});

Deno.test("manifestTargets() honours XDG_CONFIG_HOME on Linux", async () => {
  const [target] = await manifestTargets(
    { browsers: ["chromium"] },
    env({ HOME: "/home/a", XDG_CONFIG_HOME: "/xdg" }),
    "linux",
  );
  assert.equal(target.manifestPath, "/xdg/chromium/NativeMessagingHosts/dev.leash.host.json");
  assert.deepEqual(target.args, ["--browser", "chromium"]);
});

Deno.test("manifestTargets() registers one manifest in the Leash app dir per browser on Windows", async () => {
  const targets = await manifestTargets(
    { browsers: "all" },
    env({ APPDATA: "/appdata" }),
    "windows",
  );
  assert.deepEqual(targets.map((target) => target.registryKey), [
    "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.leash.host",
    "HKCU\\Software\\Chromium\\NativeMessagingHosts\\dev.leash.host",
    "HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.leash.host",
    "HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\dev.leash.host",
  ]);
  assert.ok(targets.every((target) => target.manifestPath.endsWith("Leash/dev.leash.host.json")));
});

Deno.test("manifestTargets() puts a --user-data-dir manifest in that profile", async () => {
  const [target] = await manifestTargets(
    { browsers: "all", userDataDir: "/tmp/profile" },
    env({ HOME: "/home/a" }),
    "linux",
  );
  assert.equal(target.manifestPath, "/tmp/profile/NativeMessagingHosts/dev.leash.host.json");
});
