import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { errorCodes } from "../../contracts/errors.ts";
import { fakeBroker, type FakeHandlers, sampleLease, sampleObservation } from "./_fake_link.ts";
import { createMcpServer } from "./server.ts";

async function connected(handlers: FakeHandlers, internal: unknown[] = []) {
  const fake = fakeBroker(handlers);
  const server = createMcpServer({
    session: fake.session,
    onInternalError: (_tool, error) => internal.push(error),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "Test Agent", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    ...fake,
    client,
    async [Symbol.asyncDispose]() {
      await client.close();
      await server.close();
    },
  };
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content;
  assert.ok(Array.isArray(content));
  const first = content[0];
  assert.ok(first.type === "text");
  return first.text;
}

Deno.test("a tool error carries the code, its fixed sentence and structured error", async () => {
  await using env = await connected({});
  const result = await env.client.callTool({ name: "browser_instances", arguments: {} });
  assert.equal(result.isError, true);
  assert.equal(textOf(result), `UNSUPPORTED: ${errorCodes.UNSUPPORTED}`);
  assert.deepEqual(result.structuredContent, {
    error: { code: "UNSUPPORTED", message: errorCodes.UNSUPPORTED },
  });
});

Deno.test("a failure that is not a wire error says INTERNAL and nothing of its own text", async () => {
  const internal: unknown[] = [];
  await using env = await connected({
    "browser.instances": () => {
      throw new Error("secret detail at /home/someone/file.ts:12");
    },
  }, internal);
  const result = await env.client.callTool({ name: "browser_instances", arguments: {} });
  assert.equal(result.isError, true);
  assert.equal(textOf(result), `INTERNAL: ${errorCodes.INTERNAL}`);
  assert.doesNotMatch(JSON.stringify(result), /secret/);
  assert.equal(internal.length, 1);
});

Deno.test("the MCP client's name goes with every claim, and stands in when a claim names none", async () => {
  await using env = await connected({ "browser.claim": () => sampleLease() });
  const result = await env.client.callTool({
    name: "browser_claim",
    arguments: { instance: "i1" },
  });
  assert.equal(result.isError, undefined);
  assert.deepEqual(env.calls[0].params, {
    instance: "i1",
    clientName: "Test Agent",
    mcpClientName: "Test Agent",
    sessionId: "s1",
    capture: true,
  });
  assert.equal(result.structuredContent?.leaseId, "L1");
  await env.client.callTool({
    name: "browser_claim",
    arguments: { instance: "i1", clientName: "Helper", observe: false },
  });
  assert.deepEqual(env.calls.at(-1)?.params, {
    instance: "i1",
    clientName: "Helper",
    mcpClientName: "Test Agent",
    sessionId: "s1",
    capture: true,
  });
});

Deno.test("a capture comes back as image content after its text", async () => {
  await using env = await connected({
    "browser.claim": () => sampleLease(),
    "browser.capture": () => ({
      mimeType: "image/png",
      data: "iVBORw0KGgo=",
      width: 2,
      height: 1,
      documentEpoch: "d1",
    }),
    "browser.validateLease": () => ({ valid: true }),
  });
  await env.client.callTool({ name: "browser_claim", arguments: { instance: "i1" } });
  const result = await env.client.callTool({
    name: "browser_capture",
    arguments: { leaseId: "L1" },
  });
  assert.deepEqual(result.content, [
    { type: "text", text: "captured the viewport: image/png 2x1  epoch: d1" },
    { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
  ]);
});

Deno.test("tools/list gives each tool its hints and a strict input schema", async () => {
  await using env = await connected({});
  const tools: McpTool[] = (await env.client.listTools()).tools;
  const observe = tools.find((tool: McpTool) => tool.name === "browser_observe");
  assert.equal(observe?.annotations?.readOnlyHint, true);
  assert.equal(observe?.inputSchema.additionalProperties, false);
  const act = tools.find((tool: McpTool) => tool.name === "browser_act");
  assert.equal(act?.annotations?.destructiveHint, true);
  // The lease may be left out while the session holds one (broker/mcp/define.ts).
  assert.deepEqual(act?.inputSchema.required, ["action"]);
  assert.equal(act?.inputSchema.additionalProperties, false);
});

Deno.test("structuredContent repeats the text without the node list, unless nodes: true", async () => {
  await using env = await connected({
    "browser.claim": () => sampleLease(),
    "browser.observe": () => sampleObservation(),
    "browser.validateLease": () => ({ valid: true }),
  });
  await env.client.callTool({ name: "browser_claim", arguments: { instance: "i1" } });
  const lean = await env.client.callTool({ name: "browser_observe", arguments: { leaseId: "L1" } });
  const observation = sampleObservation();
  // A host that forwards structuredContent instead of the text still shows the model the page.
  assert.deepEqual(lean.structuredContent, {
    text: textOf(lean),
    scope: observation.scope,
    documentEpoch: "d1",
    url: observation.url,
    title: observation.title,
    shownRows: 3,
    cursor: "c1",
    truncated: null,
    delta: null,
  });
  assert.equal(textOf(lean), observation.text);
  const whole = await env.client.callTool({
    name: "browser_observe",
    arguments: { leaseId: "L1", nodes: true },
  });
  assert.deepEqual(whole.structuredContent, observation);
  // The argument is the MCP server's own: the Broker never sees it.
  assert.ok(env.calls.every((call) => !JSON.stringify(call.params).includes('"nodes":true')));
});

Deno.test("an action's structuredContent counts its delta and carries its observation without text", async () => {
  const delta = {
    ...sampleObservation(),
    delta: { since: "c0", added: [], removed: [], changed: [] },
  };
  await using env = await connected({
    "browser.claim": () => sampleLease(),
    "browser.observe": () => sampleObservation(),
    "browser.validateLease": () => ({ valid: true }),
    "browser.act": (params) => ({
      requestId: params.requestId,
      status: "verified",
      documentChanged: false,
      documentEpoch: "d1",
      observation: delta,
    }),
  });
  await env.client.callTool({ name: "browser_claim", arguments: { instance: "i1" } });
  const acted = await env.client.callTool({
    name: "browser_act",
    arguments: { leaseId: "L1", action: { kind: "click", ref: "e1" } },
  });
  const structured = acted.structuredContent as Record<string, unknown>;
  assert.equal(structured.text, textOf(acted));
  assert.equal(structured.status, "verified");
  const observation = structured.observation as Record<string, unknown>;
  assert.equal(observation.text, undefined);
  assert.equal(observation.nodes, undefined);
  assert.equal(observation.shownRows, 3);
  assert.deepEqual(observation.delta, { since: "c0", added: 0, removed: 0, changed: 0 });
});
