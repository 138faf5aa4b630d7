/**
 * Typing, key chords, hover and `fill` on every editable target, against
 * real headless Chromium on the `typing_*` fixture pages, through a seam
 * that enforces the provider's allowlist and records calls.
 */
import assert from "node:assert/strict";
import { pageFunctions } from "../../contracts/methods/page_functions.ts";
import { type ErrorCode, type ErrorDetail, isLeashError } from "../../contracts/errors.ts";
import type { Action } from "../../contracts/methods/mod.ts";
import { browserForTests } from "../support/chromium.ts";
import { ActPage } from "./_chromium_page.ts";
import { type ActionOutcome, type ActTarget } from "../../broker/runtime/act/mod.ts";

const browser = browserForTests();

Deno.test({
  name: "typing sends real keys, chords stay in the page, hover opens menus, fill takes any field",
  ignore: browser === undefined,
  async fn(t) {
    if (browser === undefined) return;
    const act = await ActPage.start(browser);
    const run = act.perform.bind(act);
    /** `action` fails with `code` and sends nothing; returns the error's detail. */
    const refused = async (code: ErrorCode, action: Action, target?: ActTarget) => {
      let detail: ErrorDetail | undefined;
      await assert.rejects(run(action, target), (error) => {
        if (!isLeashError(error, code)) return false;
        detail = error.detail;
        return true;
      });
      assert.equal(act.dispatchMarks, 0, "beforeDispatch must not run when the action is refused");
      assert.deepEqual(act.callsTo("Input."), [], "no input may be sent");
      assert.deepEqual(act.callsTo("DOM.focus"), [], "focus must not move");
      return detail;
    };
    const verified = (outcome: ActionOutcome) => {
      assert.equal(outcome.status, "verified", JSON.stringify(outcome));
      assert.equal(outcome.dispatched, true);
    };
    const value = async (selector: string) =>
      await act.evaluate(`document.querySelector(${JSON.stringify(selector)}).value`);

    try {
      await t.step(
        "fill on a field that takes only key events is unverified; type is verified and kept",
        async () => {
          await act.open("typing_keys.html");
          const year = await act.target("#year");
          const filled = await run({ kind: "fill", ref: "year", text: "2027" }, year);
          assert.equal(filled.status, "unverified", JSON.stringify(filled));
          assert.equal(filled.reason, "postcondition-failed");
          // Read back equal at once and put back a moment later ("value.reverted"), or on a
          // slow machine already put back at the first read ("value"): either way not kept.
          assert.equal(filled.checks.length, 1);
          assert.ok(["value", "value.reverted"].includes(filled.checks[0].name));
          assert.equal(filled.checks[0].held, false);
          assert.equal(await value("#year"), "2026", "the page put its value back");

          const typed = await run({ kind: "type", ref: "year", text: "2027", clear: true }, year);
          verified(typed);
          assert.deepEqual(typed.checks, [{ name: "value", held: true }]);
          assert.equal(await value("#year"), "2027");
          assert.equal(
            await act.evaluate("document.getElementById('year-status').textContent"),
            "Year: 2027",
            "the page took the typed year",
          );
        },
      );

      await t.step(
        "a field that formats the text as an input mask does holds it; one that drops characters does not",
        async () => {
          await act.open("typing_keys.html");
          const phone = await act.target("#phone");
          const filled = await run({ kind: "fill", ref: "phone", text: "5551234567" }, phone);
          verified(filled);
          assert.equal(await value("#phone"), "(555) 123-4567");
          const typed = await run(
            { kind: "type", ref: "phone", text: "2125550100", clear: true },
            phone,
          );
          verified(typed);
          assert.equal(await value("#phone"), "(212) 555-0100");
          // The mask keeps only ten digits: an eleventh is not held.
          const cut = await run({ kind: "fill", ref: "phone", text: "12125550100" }, phone);
          assert.equal(cut.status, "unverified", JSON.stringify(cut));
          const pin = await run(
            { kind: "fill", ref: "pin", text: "12ab34" },
            await act.target("#pin"),
          );
          assert.equal(pin.status, "unverified", JSON.stringify(pin));
          assert.equal(await value("#pin"), "1234");
        },
      );

      await t.step(
        "type sends keydown, keypress, beforeinput, input and keyup per character",
        async () => {
          await act.open("typing_keys.html");
          const typed = await run(
            { kind: "type", ref: "log", text: "aB!é" },
            await act.target("#log"),
          );
          verified(typed);
          assert.equal(await value("#log"), "aB!é");
          const perKey = (key: string, shift = "") => [
            `keydown:${key}${shift}`,
            `keypress:${key}${shift}`,
            `beforeinput:${key}`,
            `input:${key}`,
            `keyup:${key}${shift}`,
          ];
          assert.deepEqual(await act.evaluate("window.keyLog"), [
            ...perKey("a"),
            ...perKey("B", "+shift"),
            ...perKey("!", "+shift"),
            // No key of a US keyboard types it: it arrives as text input alone.
            "beforeinput:é",
            "input:é",
          ]);
          const keyEvents = act.callsTo("Input.dispatchKeyEvent");
          assert.equal(keyEvents.length, 6);
          assert.ok(
            keyEvents.every((call) => !("nativeVirtualKeyCode" in call.params)),
            "no native key code, so nothing unhandled reaches the browser's shortcuts",
          );
          assert.deepEqual(act.callsTo("Input.insertText").map((call) => call.params.text), ["é"]);
        },
      );

      await t.step("type's line break is Enter, and submit presses Enter after", async () => {
        await act.open("typing_keys.html");
        verified(
          await run({ kind: "type", ref: "notes", text: "one\ntwo" }, await act.target("#notes")),
        );
        assert.equal(await value("#notes"), "one\ntwo");
        // The page had a frame after the Enter before the next key came.
        const [gap] = await act.evaluate("window.afterEnter") as number[];
        assert.ok(gap >= 16, `the next key came ${gap} ms after Enter`);
        const other = await act.target("#other");
        verified(await run({ kind: "type", ref: "other", text: "x", submit: true }, other));
        assert.equal(await value("#other"), "x");
        assert.equal(await act.evaluate("window.submits"), 1);
      });

      await t.step("Control+A selects a field's text; Shift+Tab moves focus back", async () => {
        await act.open("typing_keys.html");
        const name = await act.target("#name");
        const selected = await run({ kind: "press", key: "Control+A", ref: "name" }, name);
        assert.equal(selected.dispatched, true);
        assert.deepEqual(
          await act.evaluate(
            "[document.activeElement.id, document.activeElement.selectionStart, document.activeElement.selectionEnd]",
          ),
          ["name", 0, "Ada Lovelace".length],
        );
        // Typing on the focused element replaces the selection.
        await run({ kind: "type", text: "Grace" });
        assert.equal(await value("#name"), "Grace");
        const back = await run(
          { kind: "press", key: "Shift+Tab", ref: "other" },
          await act.target("#other"),
          { expect: { element: { ref: "name", focused: true } } },
        );
        verified(back);
        assert.equal(await act.evaluate("document.activeElement.id"), "name");
      });

      await t.step("clipboard and browser chords are refused and nothing is sent", async () => {
        await act.open("typing_keys.html");
        const name = await act.target("#name");
        const chords: Extract<Action, { kind: "press" }>[] = [
          { kind: "press", key: "Control+V", ref: "name" },
          { kind: "press", key: "v", modifiers: ["Control"], ref: "name" },
          { kind: "press", key: "Meta+C", ref: "name" },
          { kind: "press", key: "Control+x", ref: "name" },
          { kind: "press", key: "Shift+Delete", ref: "name" },
          { kind: "press", key: "Control+T" },
          { kind: "press", key: "Control+Shift+W" },
          { kind: "press", key: "Alt+ArrowLeft" },
          { kind: "press", key: "F5" },
        ];
        for (const chord of chords) {
          await refused("INVALID_PARAMS", chord, chord.ref === undefined ? undefined : name);
        }
        assert.equal(await act.evaluate("window.pageKeys"), 0, "no key reached the page");
      });

      await t.step(
        "hover opens a menu that opens on mouseover; its item is then clicked",
        async () => {
          await act.open("typing_hover.html");
          const hovered = await run(
            { kind: "hover", ref: "account" },
            await act.target("#account"),
          );
          verified(hovered);
          assert.deepEqual(hovered.checks, [{ name: "hover", held: true }]);
          const [move, ...others] = act.callsTo("Input.");
          assert.equal(move.params.type, "mouseMoved");
          assert.deepEqual(others, [], "a hover presses no button");
          assert.equal(
            await act.evaluate(
              "document.getElementById('account-menu').classList.contains('open')",
            ),
            true,
          );
          verified(
            await run({ kind: "click", ref: "sign-out" }, await act.target("#sign-out"), {
              expect: { textPresent: "Signed out" },
            }),
          );
        },
      );

      await t.step("fill replaces a contenteditable editor's text; fillEditable too", async () => {
        await act.open("typing_editors.html");
        const code = await act.target("#code");
        const filled = await run({ kind: "fill", ref: "code", text: "let y = 2;" }, code);
        verified(filled);
        assert.equal(
          await act.evaluate("document.getElementById('code').innerText"),
          "let y = 2;",
        );
        verified(await run({ kind: "fillEditable", ref: "code", text: "done" }, code));
        assert.equal(await act.evaluate("document.getElementById('code').innerText"), "done");
      });

      await t.step(
        "fill replaces the text of an editor whose selection follows the page's only on its announcement",
        async () => {
          await act.open("typing_model_editor.html");
          // The editor hears of the selection before the page function returns: keys sent next
          // can no longer overtake the announcement (Chromium runs input ahead of it).
          const heard = (name: "selectAllText" | "caretToEnd") =>
            act.evaluate(`(() => {
              (${pageFunctions[name]}).call(document.getElementById("editor"));
              return model.start + ":" + model.end;
            })()`);
          assert.equal(await heard("selectAllText"), "0:28");
          assert.equal(await heard("caretToEnd"), "28:28");
          const editor = await act.target("#editor");
          await run({ kind: "fill", ref: "editor", text: "Version 2.0 is out" }, editor);
          assert.equal(
            await act.evaluate("document.getElementById('model').textContent"),
            "Model: Version 2.0 is out",
          );
        },
      );

      await t.step(
        "text entry says whether its field suggests as typed, so the wait holds only there",
        async () => {
          await act.open("typing_suggest.html");
          /** What `action` on `#id` told of its field (`undefined`: it could not say). */
          const told = async (action: Action, id?: string) => {
            const said: Array<boolean | undefined> = [];
            const target = id === undefined ? undefined : await act.target(`#${id}`);
            const outcome = await run(action, target, { typed: (suggests) => said.push(suggests) });
            // Keys without a ref have nothing to check; everything else reads its value back.
            assert.equal(outcome.status, target === undefined ? "unverified" : "verified");
            assert.equal(said.length, 1, `${action.kind} on #${id} tells once`);
            return said[0];
          };
          const fill = (id: string, text = "Ber") => told({ kind: "fill", ref: id, text }, id);
          for (const id of ["name", "email", "notes", "editor"]) {
            assert.equal(await fill(id), false, `#${id} suggests nothing`);
          }
          assert.equal(
            await fill("date", "2027-01-02"),
            false,
            "a picker's value searches nothing",
          );
          for (
            const id of [
              "search",
              "combo",
              "auto",
              "popup",
              "expands",
              "controls",
              "listed",
              "provided",
              "filter",
              "named",
              "landmark",
              "mentions",
            ]
          ) {
            assert.equal(await fill(id), true, `#${id} suggests`);
          }
          // The browser's autocomplete turned off, and nothing else: form libraries put it on
          // every field, so a value filled at once is not held; keys typed one by one are.
          assert.equal(await fill("noauto"), false, "#noauto is not held after fill");
          assert.equal(await told({ kind: "type", ref: "noauto", text: "x" }, "noauto"), true);
          assert.equal(await told({ kind: "type", ref: "filter", text: "x" }, "filter"), true);
          assert.equal(await told({ kind: "append", ref: "name", text: "x" }, "name"), false);
          assert.equal(await told({ kind: "type", ref: "notes", text: "x" }, "notes"), false);
          // Keys sent to whatever has the focus: no field could say.
          assert.equal(await told({ kind: "type", text: "x" }), undefined);
        },
      );

      await t.step("fill sets fields in open and in closed shadow roots", async () => {
        await act.open("typing_editors.html");
        for (
          const [host, text] of [["open-host", "In the open"], ["closed-host", "Behind glass"]]
        ) {
          const field = await act.shadowTarget(host, "input");
          const filled = await run({ kind: "fill", ref: "f", text }, field);
          verified(filled);
          assert.deepEqual(filled.checks, [{ name: "value", held: true }]);
          assert.equal(
            await act.evaluate(`document.getElementById(${JSON.stringify(host)}).dataset.value`),
            text,
          );
        }
      });

      await t.step("an action that cannot take its target names the action that can", async () => {
        await act.open("typing_editors.html");
        const cases: [Action, string, string][] = [
          [{ kind: "fill", ref: "r", text: "x" }, "#agree", "check"],
          [{ kind: "fill", ref: "r", text: "x" }, "#fruit", "select"],
          [{ kind: "fill", ref: "r", text: "x" }, "#save", "click"],
          [{ kind: "check", ref: "r", checked: true }, "#plain", "fill"],
          [{ kind: "select", ref: "r", option: "Mango" }, "#agree", "check"],
        ];
        for (const [action, selector, use] of cases) {
          const detail = await refused(
            "TARGET_NOT_INTERACTABLE",
            action,
            await act.target(selector),
          );
          assert.deepEqual(detail, { reason: "wrongKind", use }, `${action.kind} on ${selector}`);
        }
      });
    } finally {
      await act.close();
    }
  },
});
