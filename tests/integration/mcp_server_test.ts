/**
 * The MCP server as an agent host runs it: a separate process with the
 * `mcp` permission set, spoken to by the SDK's stock `Client` over stdio,
 * against a real Broker on a real Unix socket and a scripted provider.
 */
import assert from "node:assert/strict";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { errorCodes } from "../../contracts/errors.ts";
import { Broker } from "../../broker/server/server.ts";
import { silentLogger } from "../../local/log.ts";
import { mcpRunArgs } from "../../broker/mcp/launch.ts";
import { freshDirs } from "./_broker_process.ts";
import { startInProcess, until } from "./_in_process.ts";
import { connectMcp, textOf } from "./_mcp_client.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

const toolNames = [
  "browser_instances",
  "browser_tabs",
  "browser_claim",
  "browser_open",
  "browser_observe",
  "browser_act",
  "browser_upload",
  "browser_batch",
  "browser_read_page",
  "browser_frames",
  "browser_capture",
  "browser_console",
  "browser_network",
  "browser_network_request",
  "browser_release",
  "browser_close",
];

Deno.test("tools/list shows every tool with its input schema and no sessionId", async () => {
  const dirs = await freshDirs();
  await using mcp = await connectMcp(dirs.runtimeDir);
  const tools: McpTool[] = (await mcp.client.listTools()).tools;
  assert.deepEqual(tools.map((tool) => tool.name), toolNames);
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, "object", tool.name);
    assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
    assert.equal("sessionId" in (tool.inputSchema.properties ?? {}), false, tool.name);
    assert.ok((tool.description ?? "").length > 80, tool.name);
  }
  const act = tools.find((tool: McpTool) => tool.name === "browser_act");
  // The lease may be left out while the session holds one.
  assert.deepEqual(act?.inputSchema.required, ["action"]);
  await Deno.remove(dirs.root, { recursive: true });
});

Deno.test("browser_instances and browser_tabs return what the scripted provider serves", async () => {
  // Personal mode, where the Broker relays tab titles and URLs.
  await using env = await startInProcess({ accessMode: "personal" });
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
    tabs: [{ tab: "scripted-1:7", active: true, title: "Checkout", url: "https://shop.example/" }],
  });
  await using mcp = await connectMcp(env.runtimeDir);
  const instances = await mcp.call("browser_instances", {});
  assert.equal(instances.isError, undefined);
  assert.match(textOf(instances), /^1 browser instance:\n {2}b1 /);
  const structured = instances.structuredContent;
  assert.ok(structured !== undefined && Array.isArray(structured.instances));
  assert.equal(structured.instances[0].id, "scripted-1");

  // The handle from the text names the instance as its ID does.
  const tabs = await mcp.call("browser_tabs", { instance: "b1" });
  assert.match(
    textOf(tabs),
    /1 tab in b1:\n {2}t1 {2}active {2}"Checkout" {2}url: "https:\/\/shop.example\/"/,
  );
  assert.deepEqual(tabs.structuredContent, {
    // The same text, for hosts that show the model structuredContent in its place.
    text: textOf(tabs),
    instance: "scripted-1",
    tabs: [{ tab: "scripted-1:7", active: true, title: "Checkout", url: "https://shop.example/" }],
  });
  // One Broker connection served both calls.
  assert.equal(env.lines.filter((line) => line.includes('"hello-accepted"')).length, 2);
  provider.close();
});

Deno.test("a Broker error is a tool error naming the code and what to do next", async () => {
  await using env = await startInProcess();
  await using mcp = await connectMcp(env.runtimeDir);
  const result = await mcp.call("browser_tabs", { instance: "no-such-instance" });
  assert.equal(result.isError, true);
  assert.equal(textOf(result), `INSTANCE_NOT_FOUND: ${errorCodes.INSTANCE_NOT_FOUND}`);
  assert.doesNotMatch(textOf(result), /\bat \S+:\d+/);
});

Deno.test("unknown arguments are refused before the Broker is asked", async () => {
  await using env = await startInProcess();
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
  });
  await using mcp = await connectMcp(env.runtimeDir);
  const result = await mcp.call("browser_tabs", { instance: "scripted-1", sessionId: "forged" });
  assert.equal(result.isError, true);
  assert.match(textOf(result), /sessionId/);
  assert.equal(provider.started, 0);
  provider.close();
});

Deno.test("with no Broker a call says so; the next call after one starts connects", async () => {
  const dirs = await freshDirs();
  await using mcp = await connectMcp(dirs.runtimeDir);
  const before = await mcp.call("browser_instances", {});
  assert.equal(before.isError, true);
  assert.match(textOf(before), /^CONNECTION_LOST: .*\nNo Leash Broker answers on /);

  const broker = await Broker.start({ ...dirs, logger: silentLogger });
  try {
    const after = await mcp.call("browser_instances", {});
    assert.equal(after.isError, undefined);
    assert.equal(textOf(after).startsWith("No browser instance is connected."), true);
  } finally {
    await broker.stop();
  }
  // A lost connection is noticed by the next call, which reconnects to a new Broker.
  const again = await Broker.start({ ...dirs, logger: silentLogger });
  try {
    const reconnected = await mcp.call("browser_instances", {});
    assert.equal(reconnected.isError, undefined, textOf(reconnected));
  } finally {
    await again.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("the server exits when its client closes stdin, closing its Broker connection", async () => {
  await using env = await startInProcess();
  const child = new Deno.Command(Deno.execPath(), {
    args: mcpRunArgs(env.runtimeDir),
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (message: unknown) =>
    writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    },
  });
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "browser_instances", arguments: {} },
  });
  // A fresh server process loads every tool before it connects: slow on a loaded machine.
  await until(
    () => env.broker.state.sessions.size === 1,
    "the server's Broker connection",
    20_000,
  );
  // Kill it if it hangs, so a regression fails instead of blocking the suite.
  const guard = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await writer.close();
  // Read stdout to its end as a real client would: cancelling it while the
  // server still writes its last reply would make the server die of EPIPE.
  const [status] = await Promise.all([child.status, child.stdout.pipeTo(new WritableStream())]);
  clearTimeout(guard);
  assert.equal(status.signal, null);
  assert.equal(status.code, 0);
  await until(() => env.broker.state.sessions.size === 0, "the Broker to see the client go");
});

Deno.test("deno task mcp's launcher serves the same tools over stdio", async () => {
  await using env = await startInProcess();
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  const [command, ...args] = String(config.tasks.mcp).split(" ");
  assert.equal(command, "deno");
  await using mcp = await connectMcp(env.runtimeDir, {
    command: Deno.execPath(),
    args: [...args, "--runtime-dir", env.runtimeDir],
  });
  const result = await mcp.call("browser_instances", {});
  assert.equal(result.isError, undefined, textOf(result));
  assert.match(textOf(result), /^No browser instance is connected\./);
});
