/**
 * An origin lease covers one site: navigating the tab within it keeps the
 * lease, leaving it ends the lease and the client is told.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { leaseTab, noBrowser, startWorld, until } from "./harness.ts";

Deno.test({
  name: "navigating to another origin ends an origin lease; same-origin navigation keeps it",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const opened = await world.openTab(world.fixtures.url("form.html"));
    const lease = await leaseTab(world, client, opened.tab);
    const handle = { sessionId: "s", leaseId: lease.leaseId };

    const sameOrigin = world.fixtures.url("controls.html");
    await opened.page.navigate(sameOrigin);
    // The Broker tracks the new document; the lease itself stays.
    await until("an observation of the new page", async () => {
      const observation = await client.call("browser.observe", handle);
      return observation.url === sameOrigin ? observation : undefined;
    });
    assert.deepEqual(await client.call("browser.validateLease", handle), { valid: true });

    // `localhost` is the same server under another origin.
    await opened.page.navigate(world.fixtures.otherOriginUrl("form.html"));
    await world.events(client).revoked(lease.leaseId);
    await assert.rejects(
      client.call("browser.observe", handle),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
    assert.deepEqual(world.events(client).revokedLeases, [lease.leaseId]);
    assert.deepEqual((await world.person.popup()).leaseIds, []);
  },
});
