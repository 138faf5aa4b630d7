/**
 * The soak: several agents observe and act on several tabs of one real
 * Chromium for a bounded time, and nothing may be lost or doubled.
 *
 * Four `LeashClient`s and one stock MCP client (through the real MCP
 * server) each lease their own tab of `soak_page.html` and loop until the
 * time is up, as an agent would: observe (the whole page, a delta `since`
 * the last cursor, or a query), act (click a counter, fill a field, add a
 * list item), and now and then turn the mouse wheel, read the page, capture
 * it or validate the lease. Two of the tabs are in the background of one
 * window (as a person's other tabs are); the other three are each the front
 * tab of a window. What must hold:
 *
 * - every call settles exactly once, and under each `LeashClient` every
 *   request frame gets exactly one response frame;
 * - every click the Broker answered shows on the page exactly once: each
 *   page's own counters, read through DevTools at the end, equal the clicks
 *   its agent saw answered (and each full observation shows the count the
 *   agent expects at that moment);
 * - no call fails and no act comes back `uncertain`: a healthy soak has no
 *   error at all, and each one is reported by its typed code; the one
 *   refusal expected is a wheel on a background tab (a hidden page takes no
 *   wheel input), which must come at once as `TARGET_NOT_INTERACTABLE`;
 * - no lease ends, and the Broker logs nothing at error level.
 *
 * Latency (p50 and p99 over the first and the last tenth of the run), the
 * resident memory of the Broker, the Native Host and the browser at the start
 * and at the end, and the requests the Broker sent the browser are reported,
 * never asserted, except for a leak guard too generous to flake.
 *
 * Personal access mode: every claim is granted without the person, so the
 * agents start at once and the run measures only the steady traffic of
 * observing and acting (approvals have their own tests). Restricted mode
 * would add one approval per lease at the start and change nothing after.
 *
 * CI size: 30 s. Stress: 30 minutes. `LEASH_SOAK_MS` sets any length;
 * `LEASH_SOAK_DEBUG=1` also prints the slowest calls and the memory over the
 * run.
 */
import assert from "node:assert/strict";
import { errorCodes, LeashError } from "../../contracts/errors.ts";
import { memoryTransportPair } from "../../contracts/testing/memory_transport.ts";
import type { Action, ActResult, Expectation } from "../../contracts/methods/mod.ts";
import type { Observation } from "../../contracts/methods/mod.ts";
import { refOf, ToolError } from "../e2e/_mcp.ts";
import {
  browserPath,
  delay,
  noBrowser,
  type OpenedTab,
  startWorld,
  until,
  withTimeout,
  type World,
} from "../e2e/harness.ts";
import { connectMcp } from "../integration/_mcp_client.ts";
import { figure, sized } from "./_size.ts";
import {
  brokerRequestsToBrowser,
  CallBook,
  type CallKind,
  type CallRecord,
  clientDriver,
  connectCounted,
  type CountedClient,
  mcpDriver,
  type MemorySnapshot,
  memorySnapshot,
  openWindow,
  percentile,
  type SoakDriver,
  WireLedger,
} from "./_soak.ts";

/** How long the agents work: `LEASH_SOAK_MS`, else 30 s in CI and 30 minutes under stress. */
function soakMs(): number {
  const chosen = Deno.env.get("LEASH_SOAK_MS");
  if (chosen !== undefined && /^\d+$/.test(chosen)) return Number(chosen);
  return sized(30_000, 30 * 60_000);
}

const durationMs = soakMs();
/** `LeashClient` agents; one MCP agent comes on top. */
const clientAgents = 4;
/** Agents whose tab is in the background (`document.visibilityState` is `hidden`). */
const backgroundAgents = 2;
/**
 * The shortest time one step of an agent takes (look, act, now and then
 * more); a faster step pauses for the rest. A model thinks far longer. This
 * bounds the load whatever the machine. A CI run still sends the browser
 * more than the 10,000 requests its link once ended at (an act costs 12 to
 * 20 of them).
 */
const stepMs = 400;
/** The pause after a step that took `stepMs` or more. */
const minPauseMs = 20;
/** After this many failed calls an agent stops, so one broken link cannot flood the report. */
const maxFailuresPerAgent = 20;
/** The loops must end this long after the soak's time is up (the slowest call times out at 60 s). */
const hangDeadlineMs = 90_000;
/** A leak guard, not a measurement: growth no healthy minute or half hour comes near. */
const leakGuardKiB = 256 * 1024;

/**
 * Codes that prove an action dispatched nothing. Any other failure of an act
 * (a timeout, a lost connection, an unknown outcome) may have clicked.
 */
const nothingDispatched: ReadonlySet<string> = new Set([
  "STALE_TARGET",
  "TARGET_COVERED",
  "TARGET_NOT_INTERACTABLE",
  "OUT_OF_SCOPE",
  "LEASE_NOT_FOUND",
  "STALE_LEASE",
  "INVALID_PARAMS",
  "QUEUE_FULL",
  "REQUEST_CONFLICT",
]);

/** What one agent saw answered, to compare with what its page counted. */
interface Tally {
  /** "Add one" clicks answered, and those that may or may not have landed. */
  clicks: number;
  clicksUnsure: number;
  /** "Add item" clicks, likewise. */
  items: number;
  itemsUnsure: number;
  /** Texts the field may hold at the end: the last answered fill and any unsure one after it. */
  notes: string[];
  statuses: Record<"verified" | "unverified" | "uncertain", number>;
  /** Wheels on a background tab, refused before any input as they must be. */
  wheelsRefused: number;
}

Deno.test({
  name: "agents observing and acting on their tabs for a bounded time lose and double nothing",
  ignore: noBrowser,
  fn: async () => {
    const wallStart = performance.now();
    await using world = await startWorld({ accessMode: "personal" });
    // Problems found while the agents work, in the order found.
    const problems: string[] = [];
    const counted: CountedClient[] = [];
    try {
      for (let i = 0; i < clientAgents; i++) counted.push(await connectCounted(world));
      await using mcp = await connectMcp(world.runtimeDir);

      // One tab per agent, each with its own counters. The first agents' tabs share the first
      // window, where only the last one opened is in front; the others get a window each.
      const names = [...counted.map((_, i) => `agent-${i + 1}`), "mcp-agent"];
      const lister = await world.client();
      const tabs: OpenedTab[] = [];
      for (const [i, name] of names.entries()) {
        const url = world.fixtures.url(`soak_page.html?agent=${name}`);
        tabs.push(
          i <= backgroundAgents ? await world.openTab(url) : await openWindow(world, lister, url),
        );
      }
      const hidden = new Set<string>();
      for (const [i, tab] of tabs.entries()) {
        if (await tab.page.evaluate("document.visibilityState") === "hidden") hidden.add(names[i]);
      }
      if (hidden.size !== backgroundAgents) {
        throw new Error(
          `Cannot set the soak up: ${hidden.size} tabs are hidden, not ${backgroundAgents}`,
        );
      }
      const drivers: SoakDriver[] = [];
      for (const [i, { client }] of counted.entries()) {
        drivers.push(await clientDriver(world, names[i], client, tabs[i].tab));
      }
      drivers.push(await mcpDriver(world, "mcp-agent", mcp, tabs[clientAgents].tab));

      const requestsBefore = await brokerRequestsToBrowser(world);
      const memory = [await memorySnapshot(world, browserPathOrThrow())];
      const origin = performance.now();
      const book = new CallBook(origin);
      const endAt = origin + durationMs;
      const loops = Promise.all(
        drivers.map((driver) => drive(driver, book, endAt, problems, hidden.has(driver.name))),
      );
      const sampling = sampleMemory(world, endAt, memory);
      let tallies: Tally[] = [];
      try {
        tallies = await withTimeout("finish the soak", loops, durationMs + hangDeadlineMs);
      } catch (error) {
        problems.push(`${String(error)}; still in flight: ${book.inFlight().join(", ")}`);
      }
      await sampling;
      const elapsedMs = performance.now() - origin;
      memory.push(await memorySnapshot(world, browserPathOrThrow()));
      const requestsAfter = await brokerRequestsToBrowser(world);

      // Every lease still works after the run.
      for (const driver of drivers) {
        const last = await book.run(driver.name, "observe", () => driver.observe({}), "page");
        if (!last.ok) problems.push(`${driver.name}: the lease no longer works: ${last.code}`);
      }
      const wire = checkWire(book, counted, names, problems);
      const clicks = await checkPages(tallies, tabs, names, problems);
      const errors = checkErrors(book, problems);
      const brokerErrors = world.broker.stderr.split("\n").filter((line) =>
        line.includes('"level":"error"')
      );
      if (brokerErrors.length > 0) {
        problems.push(`the Broker logged at error level: ${brokerErrors.slice(0, 3).join(" | ")}`);
      }
      const [first, last] = [memory[0], memory[memory.length - 1]];
      for (
        const [what, grown] of [
          ["Broker", last.broker - first.broker],
          ["Native Host", last.host - first.host],
        ] as const
      ) {
        if (grown > leakGuardKiB) problems.push(`the ${what}'s RSS grew by ${mib(grown)}`);
      }

      const records = book.records;
      const byKind = (kind: CallKind) => n(records.filter((record) => record.kind === kind).length);
      const provider = requestsBefore === undefined || requestsAfter === undefined
        ? "unknown"
        : `${n(requestsAfter - requestsBefore)} (${n(requestsAfter)} on the link)`;
      figure(
        "soak",
        [
          `${Math.round(elapsedMs / 1000)} s, ${clientAgents} clients + 1 MCP client on ` +
          `${drivers.length} tabs (${hidden.size} in the background)`,
          `${n(records.length)} calls (${byKind("observe")} observe, ${byKind("act")} act, ` +
          `${byKind("read")} read, ${byKind("capture")} capture, ${byKind("validate")} validate)`,
          `${n(wire.lost)} lost, ${n(wire.doubled)} duplicated, ${n(errors)} errors`,
          `clicks on page = clicks answered (${n(clicks.onPage)} = ${n(clicks.answered)})`,
          `acts ${statusLine(tallies)}`,
          `Broker requests to the browser ${provider}`,
          `p50/p99 first→last tenth: ${latency(records, "observe", elapsedMs)}, ` +
          `${latency(records, "act", elapsedMs)}, ${latency(records, "read", elapsedMs)}`,
          clickLine(records, hidden),
          memoryLine(first, last),
          `wall ${Math.round((performance.now() - wallStart) / 1000)} s`,
          `lost: ${problems.length === 0 ? "nothing" : `${problems.length} problems`}`,
        ].join(", "),
      );
      if (Deno.env.get("LEASH_SOAK_DEBUG") === "1") debugReport(records, memory);
      assert.deepEqual(problems, [], `pages: ${clicks.pages.join(", ")}`);
    } finally {
      for (const { client, events } of counted) {
        client.close();
        await events.done;
      }
    }
  },
});

/**
 * Every call settled once, and under every client every request frame got
 * exactly one response frame; no lease ended on its own. Returns the totals
 * of lost and doubled responses.
 */
function checkWire(
  book: CallBook,
  counted: readonly CountedClient[],
  names: readonly string[],
  problems: string[],
): { lost: number; doubled: number } {
  if (book.started !== book.settled) {
    problems.push(`calls started ${book.started}, settled ${book.settled}`);
  }
  let lost = book.started - book.settled;
  let doubled = 0;
  for (const [i, { wire, events }] of counted.entries()) {
    lost += wire.unanswered;
    doubled += wire.doubled + wire.unmatched;
    if (wire.unanswered + wire.doubled + wire.unmatched > 0) {
      problems.push(
        `${names[i]}: ${wire.requests} requests, ${wire.unanswered} unanswered, ` +
          `${wire.doubled} answered twice, ${wire.unmatched} answers to no request`,
      );
    }
    if (events.revokedLeases.length > 0) {
      problems.push(`${names[i]}: leases revoked during the soak: ${events.revokedLeases}`);
    }
  }
  return { lost, doubled };
}

/** Every answered click shows on its page exactly once, and the field holds the last fill. */
async function checkPages(
  tallies: readonly Tally[],
  tabs: readonly OpenedTab[],
  names: readonly string[],
  problems: string[],
): Promise<{ onPage: number; answered: number; pages: string[] }> {
  const pages: string[] = [];
  let onPage = 0;
  let answered = 0;
  const within = (shown: number, seen: number, unsure: number) =>
    shown >= seen && shown <= seen + unsure;
  for (const [i, tally] of tallies.entries()) {
    const state = pageState(await tabs[i].page.evaluate("window.soakState()"));
    const name = names[i];
    onPage += state.count + state.itemsAdded;
    answered += tally.clicks + tally.items;
    if (!within(state.count, tally.clicks, tally.clicksUnsure)) {
      problems.push(
        `${name}: the counter shows ${state.count}, but ${tally.clicks} clicks were answered` +
          ` (${tally.clicksUnsure} unsure)`,
      );
    }
    if (!within(state.itemsAdded, tally.items, tally.itemsUnsure)) {
      problems.push(
        `${name}: ${state.itemsAdded} items were added, but ${tally.items} clicks were answered` +
          ` (${tally.itemsUnsure} unsure)`,
      );
    }
    if (tally.notes.length > 0 && !tally.notes.includes(state.note)) {
      problems.push(`${name}: the field holds "${state.note}", not "${tally.notes.at(-1)}"`);
    }
    pages.push(`${name} ${state.count}+${state.itemsAdded}`);
  }
  return { onPage, answered, pages };
}

/** No call failed: each failure is named by its code (untyped ones say so). Returns the count. */
function checkErrors(book: CallBook, problems: string[]): number {
  let total = 0;
  for (const [code, count] of book.errors()) {
    total += count;
    const typed = Object.hasOwn(errorCodes, code) ? "" : " (untyped)";
    problems.push(`${count} calls failed with ${code}${typed}`);
  }
  return total;
}

/** Read the world's memory ten times over the run, into `into`. */
async function sampleMemory(world: World, endAt: number, into: MemorySnapshot[]): Promise<void> {
  const every = durationMs / 10;
  for (let next = performance.now() + every; next < endAt - every / 2; next += every) {
    await delay(Math.max(0, next - performance.now()));
    into.push(await memorySnapshot(world, browserPathOrThrow()));
  }
}

/** With `LEASH_SOAK_DEBUG=1`: the slowest calls and the memory over the run. */
function debugReport(records: readonly CallRecord[], memory: readonly MemorySnapshot[]): void {
  for (const record of [...records].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`slow: ${JSON.stringify(record)}`);
  }
  console.log(
    `memory (MiB, Broker/host/browser): ${
      memory.map((m) =>
        [m.broker, m.host, m.chromium].map((kib) => Math.round(kib / 1024)).join("/")
      )
        .join(" ")
    }`,
  );
}

/** One agent's loop until `endAt`: look, act, now and then read, capture or validate. */
async function drive(
  driver: SoakDriver,
  book: CallBook,
  endAt: number,
  problems: string[],
  background: boolean,
): Promise<Tally> {
  const name = driver.name;
  const tally: Tally = {
    clicks: 0,
    clicksUnsure: 0,
    items: 0,
    itemsUnsure: 0,
    notes: [],
    statuses: { verified: 0, unverified: 0, uncertain: 0 },
    wheelsRefused: 0,
  };
  let failures = 0;
  const call = async <T>(
    kind: CallKind,
    run: () => Promise<T>,
    detail?: string,
  ): Promise<T | undefined> => {
    const outcome = await book.run(name, kind, run, detail);
    if (outcome.ok) return outcome.value;
    failures++;
    return undefined;
  };

  const first = await call("observe", () => driver.observe({}), "page");
  if (first === undefined) {
    problems.push(`${name}: the first observation failed`);
    return tally;
  }
  const epoch = first.documentEpoch;
  const refs = {
    addOne: refOf(first, "button", "Add one"),
    note: refOf(first, "textbox", "Note"),
    addItem: refOf(first, "button", "Add item"),
  };
  let cursor: string | undefined = first.cursor;

  /**
   * One act; `undefined` when it failed or came back uncertain. `unsure`
   * learns whether such an act may still have happened.
   */
  const act = async (
    requestId: string,
    action: Action,
    unsure: () => void,
    expect?: Expectation,
  ): Promise<ActResult | undefined> => {
    const detail = `${action.kind}${expect === undefined ? "" : " expecting"}`;
    const outcome = await book.run(
      name,
      "act",
      () =>
        driver.act({
          requestId,
          documentEpoch: epoch,
          action,
          ...(expect === undefined ? {} : { expect }),
        }),
      detail,
    );
    if (!outcome.ok) {
      failures++;
      if (!nothingDispatched.has(outcome.code)) unsure();
      return undefined;
    }
    const result = outcome.value;
    tally.statuses[result.status]++;
    if (result.status === "uncertain") {
      problems.push(
        `${name}: ${detail} (${requestId}) came back uncertain after ${
          n(Math.round(outcome.ms))
        } ms`,
      );
      unsure();
      return undefined;
    }
    return result;
  };

  for (let step = 0; performance.now() < endAt && failures < maxFailuresPerAgent; step++) {
    const stepStart = performance.now();
    // Look: a query every fourth step, else alternately a delta and the whole page.
    if (step % 4 === 3) {
      await call("observe", () => driver.observe({ query: "Items" }), "query");
    } else if (step % 2 === 1 && cursor !== undefined) {
      const since: string = cursor;
      const delta: Observation | undefined = await call(
        "observe",
        () => driver.observe({ since }),
        "since",
      );
      cursor = delta?.cursor;
      if (delta !== undefined && delta.delta === null) {
        problems.push(`${name}: observe since a fresh cursor came back without a delta`);
      }
    } else {
      const page = await call("observe", () => driver.observe({}), "page");
      cursor = page?.cursor;
      if (page !== undefined) checkPage(name, page, epoch, tally, problems);
    }

    // Act: click the counter (every other time checking the count it must show), fill the
    // field (every other time checking its value), add a list item.
    const requestId = `${name}-${step}`;
    switch (step % 4) {
      case 0:
      case 2: {
        const expected = `Count: ${tally.clicks + 1}.`;
        const checked = step % 4 === 0;
        const result = await act(
          requestId,
          { kind: "click", ref: refs.addOne },
          () => tally.clicksUnsure++,
          checked ? { textPresent: expected } : undefined,
        );
        if (result === undefined) break;
        tally.clicks++;
        if (checked && result.status !== "verified") {
          problems.push(`${name}: click ${tally.clicks} did not show "${expected}"`);
        }
        break;
      }
      case 1: {
        const text = `${name} note ${step}`;
        const checked = step % 8 === 1;
        const result = await act(
          requestId,
          { kind: "fill", ref: refs.note, text },
          () => tally.notes.push(text),
          checked ? { element: { ref: refs.note, value: text } } : undefined,
        );
        if (result === undefined) break;
        tally.notes = [text];
        if (checked && result.status !== "verified") {
          problems.push(`${name}: fill ${step} was ${result.status}`);
        }
        break;
      }
      case 3: {
        const result = await act(
          requestId,
          { kind: "click", ref: refs.addItem },
          () => tally.itemsUnsure++,
        );
        if (result !== undefined) tally.items++;
        break;
      }
    }

    // Now and then: turn the mouse wheel, read the page window by window, capture it,
    // validate the lease.
    if (step % 16 === 6) {
      const wheel: Action = { kind: "wheel", deltaX: 0, deltaY: 120 };
      if (background) {
        // A hidden page takes no wheel input: refused at once, before anything is sent.
        const refused = await book.run(
          name,
          "act",
          () =>
            driver.act({ requestId: `${requestId}-wheel`, documentEpoch: epoch, action: wheel }),
          "wheel in the background",
          "TARGET_NOT_INTERACTABLE",
        );
        if (!refused.ok && refused.code === "TARGET_NOT_INTERACTABLE") tally.wheelsRefused++;
        else if (refused.ok) {
          problems.push(
            `${name}: a wheel on a background tab was answered ${refused.value.status}`,
          );
        }
      } else {
        await act(`${requestId}-wheel`, wheel, () => {});
      }
    }
    if (step % 8 === 5) {
      let continuation: string | undefined;
      for (let window = 0; window < 4; window++) {
        const from = continuation;
        const read = await call("read", () => driver.readPage(from));
        if (read === undefined || read.complete || read.continuation === null) break;
        continuation = read.continuation;
      }
    }
    if (step % 16 === 9) await call("capture", () => driver.capture());
    const validate = driver.validate;
    if (step % 10 === 7 && validate !== undefined) await call("validate", () => validate());
    await delay(Math.max(minPauseMs, stepStart + stepMs - performance.now()));
  }
  if (failures >= maxFailuresPerAgent) problems.push(`${name}: stopped after ${failures} failures`);
  return tally;
}

/** A whole-page observation must show the agent's document and exactly the count it clicked. */
function checkPage(
  name: string,
  page: Observation,
  epoch: string,
  tally: Tally,
  problems: string[],
): void {
  if (page.documentEpoch !== epoch) {
    problems.push(`${name}: the document epoch changed without a navigation`);
  }
  if (tally.clicksUnsure > 0) return;
  const shown = page.nodes.find((node) => /^Count: \d+\.$/.test(node.name))?.name;
  if (shown !== `Count: ${tally.clicks}.`) {
    problems.push(`${name}: observed "${shown}" after ${tally.clicks} answered clicks`);
  }
}

/** What the page counted, validated. */
function pageState(value: unknown): {
  count: number;
  itemsAdded: number;
  noteInputs: number;
  note: string;
} {
  if (
    typeof value === "object" && value !== null && "count" in value &&
    typeof value.count === "number" && "itemsAdded" in value &&
    typeof value.itemsAdded === "number" && "noteInputs" in value &&
    typeof value.noteInputs === "number" && "note" in value && typeof value.note === "string"
  ) {
    return {
      count: value.count,
      itemsAdded: value.itemsAdded,
      noteInputs: value.noteInputs,
      note: value.note,
    };
  }
  throw new Error(`Cannot read the soak page's state: ${JSON.stringify(value)}`);
}

function browserPathOrThrow(): string {
  if (browserPath === undefined) throw new Error("Cannot read the browser's memory: no browser");
  return browserPath;
}

/** `1,234`. */
function n(value: number): string {
  return value.toLocaleString("en-US");
}

function mib(kib: number): string {
  return `${Math.round(kib / 1024)} MiB`;
}

/** e.g. `observe 12/41→14/45 ms`: p50/p99 over the first and over the last tenth of the run. */
function latency(records: readonly CallRecord[], kind: CallKind, elapsedMs: number): string {
  const window = (from: number, to: number) => {
    const ms = records.filter((record) =>
      record.kind === kind && record.at >= from && record.at < to
    )
      .map((record) => record.ms);
    const show = (p: number) => {
      const value = percentile(ms, p);
      return Number.isNaN(value) ? "-" : n(Math.round(value));
    };
    return `${show(50)}/${show(99)}`;
  };
  return `${kind} ${window(0, elapsedMs / 10)}→${window(elapsedMs * 0.9, Infinity)} ms`;
}

function statusLine(tallies: readonly Tally[]): string {
  const sum = (status: keyof Tally["statuses"]) =>
    n(tallies.reduce((total, tally) => total + tally.statuses[status], 0));
  const refused = tallies.reduce((total, tally) => total + tally.wheelsRefused, 0);
  return `${sum("verified")} verified/${sum("unverified")} unverified/${
    sum("uncertain")
  } uncertain, ${n(refused)} wheels in the background refused before input`;
}

/** Clicks on the tabs in the background against the one in front, p50 over the whole run. */
function clickLine(records: readonly CallRecord[], hidden: ReadonlySet<string>): string {
  const clicks = (inBack: boolean) =>
    records.filter((record) =>
      record.kind === "act" && record.detail?.startsWith("click") === true &&
      hidden.has(record.agent) === inBack
    ).map((record) => record.ms);
  const p50 = (values: number[]) => {
    const value = percentile(values, 50);
    return Number.isNaN(value) ? "-" : n(Math.round(value));
  };
  return `click p50 ${p50(clicks(true))} ms in the background, ${p50(clicks(false))} ms in front`;
}

function memoryLine(before: MemorySnapshot, after: MemorySnapshot): string {
  const span = (a: number, b: number) =>
    `${n(Math.round(a / 1024))}→${n(Math.round(b / 1024))} MiB`;
  return `RSS broker ${span(before.broker, after.broker)} (peak ${mib(after.brokerPeak)}), ` +
    `host ${span(before.host, after.host)}, browser ${span(before.browser, after.browser)} ` +
    `(${after.chromiumProcesses} Chromium processes ${span(before.chromium, after.chromium)})`;
}

Deno.test("the wire ledger sees a response that comes twice, one that never comes and a stray", async () => {
  const [near, far] = memoryTransportPair();
  const ledger = new WireLedger(near);
  const passed: unknown[] = [];
  ledger.onmessage = (message) => passed.push(message);
  far.onmessage = () => {};
  ledger.start();
  far.start();
  for (const id of ["a-0", "a-1", "a-2"]) {
    ledger.send({ type: "request", id, method: "browser.instances", params: {} });
  }
  for (const id of ["a-0", "a-1", "a-1", "b-0"]) {
    far.send({ type: "response", id, ok: true, value: [] });
  }
  far.send({ type: "event", event: "browser.lease-revoked", value: {} });
  await until("every message to pass", () => passed.length === 5 ? true : undefined);
  assert.deepEqual(
    {
      requests: ledger.requests,
      unanswered: ledger.unanswered,
      doubled: ledger.doubled,
      unmatched: ledger.unmatched,
    },
    { requests: 3, unanswered: 1, doubled: 1, unmatched: 1 },
  );
  ledger.close();
});

Deno.test("a failed call is counted by its wire code, and anything else as untyped", async () => {
  const book = new CallBook(performance.now());
  const outcomes = [
    await book.run("a", "act", () => Promise.reject(new LeashError("STALE_TARGET"))),
    await book.run("a", "act", () => Promise.reject(new ToolError("t", "TIMEOUT", "late"))),
    await book.run("a", "act", () => Promise.reject(new ToolError("t", "?", "odd"))),
    await book.run("a", "observe", () => Promise.reject(new TypeError("boom"))),
    await book.run("a", "observe", () => Promise.resolve(1)),
  ];
  assert.deepEqual(outcomes.map((outcome) => outcome.ok ? "ok" : outcome.code), [
    "STALE_TARGET",
    "TIMEOUT",
    "mcp:?",
    "untyped:TypeError",
    "ok",
  ]);
  assert.deepEqual([book.started, book.settled, book.inFlight()], [5, 5, []]);
  assert.equal(book.errors().size, 4);
});
