/**
 * A stock MCP client types, presses chords, hovers and fills every kind of
 * editable field in real Chromium, personal mode, on the `typing_*`
 * fixture pages: a widget that keeps only keyed input, the per-character
 * key events, chords that stay in the page and one that is refused, a menu
 * that opens on hover, a contenteditable editor, open and closed shadow
 * roots, and a refusal that names the action to use. One world for the file.
 */
import assert from "node:assert/strict";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "a stock MCP client types real keys, hovers and fills any editable field",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;

    await t.step("fill on a keys-only field says to use type; type is kept", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("typing_keys.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const documentEpoch = seen.documentEpoch;
      const year = refOf(seen, "spinbutton", "Year");
      const filled = await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "fill", ref: year, text: "2027" },
      });
      assert.equal(filled.status, "unverified", filled.shown);
      assert.equal(filled.note, "valueNotKept");
      assert.match(filled.shown, /^note: .*use type$/m);
      assert.equal(await page.evaluate("document.getElementById('year').value"), "2026");

      const typed = await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "type", ref: year, text: "2027", clear: true },
      });
      assert.equal(typed.status, "verified", typed.shown);
      assert.equal(typed.note, undefined);
      assert.doesNotMatch(typed.shown, /^note:/m);
      assert.deepEqual(
        await page.evaluate(
          "[document.getElementById('year').value, document.getElementById('year-status').textContent]",
        ),
        ["2027", "Year: 2027"],
      );
      await agent.call("browser_release", { leaseId });
    });

    await t.step("type sends each character's key events in a keyboard's order", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("typing_keys.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const typed = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "type", ref: refOf(seen, "textbox", "Log"), text: "Hi" },
      });
      assert.equal(typed.status, "verified", typed.shown);
      assert.deepEqual(await page.evaluate("window.keyLog"), [
        "keydown:H+shift",
        "keypress:H+shift",
        "beforeinput:H",
        "input:H",
        "keyup:H+shift",
        "keydown:i",
        "keypress:i",
        "beforeinput:i",
        "input:i",
        "keyup:i",
      ]);
      await agent.call("browser_release", { leaseId });
    });

    await t.step("Control+A and Shift+Tab work; a clipboard chord is refused unsent", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("typing_keys.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const documentEpoch = seen.documentEpoch;
      const name = refOf(seen, "textbox", "Name");
      const other = refOf(seen, "textbox", "Other");

      await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "press", key: "Control+A", ref: name },
      });
      await agent.act({ leaseId, documentEpoch, action: { kind: "type", text: "Grace" } });
      assert.equal(await page.evaluate("document.getElementById('name').value"), "Grace");

      const back = await agent.act({
        leaseId,
        documentEpoch,
        action: { kind: "press", key: "Shift+Tab", ref: other },
        expect: { element: { ref: name, focused: true } },
      });
      assert.equal(back.status, "verified", back.shown);

      const keysBefore = await page.evaluate("window.pageKeys");
      for (
        const action of [
          { kind: "press", key: "Control+V", ref: name },
          { kind: "press", key: "c", modifiers: ["Meta"], ref: name },
          { kind: "press", key: "Control+W" },
        ]
      ) {
        // The tool's schema refuses it: MCP's own invalid-params error, before the Broker.
        const refused = await agent.fail("browser_act", { leaseId, documentEpoch, action });
        assert.match(
          refused.text,
          /-32602.*(the chord would reach the clipboard|the chord belongs to the browser)/,
        );
      }
      assert.equal(await page.evaluate("window.pageKeys"), keysBefore, "no key reached the page");
      assert.equal(await page.evaluate("document.getElementById('name').value"), "Grace");
      await agent.call("browser_release", { leaseId });
    });

    await t.step("hover opens a menu on mouseover, then its item is clicked", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("typing_hover.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const hovered = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "hover", ref: refOf(seen, "button", "Account") },
      });
      assert.equal(hovered.status, "verified", hovered.shown);
      const open = await agent.observe({ leaseId });
      const signedOut = await agent.act({
        leaseId,
        documentEpoch: open.documentEpoch,
        action: { kind: "click", ref: refOf(open, "menuitem", "Sign out") },
        expect: { textPresent: "Signed out" },
      });
      assert.equal(signedOut.status, "verified", signedOut.shown);
      assert.equal(
        await page.evaluate("document.getElementById('status').textContent"),
        "Signed out",
      );
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "fill takes a contenteditable editor and fields in open and closed shadow roots",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("typing_editors.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const documentEpoch = seen.documentEpoch;
        const fill = async (name: string, text: string) => {
          const result = await agent.act({
            leaseId,
            documentEpoch,
            action: { kind: "fill", ref: refOf(seen, "textbox", name), text },
          });
          assert.equal(result.status, "verified", `${name}: ${result.shown}`);
        };
        await fill("Code", "const answer = 42;");
        await fill("Open field", "open text");
        await fill("Closed field", "closed text");
        assert.deepEqual(
          await page.evaluate(`[
          document.getElementById("code").innerText,
          document.getElementById("open-host").dataset.value,
          document.getElementById("closed-host").dataset.value,
        ]`),
          ["const answer = 42;", "open text", "closed text"],
        );
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("an action that cannot take its target names the one that can", async () => {
      const { tab } = await world.openTab(world.fixtures.url("typing_editors.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      for (
        const [role, name, use] of [
          ["checkbox", "Agree", "check"],
          ["combobox", "Fruit", "select"],
          ["button", "Save", "click"],
        ]
      ) {
        const refused = await agent.fail("browser_act", {
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "fill", ref: refOf(seen, role, name), text: "x" },
        });
        assert.equal(refused.code, "TARGET_NOT_INTERACTABLE", refused.text);
        assert.match(refused.text, new RegExp(`Use ${use} instead\\.`), refused.text);
      }
      await agent.call("browser_release", { leaseId });
    });
  },
});
