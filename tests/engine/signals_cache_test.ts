/**
 * The signals cache (`extension/provider/signals_cache.ts`) against real
 * Chromium: the stamp stays while nothing changes and moves with each
 * change a signals snapshot would see, those that mutate nothing in the
 * page's own tree included (the pointer over a CSS `:hover` menu, a shadow
 * root's mutations, a custom element upgraded late, a popover shown, a
 * checkbox's state, a click where the pointer rests), and says nothing
 * while an animation runs; through the provider's page read, a read of an
 * unchanged page takes the last read's signals without a snapshot, and one
 * after such a change shows what it made clickable, or the state a script
 * set.
 */
import assert from "node:assert/strict";
import { documentOf } from "../../contracts/document.ts";
import type { AxNode } from "../../contracts/methods/mod.ts";
import { ChangeWatches } from "../../extension/provider/change_watch.ts";
import { IsolatedWorlds } from "../../extension/provider/isolated_world.ts";
import { SignalsCache } from "../../extension/provider/signals_cache.ts";
import type { CdpPage } from "../support/cdp.ts";
import {
  enginePath,
  engineTabId as tabId,
  leasedProvider,
  openRealPage,
  pageRead,
} from "./_real_page.ts";

/** The middle of the element `#id`, in the viewport. */
async function middleOf(page: CdpPage, id: string): Promise<{ x: number; y: number }> {
  const [x, y] = await page.evaluate(`(() => {
    const box = document.getElementById(${JSON.stringify(id)}).getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
  })()`) as [number, number];
  return { x, y };
}

/** Move the real pointer to the middle of the element `#id`. */
async function pointAt(page: CdpPage, id: string): Promise<void> {
  await page.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...await middleOf(page, id) });
}

/** Press and release the real pointer where it is now, at the middle of `#id`. */
async function clickAt(page: CdpPage, id: string): Promise<void> {
  const { x, y } = await middleOf(page, id);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await page.send("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
  }
}

/** Each change the stamp must see; none of them mutates the page's own tree. */
const changes: { name: string; change: (page: CdpPage) => Promise<unknown> }[] = [
  {
    name: "the pointer over a menu that CSS :hover shows",
    change: (page) => pointAt(page, "account"),
  },
  {
    name: "a text change inside an open shadow root",
    change: (page) =>
      page.evaluate(`document.getElementById("tray").shadowRoot.querySelector("span")
        .textContent = "two drafts"`),
  },
  {
    name: "a custom element upgraded late, with a shadow root of its own",
    change: (page) => page.evaluate("defineLate()"),
  },
  {
    name: "a popover shown",
    change: (page) => page.evaluate(`document.getElementById("tip").showPopover()`),
  },
  {
    name: "a checkbox checked",
    change: (page) => page.evaluate(`document.getElementById("agree").click()`),
  },
  {
    name: "the focus moved",
    change: (page) => page.evaluate(`document.getElementById("account").focus()`),
  },
  {
    name: "the pointer onto a button, which a click focuses",
    change: async (page) => {
      await pointAt(page, "toggle-notify");
      await clickAt(page, "toggle-notify");
    },
  },
  {
    // The pointer rests on the button and the focus is in it already: no mouseover, no
    // focus change. Its script sets a hidden checkbox's state, which fires nothing.
    name: "a click again where the pointer and the focus are",
    change: (page) => clickAt(page, "toggle-notify"),
  },
];

Deno.test({
  name: "the signals stamp stays while nothing changes and moves with every change",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    await page.navigate(server.url("signals_stale.html"));
    const cache = new SignalsCache();
    const worlds = new IsolatedWorlds();
    const document = documentOf(await page.send("Page.getFrameTree"));
    const stamp = () => cache.stamp(tabId, document, worlds, command);

    let last = await stamp();
    assert.equal(typeof last, "string");
    await t.step("nothing changed: the same stamp", async () => {
      assert.equal(await stamp(), last);
      assert.equal(await stamp(), last);
    });
    for (const { name, change } of changes) {
      await t.step(`${name}: a new stamp`, async () => {
        await change(page);
        const now = await stamp();
        assert.equal(typeof now, "string");
        assert.notEqual(now, last);
        last = now;
        assert.equal(await stamp(), last, "and it stays");
      });
    }
    await t.step("no stamp while an animation runs", async () => {
      await page.evaluate(`globalThis.fading = document.getElementById("fade")
        .animate([{ opacity: 0 }, { opacity: 1 }], 60000); true`);
      assert.equal(await stamp(), undefined);
      await page.evaluate("fading.cancel(); true");
      assert.equal(typeof await stamp(), "string");
    });
    await t.step("the page's own world cannot see the stamp", async () => {
      assert.equal(await page.evaluate("typeof globalThis.leashSignalsStamp"), "undefined");
    });
  },
});

Deno.test({
  name: "a page read takes the last read's signals while the page did not change",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server } = real;
    const provider = await leasedProvider(real);
    const watches = new ChangeWatches();
    /** A page read as the Broker asks for one, and whether it took a snapshot. */
    const read = async () => {
      const { rows, calls } = await pageRead(provider, watches);
      return { rows, snapshot: calls.includes("DOMSnapshot.captureSnapshot") };
    };
    /** Whether a clickable row holds the text `name` (the provider's rows are not named yet). */
    const clickable = (rows: AxNode[], name: string) =>
      rows.some((text) =>
        text.name === name &&
        rows.some((row) => row.backendNodeId === text.parentId && row.states.includes("clickable"))
      );

    await page.navigate(server.url("signals_stale.html"));
    const first = await read();
    assert.ok(first.snapshot, "the first read takes a snapshot");

    await t.step("nothing changed: no snapshot, the same rows", async () => {
      const again = await read();
      assert.ok(!again.snapshot);
      assert.deepEqual(again.rows, first.rows);
    });

    await t.step("the pointer over a CSS :hover menu: its item shows clickable", async () => {
      await pointAt(page, "account");
      const after = await read();
      assert.ok(after.snapshot);
      assert.ok(clickable(after.rows, "Sign out"), JSON.stringify(after.rows));
    });

    await t.step(
      "a custom element upgraded late: its shadow root's part shows clickable",
      async () => {
        await page.evaluate("defineLate()");
        const after = await read();
        assert.ok(after.snapshot);
        assert.ok(clickable(after.rows, "Publish"), JSON.stringify(after.rows));
      },
    );

    await t.step("a popover shown: its part shows clickable", async () => {
      await page.evaluate(`document.getElementById("tip").showPopover()`);
      const after = await read();
      assert.ok(after.snapshot);
      assert.ok(clickable(after.rows, "Dismiss tip"), JSON.stringify(after.rows));
    });

    await t.step("a click where the pointer rests: the state its script set shows", async () => {
      /** Whether the label standing for the hidden checkbox reads checked. */
      const notified = (rows: AxNode[]) =>
        rows.some((row) => row.name === "Notify me" && row.states.includes("checked"));
      // The first click moves the pointer and the focus onto the button and checks the box.
      await pointAt(page, "toggle-notify");
      await clickAt(page, "toggle-notify");
      assert.ok(notified((await read()).rows));
      // The second moves neither, and clears it.
      await clickAt(page, "toggle-notify");
      const after = await read();
      assert.ok(after.snapshot);
      assert.ok(!notified(after.rows), JSON.stringify(after.rows));
    });

    await t.step("another document: a snapshot of its own", async () => {
      await page.navigate(server.url("signals_stale.html"));
      const fresh = await read();
      assert.ok(fresh.snapshot);
      assert.ok(!clickable(fresh.rows, "Publish"));
    });
  },
});

Deno.test({
  name: "the read after an action on a kept walk asks for its changed regions before the signals",
  ignore: enginePath === undefined,
  fn: async () => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    const provider = await leasedProvider(real);
    const watches = new ChangeWatches();
    /** A page read, bounded so that it stops on this page; the DevTools calls it made. */
    const read = async () => (await pageRead(provider, watches, { maxNodes: 300 })).calls;
    // 600 rows: a walk stops at its bound, and the page is small enough for signals.
    await page.navigate(server.url("long.html?rows=600"));
    assert.ok((await read()).includes("DOMSnapshot.captureSnapshot"));
    await watches.begin(tabId, command);
    await page.evaluate(`document.querySelector("h1").firstChild.data = "Orders now"`);
    const calls = await read();
    assert.ok(!calls.includes("Accessibility.getRootAXNode"), "the walk is kept");
    const region = calls.indexOf("Accessibility.getAXNodeAndAncestors");
    const snapshot = calls.indexOf("DOMSnapshot.captureSnapshot");
    assert.ok(region >= 0 && snapshot > region, calls.join(" "));
  },
});
