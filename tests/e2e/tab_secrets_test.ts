/**
 * Tab listings never hand an agent a credential from a tab's URL: an
 * unleased session sees every query value and fragment as `[redacted]`, the
 * lease owner sees ordinary parameters of its tab (and of tabs its page
 * opened) with credential-like ones redacted, and restricted mode lists no
 * URL at all. Checked through two real MCP sessions on real Chromium.
 */
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { TabInfoSchema } from "../../contracts/methods/mod.ts";
import { connectMcp, type McpSession } from "../integration/_mcp_client.ts";
import { refOf, startAgent, textOf } from "./_mcp.ts";
import { noBrowser, until } from "./harness.ts";

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsZWFzaC1lMmUifQ.c2lnbmF0dXJlLXNlY3JldA";
/** Every credential the pages' URLs carry; none may appear in any listing. */
const secrets = [
  "abc.def.ghi",
  "XYZ-CODE-SECRET",
  jwt,
  "eyJzdWIiOiJsZWFzaC1lMmUifQ",
  "TAB-STATE-SECRET",
  "TAB-CODE-SECRET",
  "POPUP-STATE-SECRET",
  "POPUP-CODE-SECRET",
];
const query = "?access_token=abc.def.ghi&code=XYZ-CODE-SECRET&page=2";

const ListingSchema = z.object({ instance: z.string(), tabs: z.array(TabInfoSchema) });

/** `browser_tabs` through `mcp`: the tabs, after checking no credential appears anywhere. */
async function listTabs(mcp: McpSession, instance: string, who: string) {
  const result: CallToolResult = await mcp.call("browser_tabs", { instance });
  assert.equal(result.isError, undefined, textOf(result));
  const whole = JSON.stringify(result);
  for (const secret of secrets) {
    assert.ok(!whole.includes(secret), `${who} saw ${secret}:\n${textOf(result)}`);
  }
  return { tabs: ListingSchema.parse(result.structuredContent).tabs, text: textOf(result) };
}

Deno.test({
  name: "personal mode lists token-bearing URLs redacted, more of them only to the lease owner",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent({ accessMode: "personal" });
    await using other = await connectMcp(agent.world.runtimeDir);
    const { world } = agent;
    const instance = world.instance.id;
    const url = world.fixtures.url(`signed_in.html${query}#id_token=${jwt}`);
    const { tab } = await world.openTab(url);
    const path = world.fixtures.url("signed_in.html");

    const unleased = `${path}?access_token=[redacted]&code=[redacted]&page=[redacted]#[redacted]`;
    const before = await listTabs(other, instance, "an unleased session");
    assert.deepEqual(before.tabs.find((info) => info.tab === tab), {
      tab,
      active: true,
      title: "Signed in",
      url: unleased,
    });
    assert.match(before.text, /\[redacted\] stands for a left-out value/);

    const leaseId = await agent.claim(tab, { scope: "tab" });
    const owned = await listTabs(agent.mcp, instance, "the lease owner");
    assert.deepEqual(owned.tabs.find((info) => info.tab === tab), {
      tab,
      active: true,
      title: "Signed in",
      url: `${path}?access_token=[redacted]&code=[redacted]&page=2#id_token=[redacted]`,
    });
    assert.equal(
      (await listTabs(other, instance, "an unleased session")).tabs
        .find((info) => info.tab === tab)?.url,
      unleased,
      "another session's lease shows the tab no better",
    );

    // The leased page opens a tab (a link) and a popup window (window.open with features).
    const page = await agent.observe({ leaseId });
    await agent.act({
      leaseId,
      documentEpoch: page.documentEpoch,
      action: { kind: "click", ref: refOf(page, "link", "Continue in a new tab") },
    });
    const form = world.fixtures.url("form.html");
    // A tab is listed as soon as it opens, before its document has a title and URL: wait for them.
    const opened = await until("the opened tab, loaded, in the owner's listing", async () => {
      const { tabs } = await listTabs(agent.mcp, instance, "the lease owner");
      return tabs.find((info) => info.openedBy === tab && info.title === "Contact form");
    });
    assert.deepEqual(opened, {
      tab: opened.tab,
      active: opened.active,
      title: "Contact form",
      url: `${form}?client_id=app&state=[redacted]&page=2#code=[redacted]`,
      openedBy: tab,
    });
    const seenByOther = (await listTabs(other, instance, "an unleased session")).tabs
      .find((info) => info.tab === opened.tab);
    assert.deepEqual(seenByOther, {
      tab: opened.tab,
      active: opened.active,
      title: "Contact form",
      url: `${form}?client_id=[redacted]&state=[redacted]&page=[redacted]#[redacted]`,
    });

    const again = await agent.observe({ leaseId });
    await agent.act({
      leaseId,
      documentEpoch: again.documentEpoch,
      action: { kind: "click", ref: refOf(again, "button", "Sign in with a popup") },
    });
    await until("the popup window to load", async () => {
      const targets = await world.cdp.send("Target.getTargets", {}, {
        signal: AbortSignal.timeout(5_000),
      });
      return JSON.stringify(targets).includes("POPUP-STATE-SECRET") ? true : undefined;
    });
    // Popup windows are not listed at all; whatever is listed still shows no credential.
    for (const mcp of [agent.mcp, other]) {
      const { tabs } = await listTabs(mcp, instance, "a session after the popup opened");
      assert.ok(tabs.every((info) => !(info.url ?? "").includes("POPUP")), JSON.stringify(tabs));
    }
  },
});

Deno.test({
  name: "restricted mode lists a token-bearing tab without its URL, leased or not",
  ignore: noBrowser,
  fn: async () => {
    await using agent = await startAgent();
    await using other = await connectMcp(agent.world.runtimeDir);
    const { world } = agent;
    const instance = world.instance.id;
    const { tab } = await world.openTab(
      world.fixtures.url(`signed_in.html${query}#id_token=${jwt}`),
    );
    const expected = { tab, active: true };
    const unleased = await listTabs(other, instance, "an unleased session");
    assert.deepEqual(unleased.tabs.find((info) => info.tab === tab), expected);

    await agent.claim(tab);
    for (
      const [mcp, who] of [[agent.mcp, "the lease owner"], [other, "another session"]] as const
    ) {
      const { tabs } = await listTabs(mcp, instance, who);
      assert.deepEqual(tabs.find((info) => info.tab === tab), expected, who);
    }
  },
});
