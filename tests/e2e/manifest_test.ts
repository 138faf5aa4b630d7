/**
 * `deno task build` writes the unpacked extension to `dist/extension/`:
 * MV3, the fixed key (so the fixed ID the Native Host allows), the
 * permissions it needs, and nothing that lets web pages or other
 * extensions talk to it.
 */
import assert from "node:assert/strict";
import { extensionId, extensionIdFromKey, extensionKey } from "../../contracts/identity.ts";
import { runTask } from "../integration/_host_tools.ts";

const dist = new URL("../../dist/extension/", import.meta.url);

Deno.test("deno task build writes an MV3 manifest with the fixed key and no external access", async () => {
  const built = await runTask("build", [], {});
  assert.equal(built.code, 0, built.stderr);
  const manifest: unknown = JSON.parse(await Deno.readTextFile(new URL("manifest.json", dist)));
  assert.ok(typeof manifest === "object" && manifest !== null && !Array.isArray(manifest));
  const fields = new Map(Object.entries(manifest));
  assert.equal(fields.get("manifest_version"), 3);
  assert.equal(fields.get("key"), extensionKey);
  assert.equal(await extensionIdFromKey(extensionKey), extensionId);
  const permissions = fields.get("permissions");
  assert.ok(Array.isArray(permissions));
  for (const needed of ["nativeMessaging", "debugger"]) {
    assert.ok(permissions.includes(needed), `permission ${needed}`);
  }
  for (
    const forbidden of ["externally_connectable", "content_scripts", "web_accessible_resources"]
  ) {
    assert.equal(fields.has(forbidden), false, `${forbidden} must be absent`);
  }
  for (
    const file of [
      "worker.js",
      "popup/popup.html",
      "popup/popup.js",
      "approval/approval.html",
      "approval/approval.js",
    ]
  ) {
    assert.ok((await Deno.stat(new URL(file, dist))).isFile, file);
  }
});
