import assert from "node:assert/strict";
import { fakeProvider } from "../testing/fakes.ts";
import { listTabs } from "./discovery.ts";

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

Deno.test("restricted mode lists tab IDs and the active flag only", async () => {
  const { context } = setup("restricted");
  assert.deepEqual(await listTabs(context), [
    { tab: "inst:1", active: true },
    { tab: "inst:2", active: false },
  ]);
});

Deno.test("personal mode adds titles and URLs of ordinary web tabs", async () => {
  const { context } = setup("personal");
  assert.deepEqual(await listTabs(context), [
    { tab: "inst:1", active: true, title: "Mail", url: "https://mail.example/inbox" },
    { tab: "inst:2", active: false },
  ]);
});
