/**
 * How long a connection lasts. The protocol makes every receiver remember
 * each transport ID of a connection and close at 10,000 rather than forget
 * one. Every Leash peer's IDs count (`<prefix>-<n>`), and every Leash
 * receiver keeps counted IDs as one run, so a link outlives the cap: the
 * Broker's link to a browser (where the Broker is the sender and cannot open
 * a new connection, because the extension connects) and a client's link to
 * the Broker. Before that change the browser closed the link at the
 * 10,001st Broker request and every lease on it ended.
 */
import assert from "node:assert/strict";
import { limits } from "../../contracts/limits.ts";
import { instance, runtimeWorld } from "../integration/_runtime_world.ts";
import { figure, sized } from "./_size.ts";

Deno.test("a browser and a client serve more than 10,000 requests on one connection without losing a lease", async () => {
  await using world = await runtimeWorld();
  const calls = sized(limits.rememberedIds + 500, 10 * limits.rememberedIds);
  // Each validateLease is one client request and one `cdp` request to the provider.
  for (let i = 0; i < calls; i++) {
    assert.deepEqual(await world.client.call("browser.validateLease", world.handle), {
      valid: true,
    }, `call ${i}`);
  }
  const lease = await world.client.call("browser.claim", {
    sessionId: "t",
    instance,
    tab: "other",
  });
  assert.equal(lease.instance, instance, "the same provider connection still grants");
  figure(
    "provider link",
    `${calls} requests on one client connection and one provider connection, 0 closed, lost: nothing`,
  );
});
