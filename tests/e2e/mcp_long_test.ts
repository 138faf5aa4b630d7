/**
 * A stock MCP client on the 2,000-row fixture in real Chromium, personal
 * mode: a budgeted observation that says what it left out, a row found by
 * `query` and its button clicked, and live page windows that continue each
 * other with single-use continuations. One world for the file.
 */
import assert from "node:assert/strict";
import { estimateTokens } from "../../contracts/tokens.ts";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

const rows = 2_000;

Deno.test({
  name: "a stock MCP client works a 2,000-row page within budget",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const longUrl = world.fixtures.url("long.html");
    const { tab, page } = await world.openTab(longUrl);
    const leaseId = await agent.claim(tab);

    await t.step("an observation stays within its budget and says what it left out", async () => {
      for (const maxTokens of [undefined, 1_000]) {
        const seen = await agent.observe(
          maxTokens === undefined ? { leaseId } : {
            leaseId,
            maxTokens,
          },
        );
        assert.ok(estimateTokens(seen.text) <= (maxTokens ?? 4_000), `within ${maxTokens}`);
        assert.ok(seen.truncated !== null, "the observation says it was cut");
        const last = seen.shown.split("\n").at(-1) ?? "";
        const said = /^… ([\d,]+) more rows not shown(?:; .*about ([\d,]+) nodes not read)?/
          .exec(last);
        assert.ok(said !== null, last);
        const count = (text: string | undefined) => Number((text ?? "0").replaceAll(",", ""));
        assert.equal(count(said[1]) + count(said[2]), seen.truncated.omitted);
        assert.match(last, /query:"<text>".*readPage/);
        const buttons = seen.nodes.filter((node) => node.role === "button");
        assert.ok(buttons.length > 0 && buttons.length < rows, `${buttons.length} buttons shown`);
        // Rows are whole and in document order: the first buttons shown are the first rows.
        assert.deepEqual(
          buttons.slice(0, 3).map((node) => node.name),
          ["Open order 1", "Open order 2", "Open order 3"],
        );
      }
    });

    await t.step("a row found by query is clicked and the page shows which", async () => {
      for (const order of [1_999, 42]) {
        const found = await agent.observe({ leaseId, query: `Open order ${order}` });
        const button = refOf(found, "button", `Open order ${order}`);
        assert.ok(estimateTokens(found.text) < 400, "a query answer is small");
        const clicked = await agent.act({
          leaseId,
          documentEpoch: found.documentEpoch,
          action: { kind: "click", ref: button },
          expect: { textPresent: `Opened order ${order}` },
        });
        assert.equal(clicked.status, "verified", clicked.shown);
        assert.equal(
          await page.evaluate("document.getElementById('opened').textContent"),
          `Opened order ${order}`,
        );
      }
    });

    await t.step("a click's delta shows what it changed past the read's bound", async () => {
      for (const order of [1_998, 7, 1_998]) {
        // The delta is against the latest whole observation, whose rows stop far above the
        // status line the click fills in (the page at its top: what is in view is read too).
        await page.evaluate("scrollTo(0, 0)");
        const seen = await agent.observe({ leaseId });
        assert.ok(!seen.nodes.some((node) => node.role === "status"), seen.shown);
        const found = await agent.observe({ leaseId, query: `Open order ${order}` });
        const clicked = await agent.act({
          leaseId,
          documentEpoch: found.documentEpoch,
          action: { kind: "click", ref: refOf(found, "button", `Open order ${order}`) },
        });
        const delta = clicked.observation?.delta;
        assert.ok(delta !== null && delta !== undefined, clicked.shown);
        const said = [...delta.added, ...delta.changed].map((node) => `${node.role} ${node.name}`);
        assert.ok(said.some((line) => line.endsWith(` Opened order ${order}`)), clicked.shown);
        // The focus the click gave its own button, past the read's bound, is no change to show.
        assert.ok(!said.includes(`button Open order ${order}`), clicked.shown);
        assert.match(clicked.shown, new RegExp(`Opened order ${order}`));
        // Nothing the read did not reach is said to be gone.
        assert.deepEqual(delta.removed, [], clicked.shown);
      }
    });

    await t.step(
      "a popup appended past the read's bound shows in the click's answer, by a ref to see the rest, and goes when it closes",
      async () => {
        const opened = await world.openTab(world.fixtures.url("long_popup.html"));
        const popupLease = await agent.claim(opened.tab);
        const seen = await agent.observe({ leaseId: popupLease });
        assert.ok(seen.truncated !== null, "the page is cut at its bound");
        const fence = { leaseId: popupLease, documentEpoch: seen.documentEpoch };
        const shown = await agent.act({
          ...fence,
          action: { kind: "click", ref: refOf(seen, "button", "Choose a city") },
        });
        // The first cities, then the rest by a ref to the popup's box, which has no row.
        assert.match(shown.shown, /^\+ generic "City number 1" ref=e\d+$/m);
        const rest =
          /^~ region generic ref=(e\d+) changed: [\d,]+ more rows \([\d,]+ added\) — observe rootRef=\1$/m
            .exec(shown.shown);
        assert.ok(rest !== null, shown.shown);
        const popup = await agent.observe({ leaseId: popupLease, rootRef: rest[1] });
        assert.equal(popup.nodes.filter((node) => node.name.startsWith("City number")).length, 80);
        const chosen = await agent.act({
          ...fence,
          action: { kind: "click", ref: refOf(popup, "generic", "City number 20") },
        });
        assert.match(chosen.shown, /^\+ text "City number 20"$/m);
        assert.match(
          chosen.shown,
          /^- 80 siblings: generic "City number 1" ref=e\d+ … generic "City number 80" ref=e\d+$/m,
        );
        await agent.call("browser_release", { leaseId: popupLease });
      },
    );

    await t.step(
      "a whole observation of a long page shows what lies over it, wherever it stands in the document",
      async () => {
        const opened = await world.openTab(world.fixtures.url("long_layers.html"));
        const layersLease = await agent.claim(opened.tab);
        const past = (seen: { shown: string }) => {
          const lines = seen.shown.split("\n");
          const at = lines.indexOf("# past the read's bound:");
          assert.ok(at > 0, seen.shown);
          // The rows read in order come first, and the line saying where the read stopped last.
          assert.match(lines[at - 1], /^ {4}row$|^ {6}cell/, seen.shown);
          assert.match(lines.at(-1) ?? "", /^… .*the page read stopped at its node limit/);
          return lines.slice(at + 1, -1).join("\n");
        };
        // The toast fixed over the page at the body's end, far past the read's bound.
        const seen = await agent.observe({ leaseId: layersLease });
        assert.match(
          past(seen),
          /^status\n {2}text "Saved the ledger"\n {2}button "Dismiss" ref=e\d+$/,
        );
        // A menu a portal lays over the page; a click on its item, found in a whole observation.
        await agent.act({
          leaseId: layersLease,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Actions") },
        });
        const open = await agent.observe({ leaseId: layersLease });
        assert.match(past(open), /^menu\n {2}menuitem "Export" ref=e\d+\n/m);
        const archived = await agent.act({
          leaseId: layersLease,
          documentEpoch: open.documentEpoch,
          action: { kind: "click", ref: refOf(open, "menuitem", "Archive") },
          expect: { textPresent: "Archive done" },
        });
        assert.equal(archived.status, "verified", archived.shown);
        // Scrolled down, a whole observation also shows the rows in view, far past the read's
        // bound, each whole with its badge (positioned within its cell, no layer); the toast
        // still lies over them. A delta does not take rows scrolled into view for added ones.
        await opened.page.evaluate("scrollTo(0, 4000)");
        const scrolled = await agent.observe({ leaseId: layersLease });
        const inView = past(scrolled);
        assert.match(inView, /button "Dismiss"/);
        assert.doesNotMatch(inView, /menuitem|^ {0,2}text "badge/m);
        const entries = [...inView.matchAll(/^ +cell "Entry (\d+)"$/gm)].map((m) => Number(m[1]));
        assert.ok(entries.length >= 5 && entries.every((n) => n > 100), inView);
        // Every row in view, none skipped between two others, each with its badge.
        assert.deepEqual(entries, entries.map((_, i) => entries[0] + i), inView);
        assert.match(inView, new RegExp(`cell "Amount ${entries[0]} badge ${entries[0]}"`));
        await opened.page.evaluate("scrollTo(0, 8000)");
        const since = await agent.observe({ leaseId: layersLease, since: "last" });
        assert.doesNotMatch(since.shown, /^\+/m, since.shown);
        await agent.call("browser_release", { leaseId: layersLease });
      },
    );

    await t.step(
      "posts a feed appends to its long list show in the click's answer, the rest found by name",
      async () => {
        const opened = await world.openTab(world.fixtures.url("long_feed.html"));
        const feedLease = await agent.claim(opened.tab);
        const found = await agent.observe({ leaseId: feedLease, query: "Load more" });
        const loaded = await agent.act({
          leaseId: feedLease,
          documentEpoch: found.documentEpoch,
          action: { kind: "click", ref: refOf(found, "button", "Load more") },
        });
        assert.match(loaded.shown, /^ *\+ heading "Post 301"$/m);
        assert.match(loaded.shown, /^ *\+ button "Like post 301" ref=e\d+$/m);
        assert.match(
          loaded.shown,
          /^~ region changed: [\d,]+ more rows \([\d,]+ added\) — observe with query:"<text>" to find them$/m,
        );
        const last = await agent.observe({ leaseId: feedLease, query: "Like post 320" });
        assert.ok(refOf(last, "button", "Like post 320"));
        await agent.call("browser_release", { leaseId: feedLease });
      },
    );

    await t.step("page windows continue each other in order and end on a small page", async () => {
      // Every window rereads the live tree (~1.5 s here for the 2,000 rows' ~11,000 nodes), so
      // three windows stand for the walk; the small form shows where a walk ends.
      const names: string[] = [];
      const tokens: string[] = [];
      let continuation: string | undefined;
      for (let windows = 0; windows < 3; windows++) {
        const window = await agent.readPage(
          continuation === undefined ? { leaseId } : { leaseId, continuation },
        );
        names.push(
          ...window.nodes.filter((node) => node.role === "button").map((node) => node.name),
        );
        assert.ok(window.continuation !== null, window.shown);
        assert.equal(window.complete, false);
        assert.ok(window.shown.endsWith(
          `(more: read on with continuation ${window.continuation}; it works once)`,
        ));
        continuation = window.continuation;
        tokens.push(continuation);
      }
      assert.ok(names.length > 100, `${names.length} rows in three windows`);
      assert.deepEqual(
        names,
        Array.from({ length: names.length }, (_, i) => `Open order ${i + 1}`),
      );
      assert.equal(new Set(tokens).size, tokens.length, "every window has its own continuation");

      const reused = await agent.fail("browser_read_page", { leaseId, continuation: tokens[0] });
      assert.equal(reused.code, "STALE_CURSOR", reused.text);

      const { tab: formTab } = await world.openTab(world.fixtures.url("form.html"));
      const formLease = await agent.claim(formTab);
      const whole = await agent.readPage({ leaseId: formLease });
      assert.equal(whole.continuation, null);
      assert.equal(whole.complete, true);
      assert.match(whole.shown, /button "Send" ref=\S+\n[\s\S]*\(end of document\)$/);
      await agent.call("browser_release", { leaseId: formLease });
    });

    await t.step("a continuation fails once the document changed", async () => {
      const first = await agent.readPage({ leaseId });
      assert.ok(first.continuation !== null);
      await page.navigate(longUrl);
      const changed = await agent.fail("browser_read_page", {
        leaseId,
        continuation: first.continuation,
      });
      assert.equal(changed.code, "STALE_CURSOR", changed.text);
      const fresh = await agent.readPage({ leaseId });
      assert.notEqual(fresh.documentEpoch, first.documentEpoch);
    });
  },
});
