/**
 * The real-world suite through Leash: every task of `tasks.ts` on its page
 * built with an unmodified UI library from npm, driven over MCP by the
 * scripted agent in one headless Chromium with the built extension, each
 * checked by the outcome the page itself reports. Anchor servers run the
 * same tasks in `deno task bench realworld`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { noBrowser, startWorld } from "../e2e/harness.ts";
import { formatTranscript, Meter } from "./agent.ts";
import { startLeashAdapter } from "./adapters/leash.ts";
import { servePages } from "./libraries.ts";
import { chosenTasks, formatResults, runSuite } from "./suite.ts";

Deno.test({
  name: "Leash achieves every real-world task, as the page itself reports it",
  ignore: noBrowser,
  fn: async (t) => {
    await using world = await startWorld({ accessMode: "personal" });
    await using pages = await servePages();
    const meter = new Meter();
    const adapter = await startLeashAdapter({
      runtimeDir: world.runtimeDir,
      async openTab(url) {
        const opened = await world.openTab(url);
        return {
          tab: opened.tab,
          close: async () => {
            await world.cdp.send("Target.closeTarget", { targetId: opened.targetId });
          },
        };
      },
    }, meter);
    try {
      const results = await runSuite(adapter, meter, pages, "leash", chosenTasks());
      console.log(formatResults(adapter.label, results));
      // A transcript of every call, for reading where the tokens go.
      const transcript = Deno.env.get("LEASH_TRANSCRIPT");
      if (transcript !== undefined) await Deno.writeTextFile(transcript, formatTranscript(meter));
      for (const result of results) {
        await t.step(result.task.id, () => {
          assert.equal(
            result.reported,
            result.task.outcome,
            `${result.task.about}: ${result.failure ?? ""}`,
          );
        });
      }
    } finally {
      await adapter.close();
    }
  },
});
