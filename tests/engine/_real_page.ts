/**
 * Test harness: one headless Chromium page beside the fixture server, with
 * a command function for the provider's read code, and, for tests that go
 * through the provider's own handlers, a fake provider whose DevTools
 * commands reach that page and which holds a lease on the fixtures' site.
 *
 * @module
 */
import type { AxNode } from "../../contracts/methods/mod.ts";
import type { ChangeWatches } from "../../extension/provider/change_watch.ts";
import { readAx } from "../../extension/provider/observe.ts";
import { fakeProvider } from "../../extension/testing/fakes.ts";
import { CdpClient, CdpPage } from "../support/cdp.ts";
import { browserForTests, Chromium } from "../support/chromium.ts";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";

/** The browser the engine tests use; `undefined` skips them where that is allowed. */
export const enginePath: string | undefined = browserForTests();

/** A DevTools command on the page, as the provider's reads send them. */
export type PageCommand = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** A real page and what reaches it. */
export interface RealPage extends AsyncDisposable {
  server: FixtureServer;
  page: CdpPage;
  command: PageCommand;
}

/** Start the fixture server and Chromium, and open a blank page. */
export async function openRealPage(): Promise<RealPage> {
  const server = await serveFixtures();
  let browser: Chromium | undefined;
  let client: CdpClient | undefined;
  try {
    browser = await Chromium.launch({ path: enginePath ?? "" });
    client = await CdpClient.connect(browser.webSocketUrl);
    const page = await CdpPage.open(client);
    const opened = { browser, client };
    return {
      server,
      page,
      command: (method, params) => page.send(method, (params ?? {}) as Record<string, never>),
      async [Symbol.asyncDispose]() {
        await opened.client.close();
        await opened.browser.close();
        await server[Symbol.asyncDispose]();
      },
    };
  } catch (error) {
    await client?.close();
    await browser?.close();
    await server[Symbol.asyncDispose]();
    throw error;
  }
}

/** The lease the {@linkcode leasedProvider} holds, and its tab. */
export const engineLease = { leaseId: "l1", fence: 1 } as const;
export const engineTabId = 7;

/**
 * A fake provider whose DevTools commands go to `real`'s page, holding
 * {@linkcode engineLease} on the fixtures' origin for tab
 * {@linkcode engineTabId}.
 */
export async function leasedProvider(real: RealPage): Promise<ReturnType<typeof fakeProvider>> {
  const provider = fakeProvider();
  provider.browser.addTab({ id: engineTabId, title: "", url: real.server.url(""), active: true });
  provider.browser.respond = real.command;
  await provider.leases.grant({
    ...engineLease,
    generation: 1,
    tabId: engineTabId,
    tab: `inst:${engineTabId}`,
    scope: { kind: "origin", origin: real.server.origin },
    clientName: "c",
    grantedAt: 0,
  }, new AbortController().signal);
  return provider;
}

/**
 * A page read of `provider`'s leased tab as the Broker asks for one
 * (`ax.read` with `request`, through `watches`): its rows, and the
 * DevTools methods it called, in the order sent.
 */
export async function pageRead(
  provider: ReturnType<typeof fakeProvider>,
  watches: ChangeWatches,
  request: { maxNodes?: number } = {},
): Promise<{ rows: AxNode[]; calls: string[] }> {
  const from = provider.browser.commands.length;
  const snapshot = await readAx(
    provider.context,
    { lease: engineLease, request },
    new AbortController().signal,
    watches,
  );
  return {
    rows: snapshot.nodes,
    calls: provider.browser.commands.slice(from).map((call) => call.method),
  };
}
