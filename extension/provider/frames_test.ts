import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { providerMethods } from "../../contracts/methods/mod.ts";
import { childBinding, framesLease, framesProvider } from "../testing/fake_frames.ts";
import { findFrameAx, frameTextPresent, readFrameAx, readFrameSubtree } from "./frame_read.ts";
import { listFrames } from "./frames.ts";

const lease = framesLease;
const binding = childBinding;
const shop = "https://shop.example";

const setup = framesProvider;

const signal = new AbortController().signal;

Deno.test("frames.list lists every frame with what the root's renderer tells of it", async () => {
  const { context } = await setup();
  const listed = await listFrames(context, { lease }, signal);
  providerMethods["frames.list"].result.parse(listed);
  assert.equal(listed.rootFrameId, "root");
  assert.equal(listed.rootLoaderId, "root-loader");
  assert.deepEqual(listed.frames.map((frame) => [frame.frameId, frame.parentFrameId]), [
    ["root", undefined],
    ["child", "root"],
    ["sandboxed", "root"],
    ["foreign", "root"],
    ["grandchild", "child"],
  ]);
  const byId = new Map(listed.frames.map((frame) => [frame.frameId, frame]));
  assert.deepEqual(byId.get("child"), {
    frameId: "child",
    parentFrameId: "root",
    owner: 102,
    session: "same-process",
    loaderId: "child-loader",
    url: `${shop}/child.html`,
    contextUniqueId: "document:110",
    origin: shop,
  });
  assert.equal(byId.get("grandchild")?.origin, shop, "a srcdoc document inherits its origin");
  assert.equal(byId.get("sandboxed")?.origin, "null", "a sandbox makes the origin opaque");
  assert.deepEqual(byId.get("foreign"), {
    frameId: "foreign",
    parentFrameId: "root",
    owner: 104,
    session: "out-of-process",
  });
});

Deno.test("ax.frame reads only the bound child document", async () => {
  const { context, browser } = await setup();
  const read = await readFrameAx(context, { lease, binding }, signal);
  providerMethods["ax.frame"].result.parse(read);
  assert.equal(read.frameId, "child");
  assert.equal(read.loaderId, "child-loader");
  assert.equal(read.title, "Child");
  assert.equal(read.url, `${shop}/child.html`);
  assert.deepEqual(read.nodes.map((node) => node.name), ["Child", "Inside"]);
  const axReads = browser.commands.filter((command) =>
    command.method === "Accessibility.getFullAXTree"
  );
  assert.deepEqual(axReads.map((command) => command.params?.frameId), ["child"]);
});

Deno.test("ax.frame refuses foreign, opaque and stale bindings before any read", async () => {
  const { context, browser } = await setup();
  const child = {
    frameId: "child",
    loaderId: "child-loader",
    contextUniqueId: "document:110",
    rootFrameId: "root",
    rootLoaderId: "root-loader",
  };
  const cases: [string, typeof child, string][] = [
    ["another root loader", { ...child, rootLoaderId: "old" }, "STALE_TARGET"],
    ["another child loader", { ...child, loaderId: "old" }, "STALE_TARGET"],
    ["another document", { ...child, contextUniqueId: "document:1" }, "STALE_TARGET"],
    ["a gone frame", { ...child, frameId: "gone" }, "STALE_TARGET"],
    ["the root itself", { ...child, frameId: "root", loaderId: "root-loader" }, "STALE_TARGET"],
    ["a sandboxed frame", {
      ...child,
      frameId: "sandboxed",
      loaderId: "sandboxed-loader",
      contextUniqueId: "document:130",
    }, "OUT_OF_SCOPE"],
    ["a foreign frame", { ...child, frameId: "foreign" }, "OUT_OF_SCOPE"],
  ];
  for (const [what, binding, code] of cases) {
    await assert.rejects(
      readFrameAx(context, { lease, binding }, signal),
      (error) => isLeashError(error, code as "STALE_TARGET"),
      what,
    );
  }
  assert.ok(
    !browser.commands.some((command) => command.method === "Accessibility.getFullAXTree"),
    "nothing was read",
  );
});

Deno.test("ax.frame fails when the child changes its document during the read", async () => {
  const { context, page } = await setup();
  page.state.onRead = () => {
    page.state.childLoader = "child-loader-2";
    page.state.childDocument = 210;
  };
  await assert.rejects(
    readFrameAx(context, {
      lease,
      binding: {
        frameId: "child",
        loaderId: "child-loader",
        contextUniqueId: "document:110",
        rootFrameId: "root",
        rootLoaderId: "root-loader",
      },
    }, signal),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("frames.list and ax.frame refuse a stale lease", async () => {
  const { context } = await setup();
  const stale = { leaseId: "l1", fence: 2 };
  await assert.rejects(
    listFrames(context, { lease: stale }, signal),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  await assert.rejects(
    readFrameAx(context, { lease: stale, binding }, signal),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
});

Deno.test("ax.frame.find and ax.frame.subtree search and read only inside the bound child", async () => {
  const { context, browser } = await setup();
  const found = await findFrameAx(
    context,
    { lease, request: { binding, query: "Inside" } },
    signal,
  );
  providerMethods["ax.frame.find"].result.parse(found);
  assert.deepEqual(found.nodes.map((node) => [node.backendNodeId, node.name]), [[501, "Inside"]]);
  const queries = browser.commands.filter((command) =>
    command.method === "Accessibility.queryAXTree"
  );
  assert.equal(queries[0].params?.backendNodeId, 110, "rooted at the child's document");

  const root = { backendNodeId: 501, role: "button", name: "Inside", editable: false };
  const subtree = await readFrameSubtree(context, { lease, request: { binding, root } }, signal);
  providerMethods["ax.frame.subtree"].result.parse(subtree);
  assert.deepEqual(subtree.nodes.map((node) => node.name), ["Inside"]);
  for (const stale of [{ ...root, name: "Renamed" }, { ...root, backendNodeId: 2 }]) {
    await assert.rejects(
      readFrameSubtree(context, { lease, request: { binding, root: stale } }, signal),
      (error) => isLeashError(error, "STALE_TARGET"),
    );
    await assert.rejects(
      findFrameAx(context, { lease, request: { binding, query: "Inside", root: stale } }, signal),
      (error) => isLeashError(error, "STALE_TARGET"),
    );
  }
});

Deno.test("ax.frame.text asks the bound child's own document and answers only present", async () => {
  const { context, browser } = await setup();
  const yes = await frameTextPresent(
    context,
    { lease, request: { binding, text: "Inside" } },
    signal,
  );
  assert.deepEqual(yes, { present: true });
  const no = await frameTextPresent(context, { lease, request: { binding, text: "Shop" } }, signal);
  assert.deepEqual(no, { present: false });
  const resolved = browser.commands.filter((command) => command.method === "DOM.resolveNode");
  assert.deepEqual(resolved.map((command) => command.params?.backendNodeId), [110, 110]);
  await assert.rejects(
    frameTextPresent(context, {
      lease,
      request: { binding: { ...binding, loaderId: "old" }, text: "Inside" },
    }, signal),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});
