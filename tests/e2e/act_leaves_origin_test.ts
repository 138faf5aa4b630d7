/**
 * An action that takes the tab to another origin, in real Chromium: a
 * same-origin link the server redirects (302) elsewhere, a plain link to
 * another origin, Enter in a form whose action is on another origin, and a
 * click whose page script leaves a moment later. Each is answered
 * `ORIGIN_CHANGED` (the action ran, the page left the leased origin, the
 * lease ended), its exact retry gets the same answer from the journal
 * without a second dispatch, and any further call on the lease is
 * `LEASE_NOT_FOUND`. Nothing of the other origin reaches the agent.
 */
import assert from "node:assert/strict";
import type { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import type { Action, Expectation, Observation } from "../../contracts/methods/mod.ts";
import { auditEntries } from "./_crash.ts";
import { leaseTab, noBrowser, startWorld, until, type World } from "./harness.ts";

const landingMarker = "OTHER-ORIGIN-LANDING";

/** One way out: the element it acts on, the action, and what it expects (if anything). */
interface WayOut {
  way: "redirect" | "link" | "form" | "later";
  role: string;
  name: string;
  action: (ref: string) => Action;
  expect?: Expectation;
}

const waysOut: WayOut[] = [
  {
    way: "redirect",
    role: "link",
    name: "Hop through a redirect",
    action: (ref) => ({ kind: "click", ref }),
  },
  {
    way: "link",
    role: "link",
    name: "Go to the other site",
    action: (ref) => ({ kind: "click", ref }),
  },
  {
    way: "form",
    role: "textbox",
    name: "Search",
    action: (ref) => ({ kind: "press", key: "Enter", ref }),
  },
  {
    way: "later",
    role: "button",
    name: "Continue in a moment",
    action: (ref) => ({ kind: "click", ref }),
    // The act waits for text that never comes on this page; the page leaves meanwhile.
    expect: { textPresent: "Welcome back" },
  },
];

function refOf(observation: Observation, role: string, name: string): string {
  const ref = observation.nodes.find((node) => node.role === role && node.name === name)?.ref;
  assert.ok(typeof ref === "string", `${role} "${name}" has a ref`);
  return ref;
}

/** The Broker's log lines about leases that ended, for a failure's message. */
function leaseEnds(world: World): string {
  return JSON.stringify(
    world.broker.logLines.filter((line) => String(line.event).startsWith("lease-")),
  );
}

async function leaveBy(world: World, client: LeashClient, out: WayOut, seen: string[]) {
  const opened = await world.openTab(world.fixtures.url("leave_origin.html"));
  const sessionId = `leave-${out.way}`;
  const lease = await leaseTab(world, client, opened.tab, { sessionId });
  const handle = { sessionId, leaseId: lease.leaseId };
  const before = await client.call("browser.observe", handle);
  seen.push(JSON.stringify(before));
  const request = {
    ...handle,
    requestId: `leave-${out.way}`,
    documentEpoch: before.documentEpoch,
    action: out.action(refOf(before, out.role, out.name)),
    ...(out.expect === undefined ? {} : { expect: out.expect }),
  };

  const first = await client.call("browser.act", request).then(
    (result) => `answered ${JSON.stringify(result)}`,
    (error) => isLeashError(error) ? error.code : String(error),
  );
  // Why the lease ended, when it did not end for the navigation, is in the Broker's log.
  assert.equal(first, "ORIGIN_CHANGED", `${out.way}: ${leaseEnds(world)}`);
  await world.events(client).revoked(lease.leaseId);
  await until(`the ${out.way} tab to land`, async () => {
    const landed = await opened.page.evaluate(`window.arrivals?.(${JSON.stringify(out.way)})`);
    return landed === 1 ? true : undefined;
  });

  // The exact retry is answered from the journal: the same code, nothing sent again.
  await assert.rejects(
    client.call("browser.act", request),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
    `${out.way}: the exact retry`,
  );
  await assert.rejects(
    client.call("browser.observe", handle),
    (error) => isLeashError(error, "LEASE_NOT_FOUND"),
    `${out.way}: a later call`,
  );
  assert.equal(
    await opened.page.evaluate(`window.arrivals(${JSON.stringify(out.way)})`),
    1,
    `${out.way}: the action landed once`,
  );
  assert.equal(new URL(String(await opened.page.evaluate("location.href"))).hostname, "localhost");
  await opened.page.close();
}

Deno.test({
  name: "an action that leaves the origin is answered ORIGIN_CHANGED, and so is its exact retry",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const seen: string[] = [];
    for (const out of waysOut) await leaveBy(world, client, out, seen);

    // The journal says what happened: each ran once, then its page left the leased origin.
    const entries = await auditEntries(world);
    assert.deepEqual(
      entries.map((entry) => [entry.action.kind, entry.code, entry.dispatched, entry.attempts]),
      waysOut.map((out) => [out.action("e1").kind, "ORIGIN_CHANGED", true, 1]),
    );
    for (const entry of entries) assert.match(entry.summary, /left the leased origin/);
    assert.ok(!seen.some((text) => text.includes(landingMarker)), "the other origin leaked");
  },
});
