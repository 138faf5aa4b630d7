/**
 * Faults in a real end-to-end world, and what a test needs to look at the
 * browser across them: killing the extension's MV3 service worker (and
 * checking it really died), SIGKILLing the whole browser and relaunching it
 * on the world's profile, opening tabs in whichever browser is current, and
 * the tally behind the faults figure line.
 *
 * How the worker is killed: DevTools' `Target.closeTarget` on the
 * extension's `service_worker` target (what Puppeteer's `WebWorker.close()`
 * does). Chromium then terminates the worker: the target is destroyed, its
 * native port closes (so Chrome ends the Native Host), and only an event
 * the extension listens to (the popup connecting, the 30 s reconnect alarm)
 * starts a new one, under a new target ID. `chrome.runtime.reload()` would instead reinstall the whole
 * extension, which is another fault.
 *
 * @module
 */
import { join } from "node:path";
import type { LeashClient } from "../../broker/client/client.ts";
import type { ErrorCode } from "../../contracts/errors.ts";
import { extensionId } from "../../contracts/identity.ts";
import { CdpClient, CdpPage } from "../support/cdp.ts";
import { E2eBrowser } from "../e2e/_browser.ts";
import { builtExtension } from "../e2e/_extension.ts";
import { processesMentioning, type ProcessInfo } from "../e2e/_processes.ts";
import {
  browserEnv,
  browserPath,
  type OpenedTab,
  openTarget,
  Person,
  until,
  withTimeout,
  type World,
} from "../e2e/harness.ts";

/** The four faults, in the order the figure names them. */
export const faultKinds = ["host", "browser", "worker", "broker"] as const;

/** One kind of fault. */
export type FaultKind = typeof faultKinds[number];

/** The URL prefix of the extension's service worker script. */
const workerPrefix = `chrome-extension://${extensionId}/`;

/** The target IDs of the extension's live service workers. */
export async function extensionWorkers(cdp: CdpClient): Promise<string[]> {
  const { targetInfos } = await cdp.send("Target.getTargets", {}, {
    signal: AbortSignal.timeout(15_000),
  });
  if (!Array.isArray(targetInfos)) return [];
  return targetInfos.flatMap((info) =>
    typeof info === "object" && info !== null && !Array.isArray(info) &&
      info.type === "service_worker" && typeof info.url === "string" &&
      info.url.startsWith(workerPrefix) && typeof info.targetId === "string"
      ? [info.targetId]
      : []
  );
}

/**
 * Terminate the extension's service worker `targetId` (see the module doc).
 * Resolves once DevTools no longer lists it; throws when it is still
 * listed after `timeoutMs`.
 */
export async function killWorker(
  cdp: CdpClient,
  targetId: string,
  timeoutMs = 10_000,
): Promise<void> {
  await cdp.send("Target.closeTarget", { targetId }, { signal: AbortSignal.timeout(timeoutMs) });
  await until(
    `service worker ${targetId} to die`,
    async () => (await extensionWorkers(cdp)).includes(targetId) ? undefined : true,
    { timeoutMs, intervalMs: 50 },
  );
}

/**
 * The browser a test is looking at: the world's own until a fault kills
 * it, then each relaunched one in turn.
 */
export interface BrowserSide {
  /** The browser process ID. */
  readonly pid: number;
  /** A browser-level DevTools connection. */
  readonly cdp: CdpClient;
  /** The person at this browser. */
  readonly person: Person;
  /** Close what this side opened (the world closes its own browser itself). */
  close(): Promise<void>;
}

/** The world's own browser, as a {@linkcode BrowserSide}. */
export function worldSide(world: World): BrowserSide {
  return {
    pid: world.browser.pid,
    cdp: world.cdp,
    person: world.person,
    close: () => Promise.resolve(),
  };
}

/**
 * The processes of `world` that belong to its browser side: Chromium and
 * its helpers, and the Native Hosts Chrome started. Everything naming the
 * world's root except the Broker, the only process that names the state dir.
 */
export async function browserSideProcesses(world: World): Promise<ProcessInfo[]> {
  const stateDir = world.broker.dirs.stateDir;
  return (await processesMentioning(`${world.root}/`)).filter(({ cmdline }) =>
    !cmdline.includes(stateDir)
  );
}

/**
 * SIGKILL the browser of `side` and wait until no browser-side process of
 * its world is left (see {@linkcode browserSideProcesses}): Chromium's
 * helpers and the Native Host must go with it. Throws when any is still
 * there after `timeoutMs`, naming them.
 */
export async function killBrowser(
  world: World,
  side: BrowserSide,
  timeoutMs = 15_000,
): Promise<void> {
  Deno.kill(side.pid, "SIGKILL");
  await side.close();
  try {
    await until(
      "the killed browser's processes to exit",
      async () => (await browserSideProcesses(world)).length === 0 ? true : undefined,
      {
        timeoutMs,
        intervalMs: 100,
      },
    );
  } catch (error) {
    const left = (await browserSideProcesses(world)).map(({ pid, cmdline }) =>
      `${pid} ${cmdline.slice(0, 160)}`
    );
    throw new Error(`${String(error)}; still running:\n${left.join("\n")}`, { cause: error });
  }
}

/**
 * Launch the browser again on `world`'s profile, with the world's flags and
 * environment, as a person restarting it after a crash would.
 */
export async function relaunchBrowser(world: World): Promise<BrowserSide> {
  const path = browserPath;
  if (path === undefined) throw new Error("Cannot relaunch the browser: no browser found");
  // A killed browser leaves its port file behind; the launch must not read the dead port.
  await Deno.remove(join(world.profileDir, "DevToolsActivePort")).catch(() => {});
  const browser = await E2eBrowser.launch({
    path,
    profileDir: world.profileDir,
    extensionDir: await builtExtension(),
    env: browserEnv(join(world.root, "home"), world.runtimeDir),
  });
  let cdp: CdpClient | undefined;
  try {
    cdp = await CdpClient.connect(browser.webSocketUrl);
    await cdp.send("Target.setDiscoverTargets", { discover: true }, {
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    await cdp?.close();
    await browser.close();
    throw error;
  }
  const connected = cdp;
  const person = new Person(connected);
  let closing: Promise<void> | undefined;
  return {
    pid: browser.pid,
    cdp: connected,
    person,
    close: () =>
      closing ??= (async () => {
        person.dispose();
        await connected.close();
        await browser.close();
      })(),
  };
}

/**
 * Open `url` in a new tab of `side`'s browser, wait for it to load, and find
 * its Leash tab ID with `watcher` (a client of the live Broker), as
 * `World.openTab` does: tabs are opened one at a time, so the one new tab
 * `browser.tabs` lists is it.
 */
export function openTab(
  side: BrowserSide,
  url: string,
  watcher: LeashClient,
  instance: string,
): Promise<OpenedTab> {
  return openTarget(side.cdp, url, watcher, instance);
}

/** How often the counter page in `page` was submitted, ever (its count on disk). */
export async function submissions(page: CdpPage): Promise<number> {
  const count = await withTimeout(
    "read the counter",
    page.evaluate("window.submissionCount()"),
    10_000,
  );
  if (typeof count !== "number") throw new Error(`Cannot read the counter: got ${count}`);
  return count;
}

/** How the call in flight when a fault struck ended. */
export type InFlight =
  | { kind: "answered" }
  | { kind: "typed"; code: ErrorCode }
  | { kind: "untyped"; error: string };

/** What the faults of a run did, for the figure line. */
export class FaultTally {
  /** Faults injected, by kind. */
  readonly faults: Record<FaultKind, number> = { host: 0, browser: 0, worker: 0, broker: 0 };
  /** In-flight calls that were answered (the fault came after their answer was made). */
  answered = 0;
  /** In-flight calls refused with a code, by code. */
  readonly typed = new Map<string, number>();
  /** Acts in flight that did not get their result, by the code they got. */
  readonly actsCut = new Map<string, number>();
  /** Of those, the ones whose click had reached the page, by the code they got. */
  readonly actsLanded = new Map<string, number>();
  /** What exact retries of the cut acts were told. */
  readonly retries = new Map<string, number>();
  /** Leases a fault should have ended. */
  leases = 0;
  /** Of those, the ones seen ended on every side (owner told, refused, gone from the popup). */
  leasesEnded = 0;
  /** Submissions beyond what the act calls could have dispatched. */
  replays = 0;
  /** Rounds whose system came back with new authority and a working click. */
  recoveries = 0;
  /** Worker faults left to the extension's reconnect alarm, with no person to wake it. */
  byAlarm = 0;
  /** Processes left after a round or at teardown. */
  processesLeft = 0;
  /** What went wrong, one line each; the figure says "nothing" when empty. */
  readonly lost: string[] = [];

  /** Count the end of an in-flight call. */
  settled(outcome: InFlight): void {
    if (outcome.kind === "answered") this.answered++;
    else if (outcome.kind === "typed") bump(this.typed, outcome.code);
  }

  /** Count an act in flight that got `code` instead of its result, and its exact retry. */
  actCut(code: string, landed: boolean, retry: string): void {
    bump(this.actsCut, code);
    if (landed) bump(this.actsLanded, code);
    bump(this.retries, retry);
  }

  /** The figure's text (without the part name). */
  text(seed: number): string {
    const kinds = faultKinds.map((kind) => `${this.faults[kind]} ${kind}`).join(", ");
    const total = faultKinds.reduce((all, kind) => all + this.faults[kind], 0);
    return `${total} faults (${kinds}; seed ${seed}), calls in flight: ${this.answered} answered, ` +
      `${sum(this.typed)} typed errors ${counts(this.typed)}, ` +
      `acts cut ${sum(this.actsCut)} (${sum(this.actsLanded)} had clicked: ` +
      `${counts(this.actsLanded)}; exact retries ${counts(this.retries)}), ` +
      `leases ended ${this.leasesEnded}/${this.leases}, ` +
      `replays ${this.replays}, recoveries ${this.recoveries}/${total}` +
      (this.byAlarm > 0 ? ` (${this.byAlarm} workers woken by the alarm alone), ` : ", ") +
      `processes left ${this.processesLeft}, lost: ${
        this.lost.length === 0 ? "nothing" : this.lost.join("; ")
      }`;
  }
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function sum(map: ReadonlyMap<unknown, number>): number {
  return [...map.values()].reduce((total, count) => total + count, 0);
}

/** `{A: 2, B: 1}`, keys in order. */
function counts(map: ReadonlyMap<string, number>): string {
  const entries = [...map].sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, count]) => `${key}: ${count}`).join(", ")}}`;
}
