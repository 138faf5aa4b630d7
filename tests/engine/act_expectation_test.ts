/**
 * Expectations against real headless Chromium: text present and element
 * states, verified or not, and expectations that come true a little later.
 */
import assert from "node:assert/strict";
import type { Expectation } from "../../contracts/methods/mod.ts";
import { browserForTests } from "../support/chromium.ts";
import { ActPage } from "./_chromium_page.ts";
import {
  type ActTarget,
  checkExpectation,
  type ExpectationResult,
} from "../../broker/runtime/act/mod.ts";

const browser = browserForTests();

Deno.test({
  name: "checkExpectation reads text and element states from the page",
  ignore: browser === undefined,
  async fn(t) {
    if (browser === undefined) return;
    const act = await ActPage.start(browser);
    const refs = new Map<string, ActTarget>();
    const check = (expect: Expectation, timeoutMs = 0): Promise<ExpectationResult> =>
      act.record(() => checkExpectation(act.cdp, expect, (ref) => refs.get(ref), { timeoutMs }));
    const remember = async (ref: string, selector: string) => {
      refs.set(ref, await act.target(selector));
    };

    try {
      await t.step("text on the page verifies; text that is not there does not", async () => {
        await act.open("controls.html");
        assert.deepEqual(await check({ textPresent: "Accept   terms" }), {
          status: "verified",
          checks: [{ name: "textPresent", held: true }],
        });
        assert.deepEqual(await check({ textPresent: "Nowhere to be found" }), {
          status: "unverified",
          checks: [{ name: "textPresent", held: false }],
        });
        // Hidden text is not present text.
        assert.equal((await check({ textPresent: "Panel content" })).status, "unverified");
      });

      await t.step("checked, expanded and disabled come from the accessibility tree", async () => {
        await act.open("controls.html");
        await remember("terms", "#terms");
        await remember("subscribe", "#subscribe");
        await remember("switch", "#switch");
        await remember("expander", "#expander");
        await remember("disabled", "#disabled");
        assert.equal(
          (await check({ element: { ref: "terms", checked: true } })).status,
          "verified",
        );
        assert.equal(
          (await check({ element: { ref: "subscribe", checked: false } })).status,
          "verified",
        );
        assert.equal(
          (await check({ element: { ref: "switch", checked: false } })).status,
          "verified",
        );
        assert.equal(
          (await check({ element: { ref: "disabled", disabled: true } })).status,
          "verified",
        );
        assert.deepEqual(
          await check({ element: { ref: "subscribe", checked: true, disabled: false } }),
          {
            status: "unverified",
            checks: [
              { name: "element.checked", held: false },
              { name: "element.disabled", held: true },
            ],
          },
        );
        assert.equal(
          (await check({ element: { ref: "expander", expanded: false } })).status,
          "verified",
        );
        await act.evaluate("document.querySelector('#expander').click()");
        assert.equal(
          (await check({ element: { ref: "expander", expanded: true } })).status,
          "verified",
        );
      });

      await t.step("focus and value are answered by the page", async () => {
        await act.open("controls.html");
        await remember("first", "#first");
        await remember("colour", "#colour");
        await act.evaluate("document.querySelector('#first').value = 'typed'");
        await act.evaluate("document.querySelector('#first').focus()");
        assert.equal(
          (await check({ element: { ref: "first", focused: true, value: "typed" } })).status,
          "verified",
        );
        assert.equal(
          (await check({ element: { ref: "first", value: "type" } })).status,
          "unverified",
        );
        assert.equal(
          (await check({ element: { ref: "colour", value: "Red" } })).status,
          "verified",
        );
        assert.equal((await check({ element: { ref: "colour", value: "r" } })).status, "verified");
        assert.equal(
          (await check({ element: { ref: "colour", focused: true } })).status,
          "unverified",
        );
      });

      await t.step(
        "an unknown ref or a node from a previous document fails its checks",
        async () => {
          await act.open("controls.html");
          assert.deepEqual(
            await check({ element: { ref: "nobody", checked: true, focused: false } }),
            {
              status: "unverified",
              checks: [
                { name: "element.checked", held: false },
                { name: "element.focused", held: false },
              ],
            },
          );
          await remember("old", "#subscribe");
          await act.open("controls.html");
          assert.equal(
            (await check({ element: { ref: "old", checked: false } })).status,
            "unverified",
          );
        },
      );

      await t.step("an expectation that comes true a little later is verified", async () => {
        await act.open("form.html");
        await act.evaluate(
          "setTimeout(() => { document.querySelector('#result').textContent = 'Saved later'; }, 150)",
        );
        assert.equal((await check({ textPresent: "Saved later" }, 5_000)).status, "verified");
      });
    } finally {
      await act.close();
    }
  },
});
