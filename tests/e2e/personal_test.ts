/**
 * Personal access mode: the person opted in when starting the Broker, so
 * discovery and claims on ordinary web pages need no prompt.
 */
import assert from "node:assert/strict";
import { noBrowser, startWorld } from "./harness.ts";

Deno.test({
  name: "in personal mode a claim is granted without an approval window",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld({ accessMode: "personal" });
    const client = await world.client();
    assert.equal(client.personalMode, true);
    const url = world.fixtures.url("form.html");
    const { tab } = await world.openTab(url);
    const listed = (await client.call("browser.tabs", { instance: world.instance.id }))
      .find((info) => info.tab === tab);
    assert.deepEqual(listed, { tab, active: true, title: "Contact form", url });

    const lease = await client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
      clientName: "e2e-agent",
    });
    assert.deepEqual(lease.scope, { kind: "origin", origin: world.fixtures.origin });
    const whole = await client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
      scope: "tab",
    });
    assert.deepEqual(whole.scope, { kind: "tab" });
    assert.equal(world.person.approvalWindowsOpened, 0, "no approval window appeared");
    assert.deepEqual(await world.person.popup(), {
      status: "connected",
      leaseIds: [whole.leaseId],
    });
  },
});

Deno.test({
  name: "restricted mode lists tabs without titles or URLs",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    assert.equal(client.personalMode, false);
    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const listed = (await client.call("browser.tabs", { instance: world.instance.id }))
      .find((info) => info.tab === tab);
    assert.deepEqual(listed, { tab, active: true });
  },
});
