import assert from "node:assert/strict";
import type { JsonObject } from "../../../contracts/json.ts";
import type { Cdp } from "./cdp.ts";
import { PageObjects } from "./page_objects.ts";

/** A page that resolves any node to `object-<id>` and notes every command. */
function page(): { cdp: Cdp; sent: string[] } {
  const sent: string[] = [];
  const cdp: Cdp = (method, params): Promise<JsonObject> => {
    sent.push(method);
    if (method === "DOM.resolveNode") {
      return Promise.resolve({
        object: { type: "object", objectId: `object-${params.backendNodeId}` },
      });
    }
    return Promise.resolve({});
  };
  return { cdp, sent };
}

Deno.test("an action that resolved no node releases nothing: a loading page is not asked", async () => {
  const { cdp, sent } = page();
  await new PageObjects(cdp).release();
  assert.deepEqual(sent, []);
});

Deno.test("resolved objects are released once, and again only after another resolve", async () => {
  const { cdp, sent } = page();
  const objects = new PageObjects(cdp);
  assert.equal(await objects.resolve(7), "object-7");
  assert.equal(await objects.resolve(7), "object-7");
  await objects.release();
  await objects.release();
  assert.deepEqual(sent, ["DOM.resolveNode", "Runtime.releaseObjectGroup"]);
  // After a release the node is resolved afresh, and that object is released in turn.
  await objects.resolve(7);
  await objects.release();
  assert.deepEqual(sent, [
    "DOM.resolveNode",
    "Runtime.releaseObjectGroup",
    "DOM.resolveNode",
    "Runtime.releaseObjectGroup",
  ]);
});
