/**
 * The action journal against crashes, end to end: a real Broker process
 * killed with SIGKILL at each point of a click that submits a form in real
 * Chromium (through the extension), restarted on the same state dir, and
 * asked the exact same `browser.act` again by a client with the same
 * `journalKey`. The page counts its submissions in localStorage, so the
 * count survives everything Leash does; it never exceeds one.
 *
 * What the exact retry is told, by where the Broker died:
 *
 * - before the intent committed: nothing is recorded, so the retry is a
 *   new request; its lease died with the Broker (leases are not restored
 *   across a restart) → `LEASE_NOT_FOUND`, and nothing is dispatched;
 * - after the intent committed, before dispatch → `OUTCOME_UNKNOWN` (the
 *   journal cannot tell whether input reached the page: `dispatched` is
 *   false, but it is never replayed);
 * - after dispatch, before the outcome → `OUTCOME_UNKNOWN` (`dispatched`);
 * - after the outcome → `RECOVERY_REQUIRED` (the full result lived only in
 *   the dead process's memory).
 *
 * Personal access mode, so claims need no approval window. Cache eviction
 * by count, size and age and a corrupted or locked journal are unit tests
 * in `broker/journal/` (result_cache_test, journal_test, open_test).
 *
 * `deno task test:browser` runs this file beside the others: much of its
 * time goes to waiting for a killed Broker to come back.
 */
import assert from "node:assert/strict";
import type { LeashClient } from "../../broker/client/client.ts";
import { type CrashPoint, crashPoints } from "../../broker/journal/crash_points.ts";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { CdpPage } from "../support/cdp.ts";
import {
  auditEntries,
  type AuditEntry,
  connectAgent,
  leashJournal,
  startTestBroker,
} from "./_crash.ts";
import { noBrowser, startWorld, type World } from "./harness.ts";

const button = "Submit order";
const agentKey = "crash-agent-".padEnd(64, "k");

/** What each crash point leaves behind. */
const expected: Record<CrashPoint, { submissions: number; retry: ErrorCode }> = {
  "before-intent": { submissions: 0, retry: "LEASE_NOT_FOUND" },
  "after-intent": { submissions: 0, retry: "OUTCOME_UNKNOWN" },
  "after-dispatch": { submissions: 1, retry: "OUTCOME_UNKNOWN" },
  "after-outcome": { submissions: 1, retry: "RECOVERY_REQUIRED" },
};

/** How often the counter page in `page` was submitted, ever. */
async function submissions(page: CdpPage): Promise<number> {
  const count = await page.evaluate("window.submissionCount()");
  assert.ok(typeof count === "number", `the counter page answers a number, not ${count}`);
  return count;
}

/** Claim `tab`, observe it, and build a click on the submit button that expects one submission. */
async function submitRequest(world: World, agent: LeashClient, tab: string, requestId: string) {
  const lease: Lease = await agent.call("browser.claim", {
    sessionId: "s",
    instance: world.instance.id,
    tab,
    clientName: "crash-agent",
  });
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  const observation = await agent.call("browser.observe", handle);
  const ref = observation.nodes.find((node) => node.role === "button" && node.name === button)
    ?.ref;
  assert.ok(typeof ref === "string", `the page shows the ${button} button`);
  const request = {
    ...handle,
    requestId,
    documentEpoch: observation.documentEpoch,
    action: { kind: "click" as const, ref },
    expect: { textPresent: "Submissions: 1" },
  };
  return { lease, ref, request };
}

/** The audit fields a person reads, without times and entry IDs. */
function audited(entry: AuditEntry) {
  const { client, instance, tab, origin, action, outcome, code, dispatched, restarted, summary } =
    entry;
  return { client, instance, tab, origin, action, outcome, code, dispatched, restarted, summary };
}

for (const point of crashPoints) {
  const { submissions: left, retry } = expected[point];
  Deno.test({
    name: `a Broker killed ${point.replace("-", " ")} answers the exact retry ${retry} ` +
      `and the form is submitted ${left} time${left === 1 ? "" : "s"}`,
    ignore: noBrowser,
    fn: async () => {
      await using world = await startWorld({ accessMode: "personal" });
      const { tab, page } = await world.openTab(world.fixtures.url(`counter.html?case=${point}`));
      assert.equal(await submissions(page), 0);

      await world.broker.stop();
      await using armed = await startTestBroker(world, { crashAt: point });
      const agent = await connectAgent(world, agentKey);
      const { lease, ref, request } = await submitRequest(world, agent, tab, `submit-${point}`);
      await assert.rejects(
        agent.call("browser.act", request),
        (error) => isLeashError(error, "CONNECTION_LOST"),
      );
      const crashed = await armed.status;
      assert.equal(crashed.signal, "SIGKILL", `the Broker died at ${point}:\n${armed.stderr}`);
      assert.equal(await submissions(page), left);

      await using _restarted = await startTestBroker(world);
      const again = await connectAgent(world, agentKey);
      await assert.rejects(
        again.call("browser.act", request),
        (error) => isLeashError(error, retry),
        `the exact retry after a crash ${point} is ${retry}`,
      );
      await assert.rejects(
        again.call("browser.act", { ...request, action: { kind: "scroll", ref } }),
        (error) => isLeashError(error, "REQUEST_CONFLICT"),
        "a changed payload under the same request ID conflicts",
      );
      assert.equal(await submissions(page), left, "nothing was submitted again");

      const client = agentKey.slice(0, 8);
      const place = { client, instance: world.instance.id, tab: lease.tab };
      const click = { kind: "click", ref, description: `"${button}"` };
      const afterRestart = (dispatch: string) =>
        `uncertain (no outcome recorded; Broker restarted; ${dispatch})`;
      const entry = {
        // Nothing was recorded before the crash: the entry is the retry's, on a lease this
        // Broker never knew, so it cannot say where or what the click was.
        "before-intent": {
          client,
          instance: "unknown",
          tab: "unknown",
          origin: null,
          action: { ...click, description: "(unnamed)" },
          outcome: "failed",
          code: "LEASE_NOT_FOUND",
          dispatched: false,
          restarted: false,
          summary: "failed LEASE_NOT_FOUND (nothing dispatched)",
        },
        "after-intent": {
          ...place,
          origin: world.fixtures.origin,
          action: click,
          outcome: null,
          code: null,
          dispatched: false,
          restarted: true,
          summary: afterRestart("nothing was dispatched"),
        },
        "after-dispatch": {
          ...place,
          origin: world.fixtures.origin,
          action: click,
          outcome: null,
          code: null,
          dispatched: true,
          restarted: true,
          summary: afterRestart("input was dispatched"),
        },
        "after-outcome": {
          ...place,
          origin: world.fixtures.origin,
          action: click,
          outcome: "verified",
          code: null,
          dispatched: true,
          restarted: false,
          summary: "verified",
        },
      }[point];
      assert.deepEqual((await auditEntries(world)).map(audited), [entry]);
    },
  });
}

Deno.test({
  name: "clients with different journal keys using the same request ID act independently",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld({ accessMode: "personal" });
    const first = await world.openTab(world.fixtures.url("counter.html?agent=first"));
    const second = await world.openTab(world.fixtures.url("counter.html?agent=second"));
    const alice = await world.client({ journalKey: "alice-".padEnd(64, "a") });
    const bob = await world.client({ journalKey: "bob-".padEnd(64, "b") });
    const a = await submitRequest(world, alice, first.tab, "submit-1");
    const b = await submitRequest(world, bob, second.tab, "submit-1");

    const [fromAlice, fromBob] = await Promise.all([
      alice.call("browser.act", a.request),
      bob.call("browser.act", b.request),
    ]);
    assert.equal(fromAlice.status, "verified");
    assert.equal(fromBob.status, "verified");
    assert.deepEqual([await submissions(first.page), await submissions(second.page)], [1, 1]);

    // Exact retries on the live Broker get each client's own cached result back.
    assert.deepEqual(await alice.call("browser.act", a.request), fromAlice);
    assert.deepEqual(await bob.call("browser.act", b.request), fromBob);
    // Alice's exact request (same ID, same payload) is judged in the sender's own scope: Bob
    // used that ID for another payload, and Carol never used it, so hers is a new request on a
    // lease that is not hers. Neither gets Alice's cached result.
    await assert.rejects(
      bob.call("browser.act", a.request),
      (error) => isLeashError(error, "REQUEST_CONFLICT"),
    );
    const carol = await world.client({ journalKey: "carol-".padEnd(64, "c") });
    await assert.rejects(
      carol.call("browser.act", a.request),
      (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    );
    assert.deepEqual([await submissions(first.page), await submissions(second.page)], [1, 1]);

    const [entries, table] = await Promise.all([auditEntries(world), leashJournal(world)]);
    // Alice's and Bob's first clicks ran concurrently: their order in the journal is not fixed.
    const rows = (list: string[][]) => list.map((row) => row.join(" | ")).sort();
    assert.deepEqual(
      rows(entries.map((entry) => [entry.client, entry.tab, entry.summary])),
      rows([
        ["alice-aa", a.lease.tab, "verified"],
        ["bob-bbbb", b.lease.tab, "verified"],
        ["carol-cc", "unknown", "failed LEASE_NOT_FOUND (nothing dispatched)"],
      ]),
    );
    // The person's view: who clicked what, where, and how it ended, one line each.
    for (const [client, { lease, request }] of [["alice-aa", a], ["bob-bbbb", b]] as const) {
      const line = table.split("\n").find((text) => text.includes(`tab ${lease.tab} `));
      assert.ok(line !== undefined, `leash journal lists the click on ${lease.tab}:\n${table}`);
      assert.ok(line.includes(client), line);
      assert.ok(line.includes(`click ${request.action.ref} "${button}"`), line);
      assert.ok(line.endsWith("  verified"), line);
    }
    // A caller without the lease learns nothing of its page, not even in the person's audit.
    const carolLine = table.split("\n").find((text) => text.includes("carol-cc"));
    assert.ok(carolLine !== undefined, table);
    assert.ok(!carolLine.includes(button), carolLine);
  },
});
