import assert from "node:assert/strict";
import { IsolatedWorlds, readRemoteArray } from "./isolated_world.ts";

Deno.test("a tab has one isolated world per document, made again after a failure", async () => {
  const made: string[] = [];
  let next = 1;
  const command = (method: string, params?: Record<string, unknown>) => {
    made.push(`${method} ${params?.frameId}`);
    return Promise.resolve({ executionContextId: next++ });
  };
  const worlds = new IsolatedWorlds();
  const first = { frameId: "F", loaderId: "L1" };
  assert.equal(await worlds.contextOf(7, first, command), 1);
  assert.equal(await worlds.contextOf(7, first, command), 1);
  assert.equal(await worlds.contextOf(8, first, command), 2, "another tab has its own");
  assert.equal(await worlds.contextOf(7, { frameId: "F", loaderId: "L2" }, command), 3);
  worlds.forget(7);
  assert.equal(await worlds.contextOf(7, { frameId: "F", loaderId: "L2" }, command), 4);
  assert.equal(made.length, 4);
});

Deno.test("callers at the same time share the world being made, and known() waits for it", async () => {
  const answer = Promise.withResolvers<unknown>();
  let made = 0;
  const command = () => {
    made++;
    return answer.promise;
  };
  const worlds = new IsolatedWorlds();
  const document = { frameId: "F", loaderId: "L1" };
  assert.equal(await worlds.known(7), undefined);
  const one = worlds.contextOf(7, document, command);
  const two = worlds.contextOf(7, document, command);
  const known = worlds.known(7);
  answer.resolve({ executionContextId: 5 });
  assert.deepEqual(await Promise.all([one, two, known]), [5, 5, 5]);
  assert.equal(made, 1);
  assert.equal(await worlds.known(7), 5);
});

Deno.test("current() is the world of the document the tab shows now, only where it is in scope", async () => {
  let loaderId = "L1";
  let url = "https://shop.example/cart";
  const sent: string[] = [];
  const command = (method: string) => {
    sent.push(method);
    if (method === "Page.getFrameTree") {
      return Promise.resolve({ frameTree: { frame: { id: "F", loaderId, url } } });
    }
    return Promise.resolve({ executionContextId: loaderId === "L1" ? 1 : 2 });
  };
  const inScope = (at: string) => at.startsWith("https://shop.example/");
  const worlds = new IsolatedWorlds();
  assert.equal(await worlds.current(7, command, inScope), 1);
  assert.equal(await worlds.current(7, command, inScope), 1, "the same document's world is kept");
  loaderId = "L2";
  assert.equal(await worlds.current(7, command, inScope), 2, "a new document's world is asked for");
  assert.equal(await worlds.known(7), 2);
  url = "https://elsewhere.example/";
  loaderId = "L3";
  assert.equal(await worlds.current(7, command, inScope), undefined, "none outside the scope");
  assert.equal(sent.filter((method) => method === "Page.createIsolatedWorld").length, 2);
  const failing = () => Promise.reject(new Error("gone"));
  assert.equal(await worlds.current(7, failing, inScope), undefined);
  assert.equal(await worlds.known(7), undefined, "a world that cannot be had is forgotten");
});

Deno.test("an answered array is read back in index order with its plain own values", async () => {
  const command = () =>
    Promise.resolve({
      result: [
        { name: "1", value: { objectId: "b" } },
        { name: "0", value: { objectId: "a" } },
        { name: "length", value: { value: 2 } },
        { name: "total", value: { value: 9 } },
      ],
    });
  const array = await readRemoteArray(command, "x");
  assert.deepEqual(array?.objectIds, ["a", "b"]);
  assert.equal(array?.own("total"), 9);
  assert.equal(array?.own("missing"), undefined);
  assert.equal(await readRemoteArray(() => Promise.resolve({ result: "no" }), "x"), undefined);
});
