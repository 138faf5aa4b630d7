/**
 * A stock MCP client in restricted mode (the default): its claim waits for
 * the person, who sees the client's name and reason in the approval window
 * and allows it; the agent then works the form; Stop ends the lease under
 * it; a denied claim is a tool error. One world for the file.
 */
import assert from "node:assert/strict";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";
import { refOf, startAgent } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

Deno.test({
  name: "a stock MCP client claims through the approval window in restricted mode",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent();
    const { world } = agent;
    const { tab, page } = await world.openTab(world.fixtures.url("form.html"));

    const claim = agent.call("browser_claim", {
      instance: world.instance.id,
      tab,
      reason: "Send the contact form",
    });
    const onScreen = await world.person.approve();
    const lease = ClaimResultSchema.parse((await claim).structuredContent);
    assert.equal(onScreen.text.client, "test-agent", "the MCP client's own name");
    assert.equal(onScreen.text.program, "", "the same name is not shown twice");
    assert.equal(onScreen.text.reason, "Send the contact form");
    assert.equal(onScreen.text.origin, world.fixtures.origin);
    assert.deepEqual(lease.scope, { kind: "origin", origin: world.fixtures.origin });
    const { leaseId } = lease;

    const seen = await agent.observe({ leaseId });
    const documentEpoch = seen.documentEpoch;
    await agent.act({
      leaseId,
      documentEpoch,
      action: { kind: "fill", ref: refOf(seen, "textbox", "Name"), text: "Grace" },
    });
    await agent.act({
      leaseId,
      documentEpoch,
      action: { kind: "fill", ref: refOf(seen, "textbox", "Email"), text: "grace@example.com" },
    });
    const sent = await agent.act({
      leaseId,
      documentEpoch,
      action: { kind: "click", ref: refOf(seen, "button", "Send") },
      expect: { textPresent: "Thanks, Grace! We will reply to grace@example.com (0 words)." },
    });
    assert.equal(sent.status, "verified", sent.shown);
    assert.equal(await page.evaluate("window.submissions"), 1);

    // The person presses Stop: the agent's next call learns the lease ended.
    await world.person.stop(leaseId);
    const stopped = await agent.fail("browser_observe", { leaseId });
    assert.equal(stopped.code, "LEASE_NOT_FOUND", stopped.text);

    // A name that passes for Leash never reaches the person.
    const posing = await agent.fail("browser_claim", {
      instance: world.instance.id,
      tab,
      clientName: "Leash (system check)",
    });
    assert.equal(posing.code, "INVALID_PARAMS", posing.text);
    assert.match(posing.text, /passes for Leash/);

    // Asked again under a name the model chose, the person sees the MCP client's own beside it,
    // and says no.
    const again = agent.fail("browser_claim", {
      instance: world.instance.id,
      tab,
      clientName: "Form helper",
    });
    const denied = await world.person.deny();
    assert.equal(denied.text.client, "Form helper");
    assert.equal(denied.text.program, "test-agent");
    assert.equal((await again).code, "CLAIM_DENIED");
    assert.equal(world.person.approvalWindowsOpened, 2);
  },
});
