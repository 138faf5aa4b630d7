import assert from "node:assert/strict";
import { LeashError } from "../../contracts/errors.ts";
import type { Tool } from "./define.ts";
import { fakeBroker, type FakeHandlers, sampleLease, sampleObservation } from "./_fake_link.ts";
import { leaseEndNote } from "./leases.ts";
import { failureText, NotedError, toToolFailure } from "./errors.ts";
import { actTool, generatedRequestIdPrefix, leftOriginNote, noEpochNote } from "./tools/act.ts";
import { captureTool } from "./tools/capture.ts";
import { claimTool, releaseTool } from "./tools/lease.ts";
import { noCursorNote, observeTool } from "./tools/observe.ts";
import { readPageTool } from "./tools/page.ts";
import { instancesTool, tabsTool } from "./tools/discovery.ts";

const capture = {
  mimeType: "image/png" as const,
  data: "iVBORw0KGgo=",
  width: 1280,
  height: 720,
  documentEpoch: "d1",
};

const base: FakeHandlers = {
  "browser.claim": () => sampleLease(),
  "browser.observe": () => sampleObservation(),
  "browser.capture": () => capture,
  "browser.validateLease": () => ({ valid: true }),
  "browser.release": () => ({ released: true }),
  "browser.act": (params) => ({
    requestId: params.requestId,
    status: "verified",
    documentChanged: false,
    documentEpoch: params.documentEpoch,
    observation: sampleObservation(params.documentEpoch),
  }),
};

async function claimed(handlers: FakeHandlers = base) {
  const fake = fakeBroker(handlers);
  const context = { session: fake.session, clientName: "Test Agent" };
  await claimTool.run({ instance: "i1" }, context);
  return { ...fake, context };
}

function rejectsWith(tool: Tool, args: unknown, context: Parameters<Tool["run"]>[1], code: string) {
  return assert.rejects(tool.run(args, context), (error) => {
    assert.ok(error instanceof LeashError);
    assert.equal(error.code, code);
    return true;
  });
}

Deno.test("claim fills in the session and the client's name, and books the lease", async () => {
  const { calls, session } = await claimed();
  assert.deepEqual(calls[0].params, {
    instance: "i1",
    clientName: "Test Agent",
    sessionId: "s1",
    capture: true,
  });
  assert.deepEqual(session.leases.live(), [sampleLease()]);
});

Deno.test("a claim's own clientName wins over the MCP client's", async () => {
  const fake = fakeBroker(base);
  await claimTool.run({ instance: "i1", clientName: "Mine" }, {
    session: fake.session,
    clientName: "Host",
  });
  assert.deepEqual(fake.calls[0].params, {
    instance: "i1",
    clientName: "Mine",
    sessionId: "s1",
    capture: true,
  });
});

Deno.test("a claim carries the MCP client's own name beside the one it chose", async () => {
  const fake = fakeBroker(base);
  await claimTool.run({ instance: "i1", clientName: "Mine" }, {
    session: fake.session,
    clientName: "claude-code",
    mcpClientName: "claude-code",
  });
  assert.deepEqual(fake.calls[0].params, {
    instance: "i1",
    clientName: "Mine",
    mcpClientName: "claude-code",
    sessionId: "s1",
    capture: true,
  });
});

Deno.test("a claim's arguments cannot set the MCP client's own name", async () => {
  const fake = fakeBroker(base);
  await rejectsWith(
    claimTool,
    { instance: "i1", mcpClientName: "claude-code" },
    { session: fake.session },
    "INVALID_PARAMS",
  );
  assert.equal(fake.calls.length, 0);
});

Deno.test("a claim naming its client as Leash is refused with a note before the Broker is asked", async () => {
  const fake = fakeBroker(base);
  for (
    const [args, context] of [
      [{ instance: "i1", clientName: "LEASH (official)" }, { mcpClientName: "claude-code" }],
      [{ instance: "i1" }, { clientName: "leash-agent", mcpClientName: "leash-agent" }],
      [{ instance: "i1", clientName: "Mine" }, { mcpClientName: "Le\u200bash" }],
    ] as const
  ) {
    await assert.rejects(claimTool.run(args, { session: fake.session, ...context }), (error) => {
      assert.ok(error instanceof NotedError);
      assert.equal(error.code, "INVALID_PARAMS");
      assert.match(error.note, /passes for Leash/);
      return true;
    });
  }
  assert.equal(fake.calls.length, 0);
});

Deno.test("a tool refuses unknown arguments before calling the Broker", async () => {
  const fake = fakeBroker(base);
  await rejectsWith(
    tabsTool,
    { instance: "i1", sessionId: "x" },
    { session: fake.session },
    "INVALID_PARAMS",
  );
  assert.equal(fake.calls.length, 0);
});

Deno.test("observe returns the Broker's text and notes the epoch for the lease", async () => {
  const { context, session } = await claimed();
  const output = await observeTool.run({ leaseId: "L1", query: "Pay" }, context);
  assert.equal(output.text, sampleObservation().text);
  assert.equal(output.structured.cursor, "c1");
  assert.equal(session.leases.get("L1")?.epoch, "d1");
});

Deno.test("read_page nests its flat arguments as the method's options", async () => {
  const { context, calls } = await claimed({
    ...base,
    "browser.readPage": () => {
      const { cursor: _c, truncated: _t, delta: _d, ...page } = sampleObservation();
      return { ...page, continuation: "k1", complete: false };
    },
  });
  const output = await readPageTool.run({ leaseId: "L1", continuation: "k0" }, context);
  assert.deepEqual(calls.at(-1)?.params, {
    sessionId: "s1",
    leaseId: "L1",
    options: { continuation: "k0" },
  });
  assert.match(output.text, /read on with continuation k1; it works once/);
});

Deno.test("act makes up a request ID when none is given and passes one that is", async () => {
  const { context, calls } = await claimed();
  const args = { leaseId: "L1", documentEpoch: "d1", action: { kind: "click", ref: "e1" } };
  const made = await actTool.run(args, context);
  const sent = calls.at(-1)?.params;
  assert.ok(typeof sent === "object" && sent !== null && "requestId" in sent);
  assert.ok(String(sent.requestId).startsWith(generatedRequestIdPrefix));
  assert.equal(made.structured.requestId, sent.requestId);
  await actTool.run({ ...args, requestId: "pay-1" }, context);
  assert.deepEqual(calls.at(-1)?.params, { ...args, requestId: "pay-1", sessionId: "s1" });
});

Deno.test("an act whose page left the origin tells the agent it ran and to claim the new origin", async () => {
  const { context, calls } = await claimed({
    ...base,
    "browser.act": (_params, link) => {
      link.emit({ event: "browser.lease-revoked", value: { sessionId: "s1", leaseId: "L1" } });
      throw new LeashError("ORIGIN_CHANGED");
    },
  });
  const args = {
    leaseId: "L1",
    requestId: "away",
    documentEpoch: "d1",
    action: { kind: "click", ref: "e1" },
  };
  const failure = await actTool.run(args, context).then(
    () => assert.fail("the act was answered"),
    (error) => toToolFailure(error),
  );
  assert.equal(failure.code, "ORIGIN_CHANGED");
  assert.equal(failure.note, leftOriginNote);
  const text = failureText(failure);
  assert.match(text, /already ran and is not repeated/);
  assert.match(text, /left the leased origin/);
  assert.match(text, /browser_claim/);
  // Later calls on the lease are told why it ended, without asking the Broker.
  const asked = calls.length;
  await assert.rejects(actTool.run(args, context), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.code, "LEASE_NOT_FOUND");
    assert.equal(error.note, leaseEndNote("left-origin"));
    return true;
  });
  assert.equal(calls.length, asked);
});

Deno.test("capture validates the lease on the same connection before returning the image", async () => {
  const { context, calls } = await claimed();
  const output = await captureTool.run({ leaseId: "L1" }, context);
  assert.deepEqual(
    calls.slice(-2).map((call) => [call.method, call.link]),
    [["browser.capture", 1], ["browser.validateLease", 1]],
  );
  assert.deepEqual(output.image, { data: capture.data, mimeType: "image/png" });
  assert.equal("data" in output.structured, false);
  assert.equal(output.structured.width, 1280);
});

Deno.test("an element capture is fenced with the epoch the ref was shown in", async () => {
  const { context, calls } = await claimed();
  const asked = calls.length;
  // Both at once is refused before anything is sent.
  await rejectsWith(
    captureTool,
    { leaseId: "L1", ref: "e1", fullPage: true, documentEpoch: "d1" },
    context,
    "INVALID_PARAMS",
  );
  assert.equal(calls.length, asked);
  await observeTool.run({ leaseId: "L1" }, context);
  await captureTool.run({ leaseId: "L1", ref: "e1" }, context);
  const sent = calls.findLast((call) => call.method === "browser.capture");
  assert.deepEqual(sent?.params, {
    sessionId: "s1",
    leaseId: "L1",
    ref: "e1",
    documentEpoch: sampleObservation().documentEpoch,
  });
  // A full page names no epoch.
  await captureTool.run({ leaseId: "L1", fullPage: true, documentEpoch: "d9" }, context);
  assert.deepEqual(calls.findLast((call) => call.method === "browser.capture")?.params, {
    sessionId: "s1",
    leaseId: "L1",
    fullPage: true,
  });
});

Deno.test("capture returns the error, not the image, when the lease fails validation", async () => {
  const { context } = await claimed({
    ...base,
    "browser.validateLease": () => {
      throw new LeashError("LEASE_NOT_FOUND");
    },
  });
  await rejectsWith(captureTool, { leaseId: "L1" }, context, "LEASE_NOT_FOUND");
});

Deno.test("capture withholds the image when the lease was revoked while capturing", async () => {
  const { context } = await claimed({
    ...base,
    "browser.capture": (_params, link) => {
      link.emit({ event: "browser.lease-revoked", value: { sessionId: "s1", leaseId: "L1" } });
      return capture;
    },
    "browser.validateLease": async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return { valid: true };
    },
  });
  await assert.rejects(captureTool.run({ leaseId: "L1" }, context), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.note, leaseEndNote("revoked"));
    return true;
  });
});

Deno.test("capture fails rather than reconnect when the connection is lost mid-way", async () => {
  const { context, links } = await claimed({
    ...base,
    "browser.capture": (_params, link) => {
      link.close();
      return capture;
    },
  });
  await assert.rejects(captureTool.run({ leaseId: "L1" }, context), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.note, leaseEndNote("connection-lost"));
    return true;
  });
  assert.equal(links.length, 1);
});

Deno.test("release ends the lease; releasing it again answers locally", async () => {
  const { context, calls, session } = await claimed();
  const first = await releaseTool.run({ leaseId: "L1" }, context);
  assert.deepEqual(first.structured, { leaseId: "L1", released: true });
  assert.deepEqual(session.leases.live(), []);
  const count = calls.length;
  const again = await releaseTool.run({ leaseId: "L1" }, context);
  assert.deepEqual(again.structured, { leaseId: "L1", released: false });
  assert.match(again.text, /released/);
  assert.equal(calls.length, count);
  await rejectsWith(observeTool, { leaseId: "L1" }, context, "LEASE_NOT_FOUND");
});

const instance = (id: string) => ({
  id,
  family: "chromium",
  brand: "Chromium",
  version: "Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0.0.0 Safari/537.36",
  profileLabel: "Default",
  connectedSince: "2025-01-01T00:00:00Z",
});

Deno.test("a claim returns the lease by handle and the tab's first observation, its epoch structured", async () => {
  const fake = fakeBroker(base);
  const output = await claimTool.run({ instance: "i1" }, { session: fake.session });
  assert.equal(
    output.text,
    `lease L1 on tab t1 for this origin\n${sampleObservation().text}`,
  );
  assert.deepEqual(output.structured, {
    ...sampleLease(),
    documentEpoch: "d1",
    cursor: "c1",
    truncated: null,
  });
  assert.deepEqual(fake.calls.map((call) => call.method), ["browser.claim", "browser.observe"]);
  assert.deepEqual(fake.calls[1].params, { sessionId: "s1", leaseId: "L1" });
  assert.equal(fake.session.leases.get("L1")?.epoch, "d1");
});

Deno.test("a claim with observe false returns the lease alone", async () => {
  const fake = fakeBroker(base);
  const output = await claimTool.run({ instance: "i1", observe: false }, { session: fake.session });
  assert.equal(output.text, 'lease L1 on tab t1 for origin "https://shop.example"');
  assert.deepEqual(output.structured, sampleLease());
  assert.deepEqual(fake.calls.map((call) => call.method), ["browser.claim"]);
  assert.equal("observe" in (fake.calls[0].params as object), false);
});

Deno.test("a claim whose first look fails keeps the lease and says so by code", async () => {
  const fake = fakeBroker({
    ...base,
    "browser.observe": () => {
      throw new LeashError("STALE_TARGET");
    },
  });
  const output = await claimTool.run({ instance: "i1" }, { session: fake.session });
  assert.equal(
    output.text,
    'lease L1 on tab t1 for origin "https://shop.example"\n' +
      "(no first observation: STALE_TARGET; observe to see the page)",
  );
  assert.deepEqual(output.structured, sampleLease());
  assert.deepEqual(fake.session.leases.live(), [sampleLease()]);
});

Deno.test("a claim without instance takes the only connected browser", async () => {
  const fake = fakeBroker({ ...base, "browser.instances": () => [instance("i1")] });
  await claimTool.run({ observe: false }, { session: fake.session });
  assert.deepEqual(fake.calls.map((call) => call.method), ["browser.instances", "browser.claim"]);
  assert.deepEqual(fake.calls[1].params, { instance: "i1", sessionId: "s1", capture: true });
});

Deno.test("a claim without instance among none or several browsers is refused with a note naming browser_instances", async () => {
  for (const listed of [[], [instance("i1"), instance("i2")]]) {
    const fake = fakeBroker({ ...base, "browser.instances": () => listed });
    await assert.rejects(claimTool.run({}, { session: fake.session }), (error) => {
      assert.ok(error instanceof NotedError);
      assert.equal(error.code, "INVALID_PARAMS");
      assert.match(error.note, /browser_instances/);
      return true;
    });
    assert.deepEqual(fake.calls.map((call) => call.method), ["browser.instances"]);
  }
});

Deno.test("handles from the texts work as instance, tab and leaseId arguments; full IDs still do", async () => {
  const uuid = "2a34cd86-5b1e-4c0f-9f0e-01c96983f98f";
  const fake = fakeBroker({
    ...base,
    "browser.instances": () => [instance(uuid)],
    "browser.tabs":
      () => [{ tab: `${uuid}:14`, active: true }, { tab: `${uuid}:15`, active: false }],
    "browser.claim": (params) => ({
      ...sampleLease("7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c"),
      instance: params.instance,
      tab: params.tab ?? `${uuid}:14`,
    }),
  });
  const context = { session: fake.session };
  assert.match(
    (await instancesTool.run({}, context)).text,
    /^ {2}b1 {2}Chromium 150 {2}profile "Default"$/m,
  );
  const tabs = await tabsTool.run({ instance: "b1" }, context);
  assert.equal(
    tabs.text,
    "2 tabs in b1:\n  t1  active\n  t2\n" +
      "(titles and URLs are shown only where the access mode permits discovery)",
  );
  assert.deepEqual(tabs.structured, {
    instance: uuid,
    tabs: [{ tab: `${uuid}:14`, active: true }, { tab: `${uuid}:15`, active: false }],
  });
  const claim = await claimTool.run({ instance: "b1", tab: "t2" }, context);
  assert.match(claim.text, /^lease L1 on tab t2 for /);
  assert.equal(claim.structured.leaseId, "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c");
  await observeTool.run({ leaseId: "L1" }, context);
  await observeTool.run({ leaseId: "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c" }, context);
  const released = await releaseTool.run({ leaseId: "L1" }, context);
  assert.equal(released.text, "released lease L1");
  assert.deepEqual(
    fake.calls.slice(1).map((call) => call.params),
    [
      { instance: uuid },
      { instance: uuid, tab: `${uuid}:15`, sessionId: "s1", capture: true },
      { sessionId: "s1", leaseId: "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c" },
      { leaseId: "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c", sessionId: "s1" },
      { leaseId: "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c", sessionId: "s1" },
      { sessionId: "s1", leaseId: "7f1c2e4a-3b9d-4e8f-a1c2-5d6e7f8a9b0c" },
    ],
  );
});

Deno.test("an act without documentEpoch is fenced with the epoch of the observation that showed its ref", async () => {
  let epoch = "d1";
  const { context, calls } = await claimed({
    ...base,
    "browser.observe": () => ({
      ...sampleObservation(epoch),
      nodes: [{
        ref: epoch === "d1" ? "e1" : "e5",
        role: "button",
        name: "Pay",
        states: [],
        level: 0,
      }],
    }),
  });
  // The claim's first look showed e1 in d1; a later observation shows e5 in d2.
  epoch = "d2";
  await observeTool.run({ leaseId: "L1" }, context);
  const sentEpoch = async (action: Record<string, unknown>) => {
    await actTool.run({ leaseId: "L1", action }, context);
    return (calls.at(-1)?.params as { documentEpoch?: string }).documentEpoch;
  };
  assert.equal(await sentEpoch({ kind: "click", ref: "e1" }), "d1");
  assert.equal(await sentEpoch({ kind: "click", ref: "e5" }), "d2");
  // No ref, or a ref never shown: the epoch last shown; the Broker judges it.
  assert.equal(await sentEpoch({ kind: "press", key: "Enter" }), "d2");
  assert.equal(await sentEpoch({ kind: "click", ref: "e99" }), "d2");
  // A documentEpoch the caller names is sent as it is.
  await actTool.run(
    { leaseId: "L1", documentEpoch: "d7", action: { kind: "click", ref: "e1" } },
    context,
  );
  assert.equal((calls.at(-1)?.params as { documentEpoch?: string }).documentEpoch, "d7");
});

Deno.test("an act without documentEpoch before any observation is refused with a note", async () => {
  const fake = fakeBroker(base);
  const context = { session: fake.session, clientName: "Test Agent" };
  await claimTool.run({ instance: "i1", observe: false }, context);
  const asked = fake.calls.length;
  await assert.rejects(
    actTool.run({ leaseId: "L1", action: { kind: "click", ref: "e1" } }, context),
    (error) => {
      assert.ok(error instanceof NotedError);
      assert.equal(error.code, "INVALID_PARAMS");
      assert.equal(error.note, noEpochNote);
      return true;
    },
  );
  assert.equal(fake.calls.length, asked, "nothing was sent to the Broker");
});

Deno.test("observe since last compares with the last observation of the same scope shown", async () => {
  const { context, calls } = await claimed();
  await observeTool.run({ leaseId: "L1", since: "last" }, context);
  assert.equal((calls.at(-1)?.params as { since?: string }).since, "c1");
  // An action's result counts, for the whole page.
  const acted = await actTool.run({ leaseId: "L1", action: { kind: "click", ref: "e1" } }, context);
  assert.equal(
    (acted.structured as { observation?: { cursor?: string } }).observation?.cursor,
    "c1",
  );
  await assert.rejects(
    observeTool.run({ leaseId: "L1", query: "Pay", since: "last" }, context),
    (error) => {
      assert.ok(error instanceof NotedError);
      assert.equal(error.code, "INVALID_PARAMS");
      assert.equal(error.note, noCursorNote);
      return true;
    },
  );
});

Deno.test("page tools without leaseId use the session's one live lease", async () => {
  const fake = fakeBroker({ ...base, "browser.claim": () => sampleLease("lease-wire-1") });
  const context = { session: fake.session };
  await claimTool.run({ instance: "i1" }, context);
  await observeTool.run({}, context);
  await actTool.run({ action: { kind: "click", ref: "e1" } }, context);
  await releaseTool.run({}, context);
  assert.deepEqual(
    fake.calls.slice(1).map((call) => [call.method, (call.params as { leaseId?: string }).leaseId]),
    [
      ["browser.observe", "lease-wire-1"], // the claim's first look
      ["browser.observe", "lease-wire-1"],
      ["browser.act", "lease-wire-1"],
      ["browser.release", "lease-wire-1"],
    ],
  );
});

Deno.test("page tools without leaseId are refused with a note when no lease or several are live", async () => {
  let next = 0;
  const fake = fakeBroker({ ...base, "browser.claim": () => sampleLease(`lease-${++next}`) });
  const context = { session: fake.session };
  const refused = (pattern: RegExp) => (error: unknown) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.code, "INVALID_PARAMS");
    assert.match(error.note, pattern);
    return true;
  };
  await assert.rejects(observeTool.run({}, context), refused(/holds no live lease/));
  await claimTool.run({ instance: "i1" }, context);
  await claimTool.run({ instance: "i1" }, context);
  const asked = fake.calls.length;
  await assert.rejects(
    actTool.run({ action: { kind: "click", ref: "e1" } }, context),
    refused(/more than one live lease/),
  );
  await assert.rejects(releaseTool.run({}, context), refused(/more than one live lease/));
  assert.equal(fake.calls.length, asked, "nothing was sent to the Broker");
  // Naming one still works, and once one is released the other is the sole lease.
  await releaseTool.run({ leaseId: "L1" }, context);
  await observeTool.run({}, context);
  assert.equal((fake.calls.at(-1)?.params as { leaseId?: string }).leaseId, "lease-2");
});
