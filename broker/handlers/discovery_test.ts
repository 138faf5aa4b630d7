import assert from "node:assert/strict";
import type { ParamsOf, ProviderMethods, TabInfo } from "../../contracts/methods/mod.ts";
import { silentLogger } from "../../local/log.ts";
import { fakeProvider, fakeSession } from "../authority/_fake_peers.ts";
import { BrokerState } from "../authority/state.ts";
import { createHandlerDeps } from "./context.ts";
import { discoveryHandlers } from "./discovery.ts";
import { leaseHandlers } from "./lease.ts";

const context = () => ({ id: "r", signal: new AbortController().signal });

const secret = "https://app.example/secret?access_token=abc.def.ghi&code=XYZ&page=2#id_token=T0K3N";

const popup = "https://idp.example/authorize?client_id=app&state=S7&q=shoes";

/** A provider that lists every URL whole, as a faulty extension might. */
const unredacted: TabInfo[] = [
  { tab: "i:1", active: true, title: "App", url: secret },
  { tab: "i:2", active: false, title: "Popup", url: popup, openedBy: "i:1" },
  { tab: "i:3", active: false, title: "Mine", url: secret },
  { tab: "i:4", active: false, title: "Other", url: secret, openedBy: "i:3" },
];

function setup(accessMode: "restricted" | "personal") {
  const state = new BrokerState(silentLogger, { accessMode });
  const asked: Array<ParamsOf<ProviderMethods, "tabs.list">> = [];
  fakeProvider(state, {
    instance: "i",
    onTabs: (params) => {
      asked.push(params);
      return unredacted;
    },
  });
  fakeProvider(state, { instance: "j" });
  const clientFor = (conn: string) => {
    const session = fakeSession(state, conn);
    const deps = createHandlerDeps({ state, session: () => session, providerTimeoutMs: 1_000 });
    return { ...discoveryHandlers(deps), ...leaseHandlers(deps) };
  };
  return { state, asked, alice: clientFor("c1"), bob: clientFor("c2") };
}

Deno.test("browser.tabs names only the caller's leases on that instance to the provider", async () => {
  const { state, asked, alice, bob } = setup("personal");
  await alice["browser.tabs"]({ instance: "i" }, context());
  const mine = await alice["browser.claim"](
    { sessionId: "s", instance: "i", tab: "i:1", scope: "tab" },
    context(),
  );
  await alice["browser.claim"]({ sessionId: "t", instance: "j", tab: "j:1" }, context());
  await bob["browser.claim"]({ sessionId: "s", instance: "i", tab: "i:3" }, context());
  await alice["browser.tabs"]({ instance: "i" }, context());
  const fence = state.leases.get(mine.leaseId)?.fence;
  assert.deepEqual(asked, [{}, { leases: [{ leaseId: mine.leaseId, fence }] }]);
});

Deno.test("browser.tabs redacts what a provider lists whole: the caller's tabs and their popups keep ordinary parameters", async () => {
  const { alice, bob } = setup("personal");
  await alice["browser.claim"]({ sessionId: "s", instance: "i", tab: "i:1" }, context());
  await bob["browser.claim"]({ sessionId: "s", instance: "i", tab: "i:3" }, context());
  const leased = "https://app.example/secret?access_token=[redacted]&code=[redacted]&page=2" +
    "#id_token=[redacted]";
  const unleased = "https://app.example/secret?access_token=[redacted]&code=[redacted]" +
    "&page=[redacted]#[redacted]";
  assert.deepEqual(await alice["browser.tabs"]({ instance: "i" }, context()), [
    { tab: "i:1", active: true, title: "App", url: leased },
    {
      tab: "i:2",
      active: false,
      title: "Popup",
      url: "https://idp.example/authorize?client_id=app&state=[redacted]&q=shoes",
      openedBy: "i:1",
    },
    { tab: "i:3", active: false, title: "Mine", url: unleased },
    { tab: "i:4", active: false, title: "Other", url: unleased },
  ]);
  assert.deepEqual(await bob["browser.tabs"]({ instance: "i" }, context()), [
    { tab: "i:1", active: true, title: "App", url: unleased },
    {
      tab: "i:2",
      active: false,
      title: "Popup",
      url: "https://idp.example/authorize?client_id=[redacted]&state=[redacted]&q=[redacted]",
    },
    { tab: "i:3", active: false, title: "Mine", url: leased },
    { tab: "i:4", active: false, title: "Other", url: leased, openedBy: "i:3" },
  ]);
});

Deno.test("browser.tabs in restricted mode relays no title, URL or opener whatever a provider lists", async () => {
  const { alice } = setup("restricted");
  assert.deepEqual(await alice["browser.tabs"]({ instance: "i" }, context()), [
    { tab: "i:1", active: true },
    { tab: "i:2", active: false },
    { tab: "i:3", active: false },
    { tab: "i:4", active: false },
  ]);
});
