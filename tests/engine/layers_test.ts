/**
 * The layers over a page (`extension/provider/layers.ts`) against real
 * Chromium, on the 2,000-row list: what a person sees laid over the page
 * is found whatever its role (a banner fixed to the viewport, a menu a
 * portal positions against the page, a panel deep in wrappers, a popup in
 * an app fixed over the page, an open popover, a modal dialog),
 * and what the page lays out within itself is not (a badge positioned in
 * its cell, a menu hidden or scrolled out of view).
 */
import assert from "node:assert/strict";
import { documentOf } from "../../contracts/document.ts";
import { IsolatedWorlds } from "../../extension/provider/isolated_world.ts";
import { readLayers } from "../../extension/provider/layers.ts";
import { enginePath, openRealPage, type PageCommand } from "./_real_page.ts";

/** What the page gets: each part has an ID, none is shown until a step shows it. */
const parts = `(() => {
  const add = (html) => {
    document.body.insertAdjacentHTML("beforeend", html);
    return document.body.lastElementChild;
  };
  add('<div id="banner" hidden style="position: fixed; bottom: 0; left: 0; right: 0">We use cookies <button>OK</button></div>');
  add('<div id="portal"><div id="menu" hidden style="position: absolute; top: 60px; left: 20px; width: 200px"><div role="menuitem">Export</div></div></div>');
  add('<div id="pop" popover style="top: 200px; left: 300px">Tip: press ? for help</div>');
  add('<div><div><div><div id="deep" hidden style="position: fixed; top: 100px; left: 100px; width: 300px; height: 200px; background: white">A panel deep in wrappers</div></div></div></div>');
  add('<div id="app" style="position: fixed; inset: 0; pointer-events: none"><div id="appmenu" hidden style="position: absolute; top: 320px; left: 480px; width: 200px; height: 120px; pointer-events: auto; background: white">A menu in an app fixed over the page</div></div>');
  add('<dialog id="modal">Sure? <button>Yes</button></dialog>');
  const cell = document.querySelector("td, li, p");
  cell.style.position = "relative";
  cell.insertAdjacentHTML("beforeend", '<span id="badge" style="position: absolute; right: 0; top: 0">new</span>');
  return true;
})()`;

async function backendIdOf(command: PageCommand, selector: string): Promise<number> {
  const document = await command("DOM.getDocument", { depth: 0 }) as { root: { nodeId: number } };
  const found = await command("DOM.querySelector", {
    nodeId: document.root.nodeId,
    selector,
  }) as { nodeId: number };
  const described = await command("DOM.describeNode", { nodeId: found.nodeId }) as {
    node: { backendNodeId: number };
  };
  return described.node.backendNodeId;
}

Deno.test({
  name: "the layers over a page are found by what shows, not by role",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const { page, server, command } = real;
    await page.navigate(server.url("long.html?rows=2000"));
    assert.equal(await page.evaluate(parts), true);
    const document = documentOf(await page.send("Page.getFrameTree"));
    const worlds = new IsolatedWorlds();
    const layers = async () => new Set(await readLayers(command, worlds, 1, document));
    const ids = async (...selectors: string[]) => {
      const found = new Set<number>();
      for (const selector of selectors) found.add(await backendIdOf(command, selector));
      return found;
    };

    await t.step(
      "a page with nothing over it has no layers; a badge in its cell is none",
      async () => {
        assert.deepEqual(await layers(), new Set());
      },
    );

    await t.step("a fixed banner and a menu positioned against the page are layers", async () => {
      await page.evaluate(
        `["banner", "menu"].forEach((id) => document.getElementById(id).hidden = false)`,
      );
      assert.deepEqual(await layers(), await ids("#banner", "#menu"));
    });

    await t.step("scrolled away, the menu is not in view; the banner still is", async () => {
      await page.evaluate("scrollTo(0, 3000)");
      assert.deepEqual(await layers(), await ids("#banner"));
      await page.evaluate("scrollTo(0, 0)");
    });

    await t.step("a panel deep in wrappers is found where it shows", async () => {
      await page.evaluate(`document.getElementById("deep").hidden = false`);
      assert.deepEqual(await layers(), await ids("#banner", "#menu", "#deep"));
    });

    await t.step("a popup inside an app fixed over the page is its own layer", async () => {
      await page.evaluate(`document.getElementById("appmenu").hidden = false`);
      assert.deepEqual(await layers(), await ids("#banner", "#menu", "#deep", "#appmenu"));
    });

    await t.step(
      "asked for, what is in view comes after the layers: every row, in order",
      async () => {
        await page.evaluate("scrollTo(0, 6000)");
        const layered = await readLayers(command, worlds, 1, document);
        const viewed = await readLayers(command, worlds, 1, document, true);
        assert.deepEqual(viewed.slice(0, layered.length), layered);
        const rows = viewed.slice(layered.length);
        const names: string[] = [];
        for (const backendNodeId of rows) {
          const resolved = await command("DOM.resolveNode", { backendNodeId }) as {
            object: { objectId: string };
          };
          const text = await command("Runtime.callFunctionOn", {
            objectId: resolved.object.objectId,
            functionDeclaration: "function () { return this.localName + ' ' + this.textContent; }",
            returnByValue: true,
          }) as { result: { value: string } };
          names.push(text.result.value);
        }
        assert.ok(rows.length >= 10, names.join("\n"));
        // The page's rows in view, whole (each the largest small element around what shows), with
        // none between two of them left out.
        const numbers = names.map((name) => Number(/(\d+)/.exec(name)?.[1]));
        assert.deepEqual(numbers, numbers.map((_, i) => numbers[0] + i), names.join("\n"));
        assert.ok(numbers[0] > 100, names[0]);
        await page.evaluate("scrollTo(0, 0)");
      },
    );

    await t.step("an open popover and a modal dialog are layers", async () => {
      await page.evaluate(`document.getElementById("pop").showPopover()`);
      assert.ok((await layers()).has([...await ids("#pop")][0]));
      await page.evaluate(`document.getElementById("modal").showModal()`);
      const found = await readLayers(command, worlds, 1, document);
      assert.equal(found[0], [...await ids("#modal")][0], "the top layer comes first");
      assert.ok(found.length <= 8);
    });
  },
});
