import assert from "node:assert/strict";
import { extensionId, extensionIdFromKey, extensionKey, extensionOrigin } from "./identity.ts";

Deno.test("the fixed extension ID is the one Chrome derives from the manifest key", async () => {
  assert.equal(await extensionIdFromKey(extensionKey), extensionId);
  assert.equal(extensionOrigin, `chrome-extension://${extensionId}/`);
});
