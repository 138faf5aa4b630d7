import assert from "node:assert/strict";
import type { JsonObject } from "../../../contracts/json.ts";
import type { Cdp } from "./cdp.ts";
import { nameCover } from "./cover.ts";

/** A seam whose accessibility tree answers `nodes`, whatever is asked. */
function tree(nodes: JsonObject[]): Cdp {
  return (method) => {
    assert.equal(method, "Accessibility.getPartialAXTree");
    return Promise.resolve({ nodes });
  };
}

const node = (
  nodeId: string,
  parentId: string | undefined,
  role: string,
  name: string,
  backendDOMNodeId?: number,
  ignored = false,
): JsonObject => ({
  nodeId,
  ...(parentId === undefined ? {} : { parentId }),
  ignored,
  role: { value: role },
  name: { value: name },
  ...(backendDOMNodeId === undefined ? {} : { backendDOMNodeId }),
});

Deno.test("nameCover() names the nearest ancestor with a telling role and a name", async () => {
  const cdp = tree([
    node("1", undefined, "RootWebArea", "Shop"),
    node("2", "1", "dialog", "Cookie  banner\n"),
    node("3", "2", "generic", "", 30),
  ]);
  assert.deepEqual(await nameCover(cdp, 30), { role: "dialog", name: "Cookie banner" });
});

Deno.test("nameCover() falls back to a telling role without a name, then to generic", async () => {
  const unnamed = tree([
    node("1", undefined, "RootWebArea", "Shop"),
    node("2", "1", "region", ""),
    node("3", "2", "generic", "", 30, true),
  ]);
  assert.deepEqual(await nameCover(unnamed, 30), { role: "region", name: "" });
  const bare = tree([
    node("1", undefined, "RootWebArea", "Shop"),
    node("3", "1", "generic", "", 30),
  ]);
  assert.deepEqual(await nameCover(bare, 30), { role: "generic", name: "" });
  assert.equal(await nameCover(bare, 99), undefined, "a node the tree does not know");
});

Deno.test("nameCover() bounds a long name", async () => {
  const cdp = tree([node("1", undefined, "button", "x".repeat(500), 5)]);
  const by = await nameCover(cdp, 5);
  assert.ok(by !== undefined && by.name.length === 100 && by.name.endsWith("…"));
});
