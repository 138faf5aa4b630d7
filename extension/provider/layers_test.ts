import assert from "node:assert/strict";
import { layerRootsFunction } from "../../contracts/methods/page_functions.ts";
import { IsolatedWorlds } from "./isolated_world.ts";
import { readLayers } from "./layers.ts";

const document = { frameId: "F", loaderId: "L1" };

/** A tab whose layer look answers `answer`, with elements `ids` by backend node ID. */
function tab(answer: unknown, ids: Record<string, number | undefined> = {}) {
  const sent: string[] = [];
  const views: boolean[] = [];
  const command = (method: string, params?: Record<string, unknown>) => {
    sent.push(method);
    switch (method) {
      case "Page.createIsolatedWorld":
        return Promise.resolve({ executionContextId: 3 });
      case "Runtime.evaluate": {
        const view = /^\((.*)\)\((true|false)\)$/s.exec(String(params?.expression));
        assert.equal(view?.[1], layerRootsFunction);
        assert.equal(params?.contextId, 3, "in the provider's world, never the page's");
        views.push(view?.[2] === "true");
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      }
      case "Runtime.getProperties":
        return Promise.resolve({
          result: [
            ...Object.keys(ids).map((name, i) => ({ name: String(i), value: { objectId: name } })),
            { name: "length", value: { value: Object.keys(ids).length } },
          ],
        });
      case "DOM.describeNode": {
        const id = ids[String(params?.objectId)];
        return id === undefined
          ? Promise.reject(new Error("No node with given id found"))
          : Promise.resolve({ node: { backendNodeId: id } });
      }
      default:
        return Promise.resolve({});
    }
  };
  return { sent, views, command };
}

Deno.test("the layers over a page are read by backend node ID, in the order found", async () => {
  const { sent, views, command } = tab(
    { result: { type: "object", subtype: "array", objectId: "array" } },
    { toast: 41, menu: 7 },
  );
  assert.deepEqual(await readLayers(command, new IsolatedWorlds(), 1, document), [41, 7]);
  assert.deepEqual(await readLayers(command, new IsolatedWorlds(), 1, document, true), [41, 7]);
  assert.deepEqual(views, [false, true], "what is in view only when asked");
  assert.equal(sent.at(-1), "Runtime.releaseObjectGroup", "the elements are let go");
});

Deno.test("a page with no layers, or whose look fails, has none and the read goes on", async () => {
  // Each answer, and whether anything may have been kept to let go of.
  const answers: [unknown, boolean][] = [
    [{ result: { type: "number", value: 0 } }, false],
    [{ result: { type: "object", subtype: "error", objectId: "e" }, exceptionDetails: {} }, true],
    [{ result: "malformed" }, true],
    [new Error("Cannot find context with specified id"), false],
  ];
  for (const [answer, kept] of answers) {
    const { sent, command } = tab(answer);
    assert.deepEqual(await readLayers(command, new IsolatedWorlds(), 1, document), []);
    assert.equal(sent.includes("Runtime.releaseObjectGroup"), kept, JSON.stringify(answer));
  }
});

Deno.test("a layer gone before it was described is left out, the others kept", async () => {
  const { command } = tab(
    { result: { type: "object", subtype: "array", objectId: "array" } },
    { toast: 41, gone: undefined, menu: 7 },
  );
  const read = await readLayers(command, new IsolatedWorlds(), 1, document);
  assert.deepEqual(read, [41, 7]);
});
