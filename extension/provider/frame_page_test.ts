import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import { providerMethods } from "../../contracts/methods/mod.ts";
import { childBinding, framesLease, framesProvider } from "../testing/fake_frames.ts";
import { readFramePage } from "./frame_page.ts";
import { PageContinuations } from "./page_continuations.ts";

const lease = framesLease;
const binding = childBinding;
const signal = new AbortController().signal;

async function setup() {
  const provider = await framesProvider();
  return { ...provider, continuations: new PageContinuations({ now: () => 1_000 }) };
}

Deno.test("ax.frame.page reads a window of the bound child only", async () => {
  const { context, browser, continuations } = await setup();
  const window = await readFramePage(context, { lease, request: { binding } }, {
    signal,
    continuations,
  });
  providerMethods["ax.frame.page"].result.parse(window);
  assert.deepEqual(window.nodes.map((node) => node.name), ["Child", "Inside"]);
  assert.equal(window.continuation, null);
  assert.equal(window.complete, true);
  assert.equal(window.title, "Child");
  const reads = browser.commands.filter((command) =>
    command.method === "Accessibility.getFullAXTree"
  );
  assert.deepEqual(reads.map((command) => command.params?.frameId), ["child"]);
});

Deno.test("ax.frame.page refuses a stale binding and an unknown continuation before reading", async () => {
  const { context, browser, continuations } = await setup();
  await assert.rejects(
    readFramePage(context, { lease, request: { binding: { ...binding, loaderId: "old" } } }, {
      signal,
      continuations,
    }),
    (error) => isLeashError(error, "STALE_TARGET"),
  );
  await assert.rejects(
    readFramePage(context, { lease, request: { binding, continuation: "nope" } }, {
      signal,
      continuations,
    }),
    (error) => isLeashError(error, "STALE_CURSOR"),
  );
  assert.ok(!browser.commands.some((command) => command.method === "Accessibility.getFullAXTree"));
});
