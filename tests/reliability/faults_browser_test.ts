/**
 * Faults in real Chromium: the Native Host, the whole browser, the
 * extension's MV3 service worker and the Broker are killed at seeded random
 * moments while an agent's observe or act call is in flight on a leased
 * counter page (`fault_counter.html` counts form submissions in IndexedDB
 * with strict durability and shows a count only once it is on disk, so it
 * survives every fault here, a SIGKILLed browser included: localStorage
 * does not).
 *
 * Every round, whatever the fault:
 * - the call in flight settles: answered, or refused with a code of the
 *   fault's expected set (never an untyped error, never a hang);
 * - the lease ends: its owner is told `browser.lease-revoked` where the
 *   Broker survives, the old lease is refused `LEASE_NOT_FOUND`, and the
 *   extension's popup no longer lists it;
 * - nothing is replayed: the page counts at most the act calls that were
 *   sent, and the count does not move through recovery, nor on an exact
 *   retry of the interrupted act;
 * - the system recovers with new authority: the extension registers anew,
 *   the old lease stays refused, a new claim succeeds and one click counts
 *   exactly one submission;
 * - no process is left: one live Native Host after the round, and nothing
 *   for teardown to reap.
 *
 * One world per fault kind, so a failure names its fault. The host kind
 * runs in restricted access mode (the person approves every claim in the
 * approval window), the others in personal mode. `deno task test:browser`
 * runs this file beside the others: most of its time goes to waiting for
 * what it killed to come back.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { LeashClient } from "../../broker/client/client.ts";
import { type ErrorCode, isLeashError } from "../../contracts/errors.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { mulberry32 } from "../../contracts/testing/mutate.ts";
import { connectAgent, startTestBroker } from "../e2e/_crash.ts";
import type { BrokerProcess } from "../integration/_broker_process.ts";
import { delay, noBrowser, startWorld, until, withTimeout, type World } from "../e2e/harness.ts";
import type { InstanceInfo } from "../../broker/authority/registry.ts";
import type { CdpPage } from "../support/cdp.ts";
import {
  type BrowserSide,
  extensionWorkers,
  type FaultKind,
  faultKinds,
  FaultTally,
  type InFlight,
  killBrowser,
  killWorker,
  openTab,
  relaunchBrowser,
  submissions,
  worldSide,
} from "./_faults.ts";
import { figure, seedFor, sized, stress } from "./_size.ts";

const seed = seedFor(0xfa17);
/** Rounds per fault kind. */
const rounds = sized(3, 25);
const button = "Submit order";

/**
 * The codes a call in flight may be refused with, by fault. Where the
 * Broker survives, the lease ended with the browser's link
 * (`LEASE_NOT_FOUND`, also when the link closed under the call), or an act
 * that may have dispatched says so (`RECOVERY_REQUIRED`, `OUTCOME_UNKNOWN`).
 * Where the Broker dies, the client's own connection goes with it
 * (`CONNECTION_LOST`).
 */
const expectedCodes: Record<FaultKind, readonly ErrorCode[]> = {
  // The client's own connection lives on: it hears that its lease ended, never "reconnect".
  host: ["LEASE_NOT_FOUND", "RECOVERY_REQUIRED", "OUTCOME_UNKNOWN"],
  browser: ["LEASE_NOT_FOUND", "RECOVERY_REQUIRED", "OUTCOME_UNKNOWN"],
  worker: ["LEASE_NOT_FOUND", "RECOVERY_REQUIRED", "OUTCOME_UNKNOWN"],
  broker: ["CONNECTION_LOST"],
};

/**
 * What a cut act whose click reached the page may be told where the Broker
 * survives: codes that say it may have run, so the agent observes before
 * acting again. Never `LEASE_NOT_FOUND`, although the fault ended the lease:
 * "claim again" would invite a second, new request (see the suite's README,
 * "a landed click was answered LEASE_NOT_FOUND").
 */
const landedActCodes: readonly ErrorCode[] = ["RECOVERY_REQUIRED", "OUTCOME_UNKNOWN"];

/**
 * What an exact retry of an interrupted act may be told: its lease is gone
 * (it never ran), or the journal knows it ran (`RECOVERY_REQUIRED`) or may
 * have (`OUTCOME_UNKNOWN`). Never a second dispatch.
 */
const retryCodes: readonly string[] = ["LEASE_NOT_FOUND", "OUTCOME_UNKNOWN", "RECOVERY_REQUIRED"];

/**
 * The counter pages a round may lease: a short one, and one whose long list
 * makes a read take long enough for a fault to strike inside it. The
 * longest delay before the fault, by call, is about that call's own
 * duration on that page, so most faults land while it is in flight.
 */
const pages = [
  { rows: 0, maxDelayMs: { observe: 30, act: 100 } },
  { rows: 300, maxDelayMs: { observe: 150, act: 500 } },
] as const;

/** One fault kind's world and what changes across its rounds. */
interface KindRun {
  readonly kind: FaultKind;
  readonly world: World;
  readonly tally: FaultTally;
  /** The browser now (a new one after each browser fault). */
  side: BrowserSide;
  /** The extension's instance now, and when it connected. */
  instance: InstanceInfo;
  /** The Broker now, when the world's own was replaced (Broker faults). */
  broker: BrokerProcess | undefined;
  /** The service worker the last worker fault killed. */
  killedWorker: string | undefined;
  /** A line per thing that went wrong in this kind (also in the tally). */
  readonly lost: string[];
}

/** Claim `tab`; in restricted mode the person allows it in the approval window. */
async function claim(run: KindRun, client: LeashClient, tab: string): Promise<Lease> {
  const claimed = client.call("browser.claim", {
    sessionId: "s",
    instance: run.instance.id,
    tab,
    clientName: "faults-agent",
  });
  if (run.world.accessMode === "personal") return await claimed;
  const settled = new AbortController();
  claimed.then(() => {}, () => {}).finally(() => settled.abort());
  const approved = run.side.person.approve({ signal: settled.signal });
  await Promise.race([claimed, approved]);
  await approved;
  return await claimed;
}

/**
 * Observe the page and build a click on its submit button that expects the
 * page to show `count` submissions, which it does only once they are on
 * disk: an answered click is a stored one, even if the browser dies next.
 */
async function prepareClick(
  client: LeashClient,
  lease: Lease,
  requestId: string,
  count: number,
) {
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  const observation: Observation = await client.call("browser.observe", handle);
  const ref = observation.nodes.find((node) => node.role === "button" && node.name === button)
    ?.ref;
  assert.ok(typeof ref === "string", `the page shows the ${button} button`);
  return {
    ...handle,
    requestId,
    documentEpoch: observation.documentEpoch,
    action: { kind: "click" as const, ref },
    expect: { textPresent: `Submissions: ${count}` },
  };
}

/** How `call` settled, as the tally counts it. */
async function settle(call: Promise<unknown>): Promise<InFlight> {
  try {
    await call;
    return { kind: "answered" };
  } catch (error) {
    if (isLeashError(error)) return { kind: "typed", code: error.code };
    return { kind: "untyped", error: String(error) };
  }
}

/** The code `call` is refused with, or `answered`, or the untyped error's text. */
async function outcomeOf(call: Promise<unknown>): Promise<string> {
  const outcome = await settle(call);
  return outcome.kind === "answered"
    ? "answered"
    : outcome.kind === "typed"
    ? outcome.code
    : `untyped: ${outcome.error}`;
}

/** Note something that went wrong in this round; the step fails at its end. */
function lose(run: KindRun, label: string, what: string): void {
  const line = `${label}: ${what}`;
  run.lost.push(line);
  run.tally.lost.push(line);
}

/**
 * Prepare the fault: find what to kill now, so that firing it at the
 * chosen moment is one system call. Returns the function that fires it
 * and resolves once the victim is dead.
 */
async function arm(run: KindRun): Promise<() => Promise<void>> {
  switch (run.kind) {
    case "host": {
      const hosts = await run.world.hostProcesses();
      assert.equal(hosts.length, 1, "exactly one Native Host runs before the fault");
      return async () => {
        for (const { pid } of hosts) Deno.kill(pid, "SIGKILL");
        await until("the killed host to exit", async () => {
          const live = await run.world.hostProcesses();
          return hosts.some(({ pid }) => live.some((host) => host.pid === pid)) ? undefined : true;
        });
      };
    }
    case "browser": {
      const side = run.side;
      return () => killBrowser(run.world, side);
    }
    case "worker": {
      const workers = await extensionWorkers(run.side.cdp);
      assert.equal(workers.length, 1, "exactly one extension service worker runs");
      const cdp = run.side.cdp;
      run.killedWorker = workers[0];
      return () => killWorker(cdp, workers[0]);
    }
    case "broker": {
      const broker = run.broker;
      assert.ok(broker !== undefined, "a test Broker runs");
      return async () => {
        const status = await broker.stop("SIGKILL");
        assert.equal(status.signal, "SIGKILL", "the Broker died of the SIGKILL");
      };
    }
  }
}

/** A client of the live Broker for a round, and for Broker faults the Broker it will kill. */
async function roundClient(run: KindRun, journalKey: string): Promise<LeashClient> {
  if (run.kind !== "broker") return await run.world.client({ journalKey });
  if (run.broker === undefined) {
    await run.world.broker.stop();
    run.broker = await startTestBroker(run.world);
  }
  return await connectAgent(run.world, journalKey);
}

/**
 * Whether a worker round waits for the extension's 30 s reconnect alarm to
 * wake the dead worker instead of the person opening the popup: every fifth
 * round of a stress run (too slow for CI).
 */
function unattended(kind: FaultKind, index: number): boolean {
  return kind === "worker" && stress && index % 5 === 0;
}

/**
 * Bring the system back after the fault as a person would (relaunch the
 * browser, open the popup, start the Broker) and wait for the extension to
 * register anew. Returns a client of the live Broker with the round's
 * journal key (the round's own client where the Broker survived).
 */
async function recover(
  run: KindRun,
  index: number,
  client: LeashClient,
  journalKey: string,
): Promise<LeashClient> {
  const before = run.instance;
  switch (run.kind) {
    case "broker": {
      run.broker = await startTestBroker(run.world);
      const agent = await connectAgent(run.world, journalKey);
      run.instance = await until(
        "the extension on the new Broker",
        async () =>
          (await agent.call("browser.instances", {})).find((instance) => instance.id === before.id),
        { timeoutMs: 20_000 },
      );
      return agent;
    }
    case "browser":
      run.side = await relaunchBrowser(run.world);
      break;
    case "worker": {
      // Nothing wakes a dead worker but an event: the person opening the popup is one, the
      // extension's reconnect alarm another.
      if (unattended(run.kind, index)) run.tally.byAlarm++;
      else await run.side.person.popup();
      break;
    }
    case "host":
      break;
  }
  // A killed browser may not have flushed its storage: the instance ID could be new.
  run.instance = await run.world.waitForInstance(
    (instance) => instance.connectedSince !== before.connectedSince || instance.id !== before.id,
    unattended(run.kind, index) ? 45_000 : 30_000,
  );
  if (run.kind === "worker") {
    const workers = await extensionWorkers(run.side.cdp);
    assert.ok(
      workers.length === 1 && workers[0] !== run.killedWorker,
      `a new service worker serves the extension, not the killed ${run.killedWorker}: ${workers}`,
    );
  }
  return client;
}

/** One round: lease, calls, a fault under a call in flight, then every check. */
async function round(run: KindRun, index: number, random: () => number): Promise<void> {
  const { kind, world, tally } = run;
  const label = `${kind} round ${index}`;
  const page = pages[Math.floor(random() * pages.length)];
  const journalKey = `faults-${kind}-${index}-`.padEnd(64, "k");
  let client = await roundClient(run, journalKey);
  const url = world.fixtures.url(
    `fault_counter.html?rows=${page.rows}&case=${kind}-${seed}-${index}`,
  );
  let opened = await openTab(run.side, url, client, run.instance.id);
  assert.equal(await submissions(opened.page), 0, "a fresh counter");

  const lease = await claim(run, client, opened.tab);
  const handle = { sessionId: "s", leaseId: lease.leaseId };
  let issued = 0;
  let answered = 0;
  let requests = 0;
  const nextRequestId = () => `${kind}-${index}-${++requests}`;

  // Calls that finish before the fault: none, one or two, observe or act.
  const warmUp = Math.floor(random() * 3);
  for (let call = 0; call < warmUp; call++) {
    if (random() < 0.5) {
      await client.call("browser.observe", handle);
    } else {
      const request = await prepareClick(client, lease, nextRequestId(), answered + 1);
      issued++;
      const result = await client.call("browser.act", request);
      assert.equal(result.status, "verified", `${label}: a warm-up click was stored`);
      answered++;
    }
  }

  // The call in flight when the fault strikes.
  const op = random() < 0.5 ? "observe" : "act";
  const request = op === "act"
    ? await prepareClick(client, lease, nextRequestId(), answered + 1)
    : undefined;
  const fire = await arm(run);
  const delayMs = Math.floor(random() * page.maxDelayMs[op]);
  if (request !== undefined) issued++;
  const inFlight = request !== undefined
    ? client.call("browser.act", request, { timeoutMs: 60_000 })
    : client.call("browser.observe", handle, { timeoutMs: 60_000 });
  const outcome = settle(inFlight);
  await delay(delayMs);
  tally.faults[kind]++;
  const [settled] = await Promise.all([
    withTimeout(`settle the ${op} in flight (${label})`, outcome, 45_000),
    fire(),
  ]);
  tally.settled(settled);
  if (settled.kind === "untyped") lose(run, label, `the ${op} failed untyped: ${settled.error}`);
  if (settled.kind === "typed" && !expectedCodes[kind].includes(settled.code)) {
    lose(run, label, `the ${op} was refused ${settled.code}, not one of ${expectedCodes[kind]}`);
  }

  // The lease ended: its owner is told where the Broker survived.
  tally.leases++;
  let ended = true;
  if (kind === "broker") {
    const reason = await withTimeout("see the client's connection close", client.closed, 15_000);
    if (reason !== "CONNECTION_LOST") lose(run, label, `the client's connection closed ${reason}`);
  } else {
    try {
      await world.events(client).revoked(lease.leaseId);
    } catch {
      ended = false;
      lose(run, label, "the owner was never told browser.lease-revoked");
    }
    const old = await outcomeOf(client.call("browser.observe", handle));
    if (old !== "LEASE_NOT_FOUND") {
      ended = false;
      lose(run, label, `the old lease right after the fault: ${old}, not LEASE_NOT_FOUND`);
    }
  }

  client = await recover(run, index, client, journalKey);
  if (kind === "browser") {
    // The killed browser's tab is gone: the same counter, in a tab of the new browser.
    opened = await openTab(run.side, url, client, run.instance.id);
  }
  const counter: CdpPage = opened.page;
  const afterFault = await submissions(counter);
  if (afterFault > issued) {
    tally.replays += afterFault - issued;
    lose(run, label, `${afterFault} submissions after ${issued} act calls`);
  }
  if (afterFault < answered) {
    lose(run, label, `${afterFault} submissions after ${answered} answered clicks`);
  }

  // Still refused after recovery, and an exact retry of the interrupted act dispatches nothing.
  const old = await outcomeOf(client.call("browser.observe", handle));
  if (old !== "LEASE_NOT_FOUND") {
    ended = false;
    lose(run, label, `the old lease after recovery: ${old}, not LEASE_NOT_FOUND`);
  }
  if (request !== undefined && settled.kind !== "answered") {
    const landed = afterFault === issued;
    if (
      landed && kind !== "broker" && settled.kind === "typed" &&
      !landedActCodes.includes(settled.code)
    ) {
      lose(run, label, `an act whose click landed was refused ${settled.code}`);
    }
    const retry = await outcomeOf(client.call("browser.act", request));
    tally.actCut(settled.kind === "typed" ? settled.code : "untyped", landed, retry);
    if (!retryCodes.includes(retry)) lose(run, label, `the exact retry of the cut act: ${retry}`);
  }
  const beforeClick = await submissions(counter);
  if (beforeClick !== afterFault) {
    tally.replays += Math.max(0, beforeClick - afterFault);
    lose(run, label, `the count moved from ${afterFault} to ${beforeClick} through recovery`);
  }

  // New authority: a new claim, and one click counts exactly once.
  const renewed = await claim(run, client, opened.tab);
  const click = await prepareClick(client, renewed, nextRequestId(), beforeClick + 1);
  const result = await client.call("browser.act", click);
  const afterClick = await submissions(counter);
  const view = await run.side.person.popup();
  if (!(view.leaseIds.length === 1 && view.leaseIds[0] === renewed.leaseId)) {
    if (view.leaseIds.includes(lease.leaseId)) ended = false;
    lose(run, label, `the popup lists ${JSON.stringify(view.leaseIds)}, not [${renewed.leaseId}]`);
  }
  if (ended) tally.leasesEnded++;
  if (
    result.status === "verified" && afterClick === beforeClick + 1 && view.status === "connected"
  ) {
    tally.recoveries++;
  } else {
    lose(
      run,
      label,
      `recovery: click ${result.status}, count ${beforeClick} → ${afterClick}, popup ${view.status}`,
    );
  }
  await client.call("browser.release", { sessionId: "s", leaseId: renewed.leaseId });
  await counter.close();

  // One live Native Host, no stray one.
  try {
    await until(
      "exactly one Native Host",
      async () => (await world.hostProcesses()).length === 1 ? true : undefined,
      { timeoutMs: 10_000 },
    );
  } catch {
    const hosts = await world.hostProcesses();
    tally.processesLeft += Math.max(0, hosts.length - 1);
    lose(run, label, `${hosts.length} Native Hosts after the round`);
  }
}

/** Every round of one fault kind in a world of its own, then its teardown. */
async function runKind(kind: FaultKind, tally: FaultTally, random: () => number): Promise<void> {
  const world = await startWorld({ accessMode: kind === "host" ? "restricted" : "personal" });
  const run: KindRun = {
    kind,
    world,
    tally,
    side: worldSide(world),
    instance: world.instance,
    broker: undefined,
    killedWorker: undefined,
    lost: [],
  };
  try {
    for (let index = 0; index < rounds; index++) await round(run, index, random);
  } finally {
    if (run.side.pid !== world.browser.pid) await run.side.close();
    await run.broker?.stop();
    await world.dispose();
  }
  tally.processesLeft += world.reaped.length;
  for (const { pid, cmdline } of world.reaped) {
    lose(run, kind, `teardown reaped ${pid} ${cmdline.slice(0, 120)}`);
  }
  assert.deepEqual(run.lost, [], `${kind} faults lost something`);
}

const names: Record<FaultKind, string> = {
  host: "a Native Host killed under a call",
  browser: "the whole browser killed under a call and relaunched on its profile",
  worker: "the extension's service worker killed under a call",
  broker: "the Broker killed under a call and started again",
};

Deno.test({
  name: "faults in real Chromium end the lease with a typed error, replay nothing, " +
    "and recover with new authority, leaving no process behind",
  ignore: noBrowser,
  fn: async (t) => {
    const tally = new FaultTally();
    const failed: FaultKind[] = [];
    for (const [offset, kind] of faultKinds.entries()) {
      const passed = await t.step(
        names[kind],
        () => runKind(kind, tally, mulberry32((seed + offset) >>> 0)),
      );
      if (!passed) failed.push(kind);
    }
    figure("faults browser", tally.text(seed));
    assert.deepEqual(failed, [], "every fault kind holds");
  },
});
