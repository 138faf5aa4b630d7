/**
 * `browser_capture` beyond the viewport through MCP in real Chromium with
 * the built extension: a tall page captured whole at its content size, one
 * element at its box's size, a stale ref refused and a page past the
 * 16,384 px bound refused — each size read from the PNG's own header.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { imageSize } from "../../broker/runtime/capture/_image_size.ts";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser, until } from "./harness.ts";

const ImagePart = z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() });

/** The PNG of a `browser_capture` result and its size from its header. */
function pngOf(result: { content: unknown }) {
  const parts = z.array(z.object({ type: z.string() }).passthrough()).parse(result.content);
  const image = ImagePart.parse(parts.find((part) => part.type === "image"));
  assert.equal(image.mimeType, "image/png");
  const size = imageSize(image.data, "png");
  assert.ok(size !== undefined, "a readable PNG");
  return size;
}

Deno.test({
  name: "full-page and element captures are of the page's and the element's size",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const { tab, page } = await world.openTab(world.fixtures.url("long.html?rows=200"));
    const leaseId = await agent.claim(tab);
    const observation = await agent.observe({ leaseId });
    const ratio = Number(await page.evaluate("devicePixelRatio"));
    const Size = z.object({ width: z.number(), height: z.number() });
    const layout = async () =>
      Size.parse(
        await page.evaluate(
          "({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })",
        ),
      );

    // An element inside the viewport: its box, and the tab's layout left as it was.
    const before = await layout();
    const ref = refOf(observation, "button", "Open order 3");
    const box = z.object({
      left: z.number(),
      top: z.number(),
      right: z.number(),
      bottom: z.number(),
    })
      .parse(
        await page.evaluate(
          "(() => { const r = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open order 3').getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; })()",
        ),
      );
    const element = pngOf(await agent.call("browser_capture", { leaseId, ref }));
    assert.deepEqual(element, {
      width: Math.round((Math.ceil(box.right) - Math.floor(box.left)) * ratio),
      height: Math.round((Math.ceil(box.bottom) - Math.floor(box.top)) * ratio),
    });
    assert.deepEqual(await layout(), before, "the element capture left the layout alone");

    // An element below the fold: scrolled into view, then captured at its box's size.
    const found = await agent.observe({ leaseId, query: "Open order 150" });
    const far = refOf(found, "button", "Open order 150");
    const farImage = pngOf(await agent.call("browser_capture", { leaseId, ref: far }));
    const farBox = z.object({ top: z.number(), bottom: z.number(), width: z.number() }).parse(
      await page.evaluate(
        "(() => { const r = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Open order 150').getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width }; })()",
      ),
    );
    const innerHeight = Number(await page.evaluate("innerHeight"));
    assert.ok(farBox.top >= 0 && farBox.bottom <= innerHeight, "scrolled into view");
    assert.equal(
      farImage.height,
      Math.round((Math.ceil(farBox.bottom) - Math.floor(farBox.top)) * ratio),
    );

    // The whole page: its content size, far taller than the viewport.
    assert.ok(before.height > 2 * innerHeight, `a page taller than the viewport: ${before.height}`);
    const whole = pngOf(await agent.call("browser_capture", { leaseId, fullPage: true }));
    assert.deepEqual(whole, {
      width: Math.round(before.width * ratio),
      height: Math.round(before.height * ratio),
    });

    // A page past the bound is refused with its own sentence; the old ref died with its document.
    const navigated = await agent.act({
      leaseId,
      action: { kind: "navigate", url: world.fixtures.url("long.html?rows=1500") },
    });
    assert.equal(navigated.status, "verified", navigated.shown);
    const stale = await agent.fail("browser_capture", {
      leaseId,
      ref,
      documentEpoch: observation.documentEpoch,
    });
    assert.equal(stale.code, "STALE_TARGET", stale.text);
    const tall = Number(await page.evaluate("document.documentElement.scrollHeight"));
    assert.ok(tall > 16_384, `a page past the bound: ${tall}`);
    const refused = await agent.fail("browser_capture", { leaseId, fullPage: true });
    assert.equal(refused.code, "RESULT_TOO_LARGE", refused.text);
    assert.match(refused.text, /more than 16,384 pixels wide or tall/);
  },
});

Deno.test({
  name: "a frame of another origin below the fold refuses a full-page capture only",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const { tab } = await world.openTab(world.fixtures.url("capture_below.html"));
    const leaseId = await agent.claim(tab);
    const observation = await until("the frame's row", async () => {
      const observed = await agent.observe({ leaseId });
      return /Iframe "Below"/.test(observed.shown) ? observed : undefined;
    });
    pngOf(await agent.call("browser_capture", { leaseId }));
    pngOf(
      await agent.call("browser_capture", {
        leaseId,
        ref: refOf(observation, "button", "Summary"),
      }),
    );
    const refused = await agent.fail("browser_capture", { leaseId, fullPage: true });
    assert.equal(refused.code, "OUT_OF_SCOPE", refused.text);
  },
});
