import assert from "node:assert/strict";
import { extensionId, extensionIdFromKey, extensionKey } from "../contracts/identity.ts";
import { buildManifest } from "./build_extension.ts";

const source: unknown = JSON.parse(
  await Deno.readTextFile(new URL("../extension/manifest.json", import.meta.url)),
);

Deno.test("the built manifest is MV3 with the fixed key and the needed permissions", async () => {
  const manifest = buildManifest(source, extensionKey);
  assert.equal(manifest.manifest_version, 3);
  assert.equal(manifest.key, extensionKey);
  assert.equal(await extensionIdFromKey(String(manifest.key)), extensionId);
  assert.deepEqual(manifest.permissions, [
    "nativeMessaging",
    "debugger",
    "tabs",
    "storage",
    "alarms",
  ]);
  assert.equal("externally_connectable" in manifest, false);
  assert.deepEqual(manifest.background, { service_worker: "worker.js", type: "module" });
});

Deno.test("a manifest that opens the extension to pages or lacks a permission is refused", () => {
  const base = buildManifest(source, extensionKey);
  assert.throws(
    () => buildManifest({ ...base, externally_connectable: { matches: ["<all_urls>"] } }, "k"),
    /externally_connectable/,
  );
  assert.throws(
    () => buildManifest({ ...base, web_accessible_resources: [] }, "k"),
    /web_accessible/,
  );
  assert.throws(() => buildManifest({ ...base, permissions: ["tabs"] }, "k"), /permissions/);
  assert.throws(() => buildManifest({ ...base, manifest_version: 2 }, "k"), /manifest_version/);
});
