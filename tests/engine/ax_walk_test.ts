/**
 * The budget-first walk (`extension/provider/ax_walk.ts`) against real
 * Chromium: on the fixture pages it projects to the same rows as a whole
 * `getFullAXTree` read, and where it stops at its bound its rows are the
 * whole read's first rows, with the rest counted as about what was left; on
 * a page of prose it reads about as far as a budget shows.
 */
import assert from "node:assert/strict";
import { projectAxNodes, type Projection } from "../../extension/provider/ax_projection.ts";
import { walkAxTree } from "../../extension/provider/ax_walk.ts";
import { rawNodes } from "../../extension/provider/leased_read.ts";
import { enginePath, openRealPage } from "./_real_page.ts";
import { defaultMaxTokens } from "../../broker/runtime/observe/budget.ts";
import { readRows } from "../../broker/runtime/observe/read.ts";
import { estimateTokens } from "../../contracts/tokens.ts";

const pages = [
  "form.html",
  "controls.html",
  "long.html?rows=200",
  "signals_clickables.html",
  "typing_editors.html",
  "settle_listboxes.html",
];

function project(nodes: Parameters<typeof projectAxNodes>[0], unread?: number): Projection {
  return projectAxNodes(nodes, {
    maxNodes: 5_000,
    maxDepth: 64,
    maxTextUnits: 4_000,
    deadline: Infinity,
    now: () => 0,
    ...(unread === undefined ? {} : { unread }),
  });
}

Deno.test({
  name: "a walk reads the same rows as a whole read, and its first rows where it stops",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    const whole = async () =>
      project(rawNodes(await command("Accessibility.getFullAXTree", { depth: 132 })));

    for (const fixture of pages) {
      await t.step(`${fixture}: the same rows`, async () => {
        await page.navigate(server.url(fixture));
        const walk = await walkAxTree(command, 100_000);
        assert.equal(walk.stopped, false);
        const expected = await whole();
        assert.ok(expected.nodes.length > 5, `${expected.nodes.length} rows`);
        assert.deepEqual(project(walk.nodes).nodes, expected.nodes);
      });
    }

    await t.step("long.html: a walk stopped at its bound keeps the first rows", async () => {
      await page.navigate(server.url("long.html?rows=2000"));
      const expected = await whole();
      const walk = await walkAxTree(command, 500);
      assert.equal(walk.stopped, true);
      const read = project(walk.nodes, walk.unread);
      assert.ok(read.nodes.length >= 200, `${read.nodes.length} rows`);
      assert.deepEqual(read.nodes, expected.nodes.slice(0, read.nodes.length));
      assert.equal(read.cut?.reason, "nodes");
      // About the rest of the 2,000 rows: within a third of the nodes the whole read holds beyond.
      const total = rawNodes(await command("Accessibility.getFullAXTree", {})).length;
      const left = total - walk.nodes.length;
      assert.ok(Math.abs(walk.unread - left) < left / 3, `${walk.unread} for ${left}`);
    });

    await t.step(
      "articles.html: a walk of prose stops about where its rows fill the budget",
      async () => {
        // Each article's paragraph is about fifty tokens: counted a row each, the bound of a
        // 4,000-token budget read five times what the budget can show.
        await page.navigate(server.url("articles.html"));
        const walk = await walkAxTree(command, readRows(defaultMaxTokens));
        assert.equal(walk.stopped, true);
        const rows = project(walk.nodes, walk.unread).nodes;
        const tokens = rows.reduce(
          (sum, row) => sum + estimateTokens(`${row.role} "${row.name}"`) + 1,
          0,
        );
        assert.ok(tokens >= defaultMaxTokens, `${tokens} tokens read`);
        assert.ok(tokens <= 2 * defaultMaxTokens, `${tokens} tokens read`);
      },
    );
  },
});
