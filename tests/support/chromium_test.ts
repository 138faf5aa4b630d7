import assert from "node:assert/strict";
import { CdpClient, CdpError, CdpPage } from "./cdp.ts";
import { browserForTests, Chromium } from "./chromium.ts";

const browser = browserForTests();

Deno.test({
  name: "Chromium launches headless, answers DevTools and leaves nothing behind",
  ignore: browser === undefined,
  async fn() {
    if (browser === undefined) return;
    const chromium = await Chromium.launch({ path: browser });
    const profile = chromium.userDataDir;
    try {
      assert.match(chromium.webSocketUrl, /^ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\//);
      const client = await CdpClient.connect(chromium.webSocketUrl);
      try {
        const version = await client.send("Browser.getVersion");
        assert.equal(typeof version.product, "string");
        await assert.rejects(client.send("No.suchMethod"), (error) => error instanceof CdpError);

        const page = await CdpPage.open(client);
        await page.send("Page.enable");
        const titles: string[] = [];
        page.on("Page.frameNavigated", (params) => titles.push(typeof params.frame));
        await page.navigate("data:text/html,<title>hi</title>");
        assert.equal(await page.evaluate("document.title"), "hi");
        assert.ok(titles.length >= 1, "events of the page's session reach its listeners");
        await page.close();
      } finally {
        await client.close();
      }
    } finally {
      await chromium.close();
    }
    await chromium.close(); // idempotent
    await assert.rejects(Deno.stat(profile), Deno.errors.NotFound);
  },
});
