/**
 * `browser.batch` through the typed client in real Chromium (through the
 * extension), personal mode: a step the client denies ends the plan before
 * it — the fields before it are filled, the denied one and the rest never
 * touched, and the form never submitted — and the client's callback is
 * shown its own copy of each step, in order.
 */
import assert from "node:assert/strict";
import type { BatchStep } from "../../contracts/methods/mod.ts";
import { noBrowser, startWorld } from "./harness.ts";

Deno.test({
  name: "a denied step ends a batch in Chromium: what ran stands, the rest is never run",
  ignore: noBrowser,
  fn: async () => {
    await using world = await startWorld({ accessMode: "personal" });
    const { tab, page } = await world.openTab(world.fixtures.url("form.html"));
    const client = await world.client();
    const lease = await client.call("browser.claim", {
      sessionId: "s",
      instance: world.instance.id,
      tab,
    });
    const handle = { sessionId: "s", leaseId: lease.leaseId };
    const before = await client.call("browser.observe", handle);
    const ref = (role: string, name: string) => {
      const found = before.nodes.find((node) => node.role === role && node.name === name)?.ref;
      assert.ok(typeof found === "string", `${role} "${name}" has a ref`);
      return found;
    };
    const steps: BatchStep[] = [
      { action: { kind: "fill", ref: ref("textbox", "Name"), text: "Ada Lovelace" } },
      { action: { kind: "fill", ref: ref("textbox", "Email"), text: "ada@example.com" } },
      { action: { kind: "fill", ref: ref("textbox", "Message"), text: "Hello" } },
      { action: { kind: "click", ref: ref("button", "Send") } },
    ];
    const shown: number[] = [];
    const result = await client.batch(
      {
        sessionId: "s",
        request: {
          leaseId: lease.leaseId,
          requestId: "denied-plan",
          documentEpoch: before.documentEpoch,
          steps,
        },
      },
      ({ index, step }) => {
        shown.push(index);
        assert.deepEqual(step, steps[index]);
        return index !== 1;
      },
    );
    assert.deepEqual(shown, [0, 1]);
    assert.equal(result.completed, 1);
    assert.equal(result.skipped, 3);
    assert.deepEqual(result.stop, { index: 1, reason: "denied" });
    assert.equal(result.steps[0].status, "verified");
    assert.equal(await page.evaluate("document.getElementById('name').value"), "Ada Lovelace");
    assert.equal(await page.evaluate("document.getElementById('email').value"), "");
    assert.equal(await page.evaluate("document.getElementById('message').value"), "");
    assert.equal(await page.evaluate("window.submissions ?? 0"), 0);
    // The plan's one observation shows the filled field.
    assert.ok(result.steps[0].observation !== null);
    client.close();
  },
});
