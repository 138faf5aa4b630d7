import assert from "node:assert/strict";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { runCdp } from "./act.ts";

const lease = { leaseId: "l1", fence: 1 };
const live = () => new AbortController().signal;
const intercept = (enabled: boolean) => ({
  lease,
  method: "Page.setInterceptFileChooserDialog" as const,
  params: { enabled },
});

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url: "https://shop.example/" });
  await grantShopLease(provider.leases, lease);
  return provider;
}

Deno.test("turning interception off names the input the page opened a chooser from", async () => {
  const { context, browser, choosers } = await setup();
  assert.deepEqual(await runCdp(context, intercept(true), live()), {});
  choosers.heard(7, "Page.fileChooserOpened", {
    frameId: "F",
    mode: "selectMultiple",
    backendNodeId: 41,
  });
  assert.deepEqual(await runCdp(context, intercept(false), live()), {
    opened: { backendNodeId: 41, multiple: true },
  });
  assert.deepEqual(browser.commands, [
    { tabId: 7, method: "Page.setInterceptFileChooserDialog", params: { enabled: true } },
    { tabId: 7, method: "Page.setInterceptFileChooserDialog", params: { enabled: false } },
  ]);
  // What was heard answered once: the next upload starts from nothing.
  assert.equal(choosers.opened(7), undefined);
});

Deno.test("a chooser heard just after the click still answers; none answers nothing", async () => {
  const { context, browser, choosers } = await setup();
  await runCdp(context, intercept(true), live());
  const off = runCdp(context, intercept(false), live());
  setTimeout(
    () => choosers.heard(7, "Page.fileChooserOpened", { mode: "selectSingle", backendNodeId: 9 }),
    20,
  );
  assert.deepEqual(await off, { opened: { backendNodeId: 9, multiple: false } });

  await runCdp(context, intercept(true), live());
  // A picker no file input opened (no backend node), or another tab's, is no answer.
  choosers.heard(7, "Page.fileChooserOpened", { mode: "selectSingle" });
  choosers.heard(8, "Page.fileChooserOpened", { mode: "selectSingle", backendNodeId: 3 });
  assert.deepEqual(await runCdp(context, intercept(false), live()), {});
  assert.equal(
    browser.commands.filter((command) => command.params?.enabled === false).length,
    2,
    "interception is turned off each time",
  );
});

Deno.test("a chooser of an earlier upload does not answer for the next", async () => {
  const { context, choosers } = await setup();
  choosers.heard(7, "Page.fileChooserOpened", { mode: "selectSingle", backendNodeId: 5 });
  await runCdp(context, intercept(true), live());
  assert.deepEqual(await runCdp(context, intercept(false), live()), {});
});

Deno.test("interception is turned off even when the wait is cut short", async () => {
  const { context, browser } = await setup();
  await runCdp(context, intercept(true), live());
  const cancel = new AbortController();
  const off = runCdp(context, intercept(false), cancel.signal);
  // Cut while it waits for a chooser.
  setTimeout(() => cancel.abort(), 20);
  await off.catch(() => {});
  assert.deepEqual(browser.commands.at(-1), {
    tabId: 7,
    method: "Page.setInterceptFileChooserDialog",
    params: { enabled: false },
  });
});
