/**
 * A world leaves nothing behind: no Chromium (or helper), Native Host or
 * Broker process naming its root, and no files, also when the test body
 * throws.
 */
import assert from "node:assert/strict";
import { noBrowser, startWorld, type World } from "./harness.ts";

async function assertGone(world: World): Promise<void> {
  assert.deepEqual(world.reaped, [], "every process ended on its own when its parent did");
  assert.deepEqual(await world.processes(), [], "no process names the world's root");
  await assert.rejects(Deno.lstat(world.root), Deno.errors.NotFound, "the root is removed");
  assert.notEqual((await world.broker.status).signal ?? (await world.broker.status).code, null);
}

Deno.test({
  name: "disposing a world ends every process it started and removes its files",
  ignore: noBrowser,
  fn: async () => {
    const world = await startWorld();
    try {
      const running = await world.processes();
      assert.ok(running.some((p) => p.pid === world.browser.pid), "the browser runs");
      assert.ok(running.some((p) => p.cmdline.includes("native_host/main.ts")), "a host runs");
      assert.ok(running.some((p) => p.cmdline.includes("broker/main.ts")), "the Broker runs");
    } finally {
      await world.dispose();
    }
    await assertGone(world);
  },
});

Deno.test({
  name: "a test that fails inside `await using` still tears the world down",
  ignore: noBrowser,
  fn: async () => {
    let leaked: World | undefined;
    await assert.rejects(
      async () => {
        await using world = await startWorld();
        leaked = world;
        await world.openTab(world.fixtures.url("form.html"));
        throw new Error("the test body failed");
      },
      /the test body failed/,
    );
    assert.ok(leaked !== undefined);
    await assertGone(leaked);
  },
});
