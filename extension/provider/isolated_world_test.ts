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
