import assert from "node:assert/strict";
import { ManualTimers } from "../testing/fakes.ts";
import { settle } from "../testing/fake_port.ts";
import type { ClaimPrompt } from "../provider/context.ts";
import { ApprovalQueue, type ApprovalWindows } from "./approvals.ts";

class FakeWindows implements ApprovalWindows {
  readonly log: string[] = [];
  #next = 100;
  failOpen = false;

  open(): Promise<number> {
    if (this.failOpen) return Promise.reject(new Error("no window"));
    const id = ++this.#next;
    this.log.push(`open ${id}`);
    return Promise.resolve(id);
  }

  focus(windowId: number): Promise<void> {
    this.log.push(`focus ${windowId}`);
    return Promise.resolve();
  }

  close(windowId: number): Promise<void> {
    this.log.push(`close ${windowId}`);
    return Promise.resolve();
  }
}

const prompt: ClaimPrompt = {
  clientName: "client",
  title: "Page",
  origin: "https://example.com",
  scope: "origin",
};

function setup() {
  const windows = new FakeWindows();
  const timers = new ManualTimers();
  const changes: number[] = [];
  const queue = new ApprovalQueue(windows, {
    timers,
    now: () => 0,
    onChange: (claims) => changes.push(claims.length),
  });
  return { windows, timers, queue, changes };
}

Deno.test("several claims queue in one window, which closes after the last answer", async () => {
  const { windows, queue } = setup();
  const first = queue.ask(prompt);
  const second = queue.ask({ ...prompt, clientName: "other" });
  await settle();
  assert.equal(windows.log.filter((entry) => entry.startsWith("open")).length, 1);
  const [a, b] = queue.pending();
  assert.equal(a.clientName, "client");
  assert.equal(a.expiresAt, 60_000);
  assert.equal(queue.decide(a.claimId, "allow"), true);
  assert.equal(await first, "allow");
  assert.equal(queue.windowId, 101);
  assert.equal(queue.decide(b.claimId, "deny"), true);
  assert.equal(await second, "deny");
  await settle();
  assert.equal(windows.log.at(-1), "close 101");
  assert.equal(queue.windowId, undefined);
});

Deno.test("closing the window answers every claim it held as closed", async () => {
  const { queue } = setup();
  const first = queue.ask(prompt);
  const second = queue.ask(prompt);
  await settle();
  queue.windowClosed(999);
  assert.equal(queue.pending().length, 2);
  queue.windowClosed(101);
  assert.deepEqual(await Promise.all([first, second]), ["closed", "closed"]);
  assert.equal(queue.pending().length, 0);
});

Deno.test("a claim nobody answers times out, never silently", async () => {
  const { queue, timers } = setup();
  const answer = queue.ask(prompt);
  await settle();
  timers.fireAll();
  assert.equal(await answer, "timeout");
  assert.equal(queue.decide("claim-1", "allow"), false);
});

Deno.test("a withdrawn claim leaves the queue and rejects with the signal's reason", async () => {
  const { queue, changes } = setup();
  const controller = new AbortController();
  const answer = queue.ask(prompt, controller.signal);
  await settle();
  controller.abort(new Error("connection lost"));
  await assert.rejects(answer, /connection lost/);
  assert.equal(queue.pending().length, 0);
  assert.deepEqual(changes, [1, 0]);
});

Deno.test("a window that cannot open ends the claim as closed", async () => {
  const { queue, windows } = setup();
  windows.failOpen = true;
  assert.equal(await queue.ask(prompt), "closed");
  windows.failOpen = false;
  const next = queue.ask(prompt);
  await settle();
  assert.equal(queue.windowId, 101);
  queue.decide(queue.pending()[0].claimId, "allow");
  assert.equal(await next, "allow");
});

Deno.test("a decision for an unknown claim changes nothing", async () => {
  const { queue } = setup();
  const answer = queue.ask(prompt);
  await settle();
  assert.equal(queue.decide("nope", "allow"), false);
  assert.equal(queue.pending().length, 1);
  queue.decide(queue.pending()[0].claimId, "deny");
  assert.equal(await answer, "deny");
});
