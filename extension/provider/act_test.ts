import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { runCdp, runInput } from "./act.ts";

const lease = { leaseId: "l1", fence: 1 };

async function setup(url = "https://shop.example/") {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url });
  await grantShopLease(provider.leases, lease);
  return provider;
}

const live = () => new AbortController().signal;

Deno.test("cdp sends exactly the checked params to the leased tab", async () => {
  const { context, browser } = await setup();
  browser.respond = () => ({ frameId: "f", loaderId: "l" });
  const result = await runCdp(context, {
    lease,
    method: "Page.navigate",
    params: { url: "https://shop.example/next" },
  }, live());
  assert.deepEqual(result, { frameId: "f", loaderId: "l" });
  assert.deepEqual(browser.commands, [{
    tabId: 7,
    method: "Page.navigate",
    params: { url: "https://shop.example/next" },
  }]);
});

Deno.test("cdp refuses forbidden params before anything is sent", async () => {
  const { context, browser } = await setup();
  await assert.rejects(
    runCdp(
      context,
      { lease, method: "Page.navigate", params: { url: "https://evil.example/" } },
      live(),
    ),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("cdp on a tab that left the lease's origin sends nothing", async () => {
  const { context, browser, browser: { tabs } } = await setup();
  tabs.set(7, { ...tabs.get(7)!, url: "https://evil.example/" });
  await assert.rejects(
    runCdp(context, { lease, method: "Input.insertText", params: { text: "secret" } }, live()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.commands, []);
});

Deno.test("a DevTools error on a node is a stale target, never a foreign message", async () => {
  const { context, browser } = await setup();
  browser.respond = () => {
    throw new Error("No node with given id found");
  };
  await assert.rejects(
    runCdp(context, { lease, method: "DOM.getBoxModel", params: { backendNodeId: 9 } }, live()),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
});

Deno.test("cdp.input sends its events in order, each checked as cdp checks one", async () => {
  const { context, browser } = await setup();
  const result = await runInput(context, {
    lease,
    events: [
      { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "a", text: "a" } },
      { method: "Input.dispatchKeyEvent", params: { type: "keyUp", key: "a" } },
      { method: "Input.insertText", params: { text: "é" } },
    ],
  }, live());
  assert.deepEqual(result, { sent: 3 });
  assert.deepEqual(browser.commands.map((c) => [c.method, c.params?.type ?? c.params?.text]), [
    ["Input.dispatchKeyEvent", "keyDown"],
    ["Input.dispatchKeyEvent", "keyUp"],
    ["Input.insertText", "é"],
  ]);
});

Deno.test("cdp.input stops at the first refused event; the ones before it were sent", async () => {
  const { context, browser } = await setup();
  await assert.rejects(
    runInput(context, {
      lease,
      events: [
        { method: "Input.insertText", params: { text: "ok" } },
        { method: "Input.insertText", params: { text: "x", extra: true } },
        { method: "Input.insertText", params: { text: "never" } },
      ],
    }, live()),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
  assert.deepEqual(browser.commands.map((c) => c.params?.text), ["ok"]);
});

Deno.test("cdp.input asks the tab's origin before each event: a page that left it gets no more", async () => {
  const { context, browser, browser: { tabs } } = await setup();
  browser.respond = () => {
    // The first key's page navigates away.
    tabs.set(7, { ...tabs.get(7)!, url: "https://evil.example/" });
    return {};
  };
  await assert.rejects(
    runInput(context, {
      lease,
      events: [
        { method: "Input.dispatchKeyEvent", params: { type: "keyDown", key: "Enter" } },
        { method: "Input.insertText", params: { text: "secret" } },
      ],
    }, live()),
    (error) => isLeashError(error, "ORIGIN_CHANGED"),
  );
  assert.deepEqual(browser.commands.map((c) => c.method), ["Input.dispatchKeyEvent"]);
});
