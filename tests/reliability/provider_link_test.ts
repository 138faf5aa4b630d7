/**
 * How long one browser's connection lasts. The protocol makes every receiver
 * remember each transport ID of a connection and close the connection at
 * 10,000 rather than forget one. The Broker is the sender on its link to a
 * browser and cannot open a new one (the extension connects), so the link
 * carries at most 10,000 Broker requests in its life; every lease on that
 * browser ends with it.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { limits } from "../../contracts/limits.ts";
import { instance, runtimeWorld } from "../integration/_runtime_world.ts";

Deno.test({
  name:
    "a browser serves more than 10,000 Broker requests on one connection without losing its leases",
  // Known finding, not fixed here: after 10,000 Broker→provider requests (an observe costs
  // one or two, an act ten or more) the provider closes the connection and every lease on
  // that browser ends, so a long session of several agents loses its leases within minutes.
  // The soak of the browser pass will reach it. Un-ignore once the link outlives the cap.
  ignore: true,
  fn: async () => {
    await using world = await runtimeWorld();
    // Two clients, so no client connection reaches its own 10,000 first.
    const other = await LeashClient.connect({ runtimeDir: world.env.runtimeDir });
    const lease = await other.call("browser.claim", { sessionId: "o", instance, tab: "other" });
    const handles = [
      { client: world.client, handle: world.handle },
      { client: other, handle: { sessionId: "o", leaseId: lease.leaseId } },
    ];
    try {
      // Each validateLease is one `cdp` request to the provider.
      for (let i = 0; i < limits.rememberedIds + 100; i++) {
        const { client, handle } = handles[i < limits.rememberedIds / 2 ? 0 : 1];
        assert.deepEqual(
          await client.call("browser.validateLease", handle),
          { valid: true },
          `${i}`,
        );
      }
    } finally {
      other.close();
    }
  },
});
