/**
 * The kept walk (`extension/provider/change_watch.ts`, `ax_regions.ts`
 * `refreshed`) against real Chromium, through the provider's own page read
 * on the 2,000-row list: the read after an action reuses the walk of the
 * read before it, re-reading only the regions the action changed, and its
 * rows are exactly a fresh walk's after an insert, a removal, an attribute
 * change, a text change, a row added to a parent too large to read and a
 * focus change inside the walked part; it
 * walks afresh with no action between, on another document, and when a
 * change was too large to read apart.
 */
import assert from "node:assert/strict";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { ChangeWatches } from "../../extension/provider/change_watch.ts";
import {
  enginePath,
  engineTabId as tabId,
  leasedProvider,
  openRealPage,
  pageRead,
} from "./_real_page.ts";

/** A short list, a checkbox and a text box above the table, so changes fall inside a walk. */
const head = `(() => {
  const main = document.querySelector("main");
  const list = document.createElement("ul");
  list.id = "head";
  for (const name of ["alpha", "beta", "gamma"]) {
    const item = document.createElement("li");
    item.textContent = name;
    list.append(item);
  }
  const flag = document.createElement("div");
  flag.id = "flag";
  flag.setAttribute("role", "checkbox");
  flag.setAttribute("aria-checked", "false");
  flag.setAttribute("aria-label", "Flag");
  const box = document.createElement("input");
  box.id = "note";
  box.setAttribute("aria-label", "Note");
  main.prepend(list, flag, box);
  return true;
})()`;

/** Each change, and a check that the rows after it show it. */
const changes: { name: string; change: string; shows: (rows: AxNode[]) => boolean }[] = [
  {
    name: "an insert",
    change: `document.getElementById("head").append(Object.assign(document.createElement("li"),
      { textContent: "delta" }))`,
    shows: (rows) => rows.some((row) => row.name === "delta"),
  },
  {
    name: "a removal",
    change: `document.querySelector("#head li").remove()`,
    shows: (rows) => !rows.some((row) => row.name === "alpha"),
  },
  {
    name: "an attribute change",
    change: `document.getElementById("flag").setAttribute("aria-checked", "true")`,
    shows: (rows) => rows.some((row) => row.name === "Flag" && row.states.includes("checked")),
  },
  {
    name: "a text change",
    change: `document.querySelector("h1").firstChild.data = "Orders today"`,
    shows: (rows) => rows.some((row) => row.name === "Orders today"),
  },
  {
    // Its parent, the table's body, is too large to read; the row added to it is not.
    name: "a row inserted at the top of the table",
    change: `document.querySelector("#orders tbody").insertRow(0).insertCell().textContent =
      "Order zero"`,
    shows: (rows) => rows.some((row) => row.name === "Order zero"),
  },
  {
    name: "a focus change",
    change: `document.getElementById("note").focus()`,
    shows: (rows) => rows.some((row) => row.name === "Note" && row.states.includes("focused")),
  },
];

Deno.test({
  name: "the read after an action reuses the walk before it, and reads as a fresh walk does",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    const provider = await leasedProvider(real);
    const watches = new ChangeWatches();
    /** A page read as the Broker asks for one, with the DevTools calls it made. */
    const read = (through = watches) => pageRead(provider, through, { maxNodes: 300 });
    const walked = (calls: string[]) => calls.includes("Accessibility.getRootAXNode");
    /** What the actions' input path does before input reaches the page. */
    const act = () => watches.begin(tabId, command);

    await page.navigate(server.url("long.html?rows=2000"));
    await page.evaluate(head);
    assert.ok(walked((await read()).calls), "the first read walks");

    for (const { name, change, shows } of changes) {
      await t.step(`${name}: the kept walk, refreshed, is a fresh walk`, async () => {
        await act();
        await page.evaluate(change);
        const after = await read();
        assert.ok(!walked(after.calls), `no walk: ${after.calls.join(" ")}`);
        assert.ok(shows(after.rows), JSON.stringify(after.rows.slice(0, 12)));
        const fresh = await read(new ChangeWatches());
        assert.ok(walked(fresh.calls));
        // The same rows, up to where the kept walk ends: a removal leaves it a row or two
        // short of a fresh walk's bound, never past it.
        assert.ok(after.rows.length <= fresh.rows.length);
        assert.ok(after.rows.length >= fresh.rows.length - 4, `${after.rows.length} rows`);
        assert.deepEqual(after.rows, fresh.rows.slice(0, after.rows.length));
      });
    }

    await t.step("with no action since, a read walks afresh", async () => {
      await page.evaluate(`document.getElementById("flag").setAttribute("aria-label", "Mark")`);
      const again = await read();
      assert.ok(walked(again.calls));
      assert.ok(again.rows.some((row) => row.name === "Mark"));
    });

    await t.step("a change too large to read apart walks afresh", async () => {
      await act();
      // A hundred rows inserted at the top of the table: too many to read one by one, and
      // their parent, the whole body of rows, too large to read.
      await page.evaluate(`(() => {
          const body = document.querySelector("#orders tbody");
          for (let i = 1; i <= 100; i++) body.insertRow(0).insertCell().textContent = "New " + i;
          return true;
        })()`);
      const after = await read();
      assert.ok(walked(after.calls));
      assert.ok(after.rows.some((row) => row.name === "New 100"));
    });

    await t.step("a kept walk of a replaced document is never used", async () => {
      await read();
      await act();
      await page.navigate(server.url("long.html?rows=2000"));
      const after = await read();
      assert.ok(walked(after.calls));
      assert.ok(!after.rows.some((row) => row.name === "Mark"));
    });
  },
});
