/**
 * Actions wait until their target can take them, on real headless Chromium:
 * rows that move into place after a filter, buttons enabled or shown a
 * moment later, a button covered for good, and controls drawn by their own
 * parts — next to decoys that only look like such parts. One browser for
 * the whole file.
 */
import assert from "node:assert/strict";
import { type ErrorDetail, isLeashError, LeashError } from "../../contracts/errors.ts";
import type { Action } from "../../contracts/methods/mod.ts";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import { browserForTests } from "../support/chromium.ts";
import { ActPage } from "./_chromium_page.ts";
import {
  type ActTarget,
  performAction,
  type PerformActionOptions,
} from "../../broker/runtime/act/mod.ts";

const browser = browserForTests();

Deno.test({
  name: "performAction waits until its target is actionable, then acts once",
  ignore: browser === undefined,
  async fn(t) {
    if (browser === undefined) return;
    const act = await ActPage.start(browser);

    const run = act.perform.bind(act);
    /** Run `action` expecting a refusal before any input; returns the error's detail. */
    const refused = async (
      code: "TARGET_COVERED" | "TARGET_NOT_INTERACTABLE" | "STALE_TARGET",
      action: Action,
      target: ActTarget,
      extra?: Partial<PerformActionOptions>,
    ): Promise<ErrorDetail | undefined> => {
      let detail: ErrorDetail | undefined;
      await assert.rejects(run(action, target, extra), (error) => {
        assert.ok(isLeashError(error, code), String(error));
        detail = error instanceof LeashError ? error.detail : undefined;
        return true;
      });
      assert.equal(act.dispatchMarks, 0, "beforeDispatch must not run when the action is refused");
      assert.deepEqual(act.callsTo("Input."), [], "no input may be sent");
      assert.deepEqual(act.callsTo("DOM.focus"), [], "focus must not move");
      return detail;
    };
    /** How often the last action looked at its target. */
    const probes = () =>
      act.callsTo("Runtime.callFunctionOn").filter((call) =>
        call.params.functionDeclaration === pageFunctions.describeElement
      ).length;
    const filter = async (text: string) => {
      const outcome = await run(
        { kind: "fill", ref: "quick", text },
        await act.target("#quick"),
      );
      assert.equal(outcome.status, "verified", JSON.stringify(outcome));
    };
    const picked = (name: string) => ({ expect: { textPresent: `Picked: ${name}` } });

    try {
      await t.step(
        "rows that slide in after a filter: a click right after it lands on the matching row",
        async () => {
          await act.open("actionability_grid.html?mode=slide");
          const mango = await act.target("#cell-mango");
          await filter("mango");
          const outcome = await run({ kind: "click", ref: "mango" }, mango, picked("Mango"));
          assert.equal(outcome.status, "verified", JSON.stringify(outcome));
          assert.deepEqual(await act.evaluate("window.picks"), ["Mango"]);
          assert.equal(await act.evaluate("window.downs"), 1, "one press, on the row");
        },
      );

      await t.step(
        "without the wait the same click is refused while the row moves, and nothing is sent",
        async () => {
          await act.open("actionability_grid.html?mode=slide");
          const mango = await act.target("#cell-mango");
          await filter("mango");
          let detail: ErrorDetail | undefined;
          act.dispatchMarks = 0;
          await assert.rejects(
            run({ kind: "click", ref: "mango" }, mango, { actionabilityTimeoutMs: 0 }),
            (error) => {
              assert.ok(error instanceof LeashError, String(error));
              detail = error.detail;
              return error.code === "TARGET_COVERED" || error.code === "TARGET_NOT_INTERACTABLE";
            },
          );
          // One look finds the row under the filter panel, off the page or on its way.
          assert.ok(
            detail !== undefined && ["covered", "moving", "offscreen"].includes(detail.reason),
            JSON.stringify(detail),
          );
          assert.equal(act.dispatchMarks, 0);
          assert.deepEqual(act.callsTo("Input."), []);
          assert.deepEqual(await act.evaluate("[window.picks, window.downs]"), [[], 0]);
        },
      );

      await t.step(
        "a grid that re-sorts after a filter: a click right after it lands on the matching row",
        async () => {
          await act.open("actionability_grid.html?mode=sort");
          const mango = await act.target("#cell-mango");
          await filter("a");
          const outcome = await run({ kind: "click", ref: "mango" }, mango, picked("Mango"));
          assert.equal(outcome.status, "verified", JSON.stringify(outcome));
          assert.deepEqual(await act.evaluate("window.picks"), ["Mango"]);
          assert.equal(await act.evaluate("window.downs"), 1, "one press, on the row");
        },
      );

      await t.step(
        "a button enabled a moment later, and one shown a moment later, are waited for",
        async () => {
          await act.open("actionability_delayed.html");
          const click = (selector: string, extra?: Partial<PerformActionOptions>) =>
            act.target(selector).then((target) => run({ kind: "click", ref: "r" }, target, extra));
          await click("#prepare");
          const download = await click("#download", {
            expect: { textPresent: "download clicked" },
          });
          assert.equal(download.status, "verified", JSON.stringify(download));
          assert.ok(probes() > 1, "the first looks found the button disabled");
          // Resolved as it was observed, before Refresh hides it.
          const shareTarget = await act.target("#share");
          await click("#refresh");
          const share = await run({ kind: "click", ref: "r" }, shareTarget, {
            expect: { textPresent: "share clicked" },
          });
          assert.equal(share.status, "verified", JSON.stringify(share));
          assert.deepEqual(await act.evaluate("window.clicks"), {
            download: 1,
            share: 1,
            publish: 0,
          });
        },
      );

      await t.step(
        "a button covered for good: TARGET_COVERED after the wait, naming the cover, nothing sent",
        async () => {
          await act.open("actionability_covered.html");
          const detail = await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.target("#delete"),
          );
          assert.deepEqual(detail, {
            reason: "covered",
            by: { role: "dialog", name: "Newsletter sign-up" },
          });
          assert.ok(act.callsTo("DOM.getNodeForLocation").length > 1, "it looked more than once");
          assert.deepEqual(await act.evaluate("[window.pointerEvents, window.deletes]"), [0, 0]);
        },
      );

      await t.step(
        "a button a sticky header covers where it shows is scrolled clear and clicked once",
        async () => {
          await act.open("actionability_sticky.html");
          const outcome = await run({ kind: "click", ref: "r" }, await act.target("#buy"));
          assert.equal(outcome.dispatched, true, JSON.stringify(outcome));
          assert.deepEqual(await act.evaluate("window.clicks"), { buy: 1 });
          // A fixed footer over the page's very end covers its button at every alignment.
          const detail = await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.target("#last"),
          );
          assert.deepEqual(detail, {
            reason: "covered",
            by: { role: "contentinfo", name: "Cookies" },
          });
          assert.deepEqual(await act.evaluate("window.clicks"), { buy: 1 });
        },
      );

      await t.step(
        "a button that pulses for good is clicked once; one that sweeps away is refused as moving",
        async () => {
          await act.open("actionability_pulse.html");
          const outcome = await run({ kind: "click", ref: "r" }, await act.target("#buy"));
          assert.equal(outcome.dispatched, true, JSON.stringify(outcome));
          assert.deepEqual(await act.evaluate("window.clicks"), { buy: 1 });
          const detail = await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "click", ref: "r" },
            await act.target("#catch"),
            { actionabilityTimeoutMs: 1_000 },
          );
          assert.equal(detail?.reason, "moving");
          assert.deepEqual(await act.evaluate("window.clicks"), { buy: 1 });
        },
      );

      await t.step("an abort while waiting ends the action before any input", async () => {
        await act.open("actionability_covered.html");
        const controller = new AbortController();
        const reason = new Error("the caller gave up");
        setTimeout(() => controller.abort(reason), 200);
        act.dispatchMarks = 0;
        await assert.rejects(
          performAction({
            cdp: act.cdp,
            target: await act.target("#delete"),
            action: { kind: "click", ref: "r" },
            leaseScope: { kind: "origin", origin: act.server.origin },
            beforeDispatch: () => {
              act.dispatchMarks++;
            },
            signal: controller.signal,
          }),
          (error) => error === reason,
        );
        assert.equal(act.dispatchMarks, 0);
        assert.equal(await act.evaluate("window.pointerEvents"), 0);
      });

      await t.step(
        "what waiting cannot change is refused at once: the wrong kind names the action that can",
        async () => {
          await act.open("actionability_delayed.html");
          const detail = await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "fill", ref: "r", text: "x" },
            await act.target("#download"),
          );
          assert.deepEqual(detail, { reason: "wrongKind", use: "click" });
          assert.equal(probes(), 1, "one look, no waiting");
        },
      );

      await t.step(
        "timeoutMs 0 looks once; a longer timeout waits past the default",
        async () => {
          await act.open("actionability_delayed.html");
          const download = await act.target("#download");
          await run({ kind: "click", ref: "r" }, await act.target("#prepare"));
          const once = await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "click", ref: "r" },
            download,
            {
              actionabilityTimeoutMs: 0,
            },
          );
          assert.deepEqual(once, { reason: "disabled" });
          assert.equal(probes(), 1, "one look, no waiting");

          const publish = await act.target("#publish");
          await run({ kind: "click", ref: "r" }, await act.target("#schedule"));
          // Enabled 3 s after Schedule: longer than the default wait.
          const short = await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "click", ref: "r" },
            publish,
          );
          assert.deepEqual(short, { reason: "disabled" });
          const long = await run({ kind: "click", ref: "r" }, publish, {
            actionabilityTimeoutMs: 8_000,
            expect: { textPresent: "publish clicked" },
          });
          assert.equal(long.status, "verified", JSON.stringify(long));
          assert.deepEqual(await act.evaluate("window.clicks"), {
            download: 0,
            share: 0,
            publish: 1,
          });
        },
      );

      await t.step(
        "a button's own ::before box takes its click; another element's ::after box covers",
        async () => {
          await act.open("actionability_pseudo.html");
          const bold = await run({ kind: "click", ref: "r" }, await act.target("#bold"));
          assert.equal(bold.dispatched, true, JSON.stringify(bold));
          await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.target("#archive"),
            { actionabilityTimeoutMs: 0 },
          );
          assert.deepEqual(await act.evaluate("window.clicks"), { bold: 1, archive: 0 });
        },
      );

      await t.step(
        "a click on a tree's open folder goes to its own row, not to a child's in the middle of its box",
        async () => {
          await act.open("actionability_tree.html");
          for (const id of ["finance", "hr", "y2026"]) {
            const outcome = await run({ kind: "click", ref: "r" }, await act.target(`#${id}`));
            assert.equal(outcome.dispatched, true, JSON.stringify(outcome));
          }
          assert.deepEqual(await act.evaluate("window.picks"), ["finance", "hr", "y2026"]);
        },
      );

      await t.step(
        "a click's aim sends each box read right behind the command it depends on, not after its answer, and its first before the look at the target",
        async () => {
          await act.open("actionability_pseudo.html");
          const outcome = await run({ kind: "click", ref: "r" }, await act.target("#bold"));
          assert.equal(outcome.dispatched, true, JSON.stringify(outcome));
          const calls = act.calls;
          const after = (from: number, method: string, declaration?: string) =>
            calls.findIndex((call, i) =>
              i > from && call.method === method &&
              (declaration === undefined || call.params.functionDeclaration === declaration)
            );
          const scroll = after(-1, "DOM.scrollIntoViewIfNeeded");
          const firstBox = after(scroll, "DOM.getContentQuads");
          assert.ok(scroll >= 0 && firstBox >= 0, JSON.stringify(calls.map((c) => c.method)));
          // The page runs a session's commands in order: the read needs no wait for the scroll.
          assert.ok(calls[firstBox].sent < calls[scroll].answered!, "box read waited for scroll");
          // Neither needs the look at the target: its round trip runs beside theirs.
          const firstLook = after(-1, "Runtime.callFunctionOn", pageFunctions.describeElement);
          assert.ok(firstLook > firstBox, "the first look went out before the scroll");
          assert.ok(
            calls[firstLook].sent < calls[firstBox].answered!,
            "the look waited for the box",
          );
          const look = after(firstLook, "Runtime.callFunctionOn", pageFunctions.describeElement);
          const secondBox = after(firstLook, "DOM.getContentQuads");
          assert.ok(look >= 0 && secondBox > look, "the second look goes out before the box read");
          assert.ok(calls[secondBox].sent < calls[look].answered!, "box read waited for the look");
        },
      );

      await t.step(
        "a web-component checkbox whose input sits under its drawn box is checked",
        async () => {
          await act.open("actionability_component.html");
          for (const name of ["Email me offers", "Text me offers"]) {
            const box = await act.targetByRole("checkbox", name);
            const checked = await run({ kind: "check", ref: "r", checked: true }, box);
            assert.equal(checked.status, "verified", `${name}: ${JSON.stringify(checked)}`);
            assert.deepEqual(checked.checks, [{ name: "checked", held: true }]);
            const cleared = await run({ kind: "check", ref: "r", checked: false }, box);
            assert.equal(cleared.status, "verified", `${name}: ${JSON.stringify(cleared)}`);
          }
          assert.equal(
            await act.evaluate(
              "document.getElementById('offers').shadowRoot.querySelector('input').checked",
            ),
            false,
          );
        },
      );

      await t.step(
        "a visually hidden checkbox inside its label is checked through the label",
        async () => {
          await act.open("actionability_component.html");
          for (
            const [selector, name] of [["#terms", "I accept the terms"], [
              "#remember",
              "Remember me",
            ]]
          ) {
            const box = await act.targetByRole("checkbox", name);
            const checked = await run({ kind: "check", ref: "r", checked: true }, box);
            assert.equal(checked.status, "verified", `${name}: ${JSON.stringify(checked)}`);
            assert.equal(await act.evaluate(`document.querySelector("${selector}").checked`), true);
            const cleared = await run({ kind: "check", ref: "r", checked: false }, box);
            assert.equal(cleared.status, "verified", `${name}: ${JSON.stringify(cleared)}`);
            assert.equal(
              await act.evaluate(`document.querySelector("${selector}").checked`),
              false,
            );
          }
        },
      );

      await t.step(
        "parts that only look like a control's own cover it: nothing is clicked",
        async () => {
          await act.open("actionability_component.html");
          const quick = { actionabilityTimeoutMs: 300 };
          // A layer of a component that holds another control too.
          await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.targetByRole("button", "Keep"),
            quick,
          );
          // Another control's label.
          const label = await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.target("#pay"),
            quick,
          );
          assert.equal(label?.reason, "covered");
          // A light-DOM sibling inside a custom element.
          await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "r" },
            await act.targetByRole("button", "Open card"),
            quick,
          );
          assert.deepEqual(await act.evaluate("[window.decoys, window.clicks]"), [0, {}]);
          assert.equal(await act.evaluate("document.getElementById('insurance').checked"), false);
        },
      );

      await t.step(
        "a click inside a carousel's hidden overflow puts back the scroll that brought it in",
        async () => {
          await act.open("clip_carousel.html");
          const scrollOf = (id: string) =>
            act.evaluate(`document.getElementById("${id}").scrollLeft`);
          // The third slide is out of the viewport: the scroll into view moves the viewport, which
          // no person can scroll, and the click puts it back once its input is in.
          const outcome = await run(
            { kind: "click", ref: "poles" },
            await act.targetByRole("button", "Add Poles"),
            { expect: { textPresent: "Cart: Poles" } },
          );
          assert.equal(outcome.status, "verified", JSON.stringify(outcome));
          assert.equal(await scrollOf("viewport"), 0, "the carousel is drawn as it counts");
          // The carousel's own control still shows the slide it says.
          await run({ kind: "click", ref: "next" }, await act.target("#next"));
          assert.equal(await scrollOf("viewport"), 0);
          // A strip the page scrolls itself on the click keeps the page's own position.
          await run({ kind: "click", ref: "third" }, await act.target("#third"));
          assert.equal(await scrollOf("strip"), 120);
        },
      );

      await t.step(
        "a field clipped to a pixel is clicked through its face; a face holding another control refuses; a fixed box is not clipped by the body",
        async () => {
          await act.open("face_select.html");
          const outcome = await run(
            { kind: "click", ref: "tags" },
            await act.target("#tags"),
            { expect: { textPresent: "Opened tags" } },
          );
          assert.equal(outcome.status, "verified", JSON.stringify(outcome));
          assert.deepEqual(await act.evaluate("window.opened"), ["tags"]);
          // The decoy's box holds a button too: it is no face, and the field has no box to take
          // a click, so nothing is sent.
          act.dispatchMarks = 0;
          const detail = await refused(
            "TARGET_NOT_INTERACTABLE",
            { kind: "click", ref: "decoy" },
            await act.target("#decoy"),
            { actionabilityTimeoutMs: 0 },
          );
          assert.equal(detail?.reason, "hidden", JSON.stringify(detail));
          assert.deepEqual(await act.evaluate("window.opened"), ["tags"]);
          // A fixed dialog below the height of a body that hides its overflow is not clipped by
          // it: its button is clicked where it shows.
          const confirmed = await run(
            { kind: "click", ref: "confirm" },
            await act.target("#confirm"),
            { expect: { textPresent: "Confirmed" } },
          );
          assert.equal(confirmed.status, "verified", JSON.stringify(confirmed));
        },
      );

      await t.step(
        "a checkbox under a label of no control is checked through that label; not when the wrapper holds another control",
        async () => {
          await act.open("label_beside.html");
          const checked = await run(
            { kind: "check", ref: "weekly", checked: true },
            await act.target("#weekly"),
          );
          assert.equal(checked.status, "verified", JSON.stringify(checked));
          assert.equal(await act.evaluate(`document.getElementById("weekly").checked`), true);
          // The decoy's wrapper holds a button as well: its label may mean either, so the click
          // is refused and nothing is sent.
          await refused(
            "TARGET_COVERED",
            { kind: "check", ref: "decoy", checked: true },
            await act.target("#decoy"),
            { actionabilityTimeoutMs: 0 },
          );
          assert.equal(await act.evaluate(`document.getElementById("decoy").checked`), false);
        },
      );

      await t.step(
        "a field that lets the pointer through is clicked where it shows, on the control around it",
        async () => {
          await act.open("face_select.html");
          const opened = await run(
            { kind: "click", ref: "priority" },
            await act.target("#priority"),
            { expect: { textPresent: "Opened priority" } },
          );
          assert.equal(opened.status, "verified", JSON.stringify(opened));
          // Around a button that lets the pointer through there is no control: its click would
          // reach only a plain box, so it is refused and nothing is sent.
          act.dispatchMarks = 0;
          await refused(
            "TARGET_COVERED",
            { kind: "click", ref: "ghost" },
            await act.target("#ghost"),
            { actionabilityTimeoutMs: 0 },
          );
          assert.notEqual(
            await act.evaluate(`document.getElementById("status").textContent`),
            "Plain clicked",
          );
        },
      );
    } finally {
      await act.close();
    }
  },
});
