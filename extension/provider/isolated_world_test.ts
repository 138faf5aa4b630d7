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
