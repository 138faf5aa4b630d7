import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { ParamsOf, ProviderMethods } from "../../contracts/methods/mod.ts";
import { fakeProvider } from "../testing/fakes.ts";
import type { Decision, Who } from "./context.ts";
import { grantLease, revokeLease } from "./lease.ts";
import { openLease } from "./open.ts";

type OpenParams = ParamsOf<ProviderMethods, "lease.open">;

const params: OpenParams = {
  lease: { leaseId: "l1", fence: 1 },
  url: "https://app.example/start?x=1",
  scope: "origin",
  clientName: "claude-code",
  reason: "Test sign-up",
};

const signal = () => new AbortController().signal;

/**
 * A provider whose browser loads what `Page.navigate` names (or `lands`
 * there instead, or fails with `errorText`), and which records, when the
 * person is asked, what had been sent to the tab by then.
 */
function setup(options: {
  mode?: "restricted" | "personal";
  decide?: Decision;
  lands?: string;
  errorText?: string;
  standing?: (who: Who, origin: string) => boolean;
} = {}) {
  const sentBeforeAsking: string[][] = [];
  const provider = fakeProvider({
    link: { mode: options.mode ?? "restricted" },
    decide: () => {
      sentBeforeAsking.push(provider.browser.commands.map((command) => command.method));
      return options.decide ?? "allow";
    },
    ...(options.standing === undefined ? {} : { standing: options.standing }),
  });
  provider.browser.respond = (method, sent) => {
    if (method !== "Page.navigate") return {};
    if (options.errorText !== undefined) return { errorText: options.errorText };
    // The tab opened last is the one the open navigates.
    const id = provider.browser.nextTabId - 1;
    const tab = provider.browser.tabs.get(id);
    const url = options.lands ?? String(sent?.url);
    if (tab !== undefined) provider.browser.tabs.set(id, { ...tab, url, title: "App" });
    return { frameId: "f", loaderId: "l" };
  };
  return { ...provider, sentBeforeAsking };
}

Deno.test("a restricted open asks about the URL's origin on a blank tab, and loads the URL only once allowed", async () => {
  const { context, prompts, sentBeforeAsking, browser, opened, debuggerControl } = setup();
  const result = await openLease(context, params, signal());
  assert.deepEqual(result, {
    tab: "inst:100",
    scope: { kind: "origin", origin: "https://app.example" },
    url: "https://app.example/start?x=1",
  });
  assert.deepEqual(prompts, [{
    clientName: "claude-code",
    title: "",
    origin: "https://app.example",
    scope: "origin",
    reason: "Test sign-up",
    opens: true,
  }]);
  // Attached to the blank tab before asking; nothing sent to the page until allowed.
  assert.deepEqual(debuggerControl.log, ["attach 100"]);
  assert.deepEqual(sentBeforeAsking, [[]]);
  assert.deepEqual(browser.commands.map((command) => command.method), ["Page.navigate"]);
  assert.equal(context.leases.check(params.lease, 1).tabId, 100);
  assert.equal(opened.ids.has(100), true);
});

for (const [decision, code] of [["deny", "CLAIM_DENIED"], ["timeout", "CLAIM_TIMEOUT"]] as const) {
  Deno.test(`an open the person answers ${decision} closes the blank tab unloaded: ${code}`, async () => {
    const { context, browser, opened, debuggerControl, table } = setup({ decide: decision });
    await assert.rejects(
      openLease(context, params, signal()),
      (error) => isLeashError(error, code),
    );
    assert.deepEqual(browser.commands, []);
    assert.deepEqual(browser.closed, [100]);
    assert.equal(opened.ids.has(100), false);
    assert.equal(table.size, 0);
    assert.deepEqual(debuggerControl.log, ["attach 100", "detach 100"]);
  });
}

Deno.test("a personal open asks nobody", async () => {
  const { context, prompts } = setup({ mode: "personal" });
  const result = await openLease(context, { ...params, scope: "tab" }, signal());
  assert.deepEqual(result.scope, { kind: "tab" });
  assert.deepEqual(prompts, []);
});

Deno.test("an open whose page does not load is NAVIGATION_FAILED and closes its tab", async () => {
  const { context, browser, table } = setup({ errorText: "net::ERR_CONNECTION_REFUSED" });
  await assert.rejects(
    openLease(context, params, signal()),
    (error) => isLeashError(error, "NAVIGATION_FAILED"),
  );
  assert.deepEqual(browser.closed, [100]);
  assert.equal(table.size, 0);
});

Deno.test("an open redirected to another origin is ORIGIN_CHANGED and closes its tab", async () => {
  const { context, browser, table } = setup({ lands: "https://elsewhere.example/" });
  await assert.rejects(
    openLease(context, params, signal()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.closed, [100]);
  assert.equal(table.size, 0);
});

Deno.test("an open refuses what is not an http(s) URL, and tab scope outside personal mode, before opening a tab", async () => {
  const { context, browser } = setup();
  for (const url of ["file:///etc/passwd", "javascript:alert(1)", "https://u:p@app.example/"]) {
    await assert.rejects(
      openLease(context, { ...params, url }, signal()),
      (error) => isLeashError(error, "INVALID_PARAMS"),
    );
  }
  await assert.rejects(
    openLease(context, { ...params, scope: "tab" }, signal()),
    (error) => isLeashError(error, "UNSUPPORTED"),
  );
  assert.equal(browser.tabs.size, 0);
});

Deno.test("revoke with closeTab closes a tab Leash opened, and never one it did not", async () => {
  const { context, browser, opened } = setup();
  await openLease(context, params, signal());
  assert.deepEqual(await revokeLease(context, { lease: params.lease, closeTab: true }), {
    revoked: true,
    closed: true,
  });
  assert.deepEqual(browser.closed, [100]);
  assert.equal(opened.ids.has(100), false);

  browser.addTab({ id: 7, title: "Shop", url: "https://shop.example/", active: true });
  const lease = { leaseId: "l2", fence: 2 };
  await grantLease(
    context,
    { lease, tab: "inst:7", scope: "origin", clientName: "claude-code" },
    signal(),
  );
  assert.deepEqual(await revokeLease(context, { lease, closeTab: true }), {
    revoked: true,
    closed: false,
  });
  assert.deepEqual(browser.closed, [100]);
  assert.ok(browser.tabs.has(7));
  // A lease that already ended closes nothing.
  assert.deepEqual(await revokeLease(context, { lease, closeTab: true }), {
    revoked: false,
    closed: false,
  });
});

Deno.test("Stop pressed while the person decides ends the open: the tab closes unloaded", async () => {
  const provider = fakeProvider({ link: { mode: "restricted" } });
  provider.context.approvals.ask = async () => {
    await provider.leases.end("l1", "stop");
    return "allow";
  };
  await assert.rejects(
    openLease(provider.context, params, signal()),
    (error) => isLeashError(error, "STALE_LEASE"),
  );
  assert.deepEqual(provider.browser.commands, []);
  assert.deepEqual(provider.browser.closed, [100]);
});

Deno.test("a standing grant for the client on the URL's origin opens without asking; another origin still asks", async () => {
  const provider = setup({
    standing: (who, origin) => who.clientName === "claude-code" && origin === "https://app.example",
  });
  const prompts = provider.prompts;
  await openLease(provider.context, params, signal());
  assert.deepEqual(prompts, []);
  await openLease(
    provider.context,
    { ...params, lease: { leaseId: "l2", fence: 2 }, url: "https://other.example/" },
    signal(),
  );
  assert.equal(prompts.length, 1);
});

Deno.test("an open that asks for capture turns it on after the person allowed it and before the page loads", async () => {
  const { context, sentBeforeAsking, browser } = setup();
  await openLease(context, { ...params, capture: true }, signal());
  assert.ok(!sentBeforeAsking[0].includes("Runtime.enable"), "nothing is captured before approval");
  const methods = browser.commands.map((command) => command.method);
  const enabled = methods.indexOf("Runtime.enable");
  assert.ok(enabled >= 0 && enabled < methods.indexOf("Page.navigate"), `${methods}`);
  assert.notEqual(context.logs.logs("l1"), undefined);
});
