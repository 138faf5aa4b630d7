/**
 * The end-to-end world: real headless Chromium with the built extension,
 * the real Native Host started by Chrome from a manifest `leash install
 * --dev` wrote into the profile, the real Broker as a child process, and
 * the fixture pages on 127.0.0.1. Everything lives under one temporary
 * root and is torn down by `dispose` (also when the test fails, or when
 * starting fails halfway), with no process left behind.
 *
 * ```ts
 * Deno.test({ name: "…", ignore: noBrowser, fn: async () => {
 *   await using world = await startWorld();
 *   const client = await world.client();
 *   const { tab } = await world.openTab(world.fixtures.url("form.html"));
 *   const claim = client.call("browser.claim", { sessionId: "s", instance: world.instance.id, tab });
 *   await world.person.approve();
 *   const lease = await claim;
 * }});
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { type ConnectOptions, LeashClient } from "../../broker/client/client.ts";
import type { InstanceInfo } from "../../broker/authority/registry.ts";
import type { Lease } from "../../contracts/methods/common.ts";
import type { AccessMode } from "../../contracts/negotiate.ts";
import { BrokerProcess } from "../integration/_broker_process.ts";
import { denoDir } from "../integration/_host_process.ts";
import { personEnv, runTask } from "../integration/_host_tools.ts";
import { browserForTests } from "../support/chromium.ts";
import { CdpClient, CdpPage } from "../support/cdp.ts";
import { type FixtureServer, serveFixtures } from "../support/serve.ts";
import { E2eBrowser } from "./_browser.ts";
import { EventLog } from "./_events.ts";
import { builtExtension } from "./_extension.ts";
import { Person } from "./_person.ts";
import { processesMentioning, type ProcessInfo, reapProcesses } from "./_processes.ts";
import { until, withTimeout } from "./_wait.ts";

export { EventLog } from "./_events.ts";
export {
  approvalUrl,
  ClaimOnScreen,
  type ClaimText,
  Person,
  popupUrl,
  type PopupView,
} from "./_person.ts";
export type { ProcessInfo } from "./_processes.ts";
export { delay, until, withTimeout } from "./_wait.ts";

/**
 * The browser for end-to-end tests, found once per process. With `CI=true`
 * a missing browser throws here, failing every e2e test file at load.
 */
export const browserPath: string | undefined = browserForTests();

/** `ignore` for an end-to-end `Deno.test`: true when no browser was found (outside CI). */
export const noBrowser: boolean = browserPath === undefined;

/** How to start a world. */
export interface WorldOptions {
  /** The Broker's access mode; default `"restricted"` (every claim asks the person). */
  accessMode?: AccessMode;
  /** How long to wait for the provider to register; default 20 s. */
  registerTimeoutMs?: number;
}

/** A tab the world opened, fully loaded. */
export interface OpenedTab {
  /** The tab's Leash tab ID (`instance:chromeTabId`), as `browser.tabs` and claims name it. */
  tab: string;
  /** The page's DevTools target ID. */
  targetId: string;
  /** A DevTools session on the page, for the person's own navigation and for looking at it. */
  page: CdpPage;
}

/** One running end-to-end world. Dispose it with `await using` (or `dispose()`). */
export interface World {
  /** The temporary root every file and process of this world lives under. */
  readonly root: string;
  /** The Broker's access mode. */
  readonly accessMode: AccessMode;
  /** The Broker's runtime dir (socket, token). */
  readonly runtimeDir: string;
  /** The Broker child process. */
  readonly broker: BrokerProcess;
  /** The browser's profile folder (holds `NativeMessagingHosts/`). */
  readonly profileDir: string;
  /** The browser process. */
  readonly browser: E2eBrowser;
  /** A browser-level DevTools connection, shared with {@linkcode person}. */
  readonly cdp: CdpClient;
  /** The fixture pages on `http://127.0.0.1:<port>` (`otherOriginUrl` for `localhost`). */
  readonly fixtures: FixtureServer;
  /** The extension's instance as it registered when the world started. */
  readonly instance: InstanceInfo;
  /** The person at the browser: approval window and popup. */
  readonly person: Person;
  /**
   * A new authenticated client (`requiredCapabilities` default
   * `["runtime.v1"]`), closed at dispose, with its events read into
   * {@linkcode events}.
   */
  client(options?: Partial<ConnectOptions>): Promise<LeashClient>;
  /** Everything `client` received so far (only for clients made by {@linkcode client}). */
  events(client: LeashClient): EventLog;
  /** `browser.instances` now. */
  instances(): Promise<InstanceInfo[]>;
  /** Wait until `browser.instances` lists an instance satisfying `predicate` (default: any). */
  waitForInstance(
    predicate?: (instance: InstanceInfo) => boolean,
    timeoutMs?: number,
  ): Promise<InstanceInfo>;
  /**
   * Open `url` in a new foreground tab, wait for it to load, and find its
   * Leash tab ID: the one tab `browser.tabs` lists that it did not list
   * before (tabs are opened one at a time, so this is unambiguous in both
   * access modes, even though restricted mode lists no URLs).
   */
  openTab(url: string): Promise<OpenedTab>;
  /** Processes (Chromium and its helpers, Native Hosts, the Broker) naming this world's root. */
  processes(): Promise<ProcessInfo[]>;
  /** The Native Host processes Chrome started for this world. */
  hostProcesses(): Promise<ProcessInfo[]>;
  /** SIGKILL every Native Host process of this world; returns their IDs. */
  killHost(): Promise<number[]>;
  /**
   * Processes that were still there 5 s after the browser and the Broker
   * stopped, and that teardown had to SIGKILL (filled in by dispose; a
   * healthy world leaves it empty).
   */
  readonly reaped: readonly ProcessInfo[];
  /** Tear everything down; idempotent. */
  dispose(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Start a world; on failure everything started so far is torn down before the error surfaces. */
export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const path = browserPath;
  if (path === undefined) throw new Error("Cannot start an end-to-end world: no browser found");
  const accessMode = options.accessMode ?? "restricted";
  const teardown = new Teardown();
  const reaped: ProcessInfo[] = [];
  try {
    const root = await Deno.makeTempDir({ prefix: "leash-e2e-" });
    teardown.add(() => removeTree(root));
    // Any process still naming the root after the others stopped is one of ours: end it.
    teardown.add(async () => reaped.push(...await reapProcesses(`${root}/`)));
    const runtimeDir = join(root, "run");
    const stateDir = join(root, "state");
    const home = join(root, "home");
    const profileDir = join(root, "profile");
    await Deno.mkdir(home);
    await Deno.mkdir(profileDir);

    const extensionDir = await builtExtension();
    const broker = await BrokerProcess.start(
      { runtimeDir, stateDir },
      accessMode === "personal" ? ["--access-mode=personal"] : [],
    );
    teardown.add(() => broker.stop());

    // As a person would: the dev launcher and the manifest go into this profile only.
    const installed = await runTask(
      "install",
      ["--dev", "--user-data-dir", profileDir, "--runtime-dir", runtimeDir],
      personEnv(home, runtimeDir),
    );
    if (installed.code !== 0) {
      throw new Error(
        `Cannot install the Native Host: exit ${installed.code}\n${installed.stderr}`,
      );
    }

    const fixtures = await serveFixtures();
    teardown.add(() => fixtures.close());

    const browser = await E2eBrowser.launch({
      path,
      profileDir,
      extensionDir,
      env: browserEnv(home, runtimeDir),
    });
    teardown.add(() => browser.close());
    const cdp = await CdpClient.connect(browser.webSocketUrl);
    teardown.add(() => cdp.close());
    await cdp.send("Target.setDiscoverTargets", { discover: true }, {
      signal: AbortSignal.timeout(15_000),
    });
    const person = new Person(cdp);
    teardown.add(() => person.dispose());

    const clients = new Map<LeashClient, EventLog>();
    teardown.add(async () => {
      for (const [client, log] of clients) {
        client.close();
        await log.done;
      }
    });
    const client = async (connect: Partial<ConnectOptions> = {}) => {
      const made = await LeashClient.connect({ ...connect, runtimeDir });
      clients.set(made, new EventLog(made));
      return made;
    };
    const watcher = await client();
    const instances = () => watcher.call("browser.instances", {});
    const waitForInstance = (
      predicate: (instance: InstanceInfo) => boolean = () => true,
      timeoutMs = 20_000,
    ) =>
      until("the extension to register", async () => (await instances()).find(predicate), {
        timeoutMs,
        intervalMs: 100,
      });
    const instance = await waitForInstance(() => true, options.registerTimeoutMs).catch((error) => {
      throw new Error(
        `${error.message}\nbroker:\n${broker.stderr}\nbrowser:\n${browser.stderr}`,
        { cause: error },
      );
    });

    const hostProcesses = async () =>
      (await processesMentioning(`${root}/`)).filter((process) =>
        process.cmdline.includes("native_host/main.ts")
      );
    let tabQueue: Promise<unknown> = Promise.resolve();
    const openTab = (url: string): Promise<OpenedTab> => {
      const opened = tabQueue.then(() => openTarget(cdp, url, watcher, instance.id));
      tabQueue = opened.catch(() => {});
      return opened;
    };

    let disposing: Promise<void> | undefined;
    const dispose = () => disposing ??= teardown.run();
    return {
      root,
      accessMode,
      runtimeDir,
      broker,
      profileDir,
      browser,
      cdp,
      fixtures,
      instance,
      person,
      client,
      events(made) {
        const log = clients.get(made);
        if (log === undefined) throw new Error("Cannot read events: not a client of this world");
        return log;
      },
      instances,
      waitForInstance,
      openTab,
      processes: () => processesMentioning(`${root}/`),
      reaped,
      hostProcesses,
      async killHost() {
        const hosts = await hostProcesses();
        for (const { pid } of hosts) Deno.kill(pid, "SIGKILL");
        return hosts.map((host) => host.pid);
      },
      dispose,
      [Symbol.asyncDispose]: dispose,
    };
  } catch (error) {
    await teardown.run().catch(() => {});
    throw error;
  }
}

/**
 * The browser's environment: a private HOME and XDG dirs under the root,
 * the runtime dir the host config names, and the test run's deno cache
 * (the dev launcher runs `deno` with the browser's environment). Exported
 * so that a test can relaunch a killed browser exactly as the world did.
 */
export function browserEnv(home: string, runtimeDir: string): Record<string, string> {
  return {
    ...personEnv(home, runtimeDir),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    DENO_DIR: denoDir(),
  };
}

/**
 * Open `url` in a new tab of the browser behind `cdp` (in a window of its
 * own with `newWindow`, where it is the front tab), wait for it to load, and
 * find its Leash tab ID with `watcher`, a client of the live Broker: the one
 * tab `browser.tabs` lists that it did not list before. Open one at a time
 * (see {@linkcode World.openTab}).
 */
export async function openTarget(
  cdp: CdpClient,
  url: string,
  watcher: LeashClient,
  instance: string,
  options: { newWindow?: boolean } = {},
): Promise<OpenedTab> {
  const listTabs = async () =>
    new Set((await watcher.call("browser.tabs", { instance })).map((info) => info.tab));
  const before = await listTabs();
  const created = await cdp.send(
    "Target.createTarget",
    { url, ...(options.newWindow === true ? { newWindow: true } : {}) },
    { signal: AbortSignal.timeout(15_000) },
  );
  if (typeof created.targetId !== "string") throw new Error(`Cannot open ${url}: no target`);
  const page = await CdpPage.attach(cdp, created.targetId);
  await until(`${url} to load`, async () => {
    const state = await withTimeout(
      "read the page",
      page.evaluate("[document.readyState, location.href]"),
      5_000,
    );
    return Array.isArray(state) && state[0] === "complete" && state[1] === url ? true : undefined;
  });
  const tab = await until(`the tab of ${url} in browser.tabs`, async () => {
    const added = [...await listTabs()].filter((id) => !before.has(id));
    if (added.length > 1) throw new Error(`Cannot tell the new tab: ${added.join(", ")} appeared`);
    return added[0];
  });
  return { tab, targetId: created.targetId, page };
}

/** Cleanups run in reverse order of registration, each one even if another failed. */
class Teardown {
  readonly #steps: Array<() => unknown> = [];

  add(step: () => unknown): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    const errors: unknown[] = [];
    for (const step of this.#steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, "Cannot tear the world down fully");
  }
}

/** Remove a tree; Chromium's helpers may still be writing for a moment, so retry briefly. */
async function removeTree(path: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await Deno.remove(path, { recursive: true });
      return;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await Deno.remove(path, { recursive: true });
}

/** Options of {@linkcode leaseTab}. */
export interface LeaseTabOptions {
  /** The client's session; default `"s"`. */
  sessionId?: string;
  /** Shown in the approval window; default `"e2e-agent"`. */
  clientName?: string;
  reason?: string;
  scope?: "origin" | "tab";
}

/**
 * Claim `tab` for `client` and, in restricted mode, have the person allow
 * it; resolves with the lease.
 */
export async function leaseTab(
  world: World,
  client: LeashClient,
  tab: string,
  options: LeaseTabOptions = {},
): Promise<Lease> {
  const claim = client.call("browser.claim", {
    sessionId: options.sessionId ?? "s",
    instance: world.instance.id,
    tab,
    clientName: options.clientName ?? "e2e-agent",
    ...(options.reason === undefined ? {} : { reason: options.reason }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  });
  if (world.accessMode === "personal") return await claim;
  // A claim refused before the window appears stops the person looking for it.
  const settled = new AbortController();
  claim.then(() => {}, () => {}).finally(() => settled.abort());
  const approved = world.person.approve({ signal: settled.signal });
  await Promise.race([claim, approved]);
  await approved;
  return await claim;
}

/** Whether `promise` has settled yet, without waiting for it. */
export function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(() => settled = true, () => settled = true);
  return () => settled;
}
