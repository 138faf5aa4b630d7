/**
 * The journal across a Broker restart, with the real Broker process (its
 * permission flags included): an exact retry of an action that ran before
 * the restart is answered `RECOVERY_REQUIRED` without a second dispatch.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { JournalOpenError, journalPath, readAudit } from "../../broker/journal/mod.ts";
import { runtimePath } from "../../local/dirs.ts";
import { Broker } from "../../broker/server/server.ts";
import { silentLogger } from "../../local/log.ts";
import { StartError } from "../../broker/journal/start_error.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { fixtureSnapshot, ScriptedPage } from "./_scripted_page.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const instance = "scripted-1";
const journalKey = "k".repeat(64);

async function connect(broker: BrokerProcess) {
  const page = new ScriptedPage(fixtureSnapshot("form_page.json"));
  const provider = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token: await broker.token(),
    instanceId: instance,
    page,
  });
  const client = await LeashClient.connect({ runtimeDir: broker.dirs.runtimeDir, journalKey });
  return { page, provider, client };
}

Deno.test("after a Broker restart an exact retry is RECOVERY_REQUIRED and dispatches nothing", async () => {
  const dirs = await freshDirs();
  try {
    const first = await BrokerProcess.start(dirs);
    const before = await connect(first);
    const lease = await before.client.call("browser.claim", { sessionId: "s", instance });
    const handle = { sessionId: "s", leaseId: lease.leaseId };
    const observation = await before.client.call("browser.observe", handle);
    const ref = observation.nodes.find((node) => node.name === "Place order")?.ref ?? "";
    const request = {
      ...handle,
      requestId: "submit-1",
      documentEpoch: observation.documentEpoch,
      action: { kind: "click" as const, ref },
    };
    const result = await before.client.call("browser.act", request);
    assert.equal(result.status, "unverified");
    assert.equal(
      before.provider.cdpCalls.filter((call) => call.method.startsWith("Input.")).length,
      3,
    );
    await first.stop("SIGKILL");
    before.client.close();
    before.provider.close();

    const second = await BrokerProcess.start(dirs);
    const after = await connect(second);
    try {
      await assert.rejects(
        after.client.call("browser.act", request),
        (error) => isLeashError(error, "RECOVERY_REQUIRED"),
      );
      await assert.rejects(
        after.client.call("browser.act", { ...request, action: { kind: "scroll", ref } }),
        (error) => isLeashError(error, "REQUEST_CONFLICT"),
      );
      await assert.rejects(
        after.client.call("browser.act", { ...request, requestId: "submit-2" }),
        (error) => isLeashError(error, "LEASE_NOT_FOUND"),
      );
      assert.equal(after.provider.cdpCalls.length, 0, "nothing reached the page");
    } finally {
      after.client.close();
      after.provider.close();
      await second.stop();
    }

    const entries = readAudit(journalPath(dirs.stateDir), 10);
    assert.deepEqual(
      entries.map((entry) => [entry.action.description, entry.outcome, entry.code, entry.tab]),
      [
        ['"Place order"', "unverified", null, lease.tab],
        ["(unnamed)", "failed", "LEASE_NOT_FOUND", "unknown"],
      ],
    );
  } finally {
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("a journal that cannot be opened keeps the Broker from starting, and leaves no trace", async () => {
  const dirs = await freshDirs();
  try {
    await Deno.mkdir(dirs.stateDir, { recursive: true, mode: 0o700 });
    const garbage = "this is not a SQLite database, and it must not be replaced\n".repeat(100);
    await Deno.writeTextFile(journalPath(dirs.stateDir), garbage);
    const start = () => Broker.start({ ...dirs, logger: silentLogger });
    await assert.rejects(start(), (error) => {
      assert.ok(error instanceof JournalOpenError && error instanceof StartError);
      assert.equal(error.problem, "not-a-database");
      return true;
    });
    assert.equal(await Deno.readTextFile(journalPath(dirs.stateDir)), garbage);
    await assert.rejects(Deno.stat(runtimePath(dirs.runtimeDir, "token")), Deno.errors.NotFound);

    // The lock was let go: with the file moved aside the Broker starts.
    await Deno.rename(journalPath(dirs.stateDir), `${journalPath(dirs.stateDir)}.bad`);
    const broker = await start();
    await broker.stop();
  } finally {
    await Deno.remove(dirs.root, { recursive: true });
  }
});
