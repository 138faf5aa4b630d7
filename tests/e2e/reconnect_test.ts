/**
 * The Native Host dies (killed, as a crash would): the extension reconnects
 * through a new host within seconds, and leases of the old connection stay
 * ended on both sides.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { leaseTab, noBrowser, startWorld } from "./harness.ts";

Deno.test({
  name: "after the host is killed the extension re-registers and old leases are not restored",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const old = await leaseTab(world, client, tab);

    const [killed, ...others] = await world.killHost();
    assert.ok(killed !== undefined && others.length === 0, "exactly one host was running");
    await world.events(client).revoked(old.leaseId);
    // A new connection registers the same instance again; the deadline is the "within seconds".
    const again = await world.waitForInstance(
      (instance) => instance.connectedSince !== world.instance.connectedSince,
      10_000,
    );
    assert.equal(again.id, world.instance.id);
    const hosts = await world.hostProcesses();
    assert.equal(hosts.length, 1);
    assert.notEqual(hosts[0].pid, killed);

    await assert.rejects(
      client.call("browser.observe", { sessionId: "s", leaseId: old.leaseId }),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
    assert.deepEqual(await world.person.popup(), { status: "connected", leaseIds: [] });
    // The tab is free again, for a claim the person approves anew.
    const renewed = await leaseTab(world, client, tab);
    const observation = await client.call("browser.observe", {
      sessionId: "s",
      leaseId: renewed.leaseId,
    });
    assert.match(observation.text, /textbox "Name"/);
  },
});
