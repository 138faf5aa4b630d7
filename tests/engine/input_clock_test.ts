/**
 * The input clock (`extension/provider/input_clock.ts`) against real
 * Chromium, through the provider's own `cdp` and `page.settle` handlers:
 * after an action's last input the wait for the page's reaction counts its
 * quiet from that input, so a page quiet since needs no second quiet
 * window; a change after the input still holds the wait, even one the
 * clock had not yet been told of; without an input the wait counts from
 * its own start, as before; and the page's own script never sees the clock.
 * The document clock: after a navigation the wait takes the new document's
 * clock, set as it began, and a page quiet since needs no whole window.
 */
import assert from "node:assert/strict";
import { moveEvent } from "../../contracts/methods/click.ts";
import { runCdp } from "../../extension/provider/act.ts";
import { startDocumentClock } from "../../extension/provider/input_clock.ts";
import { ChangeWatches } from "../../extension/provider/change_watch.ts";
import type { ProviderContext } from "../../extension/provider/context.ts";
import { settlePage } from "../../extension/provider/settle.ts";
import { delay } from "../../contracts/delay.ts";
import { engineLease, enginePath, leasedProvider, openRealPage } from "./_real_page.ts";

/** Long enough that a wait which must sit it out cannot pass for one that need not. */
const quietMs = 400;

/** The wait, as the Broker asks for it, in the worlds `watches` knows; how long it took. */
async function timedSettle(context: ProviderContext, watches: ChangeWatches): Promise<number> {
  const began = performance.now();
  const answer = await settlePage(
    context,
    { lease: engineLease, request: { quietMs, timeoutMs: 5_000, sinceMs: 0 } },
    { signal: new AbortController().signal, worlds: watches.worlds },
  );
  assert.equal(answer.settled, true, JSON.stringify(answer));
  return performance.now() - began;
}

Deno.test({
  name: "the wait after an input counts its quiet from the input, and a change since holds it",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const provider = await leasedProvider(real);
    provider.context.now = () => performance.now();
    const watches = new ChangeWatches();
    const live = () => new AbortController().signal;
    /** A pointer move through the provider's `cdp`, as an action's last input. */
    const input = () =>
      runCdp(
        provider.context,
        { lease: engineLease, ...moveEvent({ x: 5, y: 5 }) },
        live(),
        watches,
      );
    const settle = () => timedSettle(provider.context, watches);
    await real.page.navigate(real.server.url("actionability_pseudo.html"));
    assert.equal(await real.page.evaluate("document.visibilityState"), "visible");

    await t.step(
      "a page quiet since the input is settled without a second quiet window",
      async () => {
        await input();
        await delay(quietMs + 100);
        const waited = await settle();
        assert.ok(waited < quietMs, `waited ${waited} ms`);
      },
    );

    await t.step(
      "without an input since the last wait, the quiet counts from the wait",
      async () => {
        await delay(quietMs + 100);
        const waited = await settle();
        assert.ok(waited >= quietMs, `waited ${waited} ms`);
      },
    );

    await t.step("a change after the input holds the wait for a whole quiet window", async () => {
      await input();
      await delay(quietMs + 100);
      // The change lands just before the wait begins: the quiet counts from it.
      await real.page.evaluate("document.body.append(document.createElement('p'))");
      const waited = await settle();
      assert.ok(waited >= quietMs / 2, `waited ${waited} ms`);
    });

    await t.step("the page's own script never sees the clock", async () => {
      await input();
      assert.equal(await real.page.evaluate("'leashInputClock' in window"), false);
      await settle();
    });
  },
});

Deno.test({
  name: "the wait after a navigation counts its quiet from the new document's last change",
  ignore: enginePath === undefined,
  fn: async (t) => {
    await using real = await openRealPage();
    const provider = await leasedProvider(real);
    provider.context.now = () => performance.now();
    const settle = (watches: ChangeWatches) => timedSettle(provider.context, watches);
    const url = real.server.url("actionability_pseudo.html");

    await t.step("without the document clock, the quiet counts from the wait", async () => {
      const watches = new ChangeWatches();
      await real.page.navigate(url);
      await delay(quietMs + 100);
      const waited = await settle(watches);
      assert.ok(waited >= quietMs, `waited ${waited} ms`);
    });

    await startDocumentClock(real.command);

    await t.step(
      "with it, a document quiet since it loaded is settled in half a window",
      async () => {
        const watches = new ChangeWatches();
        // A world of the document before: the wait finds it gone and asks for the current one.
        await settle(watches);
        await real.page.navigate(url);
        await delay(quietMs + 100);
        const waited = await settle(watches);
        assert.ok(waited < quietMs, `waited ${waited} ms`);
        assert.ok(waited >= quietMs / 2 - 5, `waited ${waited} ms`);
      },
    );

    await t.step("a change since the document loaded holds the wait", async () => {
      const watches = new ChangeWatches();
      await real.page.navigate(url);
      await delay(quietMs + 100);
      await real.page.evaluate("document.body.append(document.createElement('p'))");
      const waited = await settle(watches);
      assert.ok(waited >= quietMs * 0.75, `waited ${waited} ms`);
    });

    await t.step("the page's own script never sees it", async () => {
      await real.page.navigate(url);
      assert.equal(await real.page.evaluate("'leashInputClock' in window"), false);
    });
  },
});
