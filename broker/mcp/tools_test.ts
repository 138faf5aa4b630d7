import assert from "node:assert/strict";
import { LeashError } from "../../contracts/errors.ts";
import type { Tool } from "./define.ts";
import { fakeBroker, type FakeHandlers, sampleLease, sampleObservation } from "./_fake_link.ts";
import { leaseEndNote } from "./leases.ts";
import { failureText, NotedError, toToolFailure } from "./errors.ts";
import { actTool, generatedRequestIdPrefix, leftOriginNote } from "./tools/act.ts";
import { captureTool } from "./tools/capture.ts";
import { claimTool, releaseTool } from "./tools/lease.ts";
import { observeTool } from "./tools/observe.ts";
import { readPageTool } from "./tools/page.ts";
import { tabsTool } from "./tools/discovery.ts";

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
  assert.deepEqual(calls[0].params, { instance: "i1", clientName: "Test Agent", sessionId: "s1" });
  assert.deepEqual(session.leases.live(), [sampleLease()]);
});

Deno.test("a claim's own clientName wins over the MCP client's", async () => {
  const fake = fakeBroker(base);
  await claimTool.run({ instance: "i1", clientName: "Mine" }, {
    session: fake.session,
    clientName: "Host",
  });
  assert.deepEqual(fake.calls[0].params, { instance: "i1", clientName: "Mine", sessionId: "s1" });
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
