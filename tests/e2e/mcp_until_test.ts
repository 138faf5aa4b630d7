/**
 * `browser_observe` with `until` through a stock MCP client in real
 * Chromium (personal mode): it answers once text the page writes later
 * appears, once text it removes later is gone, once a button it enables
 * later is enabled, once a slow request it
 * started has finished, and with TIMEOUT and a cursor to observe since when
 * what it waits for never comes. One world for the file.
 */
import assert from "node:assert/strict";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "observe until waits for what the page does later, bounded",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const opened = await world.openTab(world.fixtures.url("until.html"));
    const leaseId = await agent.claim(opened.tab);
    const seen = await agent.observe({ leaseId });
    /** Click the button named `name` without waiting for the page's reaction. */
    const click = (name: string) =>
      agent.act({
        leaseId,
        documentEpoch: seen.documentEpoch,
        action: { kind: "click", ref: refOf(seen, "button", name) },
        settleMs: 0,
      });

    await t.step("text that appears later", async () => {
      await click("Save");
      const saved = await agent.observe({
        leaseId,
        until: { textPresent: "All changes saved", timeoutMs: 10_000 },
      });
      assert.match(saved.shown, /"All changes saved"/);
    });

    await t.step("text that goes away later", async () => {
      await click("Dismiss notice");
      const gone = await agent.observe({
        leaseId,
        until: { textGone: "Draft restored", timeoutMs: 10_000 },
      });
      assert.doesNotMatch(gone.shown, /Draft restored/);
      assert.equal(await opened.page.evaluate(`document.getElementById("notice")`), null);
    });

    await t.step("an element's state the page changes later", async () => {
      await click("Check the draft");
      const publish = refOf(seen, "button", "Publish");
      const enabled = await agent.observe({
        leaseId,
        until: { element: { ref: publish, disabled: false }, timeoutMs: 10_000 },
      });
      assert.doesNotMatch(enabled.shown, /button "Publish" disabled/);
      assert.equal(
        await opened.page.evaluate(`document.getElementById("publish").disabled`),
        false,
      );
    });

    await t.step("the network going idle after a slow request", async () => {
      await click("Load report");
      const idle = await agent.observe({
        leaseId,
        until: { networkIdle: true, timeoutMs: 10_000 },
      });
      const waited = await opened.page.evaluate(`performance.now() - window.reportStarted`);
      assert.ok(typeof waited === "number" && waited >= 1_000, `idle after ${waited} ms`);
      assert.ok(idle.documentEpoch === seen.documentEpoch);
      const loaded = await agent.observe({
        leaseId,
        until: { textPresent: "Report loaded: 10 fruit", timeoutMs: 5_000 },
      });
      assert.match(loaded.shown, /"Report loaded: 10 fruit"/);
    });

    await t.step("what never comes: TIMEOUT with a cursor to observe since", async () => {
      const started = Date.now();
      const failure = await agent.fail("browser_observe", {
        leaseId,
        until: { textPresent: "Payment received", timeoutMs: 1_000 },
      });
      assert.equal(failure.code, "TIMEOUT", failure.text);
      assert.ok(Date.now() - started >= 1_000);
      const cursor = /has cursor "([^"]+)"/.exec(failure.text)?.[1];
      assert.ok(cursor !== undefined, failure.text);
      await click("Save");
      const since = await agent.observe({
        leaseId,
        since: cursor,
        until: { textPresent: "All changes saved", timeoutMs: 10_000 },
      });
      assert.ok(since.delta !== null, since.shown);
    });
    await agent.call("browser_release", { leaseId });
  },
});
