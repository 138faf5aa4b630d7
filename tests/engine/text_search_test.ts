/**
 * The page search (`extension/provider/text_search.ts`) against real
 * Chromium: with a bound small enough that the fixture pages count as
 * large, a query's matches by the text search are the rows a whole read
 * matches, for names made by labels, `aria-labelledby`, inline children,
 * attributes, current values and open shadow roots; text in scripts and
 * hidden copies is never a match; and a query whose matches the text
 * cannot hold is read instead.
 */
import assert from "node:assert/strict";
import { AxSearchResultSchema } from "../../contracts/methods/mod.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { matchesQuery } from "../../contracts/page_text.ts";
import { projectAxNodes } from "../../extension/provider/ax_projection.ts";
import { rawNodes } from "../../extension/provider/leased_read.ts";
import { searchAx } from "../../extension/provider/text_search.ts";
import { engineLease, enginePath, leasedProvider, openRealPage } from "./_real_page.ts";

/** The rows of `nodes` a query matches, as `role "name"` lines, in order. */
function matched(nodes: readonly AxNode[], query: string): string[] {
  return nodes.filter((node) => matchesQuery(node, query)).map((node) =>
    `${node.role} "${node.name}"`
  );
}

Deno.test({
  name: "a page search finds the rows a whole read matches, and reads what text cannot find",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server } = real;
    await page.navigate(server.url("search_labels.html"));
    const provider = await leasedProvider(real);
    const whole = projectAxNodes(
      rawNodes(await page.send("Accessibility.getFullAXTree", { depth: 132 })),
      { maxNodes: 5_000, maxDepth: 64, maxTextUnits: 4_000, deadline: Infinity, now: () => 0 },
    ).nodes;
    const search = async (query: string) =>
      AxSearchResultSchema.parse(
        await searchAx(
          provider.context,
          // Forty rows: the fixture's hundred-odd elements make it a large page.
          { lease: engineLease, request: { query, maxNodes: 40 } },
          new AbortController().signal,
        ),
      );

    for (
      const query of [
        "email address",
        "Phone",
        "shipping note",
        "save draft now",
        "Close dialog",
        "company logo",
        "search orders",
        "Lisbon",
        "shadow action",
        "colour",
        "Filler row 57",
      ]
    ) {
      await t.step(`"${query}": the rows a whole read matches`, async () => {
        const found = await search(query);
        assert.equal(found.via, "text");
        const expected = matched(whole, query);
        assert.ok(expected.length > 0, `the whole read has "${query}"`);
        assert.deepEqual(matched(found.nodes, query), expected);
        // Only the matches' branches were read, never the page.
        assert.ok(found.nodes.length < whole.length / 2, `${found.nodes.length} rows`);
      });
    }

    await t.step("a labelled control comes with its ref's node and its label", async () => {
      const found = await search("email address");
      assert.ok(found.nodes.some((node) => node.role === "textbox"));
    });

    await t.step("text only in a script or a hidden copy is no match", async () => {
      const found = await search("an old copy");
      assert.equal(found.via, "read");
      assert.deepEqual(matched(found.nodes, "an old copy"), []);
    });

    await t.step("a role is read, not searched", async () => {
      const found = await search("button");
      assert.equal(found.via, "read");
    });
  },
});
