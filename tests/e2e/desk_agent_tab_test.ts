/**
 * DeskBridge end to end in real Chromium: the person opens an Agent tab,
 * names a web agent page and starts a workspace-context run on a workspace
 * that opted in; the framed page asks for context, the worker passes it to
 * the real `leash-desk` Chrome started from the manifest `leash install`
 * wrote, and the tab's audit shows what the run read — never the
 * sensitive file it also asked for.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { extensionId } from "../../contracts/identity.ts";
import { writeDeskPolicy } from "../../local/desk_policy.ts";
import { CdpPage } from "../support/cdp.ts";
import { noBrowser, startWorld, until } from "./harness.ts";

const agentUrl = `chrome-extension://${extensionId}/agent/agent.html`;

Deno.test({
  name: "an Agent tab run reads a workspace through the real leash-desk and its audit shows it",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld();
    const ws = join(world.root, "ws");
    await Deno.mkdir(ws);
    await Deno.writeTextFile(join(ws, "notes.md"), "# Notes\nThe plan.\n");
    await Deno.writeTextFile(join(ws, ".env"), "SECRET=1\n");
    await writeDeskPolicy(join(world.root, "home", ".config", "leash", "desk.json"), {
      version: 1,
      workspaces: [{ id: "ws_0000000000e2", name: "Notes", path: ws, webAgentContext: true }],
      enabledAreas: ["files", "projects"],
      allowedOrigins: [],
    });

    const created = await world.cdp.send("Target.createTarget", { url: agentUrl });
    assert.equal(typeof created.targetId, "string");
    const page = await CdpPage.attach(world.cdp, String(created.targetId));
    const text = (id: string) =>
      page.evaluate(`document.getElementById(${JSON.stringify(id)})?.textContent ?? ""`);
    await until(
      "DeskBridge to answer the Agent tab",
      async () => await text("status") === "DeskBridge is ready." ? true : undefined,
    );
    assert.equal(
      await page.evaluate("document.getElementById('workspace').value"),
      "ws_0000000000e2",
    );

    await page.evaluate(`(() => {
      document.getElementById("agent-url").value = ${
      JSON.stringify(world.fixtures.url("web_agent.html"))
    };
      document.querySelector('input[name=mode][value="workspace-context"]').checked = true;
      document.getElementById("start").click();
    })()`);
    await until(
      "the run's first round in the audit",
      async () => await text("rounds") === "1" ? true : undefined,
    );
    assert.deepEqual(
      await page.evaluate(
        "[...document.querySelectorAll('#files li')].map((li) => li.textContent)",
      ),
      ["notes.md"],
    );
    assert.ok(Number(await text("characters")) >= "# Notes\nThe plan.\n".length);
    assert.match(
      String(await text("status")),
      /^Run run_[0-9a-f]{24} started \(workspace-context\)\.$/,
    );

    await page.evaluate(`document.getElementById("stop").click()`);
    await until(
      "the run to stop",
      async () => await text("status") === "Run stopped." ? true : undefined,
    );
    assert.equal(await page.evaluate("document.querySelectorAll('iframe').length"), 0);
  },
});
