import assert from "node:assert/strict";
import type { Driver, FoundRef } from "./driver.ts";
import type { ToolReply } from "./mcp_stdio.ts";
import { maxFailures, minRounds, runPhase, type ToolRun } from "./phase.ts";

/** A scripted tool: `failOn` names the steps that throw, `log` records every call in order. */
function fakeTool(
  short: string,
  log: string[],
  failOn: { open?: boolean; observeCalls?: number[]; clicks?: boolean } = {},
  navigateShowsPage = true,
): ToolRun {
  let observes = 0;
  const driver: Driver = {
    label: short,
    steps: { observe: "look", click: "press", navigate: "go" },
    navigateShowsPage,
    open(key) {
      log.push(`${short} open ${key}`);
      return failOn.open ? Promise.reject(new Error("no browser")) : Promise.resolve();
    },
    observe(): Promise<ToolReply> {
      observes++;
      log.push(`${short} observe`);
      if (failOn.observeCalls?.includes(observes)) {
        return Promise.reject(new Error("Cannot run look: TIMEOUT: too slow"));
      }
      return Promise.resolve({ text: 'button "Go" ref=e1', structured: undefined });
    },
    findButton(): Promise<FoundRef> {
      return Promise.resolve({ ref: "e1", extra: [{ text: "one more read", structured: null }] });
    },
    click(): Promise<ToolReply> {
      log.push(`${short} click`);
      return failOn.clicks
        ? Promise.reject(new Error("Cannot run press: covered"))
        : Promise.resolve({ text: "ok", structured: undefined });
    },
    navigate(): Promise<ToolReply> {
      log.push(`${short} navigate`);
      return Promise.resolve({ text: "went", structured: undefined });
    },
    close: () => Promise.resolve(),
  };
  return { short, driver, pages: new Map() };
}

const page = { key: "form", url: "http://127.0.0.1/form.html", button: "Go", rounds: 4 };

Deno.test("runPhase interleaves the tools in rotated order and records every round", async () => {
  const log: string[] = [];
  const tools = [fakeTool("a", log), fakeTool("b", log)];
  await runPhase(tools, page, 60_000);
  const observes = log.filter((line) => line.endsWith("observe"));
  // One warm-up each, then four rounds alternating which tool goes first.
  assert.deepEqual(observes.slice(2, 6), ["a observe", "b observe", "b observe", "a observe"]);
  for (const tool of tools) {
    const record = tool.pages.get("form");
    assert.ok(record !== undefined);
    assert.equal(record.observeMs.length, 4);
    assert.equal(record.clickMs.length, 4);
    assert.ok(record.observeTokens.every((tokens) => tokens > 0));
    assert.ok(record.findExtraTokens > 0, "the extra read to find the ref is counted");
    assert.equal(tool.failure, undefined);
  }
});

Deno.test("runPhase counts a failed timed call and goes on, and drops a tool failing too often", async () => {
  const log: string[] = [];
  // Call 1 is the warm-up; calls 2 and 4 are timed rounds that fail.
  const flaky = fakeTool("flaky", log, { observeCalls: [2, 4] });
  const broken = fakeTool("broken", log, { clicks: true });
  const steady = fakeTool("steady", log);
  await runPhase([flaky, broken, steady], page, 60_000);
  const flakyRecord = flaky.pages.get("form");
  assert.ok(flakyRecord !== undefined);
  assert.equal(flaky.failure, undefined);
  // Two of its four rounds failed; one extra round brought it to the minimum.
  assert.equal(minRounds, 3);
  assert.equal(flakyRecord.observeMs.length, 3);
  assert.deepEqual(flakyRecord.failed.observe, [
    "Cannot run look: TIMEOUT: too slow",
    "Cannot run look: TIMEOUT: too slow",
  ]);
  assert.match(broken.failure ?? "", new RegExp(`failed ${maxFailures} times at click form`));
  assert.equal(log.filter((line) => line === "broken click").length, maxFailures);
  assert.equal(steady.pages.get("form")?.clickMs.length, 4);
});

Deno.test("runPhase leaves out a tool that cannot open the page", async () => {
  const log: string[] = [];
  const closed = fakeTool("closed", log, { open: true });
  const open = fakeTool("open", log);
  await runPhase([closed, open], page, 60_000);
  assert.match(closed.failure ?? "", /^failed at open form: no browser/);
  assert.ok(!log.includes("closed observe"));
  assert.equal(open.pages.get("form")?.observeMs.length, 4);
});

Deno.test("runPhase still runs the minimum rounds when its time is already up", async () => {
  const tools = [fakeTool("a", [])];
  await runPhase(tools, { ...page, rounds: 10 }, 0);
  assert.equal(tools[0].pages.get("form")?.observeMs.length, minRounds);
  assert.equal(tools[0].pages.get("form")?.clickMs.length, minRounds);
});

Deno.test("runPhase gives only a tool short of the minimum extra rounds", async () => {
  const log: string[] = [];
  // The warm-up is call 1; its first two timed observes fail.
  const slow = fakeTool("slow", log, { observeCalls: [2, 3] });
  const fine = fakeTool("fine", log);
  await runPhase([slow, fine], { ...page, rounds: minRounds }, 60_000);
  assert.equal(slow.failure, undefined);
  assert.equal(slow.pages.get("form")?.observeMs.length, minRounds);
  assert.equal(slow.pages.get("form")?.failed.observe.length, 2);
  assert.equal(fine.pages.get("form")?.observeMs.length, minRounds);
});

Deno.test("runPhase times a navigation alone and, where its reply shows no page, with the look after it", async () => {
  const log: string[] = [];
  const blind = fakeTool("blind", log, {}, false);
  const shown = fakeTool("shown", log);
  // The blind tool's look after each navigation takes a while; its navigation alone does not.
  const look = blind.driver.observe.bind(blind.driver);
  let navigating = false;
  blind.driver.navigate = () => {
    navigating = true;
    log.push("blind navigate");
    return Promise.resolve({ text: "went", structured: undefined });
  };
  blind.driver.observe = async (key) => {
    if (navigating) await new Promise((resolve) => setTimeout(resolve, 30));
    return look(key);
  };
  await runPhase([blind, shown], { ...page, rounds: minRounds }, 60_000);
  const navigated = log.slice(log.indexOf("blind navigate"));
  assert.equal(navigated[1], "blind observe", "the blind tool looks right after navigating");
  const record = blind.pages.get("form");
  assert.ok(record !== undefined);
  assert.equal(record.navigateLookMs.length, minRounds);
  assert.ok(record.navigateMs.every((ms) => ms < 25), `alone: ${record.navigateMs}`);
  assert.ok(
    record.navigateLookMs.every((ms) => ms >= 25),
    `with the look: ${record.navigateLookMs}`,
  );
  assert.ok(record.navigateLookTokens[0] > record.navigateTokens[0]);
  const other = shown.pages.get("form");
  assert.ok(other !== undefined);
  assert.equal(log.filter((line) => line === "shown observe").length, 1 + minRounds);
  assert.deepEqual(other.navigateLookTokens, other.navigateTokens);
});
