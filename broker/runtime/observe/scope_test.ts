import assert from "node:assert/strict";
import { sameScope, scopeFromParams, scopeKey } from "./scope.ts";

Deno.test("scopeFromParams() picks query, subtree, frame or page", () => {
  assert.deepEqual(scopeFromParams({}), { kind: "page" });
  assert.deepEqual(scopeFromParams({ frameId: "F" }), { kind: "frame", frameId: "F" });
  assert.deepEqual(scopeFromParams({ rootRef: "e1" }), { kind: "subtree", rootRef: "e1" });
  assert.deepEqual(scopeFromParams({ rootRef: "e1", frameId: "F" }), {
    kind: "subtree",
    rootRef: "e1",
    frameId: "F",
  });
  assert.deepEqual(scopeFromParams({ query: "Pay", rootRef: "e1" }), {
    kind: "query",
    query: "Pay",
    rootRef: "e1",
  });
});

Deno.test("sameScope() treats an absent field like a missing one and nothing else as equal", () => {
  assert.ok(
    sameScope({ kind: "query", query: "a" }, { kind: "query", query: "a", rootRef: undefined }),
  );
  assert.ok(!sameScope({ kind: "query", query: "a" }, { kind: "query", query: "A" }));
  assert.ok(
    !sameScope({ kind: "query", query: "a" }, { kind: "query", query: "a", rootRef: "e1" }),
  );
  assert.ok(!sameScope({ kind: "subtree", rootRef: "e1" }, { kind: "subtree", rootRef: "e2" }));
  assert.ok(!sameScope({ kind: "page" }, { kind: "frame", frameId: "F" }));
  assert.ok(!sameScope({ kind: "frame", frameId: "A" }, { kind: "frame", frameId: "B" }));
});

Deno.test("scopeKey() cannot be confused by field contents", () => {
  assert.notEqual(
    scopeKey({ kind: "query", query: 'a","e1' }),
    scopeKey({ kind: "query", query: "a", rootRef: "e1" }),
  );
});
