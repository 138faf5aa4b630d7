/**
 * A Broker stopped and another started on the same runtime dir right after:
 * the new one must keep its socket. Deno unlinks a listener's socket path
 * when the listener is finally dropped, which happened only after the old
 * Broker's stop had returned, so it could remove the new Broker's socket
 * and leave it listening where nobody could reach it.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { Broker } from "../../broker/server/server.ts";
import { silentLogger } from "../../local/log.ts";
import { freshDirs } from "./_broker_process.ts";

Deno.test("a Broker started right after another stopped on the same runtime dir stays reachable", async () => {
  const dirs = await freshDirs();
  try {
    for (let round = 0; round < 16; round++) {
      const first = await Broker.start({ ...dirs, logger: silentLogger });
      await first.stop();
      const next = await Broker.start({ ...dirs, logger: silentLogger });
      try {
        // The late unlink, when it comes, lands within a few milliseconds.
        await new Promise((resolve) => setTimeout(resolve, 25));
        const socket = await Deno.lstat(next.socketPath).catch(() => undefined);
        assert.ok(socket?.isSocket, `round ${round}: the new Broker's socket is gone`);
        const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir });
        assert.deepEqual(await client.call("browser.instances", {}), []);
        client.close();
      } finally {
        await next.stop();
      }
    }
  } finally {
    await Deno.remove(dirs.root, { recursive: true });
  }
});
