import assert from "node:assert/strict";
import { classifyDebuggerEvent } from "./page_events.ts";

Deno.test("a top-level navigation carries its URL; a child frame's is only a change", () => {
  assert.deepEqual(
    classifyDebuggerEvent("Page.frameNavigated", { frame: { id: "f", url: "https://a.example/" } }),
    { kind: "navigated", url: "https://a.example/" },
  );
  assert.deepEqual(
    classifyDebuggerEvent("Page.frameNavigated", {
      frame: { id: "c", parentId: "f", url: "https://ads.example/" },
    }),
    { kind: "changed" },
  );
});

Deno.test("load and document events are hints; others and malformed ones are ignored", () => {
  assert.deepEqual(classifyDebuggerEvent("Page.loadEventFired", { timestamp: 1 }), {
    kind: "changed",
  });
  assert.deepEqual(classifyDebuggerEvent("DOM.documentUpdated", {}), { kind: "changed" });
  assert.equal(classifyDebuggerEvent("Network.requestWillBeSent", {}), undefined);
  assert.equal(classifyDebuggerEvent("Page.frameNavigated", { frame: {} }), undefined);
});
