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

Deno.test("a resolve asked while another is on its way shares it; a failed one is asked again", async () => {
  const { cdp, sent } = page();
  const objects = new PageObjects(cdp);
  const [first, second] = await Promise.all([objects.resolve(7), objects.resolve(7)]);
  assert.deepEqual([first, second], ["object-7", "object-7"]);
  assert.deepEqual(sent, ["DOM.resolveNode"]);

  let fail = true;
  const flaky: Cdp = (method, params) => {
    if (method === "DOM.resolveNode" && fail) {
      fail = false;
      return Promise.reject(new Error("No node with given id found"));
    }
    return cdp(method, params);
  };
  const again = new PageObjects(flaky);
  await assert.rejects(again.resolve(8));
  assert.equal(await again.resolve(8), "object-8");
});

Deno.test("a release waits for a resolve on its way, so its object is not left in the page", async () => {
  const sent: string[] = [];
  let answer = () => {};
  const cdp: Cdp = (method) => {
    sent.push(method);
    if (method !== "DOM.resolveNode") return Promise.resolve({});
    return new Promise((resolve) => {
      answer = () => {
        sent.push("resolved");
        resolve({ object: { type: "object", objectId: "object-9" } });
      };
    });
  };
  const objects = new PageObjects(cdp);
  const resolving = objects.resolve(9);
  const released = objects.release();
  await Promise.resolve();
  answer();
  await Promise.all([resolving, released]);
  assert.deepEqual(sent, ["DOM.resolveNode", "resolved", "Runtime.releaseObjectGroup"]);
});
