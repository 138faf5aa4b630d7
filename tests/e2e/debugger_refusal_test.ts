/**
 * Chrome refuses the debugger on a tab while its page embeds an extension's
 * frame (`Cannot access a chrome-extension:// URL of different extension`).
 * A page can do that to itself at any time. The agent is told
 * `DEBUGGER_UNAVAILABLE` (not an internal error), the lease stays, and
 * reads work again once the frame is gone.
 */
import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { extensionOrigin } from "../../contracts/identity.ts";
import { noBrowser, startWorld, until } from "./harness.ts";

Deno.test({
  name: "a page that embeds an extension frame gets DEBUGGER_UNAVAILABLE and keeps its lease",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld({ accessMode: "personal" });
    const client = await world.client();
    const { tab, page } = await world.openTab(world.fixtures.url("form.html"));
    const lease = await client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
    });
    const handle = { sessionId: "s", leaseId: lease.leaseId };
    const observe = () => client.call("browser.observe", handle);
    await observe();

    await page.evaluate(`(() => {
      const frame = document.createElement("iframe");
      frame.id = "blocked";
      frame.src = ${JSON.stringify(`${extensionOrigin}approval/approval.html`)};
      document.body.append(frame);
      return true;
    })()`);
    const refused = await until("reads to be refused", async () => {
      try {
        await observe();
        return undefined;
      } catch (error) {
        return error;
      }
    });
    assert.ok(isLeashError(refused, "DEBUGGER_UNAVAILABLE"), `${refused}`);

    await page.evaluate(`(document.getElementById("blocked").remove(), true)`);
    const again = await until("reads to work again", async () => {
      try {
        return await observe();
      } catch (error) {
        if (isLeashError(error, "DEBUGGER_UNAVAILABLE")) return undefined;
        throw error;
      }
    });
    assert.match(again.text, /Contact form/);
    assert.deepEqual(await client.call("browser.validateLease", handle), { valid: true });
  },
});
