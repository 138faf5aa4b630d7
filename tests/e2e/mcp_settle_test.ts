/**
 * A stock MCP client on pages whose reaction to an action arrives late, in
 * real Chromium, personal mode: an action's result shows what the page did
 * once it settled (a modal that fades in before its contents show, search
 * results from a delayed request), a page that never stops changing is cut
 * at the bound and says so without failing the action (one that replaced
 * its own timers cannot stop the wait at all), an observation right after
 * an action that skipped its wait waits instead, and a delta line says
 * which of two listboxes an option was added to. One world for the file.
 */
import assert from "node:assert/strict";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "an action's result shows the page after its own reaction settled",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;

    await t.step(
      "a tab claimed as it loads, showing nothing yet, is first looked at once it shows",
      async () => {
        // Nothing shows until a request begun after the load event answers, 600 ms later.
        const { tab } = await world.openTab(world.fixtures.url("claim_late.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        assert.match(seen.shown, /^button "Refresh" ref=e\d+$/m, seen.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("a click's result shows a dialog whose contents follow a fade-in", async () => {
      const { tab } = await world.openTab(world.fixtures.url("settle_modal.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const result = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: refOf(seen, "button", "Delete account") },
      });
      assert.match(result.shown, /button "Yes, delete it" ref=/);
      assert.match(result.shown, /dialog "Delete your account\?"/);
      assert.equal(result.unsettled, undefined, result.shown);
      assert.doesNotMatch(result.shown, /not settled/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a click that closes a dialog shows the page its hiding, lifted a moment after, gave back",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_isolation.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const opened = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Delete project") },
        });
        assert.match(opened.shown, /dialog "Delete this project\?"/, opened.shown);
        const closed = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(opened.observation!, "button", "Delete") },
        });
        assert.match(closed.shown, /status "Deleted"/, closed.shown);
        // The page's rows, hidden while the dialog showed, are back.
        assert.match(closed.shown, /rows back as before: main/, closed.shown);
        assert.equal(closed.unsettled, undefined, closed.shown);
        // A menu open keeps the page behind it hidden: that is no hiding to wait out.
        const menu = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(closed.observation!, "button", "Actions") },
          settleMs: 300,
        });
        assert.match(menu.shown, /menuitem "Archive" ref=/, menu.shown);
        assert.equal(menu.unsettled, undefined, menu.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a click's result shows what the page put in once a fade ended, a moment after",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_chained.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Show details") },
        });
        assert.match(result.shown, /text "Shipped on 3 December"/);
        assert.equal(result.unsettled, undefined, result.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a click's result waits for an animation in a web component's shadow root",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_shadow.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "File bug") },
        });
        // The dialog tells the page it closed once its fade ended, 400 ms after the click.
        assert.match(result.shown, /^\+ status "Filed"$/m);
        assert.match(result.shown, /^- dialog "File this bug\?"/m);
        assert.equal(result.unsettled, undefined, result.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a click whose request's answer starts a navigation waits for the new page, not the request",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_login.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Log in") },
        });
        // The request the navigation cut off is the old document's: nothing to wait for.
        assert.equal(result.unsettled, undefined, result.shown);
        assert.notEqual(result.documentEpoch, seen.documentEpoch);
        assert.match(result.shown, /url: "[^"]*\/form\.html"/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("a button's press wave is not waited for, nor shown as a row", async () => {
      const { tab } = await world.openTab(world.fixtures.url("settle_wave.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const result = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: refOf(seen, "button", "Save") },
        expect: { textPresent: "Saved" },
      });
      assert.equal(result.status, "verified", result.shown);
      // The wave fades for two seconds: waited for, the result would be cut at the bound.
      assert.equal(result.unsettled, undefined, result.shown);
      assert.doesNotMatch(result.shown, /generic ref=/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "colours and shadows easing on a hover, a focus or a choice are not waited for",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_colour.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Blue") },
          // A bound the easing fits in: waited for, it would end first, and the line the page
          // writes when it ends would be in the result.
          settleMs: 5000,
        });
        assert.equal(result.unsettled, undefined, result.shown);
        assert.match(result.shown, /\+ status "Chosen: Blue"/);
        assert.doesNotMatch(result.shown, /Colour reached/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a menu fading and sliding in with its items is not waited for; its exit is",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_enter.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const opened = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Options") },
          // A bound the entrance fits in: waited for, it would end first, and the line the
          // page writes when it ends would be in the result.
          settleMs: 5000,
        });
        assert.equal(opened.unsettled, undefined, opened.shown);
        assert.match(opened.shown, /menuitem "Archive" ref=e\d+/);
        assert.doesNotMatch(opened.shown, /Menu settled/);
        assert.ok(opened.observation !== null, opened.shown);
        // The item is clicked once it stands still; the menu's exit is waited for.
        const archived = await agent.act({
          leaseId,
          documentEpoch: opened.documentEpoch,
          action: { kind: "click", ref: refOf(opened.observation, "menuitem", "Archive") },
          settleMs: 5000,
        });
        assert.equal(archived.unsettled, undefined, archived.shown);
        assert.match(archived.shown, /\+ status "Menu closed"/);
        assert.match(archived.shown, /^- menu "Options"/m);
        // An entrance still in its delay shows nothing yet: it is waited for until it moves.
        const shared = await agent.act({
          leaseId,
          documentEpoch: archived.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Share") },
          settleMs: 5000,
        });
        assert.equal(shared.unsettled, undefined, shared.shown);
        assert.match(shared.shown, /menuitem "Copy link" ref=e\d+/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a fill's result shows search results that a delayed request brought",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_search.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "fill", ref: refOf(seen, "searchbox", "Search fruit"), text: "ap" },
        });
        assert.equal(result.status, "verified", result.shown);
        for (const fruit of ["Apple", "Apricot", "Grape", "Papaya", "Pineapple"]) {
          assert.match(result.shown, new RegExp(`option "${fruit}"`), result.shown);
        }
        assert.doesNotMatch(result.shown, /option "Mango"/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("typing's result waits for a search the page starts on a timer", async () => {
      const url = world.fixtures.url("settle_search.html?debounceMs=300");
      const { tab } = await world.openTab(url);
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const result = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "type", ref: refOf(seen, "searchbox", "Search fruit"), text: "berry" },
        settleMs: 2_000,
      });
      assert.equal(result.status, "verified", result.shown);
      assert.match(result.shown, /option "Blackberry"/, result.shown);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a toast's countdown bar, longer than the wait's bound, is not waited for",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_toast.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Archive") },
        });
        // Waited for, the five-second bar would cut the wait at its bound.
        assert.equal(result.unsettled, undefined, result.shown);
        assert.match(result.shown, /\+ alert/, result.shown);
        assert.match(result.shown, /button "Undo" ref=/, result.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "a fill's result waits for a filter box's debounced search, named only by its placeholder",
      async () => {
        const url = world.fixtures.url("settle_search.html?debounceMs=400&field=plain");
        const { tab } = await world.openTab(url);
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "fill", ref: refOf(seen, "textbox", "Search fruit"), text: "berry" },
          settleMs: 2_000,
        });
        assert.equal(result.status, "verified", result.shown);
        assert.match(result.shown, /option "Blackberry"/, result.shown);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("a page that never stops changing is cut at the bound, and says so", async () => {
      const { tab, page } = await world.openTab(world.fixtures.url("settle_ticker.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const agree = refOf(seen, "checkbox", "I agree");
      const result = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "check", ref: agree, checked: true },
        settleMs: 400,
      });
      assert.equal(result.status, "verified", result.shown);
      assert.equal(result.unsettled?.mutating, true, result.shown);
      assert.equal(
        result.unsettled?.afterMs !== undefined && result.unsettled.afterMs >= 400,
        true,
      );
      assert.match(result.shown, /^act verified .* not settled after \d+ ms: DOM changing$/m);
      assert.equal(await page.evaluate(`document.getElementById("agree").checked`), true);

      // Without a wait nothing is cut, and nothing is said.
      const quick = await agent.act({
        leaseId,
        documentEpoch: result.documentEpoch,
        action: { kind: "check", ref: agree, checked: false },
        settleMs: 0,
      });
      assert.equal(quick.status, "verified", quick.shown);
      assert.equal(quick.unsettled, undefined);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "an observation right after an action that skipped its wait waits instead",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_modal.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const clicked = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "click", ref: refOf(seen, "button", "Delete account") },
          settleMs: 0,
        });
        assert.equal(clicked.unsettled, undefined);
        const after = await agent.observe({ leaseId });
        assert.match(after.shown, /button "Yes, delete it" ref=/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("an observation after a wait cut with a request open waits for it", async () => {
      // The answer takes 900 ms: still open when a 100 ms wait is cut, whatever the fill took.
      const { tab } = await world.openTab(world.fixtures.url("settle_search.html?answerMs=900"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const filled = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "fill", ref: refOf(seen, "searchbox", "Search fruit"), text: "berry" },
        settleMs: 100,
      });
      // The bound cut the wait with the request open.
      assert.equal(filled.unsettled?.requests, 1, filled.shown);
      assert.match(filled.shown, /not settled after \d+ ms: 1 request open/);
      const after = await agent.observe({ leaseId });
      assert.match(after.shown, /option "Blackberry"/);
      await agent.call("browser_release", { leaseId });
    });

    await t.step(
      "a page that replaced its own timers cannot stop the wait, which runs in a world of its own",
      async () => {
        const { tab, page } = await world.openTab(world.fixtures.url("settle_frozen.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "check", ref: refOf(seen, "checkbox", "I agree"), checked: true },
          settleMs: 1_000,
        });
        assert.equal(result.status, "verified", result.shown);
        // In the page's own world its timers would never fire, and the wait would run to its
        // bound: the provider's world has its own.
        assert.equal(result.unsettled, undefined, result.shown);
        assert.match(result.shown, /checkbox "I agree" checked/);
        assert.equal(await page.evaluate(`document.getElementById("agree").checked`), true);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step(
      "nor the wait after a navigation to it, which runs in the new document's world",
      async () => {
        const { tab } = await world.openTab(world.fixtures.url("settle_frozen.html"));
        const leaseId = await agent.claim(tab);
        const seen = await agent.observe({ leaseId });
        const result = await agent.act({
          leaseId,
          documentEpoch: seen.documentEpoch,
          action: { kind: "reload" },
          settleMs: 1_000,
        });
        assert.equal(result.status, "verified", result.shown);
        // In the new document's own world its timers never fire: the wait ran there to its bound
        // while only the world of the document before was known.
        assert.equal(result.unsettled, undefined, result.shown);
        assert.match(result.shown, /checkbox "I agree"/);
        await agent.call("browser_release", { leaseId });
      },
    );

    await t.step("a delta line names the listbox an option was added to", async () => {
      const { tab } = await world.openTab(world.fixtures.url("settle_listboxes.html"));
      const leaseId = await agent.claim(tab);
      const seen = await agent.observe({ leaseId });
      const result = await agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: refOf(seen, "button", "More sauces") },
      });
      assert.ok(result.observation?.delta, result.shown);
      assert.match(
        result.shown,
        /^\+ option "Pepperoni" ref=\S+ in listbox "Sauces"( ref=\S+)?$/m,
        result.shown,
      );
      assert.doesNotMatch(result.shown, /Toppings/);
      await agent.call("browser_release", { leaseId });
    });
  },
});
