/**
 * The person's Stop in the toolbar popup: per lease and for all, and the
 * owning client hears `browser.lease-revoked` each time.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { leaseTab, noBrowser, startWorld } from "./harness.ts";

Deno.test({
  name: "Stop on one lease revokes only that lease and tells its client",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const first = await world.openTab(world.fixtures.url("form.html"));
    const second = await world.openTab(world.fixtures.url("controls.html"));
    const stopped = await leaseTab(world, client, first.tab);
    const kept = await leaseTab(world, client, second.tab);
    assert.deepEqual(
      (await world.person.popup()).leaseIds.sort(),
      [
        stopped.leaseId,
        kept.leaseId,
      ].sort(),
    );

    await world.person.stop(stopped.leaseId);
    await world.events(client).revoked(stopped.leaseId);
    await assert.rejects(
      client.call("browser.observe", { sessionId: "s", leaseId: stopped.leaseId }),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
    assert.deepEqual(
      await client.call("browser.validateLease", { sessionId: "s", leaseId: kept.leaseId }),
      { valid: true },
    );
    assert.deepEqual(world.events(client).revokedLeases, [stopped.leaseId]);
    assert.deepEqual((await world.person.popup()).leaseIds, [kept.leaseId]);
  },
});

Deno.test({
  name: "Stop all revokes every lease of every client",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const alice = await world.client();
    const bob = await world.client();
    const first = await world.openTab(world.fixtures.url("form.html"));
    const second = await world.openTab(world.fixtures.url("controls.html"));
    const aliceLease = await leaseTab(world, alice, first.tab, { clientName: "alice" });
    const bobLease = await leaseTab(world, bob, second.tab, { clientName: "bob" });

    await world.person.stopAll();
    await world.events(alice).revoked(aliceLease.leaseId);
    await world.events(bob).revoked(bobLease.leaseId);
    assert.deepEqual(world.events(alice).revokedLeases, [aliceLease.leaseId]);
    assert.deepEqual(world.events(bob).revokedLeases, [bobLease.leaseId]);
    for (const [client, lease] of [[alice, aliceLease], [bob, bobLease]] as const) {
      await assert.rejects(
        client.call("browser.observe", { sessionId: "s", leaseId: lease.leaseId }),
        (error) => isLeashError(error, "LEASE_NOT_FOUND"),
      );
    }
    assert.deepEqual(await world.person.popup(), { status: "connected", leaseIds: [] });
  },
});
