import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { FakeDebugger } from "../testing/fakes.ts";
import { DebuggerAttachments } from "./attachments.ts";

Deno.test("the first lease on a tab attaches and the last one detaches", async () => {
  const control = new FakeDebugger();
  const attachments = new DebuggerAttachments(control);
  await Promise.all([attachments.acquire(7), attachments.acquire(7)]);
  await attachments.release(7);
  assert.deepEqual(control.log, ["attach 7"]);
  await attachments.release(7);
  assert.deepEqual(control.log, ["attach 7", "detach 7"]);
  assert.equal(attachments.has(7), false);
});

Deno.test("a refused attach is DEBUGGER_UNAVAILABLE and leaves nothing behind", async () => {
  const control = new FakeDebugger();
  control.refuse = true;
  const attachments = new DebuggerAttachments(control);
  await assert.rejects(
    attachments.acquire(7),
    (error) => isLeashError(error, "DEBUGGER_UNAVAILABLE"),
  );
  assert.equal(attachments.has(7), false);
  control.refuse = false;
  await attachments.acquire(7);
  assert.deepEqual(control.log, ["attach 7", "attach 7"]);
});

Deno.test("a tab Chrome detached is forgotten, so releasing it detaches nothing", async () => {
  const control = new FakeDebugger();
  const attachments = new DebuggerAttachments(control);
  await attachments.acquire(7);
  attachments.detached(7);
  await attachments.release(7);
  assert.deepEqual(control.log, ["attach 7"]);
});

Deno.test("a new attach waits for a detach still in progress on the tab", async () => {
  const log: string[] = [];
  let finishDetach = () => {};
  const attachments = new DebuggerAttachments({
    attach: (tabId) => {
      log.push(`attach ${tabId}`);
      return Promise.resolve();
    },
    detach: (tabId) => {
      log.push(`detach ${tabId} started`);
      return new Promise((resolve) => {
        finishDetach = () => {
          log.push(`detach ${tabId} done`);
          resolve();
        };
      });
    },
  });
  await attachments.acquire(7);
  const released = attachments.release(7);
  const acquired = attachments.acquire(7);
  await Promise.resolve();
  finishDetach();
  await Promise.all([released, acquired]);
  assert.deepEqual(log, ["attach 7", "detach 7 started", "detach 7 done", "attach 7"]);
});
