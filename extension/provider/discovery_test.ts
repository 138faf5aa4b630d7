import assert from "node:assert/strict";
import { fakeProvider } from "../testing/fakes.ts";
import { listTabs } from "./discovery.ts";
import { grantLease } from "./lease.ts";

const secretUrl = "https://app.example/secret?access_token=abc.def.ghi&code=XYZ&page=2" +
  "#id_token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln";

function setup(mode: "restricted" | "personal") {
  const provider = fakeProvider({ link: { mode } });
  provider.browser.addTab({
    id: 1,
    title: "Mail",
    url: "https://mail.example/inbox",
    active: true,
  });
  provider.browser.addTab({ id: 2, title: "Settings", url: "chrome://settings/" });
  return provider;
}

/** Tabs with credentials in their URLs: 3 is leased below, 4 was opened by it, 5 by nobody. */
function withSecrets(mode: "restricted" | "personal") {
  const provider = setup(mode);
  provider.browser.addTab({ id: 3, title: "App", url: secretUrl });
  provider.browser.addTab({
    id: 4,
    title: "Sign in",
    url: "https://idp.example/authorize?client_id=app&state=S7&scope=openid",
    openerTabId: 3,
  });
  provider.browser.addTab({
    id: 5,
    title: "Other",
    url: "https://u:p@other.example/cb?code=XYZ&q=shoes#frag",
    openerTabId: 1,
  });
  return provider;
}

async function leaseOn(provider: ReturnType<typeof fakeProvider>, tabId: number) {
  const lease = { leaseId: `l${tabId}`, fence: 1 };
  await grantLease(
    provider.context,
    { lease, tab: `inst:${tabId}`, scope: "tab", clientName: "agent" },
    new AbortController().signal,
  );
  return lease;
}

Deno.test("restricted mode lists tab IDs and the active flag only", async () => {
  const { context } = setup("restricted");
  assert.deepEqual(await listTabs(context, {}), [
    { tab: "inst:1", active: true },
    { tab: "inst:2", active: false },
  ]);
});

Deno.test("personal mode adds titles and URLs of ordinary web tabs", async () => {
  const { context } = setup("personal");
  assert.deepEqual(await listTabs(context, {}), [
    { tab: "inst:1", active: true, title: "Mail", url: "https://mail.example/inbox" },
    { tab: "inst:2", active: false },
  ]);
});

Deno.test("personal mode lists unleased tabs with every query value and the fragment redacted", async () => {
  const { context } = withSecrets("personal");
  const listed = await listTabs(context, {});
  assert.deepEqual(listed.slice(2), [
    {
      tab: "inst:3",
      active: false,
      title: "App",
      url: "https://app.example/secret?access_token=[redacted]&code=[redacted]&page=[redacted]" +
        "#[redacted]",
    },
    {
      tab: "inst:4",
      active: false,
      title: "Sign in",
      url: "https://idp.example/authorize?client_id=[redacted]&state=[redacted]&scope=[redacted]",
    },
    {
      tab: "inst:5",
      active: false,
      title: "Other",
      url: "https://other.example/cb?code=[redacted]&q=[redacted]#[redacted]",
    },
  ]);
});

Deno.test("tabs of the named leases and tabs they opened keep ordinary parameters only", async () => {
  const provider = withSecrets("personal");
  const lease = await leaseOn(provider, 3);
  const listed = await listTabs(provider.context, { leases: [lease] });
  assert.deepEqual(listed.slice(2), [
    {
      tab: "inst:3",
      active: false,
      title: "App",
      url: "https://app.example/secret?access_token=[redacted]&code=[redacted]&page=2" +
        "#id_token=[redacted]",
    },
    {
      tab: "inst:4",
      active: false,
      title: "Sign in",
      url: "https://idp.example/authorize?client_id=app&state=[redacted]&scope=openid",
      openedBy: "inst:3",
    },
    {
      tab: "inst:5",
      active: false,
      title: "Other",
      url: "https://other.example/cb?code=[redacted]&q=[redacted]#[redacted]",
    },
  ]);
});

Deno.test("a lease the Broker does not name, or with a stale fence, shows nothing more", async () => {
  const provider = withSecrets("personal");
  const lease = await leaseOn(provider, 3);
  const unnamed = await listTabs(provider.context, {});
  const stale = await listTabs(provider.context, { leases: [{ ...lease, fence: 2 }] });
  const ended = await listTabs(provider.context, { leases: [{ leaseId: "gone", fence: 1 }] });
  // A lease that ended because its tab left the scope counts for nothing either.
  const other = await leaseOn(provider, 4);
  provider.leases.navigated(4, "chrome://settings/");
  const left = await listTabs(provider.context, { leases: [other] });
  for (const listed of [unnamed, stale, ended, left]) {
    assert.equal(
      listed[2].url,
      "https://app.example/secret?access_token=[redacted]&code=[redacted]&page=[redacted]" +
        "#[redacted]",
    );
    assert.equal(listed[3].openedBy, undefined);
  }
});

Deno.test("restricted mode lists no URL or title even for the caller's leased tab, only its popup's opener", async () => {
  const provider = withSecrets("restricted");
  provider.context.approvals.ask = () => Promise.resolve("allow");
  const lease = { leaseId: "l3", fence: 1 };
  await grantLease(
    provider.context,
    { lease, tab: "inst:3", scope: "origin", clientName: "agent" },
    new AbortController().signal,
  );
  const listed = await listTabs(provider.context, { leases: [lease] });
  assert.deepEqual(listed.slice(2), [
    { tab: "inst:3", active: false },
    { tab: "inst:4", active: false, openedBy: "inst:3" },
    { tab: "inst:5", active: false },
  ]);
});
