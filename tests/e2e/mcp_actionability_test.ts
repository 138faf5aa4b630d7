/**
 * A stock MCP client on pages whose targets cannot take a click at once:
 * rows moving into place after a filter, buttons enabled or shown a moment
 * later, a button covered for good, and checkboxes drawn by their own
 * parts. Real Chromium, extension, Native Host and Broker, personal mode;
 * one world for the file.
 */
import assert from "node:assert/strict";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "a stock MCP client's actions wait until their target can take them",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;

    /** Claim a fixture page and observe it. */
    const open = async (fixture: string) => {
      const { tab, page } = await world.openTab(world.fixtures.url(fixture));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const act = (action: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        agent.act({ leaseId, documentEpoch: seen.documentEpoch, action, ...extra });
      const fail = (action: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        agent.fail("browser_act", {
          leaseId,
          documentEpoch: seen.documentEpoch,
          action,
          ...extra,
        });
      const release = () => agent.call("browser_release", { leaseId });
      return { page, seen, act, fail, release };
    };

    for (const [mode, needle] of [["slide", "mango"], ["sort", "a"]]) {
      await t.step(
        `rows that ${mode} into place after a filter: the click lands on the match`,
        async () => {
          const { page, seen, act, release } = await open(`actionability_grid.html?mode=${mode}`);
          const mango = refOf(seen, "gridcell", "Mango");
          await act({ kind: "fill", ref: refOf(seen, "textbox", "Quick filter"), text: needle });
          const picked = await act({ kind: "click", ref: mango }, {
            expect: { textPresent: "Picked: Mango" },
          });
          assert.equal(picked.status, "verified", picked.shown);
          assert.deepEqual(await page.evaluate("[window.picks, window.downs]"), [["Mango"], 1]);
          await release();
        },
      );
    }

    await t.step(
      "buttons enabled or shown a moment later are waited for, then clicked",
      async () => {
        const { page, seen, act, release } = await open("actionability_delayed.html");
        await act({ kind: "click", ref: refOf(seen, "button", "Prepare report") });
        const download = await act(
          { kind: "click", ref: refOf(seen, "button", "Download report") },
          {
            expect: { textPresent: "download clicked" },
          },
        );
        assert.equal(download.status, "verified", download.shown);
        await act({ kind: "click", ref: refOf(seen, "button", "Refresh") });
        const share = await act({ kind: "click", ref: refOf(seen, "button", "Share report") }, {
          expect: { textPresent: "share clicked" },
        });
        assert.equal(share.status, "verified", share.shown);
        assert.deepEqual(await page.evaluate("window.clicks"), {
          download: 1,
          share: 1,
          publish: 0,
        });
        await release();
      },
    );

    await t.step("timeoutMs: 0 looks once, a longer one waits past the default", async () => {
      const { page, seen, act, fail, release } = await open("actionability_delayed.html");
      await act({ kind: "click", ref: refOf(seen, "button", "Prepare report") });
      const once = await fail({ kind: "click", ref: refOf(seen, "button", "Download report") }, {
        timeoutMs: 0,
      });
      assert.equal(once.code, "TARGET_NOT_INTERACTABLE", once.text);
      assert.match(once.text, /Why: the element is disabled\./);
      await act({ kind: "click", ref: refOf(seen, "button", "Schedule") });
      // Publish is enabled 3 s after Schedule, past the default wait.
      const published = await act({ kind: "click", ref: refOf(seen, "button", "Publish") }, {
        timeoutMs: 8_000,
        expect: { textPresent: "publish clicked" },
      });
      assert.equal(published.status, "verified", published.shown);
      assert.deepEqual(await page.evaluate("window.clicks"), { download: 0, share: 0, publish: 1 });
      await release();
    });

    await t.step(
      "a button covered for good is refused after the wait, naming the cover",
      async () => {
        const { page, seen, fail, release } = await open("actionability_covered.html");
        const covered = await fail({ kind: "click", ref: refOf(seen, "button", "Delete draft") });
        assert.equal(covered.code, "TARGET_COVERED", covered.text);
        assert.match(
          covered.text,
          /Why: another element is where the input would go: dialog .*Newsletter sign-up/,
        );
        assert.deepEqual(
          await page.evaluate("[window.pointerEvents, window.deletes]"),
          [0, 0],
          "no pointer event reached the page",
        );
        await release();
      },
    );

    await t.step(
      "a button's own ::before box takes its click; another element's ::after box covers",
      async () => {
        const { page, seen, act, fail, release } = await open("actionability_pseudo.html");
        await act({ kind: "click", ref: refOf(seen, "button", "Bold") });
        const covered = await fail(
          { kind: "click", ref: refOf(seen, "button", "Archive note") },
          { timeoutMs: 0 },
        );
        assert.equal(covered.code, "TARGET_COVERED", covered.text);
        // The refusal names the element the box belongs to: what a reader can dismiss.
        assert.match(
          covered.text,
          /another element is where the input would go: dialog .*Spring sale/,
        );
        assert.deepEqual(await page.evaluate("window.clicks"), { bold: 1, archive: 0 });
        await release();
      },
    );

    await t.step("a click on a tree's open folder picks the folder, not a child", async () => {
      const { page, seen, act, release } = await open("actionability_tree.html");
      await act({ kind: "click", ref: refOf(seen, "treeitem", "Finance") });
      await act({ kind: "click", ref: refOf(seen, "treeitem", "HR") });
      assert.deepEqual(await page.evaluate("window.picks"), ["finance", "hr"]);
      await release();
    });

    await t.step(
      "a page that rewrites the DOM's accessors cannot pass its cover off as the button",
      async () => {
        const { page, seen, fail, release } = await open("actionability_covered.html?forge");
        const covered = await fail(
          { kind: "click", ref: refOf(seen, "button", "Delete draft") },
          { timeoutMs: 0 },
        );
        assert.equal(covered.code, "TARGET_COVERED", covered.text);
        assert.deepEqual(await page.evaluate("[window.pointerEvents, window.deletes]"), [0, 0]);
        await release();
      },
    );

    await t.step(
      "slotted content takes its cell's click; options slotted into a listbox read as options",
      async () => {
        const { page, seen, act, release } = await open("actionability_component.html");
        // The point a click aims at shows the slotted span: its events reach the cell.
        await act({ kind: "click", ref: refOf(seen, "gridcell", "TCK-1043") });
        // Chromium reads a slotted `role="option"` as a plain element; it shows as declared.
        await act({ kind: "click", ref: refOf(seen, "option", "Marta Nowak") });
        assert.deepEqual(await page.evaluate("[window.clicks, window.decoys]"), [
          { "cell c2": 1, "option Marta Nowak": 1 },
          0,
        ]);
        await release();
      },
    );

    await t.step("checkboxes drawn by their own parts or their label are checked", async () => {
      const { page, seen, act, release } = await open("actionability_component.html");
      for (
        const name of ["Email me offers", "Text me offers", "I accept the terms", "Remember me"]
      ) {
        const box = refOf(seen, "checkbox", name);
        const checked = await act({ kind: "check", ref: box, checked: true }, {
          expect: { element: { ref: box, checked: true } },
        });
        assert.equal(checked.status, "verified", `${name}: ${checked.shown}`);
      }
      assert.deepEqual(
        await page.evaluate(`[
          document.getElementById("offers").shadowRoot.querySelector("input").checked,
          document.getElementById("terms").checked,
          document.getElementById("remember").checked,
          window.decoys,
        ]`),
        [true, true, true, 0],
      );
      await release();
    });
  },
});
