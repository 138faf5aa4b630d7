/**
 * `browser_open` and `browser_close` in real Chromium through a stock MCP
 * client, on a second fixture server that logs every request: in
 * restricted mode the approval window names the site's origin while the
 * site has received nothing, and a denial closes the blank tab unloaded;
 * in personal mode the tab opens at once. Tabs the leased page opens (a
 * `target=_blank` link, a `window.open` popup) are reported on the action
 * and in browser_tabs, and claimable; only the tab Leash opened is closed.
 */
import assert from "node:assert/strict";
import { newTabTitle } from "../../extension/approval/claim_text.ts";
import { ClaimResultSchema } from "../../broker/mcp/tools/lease.ts";
import { serveFixtures } from "../support/serve.ts";
import { type Agent, refOf, startAgent, textOf } from "./_mcp.ts";
import { noBrowser, until, type World } from "./harness.ts";

/** The page targets whose URL starts with `prefix`. */
async function pagesAt(world: World, prefix: string): Promise<string[]> {
  const { targetInfos } = await world.cdp.send("Target.getTargets", {}, {
    signal: AbortSignal.timeout(5_000),
  });
  if (!Array.isArray(targetInfos)) return [];
  return targetInfos.flatMap((info) =>
    typeof info === "object" && info !== null && !Array.isArray(info) && info.type === "page" &&
      typeof info.url === "string" && info.url.startsWith(prefix)
      ? [info.url]
      : []
  );
}

/** Every page target's URL. */
function pages(world: World): Promise<string[]> {
  return pagesAt(world, "");
}

/** The tab a result's text names as opened by the page (`the page opened tab t4`). */
function openedHandle(text: string): string {
  const match = /the page opened tab (t\d+)/.exec(text);
  assert.ok(match !== null, text);
  return match[1];
}

async function open(agent: Agent, args: Record<string, unknown>) {
  const result = await agent.call("browser_open", { instance: agent.world.instance.id, ...args });
  return { ...ClaimResultSchema.parse(result.structuredContent), shown: textOf(result) };
}

Deno.test({
  name:
    "restricted browser_open shows the origin before the site gets any request, then opens, reports a popup, and closes only its own tab",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent();
    await using site = await serveFixtures();
    const { world } = agent;
    const url = site.url("open_start.html");

    const opening = open(agent, { url, reason: "Try the start page" });
    const onScreen = await world.person.nextClaim();
    assert.equal(onScreen.text.origin, site.origin);
    assert.equal(onScreen.text.title, newTabTitle);
    assert.equal(onScreen.text.reason, "Try the start page");
    // The person sees the origin; the site has been asked for nothing yet.
    assert.deepEqual(site.requests(), []);
    assert.deepEqual(await pagesAt(world, site.origin), []);
    await onScreen.answer("allow");
    const lease = await opening;
    assert.deepEqual(lease.scope, { kind: "origin", origin: site.origin });
    assert.match(lease.shown, /a new tab Leash opened for you/);
    assert.match(lease.shown, /Leash open start/);
    assert.equal(site.requests()[0], "/open_start.html");
    const { leaseId } = lease;

    // Another site is for browser_open: the text the model reads says so.
    const away = await agent.fail("browser_act", {
      leaseId,
      action: { kind: "navigate", url: world.fixtures.url("form.html") },
    });
    assert.equal(away.code, "OUT_OF_SCOPE", away.text);
    assert.match(away.text, /browser_open/);

    // A link with target=_blank: the action names the new tab, browser_tabs lists it.
    const seen = await agent.observe({ leaseId });
    const clicked = await agent.act({
      leaseId,
      documentEpoch: seen.documentEpoch,
      action: { kind: "click", ref: refOf(seen, "link", "Read the help in a new tab") },
    });
    assert.equal(clicked.opened?.length, 1, clicked.shown);
    const helpTab = openedHandle(clicked.shown);
    const tabs = textOf(await agent.call("browser_tabs", { instance: world.instance.id }));
    assert.match(tabs, new RegExp(`${helpTab} .*opened by your leased tab`), tabs);

    // A window.open popup is reported too.
    const popped = await agent.act({
      leaseId,
      documentEpoch: clicked.documentEpoch,
      action: { kind: "click", ref: refOf(seen, "button", "Open the help popup") },
    });
    assert.equal(popped.opened?.length, 1, popped.shown);
    assert.notEqual(openedHandle(popped.shown), helpTab);

    // The new tab is claimable like any other: the person approves it.
    const helpLease = await agent.claim(helpTab);
    const help = await agent.observe({ leaseId: helpLease });
    assert.match(help.shown, /Help page/);

    // Closing the tab Leash opened closes it; the popup's tab, opened by the page, stays.
    const closed = textOf(await agent.call("browser_close", { leaseId }));
    assert.match(closed, /closed its tab/);
    await until(
      "the opened tab to close",
      async () => (await pagesAt(world, url)).length === 0 ? true : undefined,
    );
    const kept = textOf(await agent.call("browser_close", { leaseId: helpLease }));
    assert.match(kept, /stays open: Leash closes only tabs it opened/);
    const helpUrl = site.url("open_help.html");
    assert.deepEqual((await pages(world)).filter((page) => page === helpUrl), [helpUrl]);
  },
});

Deno.test({
  name: "a denied browser_open closes its blank tab and the site never hears of it",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent();
    await using site = await serveFixtures();
    const { world } = agent;
    const before = (await pages(world)).length;
    const opening = agent.fail("browser_open", {
      instance: world.instance.id,
      url: site.url("open_start.html"),
    });
    const onScreen = await world.person.deny();
    assert.equal(onScreen.text.origin, site.origin);
    const denied = await opening;
    assert.equal(denied.code, "CLAIM_DENIED", denied.text);
    await until(
      "the blank tab to close",
      async () =>
        (await pages(world)).filter((page) => !page.startsWith("chrome-extension:")).length <=
            before
          ? true
          : undefined,
    );
    assert.deepEqual(site.requests(), []);
  },
});

Deno.test({
  name:
    "personal browser_open asks nobody; release with closeTab closes it, and never a tab the person opened",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    await using site = await serveFixtures();
    const { world } = agent;
    const url = site.url("open_start.html");
    const lease = await open(agent, { url });
    assert.match(lease.shown, /Leash open start/);
    assert.equal(world.person.approvalWindowsOpened, 0);

    const { tab } = await world.openTab(world.fixtures.url("form.html"));
    const theirs = await agent.claim(tab);
    const kept = textOf(
      await agent.call("browser_release", { leaseId: theirs, closeTab: true }),
    );
    assert.match(kept, /stays open/);
    assert.equal((await pagesAt(world, world.fixtures.url("form.html"))).length, 1);

    const released = textOf(
      await agent.call("browser_release", { leaseId: lease.leaseId, closeTab: true }),
    );
    assert.match(released, /closed its tab/);
    await until(
      "the opened tab to close",
      async () => (await pagesAt(world, url)).length === 0 ? true : undefined,
    );
  },
});
