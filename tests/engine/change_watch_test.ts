/**
 * The change watch (`extension/provider/change_watch.ts`) and the read of
 * changed regions (`extension/provider/ax_regions.ts`) against real
 * Chromium, on the 2,000-row list whose end lies far past a bounded
 * walk: an insert, a removal, an attribute change, a text change and a
 * typed value there each come back as a region whose rows the read then
 * holds, in place after the walk's rows; the page's own script cannot see
 * the watch; and a watch of a document that was replaced is never read.
 */
import assert from "node:assert/strict";
import { documentOf } from "../../contracts/document.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { projectAxNodes } from "../../extension/provider/ax_projection.ts";
import { changedRows, readRegions, withRegions } from "../../extension/provider/ax_regions.ts";
import { walkAxTree } from "../../extension/provider/ax_walk.ts";
import { ChangeWatches } from "../../extension/provider/change_watch.ts";
import { enginePath, openRealPage } from "./_real_page.ts";

/** A few elements after the table, made before any watch begins. */
const tail = `(() => {
  const main = document.querySelector("main");
  const list = document.createElement("ul");
  list.id = "tail";
  for (const name of ["one", "two", "three"]) {
    const item = document.createElement("li");
    item.textContent = name;
    list.append(item);
  }
  const box = document.createElement("input");
  box.id = "note";
  box.setAttribute("aria-label", "Note");
  const flag = document.createElement("div");
  flag.id = "flag";
  flag.setAttribute("role", "checkbox");
  flag.setAttribute("aria-checked", "false");
  flag.setAttribute("aria-label", "Flag");
  main.append(list, box, flag);
  return true;
})()`;

/** Each change the watch must catch, and what the read after it must then show. */
const changes: { name: string; change: string; shows: (rows: AxNode[]) => boolean }[] = [
  {
    name: "an insert",
    change: `document.getElementById("tail").append(Object.assign(document.createElement("li"),
      { textContent: "four" }))`,
    shows: (rows) => rows.some((row) => row.name === "four"),
  },
  {
    name: "a removal",
    change: `document.querySelector("#tail li").remove()`,
    shows: (rows) =>
      rows.some((row) => row.role === "list") && !rows.some((row) => row.name === "one"),
  },
  {
    name: "an attribute change",
    change: `document.getElementById("flag").setAttribute("aria-checked", "true")`,
    shows: (rows) => rows.some((row) => row.name === "Flag" && row.states.includes("checked")),
  },
  {
    name: "a text change",
    change: `document.querySelectorAll("#tail li")[1].firstChild.data = "deux"`,
    shows: (rows) => rows.some((row) => row.name === "deux"),
  },
];

Deno.test({
  name: "a change watch brings the changed regions past a walk's bound into the read",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    const watches = new ChangeWatches();
    const documentNow = async () => documentOf(await page.send("Page.getFrameTree"));
    /** Watch, change, then read as a page read after an action does. */
    const readAfter = async (change: () => Promise<unknown>) => {
      watches.noteRead(1, await documentNow(), true, 100);
      await watches.begin(1, command);
      await change();
      const walk = await walkAxTree(command, 300);
      assert.equal(walk.stopped, true);
      const roots = (await watches.takeWatch(1, await documentNow(), command))?.changes;
      assert.ok(Array.isArray(roots) && roots.length > 0, `roots: ${JSON.stringify(roots)}`);
      const regions = await readRegions(command, roots);
      const bounds = {
        maxNodes: 5_000,
        maxDepth: 64,
        maxTextUnits: 4_000,
        deadline: Infinity,
        now: () => 0,
        unread: walk.unread,
      };
      const projection = projectAxNodes(withRegions(walk.nodes, regions), bounds);
      const without = projectAxNodes(walk.nodes, bounds);
      return {
        rows: projection.nodes,
        walked: without.nodes,
        changed: changedRows(projection.nodes, walk.nodes, regions),
      };
    };

    await page.navigate(server.url("long.html?rows=2000"));
    await page.evaluate(tail);
    for (const { name, change, shows } of changes) {
      await t.step(`${name} past the bound is read`, async () => {
        const read = await readAfter(() => page.evaluate(change));
        assert.ok(shows(read.rows), JSON.stringify(read.rows.slice(-8)));
        // The walk alone never reached it, and its rows come first, as they were.
        assert.ok(!shows(read.walked));
        assert.deepEqual(read.rows.slice(0, read.walked.length), read.walked);
        const beyond = new Set(read.changed?.beyond ?? []);
        assert.ok(
          read.rows.slice(read.walked.length).every((row) => beyond.has(row.backendNodeId)),
        );
        assert.ok((read.changed?.roots.length ?? 0) > 0);
      });
    }

    await t.step("a typed value past the bound is read", async () => {
      const read = await readAfter(async () => {
        const box = await page.evaluate(`(() => {
            document.getElementById("note").focus();
            return true;
          })()`);
        assert.equal(box, true);
        await page.send("Input.insertText", { text: "hello" });
      });
      assert.ok(
        read.rows.some((row) => row.name === "Note" && row.value === "hello"),
        JSON.stringify(read.rows.slice(-8)),
      );
    });

    await t.step("the page's own script sees no watch", async () => {
      watches.noteRead(1, await documentNow(), true, 100);
      await watches.begin(1, command);
      assert.equal(await page.evaluate(`typeof globalThis.leashChangeWatch`), "undefined");
      await watches.takeWatch(1, await documentNow(), command);
    });

    await t.step("a watch of a replaced document is never read", async () => {
      const before = await documentNow();
      watches.noteRead(1, before, true, 100);
      await watches.begin(1, command);
      await page.navigate(server.url("long.html?rows=2000"));
      assert.equal((await watches.takeWatch(1, before, command))?.changes, undefined);
      // Nor begun on a document no read has found large.
      await watches.begin(1, command);
      assert.equal((await watches.takeWatch(1, await documentNow(), command))?.changes, undefined);
      watches.noteRead(1, await documentNow(), true, 100);
      await watches.begin(1, command);
      await page.navigate(server.url("long.html?rows=2000"));
      assert.equal((await watches.takeWatch(1, await documentNow(), command))?.changes, undefined);
    });

    await t.step("no change, no region; a take without a watch finds nothing", async () => {
      watches.noteRead(1, await documentNow(), true, 100);
      await watches.begin(1, command);
      assert.deepEqual((await watches.takeWatch(1, await documentNow(), command))?.changes, []);
      assert.equal((await watches.takeWatch(1, await documentNow(), command))?.changes, undefined);
    });

    await t.step("a page a read took whole is not watched", async () => {
      await page.navigate(server.url("form.html"));
      watches.noteRead(1, await documentNow(), false, 100);
      await watches.begin(1, command);
      await page.evaluate(`document.body.append("late")`);
      assert.equal((await watches.takeWatch(1, await documentNow(), command))?.changes, undefined);
    });
  },
});
