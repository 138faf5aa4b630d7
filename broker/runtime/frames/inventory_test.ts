import assert from "node:assert/strict";
import { isLeashError } from "../../../contracts/errors.ts";
import type { SourceFrame, SourceFrames } from "../../../contracts/methods/frames.ts";
import { EpochBook } from "../observe/epochs.ts";
import { bindFrame, sameBinding } from "./binding.ts";
import { FrameIdBook } from "./frame_ids.ts";
import { checkedOrigin, projectInventory } from "./inventory.ts";

const origin = "https://shop.example";

function child(frameId: string, parent: string, extra: Partial<SourceFrame> = {}): SourceFrame {
  return {
    frameId,
    parentFrameId: parent,
    loaderId: `${frameId}-loader`,
    url: `${origin}/${frameId}`,
    origin,
    contextUniqueId: `${frameId}-context`,
    session: "same-process",
    ...extra,
  };
}

function source(children: SourceFrame[]): SourceFrames {
  return {
    rootFrameId: "root",
    rootLoaderId: "root-loader",
    truncated: false,
    frames: [
      { frameId: "root", loaderId: "root-loader", url: `${origin}/`, origin, session: "root" },
      ...children,
    ],
  };
}

function context(epochs = new EpochBook()) {
  return {
    leaseId: "lease",
    tab: "inst:7",
    scope: { kind: "origin" as const, origin },
    ids: new FrameIdBook(),
    epochs,
  };
}

Deno.test("checkedOrigin() takes bare origins and the opaque one, nothing more", () => {
  for (const good of [origin, "http://127.0.0.1:8000", "null"]) {
    assert.equal(checkedOrigin(good), good);
  }
  for (const bad of [`${origin}/`, `${origin}/a`, `${origin}?q`, `${origin}#f`, "shop", ""]) {
    assert.throws(() => checkedOrigin(bad), (error) => isLeashError(error, "INVALID_RESULT"), bad);
  }
});

Deno.test("a child is readable only when it and every ancestor are same-origin and known", () => {
  const projected = projectInventory(
    source([
      child("a", "root"),
      child("a1", "a"),
      child("x", "root", { origin: "https://ads.example" }),
      child("x1", "x"),
      child("o", "root", { origin: "null" }),
      child("u", "root", { session: "out-of-process", contextUniqueId: undefined }),
    ]),
    context(),
  );
  const readable = [...projected.frames.values()].filter((frame) => frame.readable)
    .map((frame) => frame.source.frameId);
  assert.deepEqual(readable, ["a", "a1"]);
  const relation = (id: string) =>
    [...projected.frames.values()].find((frame) => frame.source.frameId === id)?.info
      .originRelation;
  assert.equal(relation("x"), "cross-origin");
  assert.equal(relation("x1"), "same-origin");
  assert.equal(relation("o"), "opaque");
  assert.equal(relation("u"), "same-origin");
});

Deno.test("the root's epoch is minted last, so many children never retire it", () => {
  const epochs = new EpochBook({ maxDocumentsPerLease: 3 });
  const many = Array.from({ length: 6 }, (_, i) => child(`c${i}`, "root"));
  const projected = projectInventory(source(many), context(epochs));
  assert.equal(epochs.current("lease", "root"), projected.inventory.documentEpoch);
  assert.ok(epochs.describe(projected.inventory.documentEpoch) !== undefined);
});

Deno.test("a root outside the leased origin is out of scope", () => {
  const frames = source([]);
  frames.frames[0] = { ...frames.frames[0], origin: "https://other.example" };
  assert.throws(
    () => projectInventory(frames, context()),
    (error) => isLeashError(error, "OUT_OF_SCOPE"),
  );
  frames.frames[0] = { ...frames.frames[0], origin: "null" };
  assert.throws(
    () => projectInventory(frames, context()),
    (error) => isLeashError(error, "INVALID_RESULT"),
  );
});

Deno.test("bindFrame() binds a readable frame's current document, and refuses the rest", () => {
  const projected = projectInventory(
    source([child("a", "root"), child("x", "root", { origin: "https://ads.example" })]),
    context(),
  );
  const [main, a, x] = projected.inventory.frames;
  const bound = bindFrame(projected, { frameId: a.id, documentEpoch: a.documentEpoch! });
  assert.deepEqual(bound.binding, {
    frameId: "a",
    loaderId: "a-loader",
    contextUniqueId: "a-context",
    rootFrameId: "root",
    rootLoaderId: "root-loader",
  });
  assert.ok(sameBinding(bound.binding, { ...bound.binding }));
  assert.ok(!sameBinding(bound.binding, { ...bound.binding, contextUniqueId: "other" }));
  const code = (target: { frameId: string; documentEpoch: string }) => {
    try {
      bindFrame(projected, target);
    } catch (error) {
      if (isLeashError(error)) return error.code;
    }
    return "ok";
  };
  assert.equal(code({ frameId: a.id, documentEpoch: main.documentEpoch! }), "STALE_TARGET");
  assert.equal(code({ frameId: "f42", documentEpoch: a.documentEpoch! }), "STALE_TARGET");
  assert.equal(code({ frameId: x.id, documentEpoch: a.documentEpoch! }), "OUT_OF_SCOPE");
  assert.equal(code({ frameId: main.id, documentEpoch: main.documentEpoch! }), "INVALID_PARAMS");
});

Deno.test("a frame keeps its public ID across lists and documents; IDs are per lease", () => {
  const ids = new FrameIdBook();
  assert.equal(ids.publicId("l1", "root"), "f0");
  assert.equal(ids.publicId("l1", "child"), "f1");
  assert.equal(ids.publicId("l1", "root"), "f0");
  assert.equal(ids.publicId("l2", "child"), "f0");
  assert.equal(ids.sourceId("l1", "f1"), "child");
  assert.equal(ids.sourceId("l2", "f1"), undefined);
  ids.forget("l1");
  assert.equal(ids.sourceId("l1", "f0"), undefined);
  assert.equal(ids.publicId("l1", "child"), "f0");
});
