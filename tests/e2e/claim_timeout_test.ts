/**
 * A claim nobody answers times out with CLAIM_TIMEOUT, never a silent
 * denial. The extension waits its full 60 s (the production value: the
 * build has no test-only override), so this is the suite's one slow test:
 * `deno task test:browser` runs it beside the other browser tests (with the
 * faults test, which mostly waits for what it killed to come back), as it
 * spends its minute waiting.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { noBrowser, startWorld, until } from "./harness.ts";

Deno.test({
  name: "an unanswered claim is CLAIM_TIMEOUT after the approval window's wait, and it closes",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const client = await world.client();
    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const claim = client.call(
      "browser.claim",
      { sessionId: "s", instance: world.instance.id, tab },
      // Past the extension's 60 s and inside the Broker's 90 s grant deadline.
      { timeoutMs: 85_000 },
    );
    claim.catch(() => {});
    const shown = await world.person.nextClaim();
    assert.equal(await shown.shown(), true);
    await assert.rejects(claim, (error) => isLeashError(error, "CLAIM_TIMEOUT"));
    await until("the approval window to close", async () => await shown.shown() ? undefined : true);
    assert.deepEqual((await world.person.popup()).leaseIds, []);
  },
});
