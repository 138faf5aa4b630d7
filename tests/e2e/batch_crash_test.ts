/**
 * A `browser.batch` plan against crashes, end to end: a real Broker process
 * killed with SIGKILL at each journal point a plan passes, while its step
 * submits a form in real Chromium (through the extension), restarted on
 * the same state dir, and asked the exact same plan again by a client with
 * the same `journalKey`. The page counts its submissions in localStorage,
 * so the count survives everything Leash does; it never exceeds one, and
 * no step is approved again.
 *
 * Where the Broker died → what the exact retry is told: before the plan's
 * intent → `LEASE_NOT_FOUND` (nothing recorded; the lease died with the
 * Broker); anywhere after it and before the plan's outcome →
 * `OUTCOME_UNKNOWN`; after the plan's outcome → `RECOVERY_REQUIRED`.
 *
 * `deno task test:browser` runs this file beside the others: much of its
 * time goes to waiting for a killed Broker to come back.
 */
import assert from "node:assert/strict";
import {
  type ArmedPoint,
  batchCrashPoints,
  crashPoints,
} from "../../broker/journal/crash_points.ts";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import type { CdpPage } from "../support/cdp.ts";
import { auditEntries, connectAgent, startTestBroker } from "./_crash.ts";
import { noBrowser, startWorld } from "./harness.ts";

const agentKey = "batch-crash-".padEnd(64, "k");

const expected: Record<ArmedPoint, { submissions: number; retry: ErrorCode }> = {
  "before-intent": { submissions: 0, retry: "LEASE_NOT_FOUND" },
  "after-intent": { submissions: 0, retry: "OUTCOME_UNKNOWN" },
  "after-dispatch": { submissions: 1, retry: "OUTCOME_UNKNOWN" },
  "after-outcome": { submissions: 1, retry: "OUTCOME_UNKNOWN" },
  "batch-before-outcome": { submissions: 1, retry: "OUTCOME_UNKNOWN" },
  "batch-after-outcome": { submissions: 1, retry: "RECOVERY_REQUIRED" },
};

async function submissions(page: CdpPage): Promise<number> {
  const count = await page.evaluate("window.submissionCount()");
  assert.ok(typeof count === "number", `the counter page answers a number, not ${count}`);
  return count;
}

for (const point of [...crashPoints, ...batchCrashPoints]) {
  const { submissions: left, retry } = expected[point];
  Deno.test({
    name: `a batch whose Broker is killed at ${point} is answered ${retry} and never resubmits`,
    ignore: noBrowser,
    fn: async () => {
      await using world = await startWorld({ accessMode: "personal" });
      const url = world.fixtures.url(`counter.html?batch=${point}`);
      const { tab, page } = await world.openTab(url);
      await world.broker.stop();
      await using armed = await startTestBroker(world, { crashAt: point });
      const agent = await connectAgent(world, agentKey);
      const lease = await agent.call("browser.claim", {
        sessionId: "s",
        instance: world.instance.id,
        tab,
        clientName: "batch-crash",
      });
      const handle = { sessionId: "s", leaseId: lease.leaseId };
      const observation = await agent.call("browser.observe", handle);
      const ref = observation.nodes.find((node) => node.name === "Submit order")?.ref;
      assert.ok(typeof ref === "string");
      const params = {
        sessionId: "s",
        request: {
          leaseId: lease.leaseId,
          requestId: `plan-${point}`,
          documentEpoch: observation.documentEpoch,
          steps: [{
            action: { kind: "click" as const, ref },
            expect: { textPresent: "Submissions: 1" },
          }],
        },
      };
      await assert.rejects(
        agent.batch(params, () => true),
        (error) => isLeashError(error, "CONNECTION_LOST"),
      );
      assert.equal((await armed.status).signal, "SIGKILL", armed.stderr);
      assert.equal(await submissions(page), left);

      await using _restarted = await startTestBroker(world);
      const again = await connectAgent(world, agentKey);
      let asked = 0;
      await assert.rejects(
        again.batch(params, () => ++asked > 0),
        (error) => isLeashError(error, retry),
      );
      assert.equal(asked, 0, "no step is approved again");
      assert.equal(await submissions(page), left, "nothing was submitted again");
      const plans = (await auditEntries(world)).filter((entry) => entry.action.kind === "batch");
      assert.equal(plans.length, 1);
    },
  });
}
