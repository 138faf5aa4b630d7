/**
 * `browser.open` and closing a tab with its lease, and the tabs a leased
 * page opens, over real sockets against a scripted provider: the Broker
 * asks the provider's `lease.open`, keeps the lease only for the URL's
 * origin, closes only a tab the provider says Leash opened, and reports
 * the popups the provider announces on the action that ran when they
 * opened.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { startInProcess } from "./_in_process.ts";
import { fixtureSnapshot, ScriptedPage } from "./_scripted_page.ts";
import { type GrantAnswer, type OpenParams, ScriptedProvider } from "./_scripted_provider.ts";
import { instance, runtimeWorld } from "./_runtime_world.ts";

async function openWorld(onOpen?: (params: OpenParams) => GrantAnswer) {
  const env = await startInProcess();
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: instance,
    page: new ScriptedPage(fixtureSnapshot("form_page.json")),
    onOpen,
  });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  return {
    env,
    provider,
    client,
    async [Symbol.asyncDispose]() {
      client.close();
      provider.close();
      await env[Symbol.asyncDispose]();
    },
  };
}

const url = "https://app.example/signup?step=1";

Deno.test("browser.open leases a new tab for the URL's origin, and release with closeTab closes it", async () => {
  await using world = await openWorld();
  const lease = await world.client.call("browser.open", {
    sessionId: "s",
    instance,
    url,
    reason: "Try the sign-up",
  });
  assert.deepEqual(lease.scope, { kind: "origin", origin: "https://app.example" });
  assert.equal(lease.tab, `${instance}:101`);
  assert.deepEqual(world.provider.opens.map((open) => [open.url, open.scope, open.reason]), [
    [url, "origin", "Try the sign-up"],
  ]);
  assert.deepEqual(
    await world.client.call("browser.release", {
      sessionId: "s",
      leaseId: lease.leaseId,
      closeTab: true,
    }),
    { released: true, closed: true },
  );
  assert.deepEqual(world.provider.closedTabs, [lease.tab]);
  assert.equal(world.provider.live.size, 0);
  // The provider heard one revoke, the one that closed the tab.
  assert.equal(world.provider.revoked.length, 1);
  // Once ended, a second close closes nothing.
  assert.deepEqual(
    await world.client.call("browser.release", {
      sessionId: "s",
      leaseId: lease.leaseId,
      closeTab: true,
    }),
    { released: false, closed: false },
  );
});

Deno.test("release with closeTab never closes a tab Leash did not open; without it an opened tab stays", async () => {
  await using world = await openWorld();
  const claimed = await world.client.call("browser.claim", { sessionId: "s", instance });
  assert.deepEqual(
    await world.client.call("browser.release", {
      sessionId: "s",
      leaseId: claimed.leaseId,
      closeTab: true,
    }),
    { released: true, closed: false },
  );
  const opened = await world.client.call("browser.open", { sessionId: "s", instance, url });
  assert.deepEqual(
    await world.client.call("browser.release", { sessionId: "s", leaseId: opened.leaseId }),
    { released: true },
  );
  assert.deepEqual(world.provider.closedTabs, []);
  assert.ok(world.provider.openedTabs.has(opened.tab));
});

Deno.test("browser.open refuses a URL that is not http(s) before asking the browser", async () => {
  await using world = await openWorld();
  for (
    const bad of ["file:///etc/passwd", "javascript:alert(1)", "https://u:p@app.example/", "/x"]
  ) {
    await assert.rejects(
      world.client.call("browser.open", { sessionId: "s", instance, url: bad }),
      (error) => isLeashError(error, "INVALID_PARAMS"),
      bad,
    );
  }
  assert.deepEqual(world.provider.opens, []);
});

Deno.test("browser.open passes on the person's denial, and withdraws a lease of another origin than the URL's", async () => {
  let answer: GrantAnswer = { kind: "deny", code: "CLAIM_DENIED" };
  await using world = await openWorld(() => answer);
  await assert.rejects(
    world.client.call("browser.open", { sessionId: "s", instance, url }),
    (error) => isLeashError(error, "CLAIM_DENIED"),
  );
  answer = {
    kind: "grant",
    result: {
      tab: `${instance}:9`,
      scope: { kind: "origin", origin: "https://elsewhere.example" },
      url: "https://elsewhere.example/",
    },
  };
  await assert.rejects(
    world.client.call("browser.open", { sessionId: "s", instance, url }),
    (error) => isLeashError(error, "INTERNAL"),
  );
  await world.provider.sync();
  assert.equal(world.provider.live.size, 0);
});

Deno.test("tabs a leased page opens while an action runs are the action's `opened`; other leases' and other browsers' are not", async () => {
  let popupOnNextCall: (() => void) | undefined;
  await using world = await runtimeWorld({
    beforeAnswer: (method) => {
      if (method !== "cdp" || popupOnNextCall === undefined) return;
      const popup = popupOnNextCall;
      popupOnNextCall = undefined;
      popup();
    },
  });
  const seen = await world.client.call("browser.observe", world.handle);
  popupOnNextCall = () => {
    world.provider.openPopup(world.lease.leaseId, `${instance}:55`);
    world.provider.openPopup("another-lease", `${instance}:56`);
    world.provider.openPopup(world.lease.leaseId, "other-browser:57");
  };
  const result = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "go",
    documentEpoch: seen.documentEpoch,
    action: { kind: "navigate", url: new URL("/next", seen.url).href },
  });
  assert.deepEqual(result.opened, [`${instance}:55`]);
  const quiet = await world.client.call("browser.act", {
    ...world.handle,
    requestId: "again",
    documentEpoch: result.documentEpoch,
    action: { kind: "reload" },
  });
  assert.equal(quiet.opened, undefined);
});

Deno.test("navigate to another origin is OUT_OF_SCOPE with the detail that says to open it in a new tab", async () => {
  await using world = await runtimeWorld();
  const seen = await world.client.call("browser.observe", world.handle);
  await assert.rejects(
    world.client.call("browser.act", {
      ...world.handle,
      requestId: "away",
      documentEpoch: seen.documentEpoch,
      action: { kind: "navigate", url: "https://elsewhere.example/" },
    }),
    (error) => isLeashError(error, "OUT_OF_SCOPE") && error.detail?.reason === "offOrigin",
  );
});
