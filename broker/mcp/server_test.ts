import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { errorCodes } from "../../contracts/errors.ts";
import { fakeBroker, type FakeHandlers, sampleLease } from "./_fake_link.ts";
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
  assert.deepEqual(act?.inputSchema.required, ["leaseId", "action"]);
});
