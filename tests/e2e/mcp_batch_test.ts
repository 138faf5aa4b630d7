/**
 * `browser_batch` through a stock MCP client (the real MCP server over
 * stdio) on the fixture form in real Chromium, personal mode: the form
 * filled and submitted in one call and verified by the page's own text,
 * and a plan whose third step changes the document, after which the rest
 * is skipped and never run.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { refOf, startAgent, textOf } from "./_mcp.ts";
import { noBrowser } from "./harness.ts";

/** The lean batch result `structuredContent` carries (no node lists). */
const LeanBatchSchema = z.object({
  text: z.string(),
  requestId: z.string(),
  status: z.string(),
  completed: z.number(),
  skipped: z.number(),
  stop: z.object({ index: z.number(), reason: z.string() }).optional(),
  steps: z.array(z.object({
    status: z.string(),
    documentChanged: z.boolean(),
    documentEpoch: z.string(),
  })),
});

Deno.test({
  name: "browser_batch fills and submits a form in one call, and stops where the document changes",
  ignore: noBrowser,
  fn: async (t) => {
    await using agent = await startAgent({ accessMode: "personal" });
    const { world } = agent;
    const formUrl = world.fixtures.url("form.html");
    const batch = async (args: Record<string, unknown>) => {
      const result = await agent.call("browser_batch", args);
      const lean = LeanBatchSchema.parse(result.structuredContent);
      assert.equal(lean.text, textOf(result));
      return { ...lean, shown: textOf(result) };
    };

    await t.step("a form filled and submitted in one batch shows the page's own text", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const before = await agent.observe({ leaseId });
      const fill = (name: string, text: string) => {
        const ref = refOf(before, "textbox", name);
        return { action: { kind: "fill", ref, text }, expect: { element: { ref, value: text } } };
      };
      const thanks = "Thanks, Ada Lovelace! We will reply to ada@example.com (5 words).";
      const steps = [
        fill("Name", "Ada Lovelace"),
        fill("Email", "ada@example.com"),
        fill("Message", "Hello from a careful agent"),
        {
          action: { kind: "click", ref: refOf(before, "button", "Send") },
          expect: { textPresent: thanks },
        },
      ];
      const result = await batch({ leaseId, requestId: "form-plan-1", steps });
      assert.equal(result.status, "verified", result.shown);
      assert.equal(result.completed, 4);
      assert.equal(result.skipped, 0);
      assert.match(result.shown, /^batch verified {2}4\/4 steps {2}requestId: form-plan-1\n/);
      // One delta for the whole plan: the page's answer is in it.
      assert.ok(result.shown.includes(JSON.stringify(thanks)), result.shown);
      assert.equal(await page.evaluate("document.getElementById('result').textContent"), thanks);
      assert.equal(await page.evaluate("window.submissions"), 1);

      // The exact retry is answered from the journal: no second submission.
      const again = await batch({ leaseId, requestId: "form-plan-1", steps });
      assert.equal(again.status, "verified");
      assert.equal(await page.evaluate("window.submissions"), 1);
      const changed = await agent.fail("browser_batch", {
        leaseId,
        requestId: "form-plan-1",
        steps: steps.slice(0, 3),
      });
      assert.equal(changed.code, "REQUEST_CONFLICT");
      await agent.call("browser_release", { leaseId });
    });

    await t.step("a document change at step 3 of 5 skips steps 4 and 5", async () => {
      const { tab, page } = await world.openTab(formUrl);
      const leaseId = await agent.claim(tab);
      const before = await agent.observe({ leaseId });
      const steps = [
        { action: { kind: "fill", ref: refOf(before, "textbox", "Name"), text: "Ada" } },
        { action: { kind: "fill", ref: refOf(before, "textbox", "Email"), text: "a@b.example" } },
        {
          action: { kind: "click", ref: refOf(before, "link", "Go to the controls page") },
          expect: { textPresent: "Controls" },
        },
        { action: { kind: "fill", ref: refOf(before, "textbox", "Message"), text: "never" } },
        { action: { kind: "click", ref: refOf(before, "button", "Send") } },
      ];
      const result = await batch({ leaseId, requestId: "nav-plan-1", steps });
      assert.equal(result.completed, 3, result.shown);
      assert.equal(result.skipped, 2);
      assert.equal(result.stop?.index, 2);
      assert.equal(result.stop?.reason, "document-changed");
      assert.equal(result.steps[2].documentChanged, true);
      assert.match(result.shown, /stopped at step 3: the document changed; steps 4–5 skipped/);
      assert.notEqual(result.steps[2].documentEpoch, before.documentEpoch);
      assert.match(String(await page.evaluate("location.pathname")), /controls\.html$/);
      // Never resumed: the exact retry answers the same, and nothing runs on the new page.
      const again = await batch({ leaseId, requestId: "nav-plan-1", steps });
      assert.deepEqual(again.stop, result.stop);
      assert.equal(again.shown, result.shown);
      assert.match(String(await page.evaluate("location.pathname")), /controls\.html$/);
      await agent.call("browser_release", { leaseId });
    });
  },
});
