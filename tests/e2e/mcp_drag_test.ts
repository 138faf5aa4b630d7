/**
 * `drag` through a stock MCP client in real Chromium (personal mode) on a
 * board made sortable by SortableJS, installed unmodified from npm: a drag
 * in the list that uses HTML5 drag and drop and one in the list that uses
 * the library's pointer-event fallback both reorder the list, which the
 * page itself reports.
 */
import assert from "node:assert/strict";
import { serveFixtures } from "../support/serve.ts";
import { startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "drag reorders a SortableJS list, with HTML5 drag and drop and with pointer events",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    await using server = await serveFixtures(undefined, { packages: ["sortablejs"] });
    const opened = await agent.world.openTab(server.url("drag_sortable.html"));
    const leaseId = await agent.claim(opened.tab);
    const seen = await agent.observe({ leaseId });
    /** A list item's ref: a draggable item around one text is named by it. */
    const item = (text: string) => {
      const row = seen.nodes.find((node) => node.role === "listitem" && node.name === text);
      assert.ok(row !== undefined && row.ref !== null, `the item "${text}" has a ref`);
      return row.ref;
    };
    const drag = (from: string, to: string, text: string) =>
      agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: {
          kind: "drag",
          from: item(from),
          to: item(to),
        },
        expect: { textPresent: text },
      });

    await t.step("HTML5 drag and drop: the first item onto the third", async () => {
      const expected = "native order: Build it, Test it, Write the spec, Ship it";
      const result = await drag("Write the spec", "Test it", expected);
      assert.equal(result.status, "verified", result.shown);
      assert.equal(await opened.page.evaluate("window.drops"), 1, "dropped as HTML5 drag events");
      assert.equal(
        await opened.page.evaluate(`document.getElementById("native-order").textContent`),
        expected,
      );
    });

    await t.step("the pointer-event fallback: the last item onto the first", async () => {
      const expected = "fallback order: Blue, Red, Green";
      const result = await drag("Blue", "Red", expected);
      assert.equal(result.status, "verified", result.shown);
      assert.equal(await opened.page.evaluate("window.drops"), 1, "no HTML5 drop this time");
      assert.equal(
        await opened.page.evaluate(`document.getElementById("fallback-order").textContent`),
        expected,
      );
    });
    await agent.call("browser_release", { leaseId });
  },
});
