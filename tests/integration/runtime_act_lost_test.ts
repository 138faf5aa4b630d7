/**
 * `browser.act` when its connection is lost after input was dispatched:
 * the action's outcome is still recorded, so an exact retry from another
 * connection (the same journal key) is answered at once — never left
 * waiting on an entry that no process will end.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { readAudit } from "../../broker/journal/mod.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { until } from "./_in_process.ts";
import { runtimeWorld } from "./_runtime_world.ts";

Deno.test("an action whose connection closes after dispatch still records its outcome", async () => {
  let armed = false;
  await using world = await runtimeWorld({
    beforeAnswer: (method) => {
      const sent = world.provider.cdpCalls.some((call) => call.method.startsWith("Input."));
      if (method === "cdp" && armed && sent) {
        armed = false;
        world.client.close();
      }
    },
  });
  const before = await world.client.call("browser.observe", world.handle);
  const ref = before.nodes.find((node) => node.name === "Place order")?.ref;
  assert.ok(typeof ref === "string");
  const request = {
    ...world.handle,
    requestId: "lost-1",
    documentEpoch: before.documentEpoch,
    action: { kind: "click" as const, ref },
  };
  armed = true;
  await assert.rejects(
    world.client.call("browser.act", request),
    (error) => isLeashError(error, "CONNECTION_LOST"),
  );
  const journal = world.env.broker.runtime.journal.path;
  await until(() => readAudit(journal, 10).every((entry) => entry.outcome !== null), "an outcome");
  const [entry] = readAudit(journal, 10);
  assert.equal(entry.dispatched, true);

  const other = await LeashClient.connect({
    runtimeDir: world.env.runtimeDir,
    journalKey: world.client.journalKey,
  });
  try {
    await assert.rejects(
      other.call("browser.act", request, { timeoutMs: 5_000 }),
      (error) => isLeashError(error, "RECOVERY_REQUIRED"),
    );
  } finally {
    other.close();
  }
});
