/**
 * A stock MCP client (the SDK's `Client` over stdio, spawning the real MCP
 * server) on the fixture form in real Chromium, personal mode: fill and
 * submit with the page's own result text as the expectation, a delta after
 * one change, stale epochs and refs, navigation out of scope, and a
 * viewport capture. One world for the file; each step opens its own tab.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { z } from "zod";
import { refOf, startAgent, textOf } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

const ImageContent = z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() });
const CaptureMetadata = z.object({ mimeType: z.string(), width: z.number(), height: z.number() });
const LayoutMetrics = z.object({
  cssVisualViewport: z.object({ clientWidth: z.number(), clientHeight: z.number() }),
});

/** Width and height from a PNG's IHDR chunk; throws when `bytes` is not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, "a PNG signature");
  assert.equal(new TextDecoder().decode(bytes.subarray(12, 16)), "IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

Deno.test({
  name: "a stock MCP client works the fixture form end to end",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const formUrl = world.fixtures.url("form.html");

    await t.step("a form filled and submitted shows the page's own result text", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const before = await agent.observe({ leaseId });
      const epoch = before.documentEpoch;
      const fields = [["Name", "Ada Lovelace"], ["Email", "ada@example.com"], [
        "Message",
        "Hello from a careful agent",
      ]];
      for (const [name, text] of fields) {
        const ref = refOf(before, "textbox", name);
        const filled = await agent.act({
          leaseId,
          documentEpoch: epoch,
          action: { kind: "fill", ref, text },
          expect: { element: { ref, value: text } },
        });
        assert.equal(filled.status, "verified", filled.shown);
        assert.equal(filled.documentChanged, false);
      }
      const thanks = "Thanks, Ada Lovelace! We will reply to ada@example.com (5 words).";
      const sent = await agent.act({
        leaseId,
        requestId: "submit-1",
        documentEpoch: epoch,
        action: { kind: "click", ref: refOf(before, "button", "Send") },
        expect: { textPresent: thanks },
      });
      assert.equal(sent.status, "verified", sent.shown);
      assert.equal(sent.requestId, "submit-1");
      // The caller's own request ID is echoed; the document stayed, so no epoch.
      assert.match(sent.shown, /^act verified {2}requestId: submit-1\n/);

      const after = await agent.observe({ leaseId });
      assert.equal(after.documentEpoch, epoch, "the submit handler kept the document");
      assert.ok(after.shown.includes(JSON.stringify(thanks)), after.shown);
      // The page itself, looked at over DevTools, agrees.
      assert.equal(await page.evaluate("document.getElementById('result').textContent"), thanks);
      assert.equal(await page.evaluate("window.submissions"), 1);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a delta after one change lists just that change", async () => {
      const { tab } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const first = await agent.observe({ leaseId });
      const ref = refOf(first, "textbox", "Email");
      await agent.act({
        leaseId,
        documentEpoch: first.documentEpoch,
        action: { kind: "fill", ref, text: "grace@example.com" },
      });
      const delta = await agent.observe({ leaseId, since: first.cursor });
      assert.notEqual(delta.cursor, first.cursor);
      assert.ok(delta.delta !== null, "a delta");
      assert.equal(delta.delta.since, first.cursor);
      assert.deepEqual(delta.delta.added, []);
      assert.deepEqual(delta.delta.removed, []);
      assert.deepEqual(delta.delta.changed.map((node) => [node.ref, node.role, node.value]), [
        [ref, "textbox", "grace@example.com"],
      ]);
      const rows = delta.shown.split("\n").filter((line) => /^[+~-] /.test(line));
      assert.deepEqual(rows.length, 1, delta.shown);
      assert.match(rows[0], /^~ textbox "Email" value="grace@example\.com"/);
      assert.ok(delta.shown.length < first.shown.length / 2, "the delta is small");

      // A cursor of another scope is refused, never applied.
      const other = await agent.fail("browser_observe", {
        leaseId,
        query: "Email",
        since: delta.cursor,
      });
      assert.equal(other.code, "STALE_CURSOR", other.text);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a form the browser refused says which field and why", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const first = await agent.observe({ leaseId });
      const email = refOf(first, "textbox", "Email");
      const send = refOf(first, "button", "Send");
      const act = (action: Record<string, unknown>) =>
        agent.act({ leaseId, documentEpoch: first.documentEpoch, action });
      await act({ kind: "fill", ref: email, text: "ada" });
      // The browser does not send a form with an email without "@": it focuses the field and
      // says why in a bubble that is no element of the page. The answer carries both.
      const refused = await act({ kind: "click", ref: send });
      assert.equal(await page.evaluate("window.submissions ?? 0"), 0, "the form was not sent");
      assert.match(
        refused.shown,
        new RegExp(
          `^~ textbox "Email" value="ada" error="[^"]*@[^"]*" focused .*ref=${email}$`,
          "m",
        ),
      );
      const row = refused.observation?.delta?.changed.find((node) => node.ref === email);
      assert.match(row?.error ?? "", /@/);
      // Put right, the form goes and the message with it.
      const fixed = await act({ kind: "fill", ref: email, text: "ada@example.com" });
      assert.doesNotMatch(fixed.shown, /error=/);
      await act({ kind: "click", ref: send });
      assert.equal(await page.evaluate("window.submissions ?? 0"), 1, "the form was sent");
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a stale epoch or an unknown ref is STALE_TARGET and nothing happens",
      async () => {
        const { tab, page } = await world.openTab(formUrl);
        const leaseId = await agent.claim(tab);
        const old = await agent.observe({ leaseId });
        const send = refOf(old, "button", "Send");

        const unknownRef = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: old.documentEpoch,
          action: { kind: "click", ref: "e9999" },
        });
        assert.equal(unknownRef.code, "STALE_TARGET", unknownRef.text);

        // The person reloads: the old epoch and its refs are dead.
        await page.navigate(formUrl);
        const staleEpoch = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: old.documentEpoch,
          action: { kind: "click", ref: send },
        });
        assert.equal(staleEpoch.code, "STALE_TARGET", staleEpoch.text);
        assert.match(staleEpoch.text, /^STALE_TARGET: The page changed since it was observed/);

        const fresh = await agent.observe({ leaseId });
        assert.notEqual(fresh.documentEpoch, old.documentEpoch);
        const oldRefNewEpoch = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: fresh.documentEpoch,
          action: { kind: "click", ref: "e9999" },
        });
        assert.equal(oldRefNewEpoch.code, "STALE_TARGET");
        assert.equal(await page.evaluate("window.submissions ?? 0"), 0, "nothing was clicked");
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "rows the page draws again keep no old ref: the answer says their new ones, and an action on an old one names its new one",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("redraw.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        const five = refOf(seen, "cell", "5");
        const picked = await agent.act({
          ...fence,
          action: { kind: "click", ref: refOf(seen, "cell", "2") },
        });
        // The table drawn again is no news; its new refs are one line, the status the change.
        assert.match(
          picked.shown,
          /^# drawn again as they were, under new refs: e\d+–e\d+ are now e\d+–e\d+$/m,
        );
        assert.match(picked.shown, /^~ status "Picked 2"$/m);
        assert.doesNotMatch(picked.shown, /^ *[+-] .*cell/m);
        const stale = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "click", ref: five },
        });
        assert.equal(stale.code, "STALE_TARGET", stale.text);
        const now = /The page drew it again, reading as it did, as (e\d+): use that ref\./.exec(
          stale.text,
        );
        assert.ok(now !== null, stale.text);
        assert.equal(
          await page.evaluate(`document.getElementById("picked").textContent`),
          "Picked 2",
        );
        const again = await agent.act({ ...fence, action: { kind: "click", ref: now[1] } });
        assert.match(again.shown, /^~ status "Picked 5"$/m);

        // A list drawn again after one item went: what the others hold tells them apart.
        const removes = seen.nodes.filter((node) =>
          node.role === "button" && node.name === "Remove"
        )
          .map((node) => node.ref ?? "");
        assert.equal(removes.length, 3, seen.shown);
        const [alice, bob] = removes;
        const taken = await agent.act({ ...fence, action: { kind: "click", ref: alice } });
        // Alice's item went; Bob's and Cara's, drawn again, are their new refs only.
        assert.match(taken.shown, /^- listitem\n {2}- text "Alice"$/m);
        assert.match(taken.shown, /^# drawn again as they were, under new refs: /m);
        assert.doesNotMatch(taken.shown, /Bob|Cara/);
        const gone = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "click", ref: alice },
        });
        assert.equal(gone.code, "STALE_TARGET", gone.text);
        assert.doesNotMatch(gone.text, /drew it again/);
        const moved = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "click", ref: bob },
        });
        const bobNow = /as (e\d+): use that ref/.exec(moved.text);
        assert.ok(bobNow !== null, moved.text);
        await agent.act({ ...fence, action: { kind: "click", ref: bobNow[1] } });
        assert.equal(
          await page.evaluate(`document.getElementById("removed").textContent`),
          "Removed Bob",
        );
        assert.equal(await page.evaluate(`document.querySelectorAll("li").length`), 1);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "an action on an element the page drew again with no read between names the one that reads as it did, and only one",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("redraw.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const fence = { leaseId, documentEpoch: seen.documentEpoch };
        // The page draws its calendar and list again on its own (a timer, a push): no read sees it.
        assert.equal(await page.evaluate("drawCalendar(), drawPeople(), true"), true);
        // Three buttons read "Remove": which one was meant is not the Broker's to guess (a read
        // after the redraw would have told them apart by what their items hold).
        const remove = seen.nodes.find((node) => node.role === "button" && node.name === "Remove");
        const ambiguous = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "click", ref: remove?.ref ?? "" },
        });
        assert.equal(ambiguous.code, "STALE_TARGET", ambiguous.text);
        assert.doesNotMatch(ambiguous.text, /drew it again/);
        assert.equal(
          await page.evaluate(`document.getElementById("removed").textContent`),
          "Nobody removed",
        );
        const stale = await agent.fail("browser_act", {
          ...fence,
          action: { kind: "click", ref: refOf(seen, "cell", "3") },
        });
        assert.equal(stale.code, "STALE_TARGET", stale.text);
        const now = /drew it again, reading as it did, as (e\d+): use that ref\./.exec(stale.text);
        assert.ok(now !== null, stale.text);
        assert.equal(
          await page.evaluate(`document.getElementById("picked").textContent`),
          "No day picked",
        );
        const picked = await agent.act({ ...fence, action: { kind: "click", ref: now[1] } });
        assert.match(picked.shown, /^~ status "Picked 3"$/m);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("navigation out of the lease's origin is refused and the page stays", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const refused = await agent.fail("browser_act", {
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "navigate", url: world.fixtures.otherOriginUrl("controls.html") },
      });
      assert.equal(refused.code, "OUT_OF_SCOPE", refused.text);
      assert.equal(await page.evaluate("location.href"), formUrl);
      // The lease still works, and a navigation inside the origin does.
      const inside = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "navigate", url: world.fixtures.url("controls.html") },
        expect: { textPresent: "Controls" },
      });
      assert.equal(inside.documentChanged, true, inside.shown);
      assert.notEqual(inside.documentEpoch, seen.documentEpoch);
      assert.equal(await page.evaluate("location.href"), world.fixtures.url("controls.html"));
      await agent.call("browser_release", { leaseId });
    });

    await t.step("capture returns a PNG of the viewport's size as image content", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const result = await agent.call("browser_capture", { leaseId });
      const blocks: unknown[] = result.content;
      const image = ImageContent.parse(
        blocks.find((block) => ImageContent.safeParse(block).success),
      );
      assert.equal(image.mimeType, "image/png");
      const size = pngSize(Buffer.from(image.data, "base64"));
      const metrics = LayoutMetrics.parse(await page.send("Page.getLayoutMetrics"));
      const ratio = z.number().positive().parse(await page.evaluate("window.devicePixelRatio"));
      assert.deepEqual(size, {
        width: Math.round(metrics.cssVisualViewport.clientWidth * ratio),
        height: Math.round(metrics.cssVisualViewport.clientHeight * ratio),
      });
      const metadata = CaptureMetadata.parse(result.structuredContent);
      assert.deepEqual({ width: metadata.width, height: metadata.height }, size);
      assert.match(textOf(result), /^captured the viewport: image\/png \d+x\d+/);
      assert.ok(
        !JSON.stringify(result.structuredContent).includes(image.data.slice(0, 64)),
        "the image travels only as image content",
      );
      await agent.call("browser_release", { leaseId });
    });
  },
});
