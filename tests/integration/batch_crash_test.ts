/**
 * A `browser.batch` plan across a Broker crash, with the real Broker
 * process SIGKILLing itself at each journal point a plan passes
 * (`broker/journal/crash_points.ts`): the exact retry on a clean Broker is
 * answered from the journal as the spec says, never by running a step
 * again or resuming the plan — no second submission.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import {
  type ArmedPoint,
  batchCrashPoints,
  crashPoints,
  crashPointVariable,
} from "../../broker/journal/crash_points.ts";
import { journalPath, readAudit } from "../../broker/journal/mod.ts";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import type { BatchStep } from "../../contracts/methods/mod.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { ordersSnapshot } from "./_runtime_world.ts";
import { ScriptedPage } from "./_scripted_page.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const instance = "scripted-1";
const journalKey = "b".repeat(64);

/** Inputs that reached the page before the crash, and how the exact retry is answered. */
const expected: Record<ArmedPoint, { inputs: number; retry: ErrorCode }> = {
  // Nothing committed: the retry is a new plan, on a lease the new Broker does not know.
  "before-intent": { inputs: 0, retry: "LEASE_NOT_FOUND" },
  "after-intent": { inputs: 0, retry: "OUTCOME_UNKNOWN" },
  "after-dispatch": { inputs: 3, retry: "OUTCOME_UNKNOWN" },
  "after-outcome": { inputs: 3, retry: "OUTCOME_UNKNOWN" },
  "batch-before-outcome": { inputs: 9, retry: "OUTCOME_UNKNOWN" },
  "batch-after-outcome": { inputs: 9, retry: "RECOVERY_REQUIRED" },
};

function opener(backendNodeId: number, page: ScriptedPage) {
  const match = /^Open order (\d+)$/.exec(page.node(backendNodeId)?.name ?? "");
  if (match === null) return;
  page.update((nodes) => [...nodes, {
    backendNodeId: 50_000 + Number(match[1]),
    parentId: 2,
    role: "status",
    name: `Opened ${match[1]}`,
    states: [],
    depth: 2,
  }]);
}

async function connect(broker: BrokerProcess) {
  const page = new ScriptedPage(ordersSnapshot(4), { onClick: opener });
  const provider = await ScriptedProvider.connect({
    socketPath: broker.socketPath,
    token: await broker.token(),
    instanceId: instance,
    page,
  });
  const client = await LeashClient.connect({ runtimeDir: broker.dirs.runtimeDir, journalKey });
  const inputs = () => provider.cdpCalls.filter((call) => call.method.startsWith("Input.")).length;
  return { page, provider, client, inputs };
}

for (const point of [...crashPoints, ...batchCrashPoints]) {
  Deno.test(`a plan whose Broker dies at ${point} is never run again`, async () => {
    const dirs = await freshDirs();
    try {
      const armed = await BrokerProcess.start(dirs, [], { [crashPointVariable]: point });
      const before = await connect(armed);
      const lease = await before.client.call("browser.claim", { sessionId: "s", instance });
      const observation = await before.client.call("browser.observe", {
        sessionId: "s",
        leaseId: lease.leaseId,
      });
      const steps: BatchStep[] = [1, 2, 3].map((n) => ({
        action: {
          kind: "click",
          ref: observation.nodes.find((node) => node.name === `Open order ${n}`)?.ref ?? "",
        },
        expect: { textPresent: `Opened ${n}` },
      }));
      const params = {
        sessionId: "s",
        request: {
          leaseId: lease.leaseId,
          requestId: "crash-plan",
          documentEpoch: observation.documentEpoch,
          steps,
        },
      };
      await assert.rejects(
        before.client.batch(params, () => true),
        (error) => isLeashError(error, "CONNECTION_LOST"),
      );
      assert.equal((await armed.status).signal, "SIGKILL");
      assert.equal(before.inputs(), expected[point].inputs);
      before.client.close();
      before.provider.close();

      const clean = await BrokerProcess.start(dirs);
      const after = await connect(clean);
      try {
        let asked = 0;
        await assert.rejects(
          after.client.batch(params, () => ++asked > 0),
          (error) => isLeashError(error, expected[point].retry),
        );
        assert.equal(asked, 0, "no step is approved again");
        assert.equal(after.inputs(), 0, "nothing reaches the page again");
      } finally {
        after.client.close();
        after.provider.close();
        await clean.stop();
      }
      const plans = readAudit(journalPath(dirs.stateDir), 20)
        .filter((entry) => entry.action.kind === "batch");
      assert.equal(plans.length, 1, "one plan entry");
    } finally {
      await Deno.remove(dirs.root, { recursive: true });
    }
  });
}
