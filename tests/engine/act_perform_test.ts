/**
 * The action engine against real headless Chromium on the fixture pages,
 * through a seam that enforces the provider's allowlist and records calls.
 * One browser for the whole file; each step opens the fixture it needs.
 */
import assert from "node:assert/strict";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import type { Action } from "../../contracts/methods/mod.ts";
import type { LeaseScope } from "../../contracts/methods/common.ts";
import { browserForTests } from "../support/chromium.ts";
import { ActPage } from "./_chromium_page.ts";
import {
  type ActionOutcome,
  type ActTarget,
  performAction,
  type PerformActionOptions,
} from "../../broker/runtime/act/mod.ts";

const browser = browserForTests();

Deno.test({
  name: "performAction acts on real pages and reports what happened",
  ignore: browser === undefined,
  async fn(t) {
    if (browser === undefined) return;
    const act = await ActPage.start(browser);
    const originScope = (): LeaseScope => ({ kind: "origin", origin: act.server.origin });

    const run = act.perform.bind(act);
    /** Perform `action` expecting it to fail with `code`, having dispatched nothing. */
    const refused = async (
      code: ErrorCode,
      action: Action,
      target?: ActTarget,
      extra?: Partial<PerformActionOptions>,
    ) => {
      await assert.rejects(run(action, target, extra), (error) => isLeashError(error, code));
      assert.equal(act.dispatchMarks, 0, "beforeDispatch must not run when the action is refused");
      assert.deepEqual(act.callsTo("Input."), [], "no input may be sent");
      assert.deepEqual(act.callsTo("Page.navigate"), [], "no navigation may be sent");
      assert.deepEqual(act.callsTo("DOM.focus"), [], "focus must not move");
    };
    const verified = (outcome: ActionOutcome, dispatched = true) => {
      assert.equal(outcome.status, "verified", JSON.stringify(outcome));
      assert.equal(outcome.reason, null);
      assert.equal(outcome.dispatched, dispatched);
      assert.equal(act.dispatchMarks, dispatched ? 1 : 0);
    };
    const expectText = (text: string): Partial<PerformActionOptions> => ({
      expect: { textPresent: text },
    });

    try {
      await t.step(
        "a form is filled and submitted, and the page's own result text verifies it",
        async () => {
          await act.open("form.html");
          const fields: [string, string][] = [
            ["#name", "Ada Lovelace"],
            ["#email", "ada@example.org"],
            ["#message", "Hello there,\nanalytical engine"],
            ["#day", "2024-05-17"],
          ];
          for (const [selector, text] of fields) {
            const outcome = await run({ kind: "fill", ref: "r", text }, await act.target(selector));
            verified(outcome);
            assert.deepEqual(outcome.checks, [{ name: "value", held: true }]);
            assert.equal(await act.evaluate(`document.querySelector("${selector}").value`), text);
          }
          assert.ok(
            (await act.evaluate("window.inputEvents.includes('input:name')")) === true,
            "typing fires the page's input events",
          );
          const submit = await run(
            { kind: "click", ref: "send" },
            await act.target("#send"),
            expectText("Thanks, Ada Lovelace! We will reply to ada@example.org (4 words)."),
          );
          verified(submit);
          assert.equal(submit.documentChanged, false);
          assert.deepEqual(submit.checks, [{ name: "textPresent", held: true }]);
          assert.equal(await act.evaluate("window.submissions"), 1);
        },
      );

      await t.step(
        "fill replaces and append adds, also where inputs have no selection API",
        async () => {
          await act.open("form.html");
          const name = await act.target("#name");
          verified(await run({ kind: "fill", ref: "r", text: "Grace" }, name));
          verified(await run({ kind: "fill", ref: "r", text: "Grace Hopper" }, name));
          verified(await run({ kind: "append", ref: "r", text: " Jr." }, name));
          assert.equal(
            await act.evaluate("document.querySelector('#name').value"),
            "Grace Hopper Jr.",
          );
          const email = await act.target("#email");
          verified(await run({ kind: "fill", ref: "r", text: "grace@navy" }, email));
          verified(await run({ kind: "append", ref: "r", text: ".mil" }, email));
          assert.equal(
            await act.evaluate("document.querySelector('#email').value"),
            "grace@navy.mil",
          );
          verified(await run({ kind: "fill", ref: "r", text: "" }, name));
          assert.equal(await act.evaluate("document.querySelector('#name').value"), "");
        },
      );

      await t.step("checkboxes and switches change only when their state differs", async () => {
        await act.open("controls.html");
        const subscribe = await act.target("#subscribe");
        verified(await run({ kind: "check", ref: "r", checked: true }, subscribe));
        assert.equal(await act.evaluate("document.querySelector('#subscribe').checked"), true);
        verified(await run({ kind: "check", ref: "r", checked: true }, subscribe), false);
        assert.deepEqual(act.callsTo("Input."), [], "an unchanged state sends no input");
        verified(
          await run({ kind: "check", ref: "r", checked: false }, await act.target("#terms")),
        );
        assert.equal(await act.evaluate("document.querySelector('#terms').checked"), false);
        verified(
          await run({ kind: "check", ref: "r", checked: true }, await act.target("#switch")),
        );
        assert.equal(await act.evaluate("document.querySelector('#switch').textContent"), "on");
        // A switch that says its new state a few frames after the click.
        verified(
          await run({ kind: "check", ref: "r", checked: true }, await act.target("#late-switch")),
        );
        assert.equal(
          await act.evaluate("document.querySelector('#late-switch').textContent"),
          "on",
        );
      });

      await t.step("a radio button is chosen and the previous choice is cleared", async () => {
        await act.open("controls.html");
        verified(await run({ kind: "radio", ref: "r" }, await act.target("#large")));
        assert.equal(await act.evaluate("document.querySelector('#large').checked"), true);
        assert.equal(await act.evaluate("document.querySelector('#medium').checked"), false);
        verified(await run({ kind: "radio", ref: "r" }, await act.target("#large")), false);
      });

      await t.step(
        "check true chooses a radio button; check false on one is refused, naming radio",
        async () => {
          await act.open("controls.html");
          const small = await act.target("#small");
          verified(await run({ kind: "check", ref: "r", checked: true }, small));
          assert.equal(await act.evaluate("document.querySelector('#small').checked"), true);
          assert.equal(await act.evaluate("document.querySelector('#medium').checked"), false);
          verified(await run({ kind: "check", ref: "r", checked: true }, small), false);
          act.calls.length = 0;
          await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "check", ref: "r", checked: false },
            small,
          );
          await assert.rejects(
            run({ kind: "check", ref: "r", checked: false }, small),
            (error) =>
              isLeashError(error) && error.detail?.reason === "wrongKind" &&
              error.detail.use === "radio",
          );
          assert.equal(await act.evaluate("document.querySelector('#small').checked"), true);
        },
      );

      await t.step(
        "an option is selected by label or by value and the page hears change",
        async () => {
          await act.open("controls.html");
          const colour = await act.target("#colour");
          verified(await run({ kind: "select", ref: "r", option: "Blue" }, colour));
          assert.equal(
            await act.evaluate("document.querySelector('#colour-echo').textContent"),
            "colour: b",
          );
          verified(await run({ kind: "select", ref: "r", option: "g" }, colour));
          assert.equal(
            await act.evaluate("document.querySelector('#colour-echo').textContent"),
            "colour: g",
          );
          act.calls.length = 0;
          await refused("TARGET_NOT_INTERACTABLE", {
            kind: "select",
            ref: "r",
            option: "Ultraviolet",
          }, colour);
          // The refusal says where all the options are to be read: observations fold long selects.
          await assert.rejects(
            run({ kind: "select", ref: "r", option: "Ultraviolet" }, colour),
            (error) => isLeashError(error) && error.detail?.reason === "noOption",
          );
          await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "select", ref: "r", option: "Purple" },
            colour,
          );
        },
      );

      await t.step("a contenteditable element is replaced and appended to", async () => {
        await act.open("controls.html");
        const notes = await act.target("#notes");
        verified(await run({ kind: "fillEditable", ref: "r", text: "New notes here" }, notes));
        assert.equal(
          await act.evaluate("document.querySelector('#notes').innerText"),
          "New notes here",
        );
        verified(await run({ kind: "append", ref: "r", text: ", and more" }, notes));
        assert.equal(
          await act.evaluate("document.querySelector('#notes').innerText"),
          "New notes here, and more",
        );
      });

      await t.step("named keys: Enter submits, Tab and Shift+Tab move focus", async () => {
        await act.open("controls.html");
        const first = await act.target("#first");
        verified(await run({ kind: "fill", ref: "r", text: "Keyed" }, first));
        verified(
          await run(
            { kind: "press", key: "Enter", ref: "r" },
            first,
            expectText("Submitted Keyed"),
          ),
        );
        const tab = await run({ kind: "press", key: "Tab" }, undefined, {
          expect: { element: { ref: "second", focused: true } },
        });
        verified(tab);
        const back = await run({ kind: "press", key: "Tab", modifiers: ["Shift"] }, undefined, {
          expect: { element: { ref: "first", focused: true } },
        });
        verified(back);
        const log = await act.evaluate(
          "[...document.querySelectorAll('#keys li')].map((li) => li.textContent)",
        );
        assert.ok(Array.isArray(log));
        assert.ok(log.includes("key Enter on first"), JSON.stringify(log));
        assert.ok(log.includes("key Tab on first"), JSON.stringify(log));
        assert.ok(log.includes("key Tab with Shift on second"), JSON.stringify(log));
        const plain = await run({ kind: "press", key: "Escape" });
        assert.equal(plain.status, "unverified");
        assert.equal(plain.reason, "nothing-to-check");
        assert.equal(plain.dispatched, true);
      });

      await t.step(
        "a button under an overlay is not clicked and nothing is dispatched",
        async () => {
          await act.open("overlay.html");
          await refused("TARGET_COVERED", { kind: "click", ref: "buy" }, await act.target("#buy"));
          assert.equal(await act.evaluate("window.buyClicks"), 0);
          assert.equal(await act.evaluate("window.bannerClicks"), 0);
          assert.equal(await act.evaluate("window.pointerEvents"), 0);
        },
      );

      await t.step(
        "a see-through layer without pointer events does not block a click",
        async () => {
          await act.open("overlay.html");
          const outcome = await run(
            { kind: "click", ref: "under" },
            await act.target("#under"),
            expectText("Under-glass clicks: 1"),
          );
          verified(outcome);
        },
      );

      await t.step("once the overlay is dismissed, the same button is clicked", async () => {
        await act.open("overlay.html");
        const accept = await run({ kind: "click", ref: "accept" }, await act.target("#accept"));
        assert.equal(accept.dispatched, true);
        assert.equal(accept.reason, "nothing-to-check");
        verified(
          await run(
            { kind: "click", ref: "buy" },
            await act.target("#buy"),
            expectText("Buy clicks: 1"),
          ),
        );
        assert.equal(await act.evaluate("window.buyClicks"), 1);
      });

      await t.step("a target below the fold is scrolled into view and clicked", async () => {
        await act.open("scroll.html");
        assert.equal(await act.evaluate("window.scrollY"), 0);
        verified(
          await run(
            { kind: "click", ref: "far" },
            await act.target("#far"),
            expectText("Far clicked 1"),
          ),
        );
        assert.ok(Number(await act.evaluate("window.scrollY")) > 3000);
        assert.equal(await act.evaluate("window.farClicks"), 1);
      });

      await t.step("scroll brings an element into view; wheel turns at its centre", async () => {
        await act.open("scroll.html");
        const box = await act.target("#box");
        const scrolled = await run({ kind: "scroll", ref: "box" }, box);
        verified(scrolled);
        assert.deepEqual(scrolled.checks, [{ name: "inView", held: true }]);
        const wheel = await run({ kind: "wheel", ref: "box", deltaX: 0, deltaY: 300 }, box);
        assert.equal(wheel.dispatched, true);
        assert.equal(wheel.reason, "nothing-to-check");
        const [event] = act.callsTo("Input.dispatchMouseEvent");
        assert.equal(event.params.type, "mouseWheel");
        assert.equal(event.params.deltaY, 300);
      });

      await t.step("disabled, hidden and zero-size targets are not interactable", async () => {
        await act.open("controls.html");
        for (const id of ["#disabled", "#hidden", "#tiny"]) {
          await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "click", ref: "r" },
            await act.target(id),
          );
        }
        assert.equal(await act.evaluate("window.clicks"), 0);
        await refused(
          "TARGET_NOT_INTERACTABLE",
          { kind: "fill", ref: "r", text: "x" },
          await act.target("#subscribe"),
        );
      });

      await t.step("a changed, removed or re-documented target is stale", async () => {
        await act.open("controls.html");
        const first = await act.target("#first");
        await refused("STALE_TARGET", { kind: "click", ref: "r" }, {
          ...first,
          name: "Something else",
        });
        await refused("STALE_TARGET", { kind: "click", ref: "r" }, { ...first, role: "button" });
        await refused("STALE_TARGET", { kind: "click", ref: "r" }, first, {
          loaderId: "another-document",
        });
        await act.evaluate("document.querySelector('#first').remove()");
        await refused("STALE_TARGET", { kind: "click", ref: "r" }, first);
      });

      await t.step(
        "navigation outside the origin lease is refused and the page stays",
        async () => {
          await act.open("form.html");
          const before = await act.url();
          await refused("OUT_OF_SCOPE", {
            kind: "navigate",
            url: act.server.otherOriginUrl("controls.html"),
          });
          await refused("OUT_OF_SCOPE", { kind: "navigate", url: "javascript:alert(1)" });
          await refused("OUT_OF_SCOPE", { kind: "navigate", url: "file:///etc/hosts" });
          await refused("OUT_OF_SCOPE", { kind: "navigate", url: "not a url" });
          assert.equal(await act.url(), before);
          const inside = await run({ kind: "navigate", url: act.server.url("controls.html") });
          verified(inside);
          assert.equal(inside.documentChanged, true);
          assert.equal(await act.url(), act.server.url("controls.html"));
        },
      );

      await t.step("a tab lease navigates to any HTTP(S) URL, nothing else", async () => {
        await act.open("form.html");
        const tab: Partial<PerformActionOptions> = { leaseScope: { kind: "tab" } };
        await refused(
          "OUT_OF_SCOPE",
          { kind: "navigate", url: "file:///etc/hosts" },
          undefined,
          tab,
        );
        const elsewhere = act.server.otherOriginUrl("controls.html");
        verified(await run({ kind: "navigate", url: elsewhere }, undefined, tab));
        assert.equal(await act.url(), elsewhere);
      });

      await t.step("a click that loads another document reports the change", async () => {
        await act.open("form.html");
        const outcome = await run(
          { kind: "click", ref: "link" },
          await act.target("#to-controls"),
          expectText("Accept terms"),
        );
        verified(outcome);
        assert.equal(outcome.documentChanged, true);
        assert.equal(await act.url(), act.server.url("controls.html"));
      });

      await t.step("an expectation that does not hold leaves the action unverified", async () => {
        await act.open("form.html");
        const outcome = await run(
          { kind: "click", ref: "send" },
          await act.target("#send"),
          { expect: { textPresent: "Payment accepted" }, expectTimeoutMs: 0 },
        );
        assert.equal(outcome.status, "unverified");
        assert.equal(outcome.reason, "expectation-failed");
        assert.deepEqual(outcome.checks, [{ name: "textPresent", held: false }]);
        assert.equal(outcome.dispatched, true);
      });

      await t.step("a failure after dispatch is uncertain, never thrown", async () => {
        await act.open("form.html");
        const target = await act.target("#send");
        const failing: PerformActionOptions["cdp"] = (method, params, options) =>
          method === "Input.dispatchMouseEvent" && params.type === "mousePressed"
            ? Promise.reject(new Error("the tab went away"))
            : act.cdp(method, params, options);
        const outcome = await run({ kind: "click", ref: "send" }, target, { cdp: failing });
        assert.equal(outcome.status, "uncertain");
        assert.equal(outcome.reason, "error-after-dispatch");
        assert.equal(outcome.dispatched, true);
        assert.equal(act.dispatchMarks, 1);
      });

      await t.step("a cancel noticed by the gate stops the action before any input", async () => {
        await act.open("form.html");
        const controller = new AbortController();
        await assert.rejects(
          run({ kind: "click", ref: "send" }, await act.target("#send"), {
            signal: controller.signal,
            beforeDispatch: () => controller.abort(new Error("cancelled by the client")),
          }),
          /cancelled by the client/,
        );
        assert.deepEqual(act.callsTo("Input."), []);
        assert.equal(await act.evaluate("window.submissions || 0"), 0);
      });

      await t.step("a refusing beforeDispatch stops the action before any input", async () => {
        await act.open("form.html");
        const target = await act.target("#send");
        await assert.rejects(
          performAction({
            cdp: act.cdp,
            target,
            action: { kind: "click", ref: "send" },
            leaseScope: originScope(),
            beforeDispatch: () => {
              throw new Error("journal unavailable");
            },
          }),
          /journal unavailable/,
        );
        assert.deepEqual(act.callsTo("Input."), []);
        assert.equal(await act.evaluate("window.submissions || 0"), 0);
      });
    } finally {
      await act.close();
    }
  },
});
