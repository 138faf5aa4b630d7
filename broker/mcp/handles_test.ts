import assert from "node:assert/strict";
import { Handles } from "./handles.ts";

Deno.test("a wire ID keeps one handle per kind, numbered in the order they are shown", () => {
  const handles = new Handles();
  assert.equal(handles.of("instance", "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f"), "b1");
  assert.equal(handles.of("tab", "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f:14"), "t1");
  assert.equal(handles.of("tab", "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f:15"), "t2");
  assert.equal(handles.of("lease", "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c"), "L1");
  assert.equal(handles.of("tab", "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f:14"), "t1");
  assert.equal(handles.of("instance", "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f"), "b1");
});

Deno.test("a handle resolves to its wire ID only for its own kind; anything else passes as given", () => {
  const handles = new Handles();
  handles.of("instance", "i-uuid");
  handles.of("tab", "i-uuid:7");
  assert.equal(handles.resolve("instance", "b1"), "i-uuid");
  assert.equal(handles.resolve("tab", "t1"), "i-uuid:7");
  assert.equal(handles.resolve("tab", "b1"), "b1");
  assert.equal(handles.resolve("tab", "t9"), "t9");
  assert.equal(handles.resolve("instance", "i-uuid"), "i-uuid");
  assert.equal(handles.resolve("lease", "unknown"), "unknown");
});

Deno.test("a wire ID that looks like a handle stays itself", () => {
  const handles = new Handles();
  assert.equal(handles.of("lease", "L2"), "L1");
  assert.equal(handles.of("lease", "L1"), "L2");
  assert.equal(handles.resolve("lease", "L1"), "L1");
  assert.equal(handles.resolve("lease", "L2"), "L2");
});

Deno.test("tool arguments carry wire IDs for every handle they name, other fields untouched", () => {
  const handles = new Handles();
  handles.of("instance", "i-uuid");
  handles.of("tab", "i-uuid:7");
  handles.of("lease", "lease-uuid");
  const args = { instance: "b1", tab: "t1", reason: "t1", action: { kind: "click", ref: "e1" } };
  assert.deepEqual(handles.wireArgs(args), { ...args, instance: "i-uuid", tab: "i-uuid:7" });
  assert.deepEqual(handles.wireArgs({ leaseId: "L1", query: "L1" }), {
    leaseId: "lease-uuid",
    query: "L1",
  });
  const full = { leaseId: "lease-uuid" };
  assert.equal(handles.wireArgs(full), full);
});
