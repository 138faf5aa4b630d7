/**
 * The extension registers with the Broker through the real Native Host, and
 * the world leaves nothing behind.
 */
import assert from "node:assert/strict";
import { extensionId } from "../../contracts/identity.ts";
import { noBrowser, startWorld } from "./harness.ts";

Deno.test({
  name: "the extension registers as a chromium instance and the popup says connected",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const instances = await world.instances();
    assert.equal(instances.length, 1);
    const [instance] = instances;
    assert.equal(instance.family, "chromium");
    assert.equal(instance.brand, "chromium");
    assert.deepEqual(instance, world.instance);
    const popup = await world.person.popup();
    assert.deepEqual(popup, { status: "connected", leaseIds: [] });
    const hosts = await world.hostProcesses();
    assert.equal(hosts.length, 1, "one Native Host relays the extension");
    assert.ok(hosts[0].cmdline.includes(extensionId), "Chrome named the caller origin");
  },
});
