/**
 * Standing grants in real Chromium, restricted mode, through a stock MCP
 * client: the person allows the client on a site for 8 hours from the
 * approval window; later opens and claims by that client on that exact
 * site need no prompt, another site still asks; the popup lists the grant
 * and revokes it; a grant past its time asks again.
 */
import assert from "node:assert/strict";
import { standingGrantsKey } from "../../extension/worker/standing_grants.ts";
import { serveFixtures } from "../support/serve.ts";
import { type Agent, startAgent, textOf } from "./_mcp.ts";
import { noBrowser, type World } from "./harness.ts";

/** Run `expression` in the extension's service worker; resolves with its value. */
async function inWorker(world: World, expression: string): Promise<unknown> {
  const { targetInfos } = await world.cdp.send("Target.getTargets", {}, {
    signal: AbortSignal.timeout(5_000),
  });
  const worker = Array.isArray(targetInfos)
    ? targetInfos.find((info) =>
      typeof info === "object" && info !== null && !Array.isArray(info) &&
      info.type === "service_worker"
    )
    : undefined;
  if (typeof worker !== "object" || worker === null || Array.isArray(worker)) {
    throw new Error("Cannot find the extension's service worker");
  }
  const { sessionId } = await world.cdp.send("Target.attachToTarget", {
    targetId: String(worker.targetId),
    flatten: true,
  });
  const answer = await world.cdp.send("Runtime.evaluate", {
    expression,
    awaitPromise: true,
    returnByValue: true,
  }, { sessionId: String(sessionId), signal: AbortSignal.timeout(5_000) });
  await world.cdp.send("Target.detachFromTarget", { sessionId: String(sessionId) });
  return answer.result;
}

async function openAndClose(agent: Agent, url: string): Promise<string> {
  const opened = await agent.call("browser_open", { instance: agent.world.instance.id, url });
  const text = textOf(opened);
  await agent.call("browser_close", {});
  return text;
}

Deno.test({
  name:
    "a standing grant opens and claims without a prompt on its origin only, until revoked or expired",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent();
    await using site = await serveFixtures();
    const { world } = agent;
    const url = site.url("open_start.html");

    // The person allows the client on the site for 8 hours.
    const first = agent.call("browser_open", { instance: world.instance.id, url });
    const onScreen = await world.person.nextClaim();
    await onScreen.standFor("8h");
    await onScreen.answer("allow");
    await first;
    await agent.call("browser_close", {});
    assert.equal(world.person.approvalWindowsOpened, 1);
    assert.deepEqual(await world.person.grants(), [site.origin]);

    // Used: an open and a claim on that origin ask nobody.
    assert.match(await openAndClose(agent, url), /Leash open start/);
    const { tab } = await world.openTab(site.url("open_help.html"));
    const claimed = await agent.call("browser_claim", { instance: world.instance.id, tab });
    assert.match(textOf(claimed), /Help page/);
    await agent.call("browser_release", {});
    assert.equal(world.person.approvalWindowsOpened, 1);

    // Never another origin: the same client is asked there.
    const elsewhere = agent.fail("browser_open", {
      instance: world.instance.id,
      url: world.fixtures.url("form.html"),
    });
    assert.equal((await world.person.deny()).text.origin, world.fixtures.origin);
    assert.equal((await elsewhere).code, "CLAIM_DENIED");

    // Revoked in the popup: the person is asked again.
    await world.person.revokeGrant(site.origin);
    const afterRevoke = agent.fail("browser_open", { instance: world.instance.id, url });
    await world.person.deny();
    assert.equal((await afterRevoke).code, "CLAIM_DENIED");

    // Expired: a grant whose time has passed asks again, and the popup no longer lists it.
    const again = agent.call("browser_open", { instance: world.instance.id, url });
    const granting = await world.person.nextClaim();
    await granting.standFor("1h");
    await granting.answer("allow");
    await again;
    await agent.call("browser_close", {});
    assert.deepEqual(await world.person.grants(), [site.origin]);
    await inWorker(
      world,
      `(async () => {
        const key = ${JSON.stringify(standingGrantsKey)};
        const stored = (await chrome.storage.local.get(key))[key];
        await chrome.storage.local.set({
          [key]: stored.map((grant) => ({ ...grant, expiresAt: Date.now() - 1 })),
        });
      })()`,
    );
    const expired = agent.fail("browser_open", { instance: world.instance.id, url });
    await world.person.deny();
    assert.equal((await expired).code, "CLAIM_DENIED");
    assert.deepEqual(await world.person.grants(), []);
  },
});
