/**
 * `reload`, `back` and `forward` through a stock MCP client in real
 * Chromium (restricted mode: the lease covers one origin). Inside the
 * origin each goes where it should and is verified; an entry of another
 * site, behind or ahead, is refused with nothing sent and the tab stays
 * where it was; at the end of the history there is nowhere to go.
 */
import assert from "node:assert/strict";
import { startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "history moves only inside the lease's origin",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent();
    const { world } = agent;
    const counter = world.fixtures.url("counter.html");
    const form = world.fixtures.url("form.html");
    const foreign = world.fixtures.otherOriginUrl("controls.html");
    // The person came to the counter from another site, then the agent is given the tab.
    const opened = await world.openTab(foreign);
    await opened.page.navigate(counter);
    const leaseId = await agent.claim(opened.tab);
    const act = (documentEpoch: string, action: Record<string, unknown>) =>
      agent.act({ leaseId, documentEpoch, action });
    const url = () => opened.page.evaluate("location.href");

    const seen = await agent.observe({ leaseId });
    const went = await act(seen.documentEpoch, { kind: "navigate", url: form });
    assert.equal(went.status, "verified", went.shown);

    await t.step("back and forward inside the origin", async () => {
      const back = await act(went.documentEpoch, { kind: "back" });
      assert.equal(back.status, "verified", back.shown);
      assert.equal(back.documentChanged, true);
      assert.equal(await url(), counter);
      assert.equal(back.observation?.url, counter);

      const forward = await act(back.documentEpoch, { kind: "forward" });
      assert.equal(forward.status, "verified", forward.shown);
      assert.equal(await url(), form);
    });

    await t.step("a reload loads the page again", async () => {
      await opened.page.evaluate(`window.beforeReload = true`);
      const now = await agent.observe({ leaseId });
      const reloaded = await act(now.documentEpoch, { kind: "reload" });
      assert.equal(reloaded.status, "verified", reloaded.shown);
      assert.equal(reloaded.documentChanged, true);
      assert.equal(await opened.page.evaluate(`window.beforeReload === undefined`), true);
      assert.equal(await url(), form);
    });

    await t.step("an entry of another site is refused and nothing moves", async () => {
      const now = await agent.observe({ leaseId });
      const back = await act(now.documentEpoch, { kind: "back" });
      assert.equal(back.status, "verified", back.shown);
      assert.equal(await url(), counter);
      const refused = await agent.fail("browser_act", {
        leaseId,
        documentEpoch: back.documentEpoch,
        action: { kind: "back" },
      });
      assert.equal(refused.code, "OUT_OF_SCOPE", refused.text);
      assert.match(refused.text, /that history entry is outside the lease's origin/);
      assert.doesNotMatch(refused.text, /controls\.html|localhost/);
      assert.equal(await url(), counter);
      // The lease is untouched.
      const still = await agent.observe({ leaseId });
      assert.equal(still.url, counter);
    });

    await t.step("at the end of the history there is nowhere to go", async () => {
      const now = await agent.observe({ leaseId });
      const forward = await act(now.documentEpoch, { kind: "forward" });
      assert.equal(forward.status, "verified", forward.shown);
      const refused = await agent.fail("browser_act", {
        leaseId,
        documentEpoch: forward.documentEpoch,
        action: { kind: "forward" },
      });
      assert.equal(refused.code, "TARGET_NOT_INTERACTABLE", refused.text);
      assert.match(refused.text, /no entry that way/);
      assert.equal(await url(), form);
    });
    await agent.call("browser_release", { leaseId });
  },
});
