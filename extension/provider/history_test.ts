import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { fakeProvider, grantShopLease } from "../testing/fakes.ts";
import { runCdp } from "./act.ts";
import { checkCdpParams } from "./cdp_params.ts";

const lease = { leaseId: "l1", fence: 1 };
const live = () => new AbortController().signal;

const history = {
  currentIndex: 1,
  entries: [
    { id: 11, url: "https://mail.example/inbox?u=ada", title: "Inbox (3) — Ada" },
    { id: 12, url: "https://shop.example/", title: "Shop" },
    { id: 13, url: "https://shop.example/cart", title: "Cart" },
  ],
};

async function setup() {
  const provider = fakeProvider();
  provider.browser.addTab({ id: 7, url: "https://shop.example/" });
  await grantShopLease(provider.leases, lease);
  provider.browser.respond = (method) => method === "Page.getNavigationHistory" ? history : {};
  return provider;
}

Deno.test("the tab's history reaches the Broker with every entry outside the lease blanked", async () => {
  const { context } = await setup();
  const seen = await runCdp(
    context,
    { lease, method: "Page.getNavigationHistory", params: {} },
    live(),
  );
  assert.deepEqual(seen, {
    currentIndex: 1,
    entries: [
      { id: 11, url: "", title: "" },
      { id: 12, url: "https://shop.example/", title: "Shop" },
      { id: 13, url: "https://shop.example/cart", title: "Cart" },
    ],
  });
});

Deno.test("a history entry inside the lease is gone to; one outside it never", async () => {
  const { context, browser } = await setup();
  await runCdp(
    context,
    { lease, method: "Page.navigateToHistoryEntry", params: { entryId: 13 } },
    live(),
  );
  for (const entryId of [11, 99]) {
    await assert.rejects(
      runCdp(
        context,
        { lease, method: "Page.navigateToHistoryEntry", params: { entryId } },
        live(),
      ),
      (error) => isLeashError(error, "CDP_FORBIDDEN"),
    );
  }
  assert.deepEqual(
    browser.commands.filter((command) => command.method === "Page.navigateToHistoryEntry"),
    [{ tabId: 7, method: "Page.navigateToHistoryEntry", params: { entryId: 13 } }],
  );
});

Deno.test("a reload carries no script to run on load", () => {
  const scope = { kind: "origin", origin: "https://shop.example" } as const;
  assert.deepEqual(checkCdpParams("Page.reload", {}, scope), {});
  assert.throws(
    () => checkCdpParams("Page.reload", { scriptToEvaluateOnLoad: "steal()" }, scope),
    (error) => isLeashError(error, "CDP_FORBIDDEN"),
  );
});
