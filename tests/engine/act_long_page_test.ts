/**
 * The action engine on a very long page in real headless Chromium: a
 * button 20,000 rows down lies far below 100,000 px in document
 * coordinates, and its hit test still passes the provider's checks.
 */
import assert from "node:assert/strict";
import { browserForTests } from "../support/chromium.ts";
import { ActPage } from "./_chromium_page.ts";

const browser = browserForTests();

Deno.test({
  name: "a click on the last rows of a 20,000-row page is verified",
  ignore: browser === undefined,
  async fn() {
    if (browser === undefined) return;
    const act = await ActPage.start(browser);
    try {
      await act.open("long.html?rows=20000");
      const target = await act.targetByRole("button", "Open order 19999");
      const outcome = await act.perform({ kind: "click", ref: "x" }, target, {
        expect: { textPresent: "Opened order 19999" },
      });
      assert.equal(outcome.status, "verified", JSON.stringify(outcome));
      assert.equal(
        await act.evaluate("document.getElementById('opened').textContent"),
        "Opened order 19999",
      );
    } finally {
      await act.close();
    }
  },
});
