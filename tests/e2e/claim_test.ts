/**
 * Restricted-mode claims decided by the person in the extension's approval
 * window: allowed, denied, the window closed, and a click in the window's
 * first 500 ms ignored.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { type ClaimOnScreen, noBrowser, settledFlag, startWorld } from "./harness.ts";

Deno.test({
  name: "an allowed claim yields an exact-origin lease on the tab the window named",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const claim = client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
      clientName: "e2e-agent",
      reason: "Fill in the contact form",
    });
    claim.catch(() => {});
    const shown = await world.person.nextClaim();
    assert.deepEqual(shown.text, {
      heading: "Allow a client that says it is e2e-agent to use this tab?",
      client: "e2e-agent",
      program: "",
      title: "Contact form",
      origin: world.fixtures.origin,
      scope: "Only this site, in this tab",
      reason: "Fill in the contact form",
      note:
        "While the lease lasts, the client can read this tab and act in it through Leash, and see the site's console messages and network requests in it (passwords, tokens and cookies hidden). It ends when you press Stop in the Leash toolbar button, close the tab or leave the site.",
    });
    await shown.answer("allow");
    const lease = await claim;
    assert.equal(lease.tab, tab);
    assert.equal(lease.instance, world.instance.id);
    assert.deepEqual(lease.scope, { kind: "origin", origin: world.fixtures.origin });
    assert.deepEqual(
      await client.call("browser.validateLease", { sessionId: "s", leaseId: lease.leaseId }),
      { valid: true },
    );
    assert.deepEqual(await world.person.popup(), {
      status: "connected",
      leaseIds: [lease.leaseId],
    });
  },
});

Deno.test({
  name: "a denied claim is CLAIM_DENIED and leaves no lease",
  ignore: noBrowser,
  fn: async () => {
    const { world, claim } = await pendingClaim();
    await using _ = world;
    await world.person.deny();
    await assert.rejects(claim, (error) => isLeashError(error, "CLAIM_DENIED"));
    assert.deepEqual((await world.person.popup()).leaseIds, []);
  },
});

Deno.test({
  name: "closing the approval window denies the claim with CLAIM_DENIED",
  ignore: noBrowser,
  fn: async () => {
    const { world, claim } = await pendingClaim();
    await using _ = world;
    await world.person.closeApprovalWindow();
    await assert.rejects(claim, (error) => isLeashError(error, "CLAIM_DENIED"));
    assert.deepEqual((await world.person.popup()).leaseIds, []);
  },
});

/** A world with a restricted-mode claim on a form tab, sent and not yet answered. */
async function pendingClaim() {
  const world = await startWorld();
  try {
    const client = await world.client();
    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const claim = client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
    });
    claim.catch(() => {});
    return { world, tab, claim };
  } catch (error) {
    await world.dispose();
    throw error;
  }
}

/** {@linkcode pendingClaim}, once the approval window shows it. */
async function waitingClaim() {
  const pending = await pendingClaim();
  try {
    const settled = settledFlag(pending.claim);
    const shown = await pending.world.person.nextClaim();
    return { ...pending, shown, settled };
  } catch (error) {
    await pending.world.dispose();
    throw error;
  }
}

/** Click Allow now and check that it decided nothing. */
async function assertClickIgnored(
  shown: ClaimOnScreen,
  settled: () => boolean,
  when: string,
): Promise<void> {
  await shown.click("allow");
  assert.equal(await shown.shown(), true, "the claim is still on screen");
  assert.equal(settled(), false, `the click ${when} decided nothing`);
}

Deno.test({
  name: "the approval window ignores a click in its first 500 ms and takes one after",
  ignore: noBrowser,
  fn: async () => {
    const { world, claim, shown, settled } = await waitingClaim();
    await using _ = world;
    assert.equal(await shown.armed(), false, "the window must not take input yet");
    await assertClickIgnored(shown, settled, "in the first 500 ms");
    // Once armed, the same click counts. Had the early click counted, the claim
    // would have been answered and the window closed: this wait would fail.
    await shown.waitArmed();
    assert.equal(settled(), false);
    await shown.answer("allow");
    const lease = await claim;
    assert.deepEqual(lease.scope, { kind: "origin", origin: world.fixtures.origin });
    assert.equal(world.person.approvalWindowsOpened, 1);
  },
});

Deno.test({
  name: "the approval window ignores input again for 500 ms when it comes back into view",
  ignore: noBrowser,
  fn: async () => {
    const { world, tab, claim, shown, settled } = await waitingClaim();
    await using _ = world;
    await shown.waitArmed();
    // A page's popup covered the window and closed under the pointer: the click that follows
    // must not count.
    await shown.reshow();
    assert.equal(await shown.armed(), false, "coming back into view holds input again");
    await assertClickIgnored(shown, settled, "right after it came back");
    await shown.answer("allow");
    assert.equal((await claim).tab, tab);
  },
});
