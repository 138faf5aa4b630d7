/**
 * Frames through a stock MCP client in real Chromium: the inventory of a
 * page with nested same-origin frames (`src` and `srcdoc`, two levels), a
 * cross-origin frame (localhost inside 127.0.0.1) and a sandboxed one;
 * `Iframe` rows that name their frames; reads of same-origin child
 * documents; refusals of foreign and opaque ones; and a stale frame epoch.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { FrameInventorySchema } from "../../contracts/methods/frames.ts";
import { refOf, startAgent, textOf } from "./_mcp.ts";
import { noBrowser, until } from "./harness.ts";

const Inventory = FrameInventorySchema.extend({ text: z.string() });
type Inventory = z.infer<typeof Inventory>;

Deno.test({
  name: "frames are listed, read when same-origin and refused when not, over MCP",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const { tab, page } = await world.openTab(world.fixtures.url("frames.html"));
    await until(
      "the cross-origin frame",
      async () => await page.evaluate("document.getElementById('foreign') !== null") || undefined,
    );
    const leaseId = await agent.claim(tab);

    const inventoryOf = async (): Promise<Inventory & { shown: string }> => {
      const result = await agent.call("browser_frames", { leaseId });
      return { ...Inventory.parse(result.structuredContent), shown: textOf(result) };
    };
    let inventory = await inventoryOf();
    // The inventory settles once every frame has loaded its document.
    await until("every frame's document", async () => {
      inventory = await inventoryOf();
      const known = inventory.frames.filter((frame) => frame.documentEpoch !== undefined);
      return inventory.frames.length === 6 && known.length === 4 ? true : undefined;
    });
    const byOrigin = (relation: string) =>
      inventory.frames.filter((frame) => frame.originRelation === relation);

    await t.step("the inventory lists every frame with its relation to the page", () => {
      const [main] = inventory.frames;
      assert.equal(main.isMain, true);
      assert.equal(main.documentEpoch, inventory.documentEpoch);
      assert.equal(byOrigin("same-origin").length, 4, inventory.shown);
      const [foreign] = byOrigin("cross-origin");
      // Another renderer's frame is known only by its element: no origin is claimed for it.
      assert.equal(foreign.origin, undefined);
      assert.equal(foreign.documentEpoch, undefined, "a foreign frame gets no epoch");
      assert.equal(foreign.contextStatus, "unavailable");
      const [sandboxed] = byOrigin("opaque");
      assert.equal(sandboxed.origin, undefined);
      assert.equal(sandboxed.documentEpoch, undefined);
      // The grandchild hangs under the child by `src`.
      const grandchildren = inventory.frames.filter((frame) =>
        frame.parentId !== undefined && frame.parentId !== main.id
      );
      assert.equal(grandchildren.length, 1, inventory.shown);
      assert.match(inventory.shown, /another origin: cannot be read/);
      assert.match(inventory.shown, /sandboxed \(opaque origin\): cannot be read/);
    });

    await t.step(
      "the page's Iframe rows carry their frames, or say they cannot be read",
      async () => {
        const root = await agent.observe({ leaseId });
        assert.match(root.shown, /Iframe "Article body" frame=f\d+ — observe with frame/);
        assert.match(root.shown, /Iframe "Notes" frame=f\d+ — observe with frame/);
        assert.match(root.shown, /Iframe "Foreign" — another origin: cannot be read/);
        assert.match(
          root.shown,
          /Iframe "Sandboxed" — sandboxed \(opaque origin\): cannot be read/,
        );
        assert.doesNotMatch(root.shown, /Article heading/, "the page's read stays in the page");
      },
    );

    const article = (await agent.observe({ leaseId })).shown.match(
      /Iframe "Article body" frame=(f\d+)/,
    )?.[1];
    assert.ok(article !== undefined);

    await t.step("a same-origin child by src is read, with its own epoch and scope", async () => {
      const child = await agent.observe({ leaseId, frame: article });
      assert.deepEqual(child.scope, { kind: "frame", frameId: article });
      assert.notEqual(child.documentEpoch, inventory.documentEpoch);
      assert.match(child.shown, /heading "Article heading"/);
      assert.match(child.shown, /button "Child button" ref=e\d+/);
      assert.match(child.shown, /Iframe "Inner" frame=f\d+ — observe with frame/);
      assert.doesNotMatch(child.shown, /Root button/);
      assert.doesNotMatch(child.shown, /Inner text in grandchild/);
      const wire = inventory.frames.find((frame) => frame.id === article);
      assert.equal(child.documentEpoch, wire?.documentEpoch);
    });

    await t.step("a query and a subtree within a child stay in it", async () => {
      const queried = await agent.observe({ leaseId, frame: article, query: "button" });
      assert.deepEqual(queried.scope, { kind: "query", query: "button", frameId: article });
      assert.match(queried.shown, /button "Child button"/);
      assert.doesNotMatch(queried.shown, /Root button|Article heading/);
      const child = await agent.observe({ leaseId, frame: article });
      const rootRef = refOf(child, "button", "Child button");
      const subtree = await agent.observe({ leaseId, frame: article, rootRef });
      assert.deepEqual(subtree.scope, { kind: "subtree", rootRef, frameId: article });
      assert.match(subtree.shown, /button "Child button"/);
      assert.doesNotMatch(subtree.shown, /Article heading/);
    });

    await t.step("a child is read as live windows of its own document", async () => {
      const child = await agent.observe({ leaseId, frame: article });
      const frame = { frameId: article, documentEpoch: child.documentEpoch };
      const window = await agent.readPage({ leaseId, frame });
      assert.deepEqual(window.scope, { kind: "frame", frameId: article });
      assert.match(window.shown, /heading "Article heading"/);
      assert.doesNotMatch(window.shown, /Root button/);
      assert.equal(window.complete, true);
      const byId = await agent.readPage({ leaseId, frame: article });
      assert.match(byId.shown, /heading "Article heading"/, "a frame ID alone reads its document");
      const page = await agent.readPage({ leaseId });
      assert.doesNotMatch(page.shown, /Article heading/, "the page's windows stay in the page");
    });

    await t.step("a srcdoc grandchild two levels down is read", async () => {
      const inner = inventory.frames.find((frame) =>
        frame.parentId === article && frame.originRelation === "same-origin"
      );
      assert.ok(inner?.documentEpoch !== undefined, inventory.shown);
      const read = await agent.observe({
        leaseId,
        frame: { frameId: inner.id, documentEpoch: inner.documentEpoch },
      });
      assert.match(read.shown, /Inner text in grandchild/);
      assert.doesNotMatch(read.shown, /Article heading/);
    });

    await t.step("a srcdoc child of the page is read", async () => {
      const notes = (await agent.observe({ leaseId })).shown.match(/Iframe "Notes" frame=(f\d+)/)
        ?.[1];
      const read = await agent.observe({ leaseId, frame: notes });
      assert.match(read.shown, /Note text in srcdoc/);
    });

    await t.step(
      "a capture is refused while frames of other origins show in the viewport",
      async () => {
        const refused = await agent.fail("browser_capture", { leaseId });
        assert.equal(refused.code, "OUT_OF_SCOPE", refused.text);
      },
    );

    await t.step("cross-origin and sandboxed frames are refused before any read", async () => {
      for (const frame of [...byOrigin("cross-origin"), ...byOrigin("opaque")]) {
        const refused = await agent.fail("browser_observe", { leaseId, frame: frame.id });
        assert.equal(refused.code, "OUT_OF_SCOPE", refused.text);
        assert.doesNotMatch(refused.text, /Sandboxed secret|Article heading/);
      }
    });

    await t.step(
      "a click in a same-origin child is hit-tested there and verified by its text",
      async () => {
        const child = await agent.observe({ leaseId, frame: article });
        const ref = refOf(child, "button", "Child button");
        // The ref came from the frame's observation: the server sends the frame with it.
        const clicked = await agent.act({
          leaseId,
          action: { kind: "click", ref },
          expect: { textPresent: "Child clicked" },
        });
        assert.equal(clicked.status, "verified", clicked.shown);
        assert.deepEqual(clicked.observation?.scope, { kind: "frame", frameId: article });
        assert.equal(
          await page.evaluate(
            "document.getElementById('article').contentDocument.getElementById('clicked').textContent",
          ),
          "Child clicked",
        );
        const frameOf = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: inventory.documentEpoch,
          action: { kind: "click", ref },
        });
        assert.equal(frameOf.code, "STALE_TARGET", "a child ref fenced with the page's epoch");
      },
    );

    await t.step("a frame that reloads between observe and act refuses the click", async () => {
      const child = await agent.observe({ leaseId, frame: article });
      const ref = refOf(child, "button", "Child button");
      await page.evaluate(
        "new Promise((done) => { const f = document.getElementById('article'); f.onload = () => done(true); f.contentWindow.location.reload(); })",
      );
      const refused = await agent.fail("browser_act", { leaseId, action: { kind: "click", ref } });
      assert.equal(refused.code, "STALE_TARGET", refused.text);
      assert.equal(
        await page.evaluate(
          "document.getElementById('article').contentDocument.getElementById('clicked').textContent",
        ),
        "",
        "nothing was clicked in the new document",
      );
    });

    await t.step("a stale frame epoch fails once the frame reloaded", async () => {
      const before = (await inventoryOf()).frames.find((frame) => frame.id === article)!;
      await page.evaluate(
        "new Promise((done) => { const f = document.getElementById('article'); f.onload = () => done(true); f.contentWindow.location.reload(); })",
      );
      const stale = await agent.fail("browser_observe", {
        leaseId,
        frame: { frameId: article, documentEpoch: before.documentEpoch },
      });
      assert.equal(stale.code, "STALE_TARGET", stale.text);
      const fresh = await agent.observe({ leaseId, frame: article });
      assert.notEqual(fresh.documentEpoch, before.documentEpoch);
      assert.match(fresh.shown, /Article heading/);
    });
  },
});

Deno.test({
  name: "an editor whose body is a srcdoc frame takes a title and a body over MCP",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const { tab, page } = await world.openTab(world.fixtures.url("frames_editor.html"));
    const leaseId = await agent.claim(tab);
    const root = await agent.observe({ leaseId });
    const frame = root.shown.match(/Iframe "Article body" frame=(f\d+) — observe with frame/)?.[1];
    assert.ok(frame !== undefined, root.shown);
    const title = await agent.act({
      leaseId,
      action: { kind: "fill", ref: refOf(root, "textbox", "Title"), text: "Frames" },
    });
    assert.equal(title.status, "verified", title.shown);

    const body = await agent.observe({ leaseId, frame });
    const editor = body.nodes.find((node) => node.ref !== null && node.states.includes("editable"));
    assert.ok(editor?.ref, body.shown);
    const typed = await agent.act({
      leaseId,
      action: { kind: "type", ref: editor.ref, text: "Same-origin children work." },
    });
    assert.equal(typed.status, "verified", typed.shown);
    assert.deepEqual(typed.observation?.scope, { kind: "frame", frameId: frame });

    const publish = await agent.act({
      leaseId,
      action: { kind: "click", ref: refOf(root, "button", "Publish") },
      expect: { textPresent: 'Published "Frames": Same-origin children work.' },
    });
    assert.equal(publish.status, "verified", publish.shown);
    assert.equal(
      await page.evaluate("document.getElementById('published').textContent"),
      'Published "Frames": Same-origin children work.',
    );

    // Only same-origin frames show: the viewport may be captured.
    const capture = await agent.call("browser_capture", { leaseId });
    const parts = z.array(z.object({ type: z.string() }).passthrough()).parse(capture.content);
    assert.ok(parts.some((part) => part.type === "image"), "the viewport as image content");

    // fill replaces the body's content as one insertion.
    const again = await agent.observe({ leaseId, frame });
    const filled = await agent.act({
      leaseId,
      action: {
        kind: "fill",
        ref: again.nodes.find((node) => node.ref !== null && node.states.includes("editable"))!
          .ref!,
        text: "Replaced body",
      },
    });
    assert.equal(filled.status, "verified", filled.shown);
    assert.equal(
      await page.evaluate(
        "document.getElementById('editor').contentDocument.body.innerText.trim()",
      ),
      "Replaced body",
    );
  },
});

Deno.test({
  name: "a frame inside a shadow root is listed and read",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const { tab } = await world.openTab(world.fixtures.url("frames_shadow.html"));
    const leaseId = await agent.claim(tab);
    const root = await until("the shadow frame's row", async () => {
      const observed = await agent.observe({ leaseId });
      return /Iframe "Shadow body" frame=f\d+/.test(observed.shown) ? observed : undefined;
    });
    const frame = root.shown.match(/Iframe "Shadow body" frame=(f\d+)/)?.[1];
    const read = await agent.observe({ leaseId, frame });
    assert.match(read.shown, /Text behind a shadow root/);
  },
});
