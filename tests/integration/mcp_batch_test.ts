/**
 * `browser_batch` through the MCP server against a scripted page: one call,
 * one delta, steps in `browser_act`'s shapes; and, for a server started to
 * ask per step, the person asked through the MCP client's elicitation
 * before each step — a decline ends the plan there, and what they are
 * shown carries no typed text.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { type ElicitRequest, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { requiredCapabilities } from "../../broker/mcp/registry.ts";
import { createMcpServer } from "../../broker/mcp/server.ts";
import { AgentSession, socketConnector } from "../../broker/mcp/session.ts";
import { runVerb } from "../../broker/cli/mod.ts";
import { memoryIo } from "../../broker/cli/_memory_io.ts";
import { startInProcess, until } from "./_in_process.ts";
import { textOf } from "./_mcp_client.ts";
import { ordersSnapshot } from "./_runtime_world.ts";
import { ScriptedPage } from "./_scripted_page.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

function opener(backendNodeId: number, page: ScriptedPage) {
  const match = /^Open order (\d+)$/.exec(page.node(backendNodeId)?.name ?? "");
  if (match === null) return;
  page.update((nodes) => [...nodes, {
    backendNodeId: 50_000 + Number(match[1]),
    parentId: 2,
    role: "status",
    name: `Opened ${match[1]}`,
    states: [],
    depth: 2,
  }]);
}

async function world(options: { askBatchSteps: boolean; answers?: string[] }) {
  const env = await startInProcess();
  const page = new ScriptedPage(ordersSnapshot(4), { onClick: opener });
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
    page,
  });
  const session = new AgentSession({
    connect: socketConnector({ runtimeDir: env.runtimeDir, requiredCapabilities }),
  });
  const server = createMcpServer({ session, askBatchSteps: options.askBatchSteps });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const asked: string[] = [];
  const client = new Client(
    { name: "test-agent", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request: ElicitRequest) => {
    asked.push(request.params.message);
    const action = options.answers?.[asked.length - 1] ?? "accept";
    return action === "accept" ? { action, content: {} } : { action: action as "decline" };
  });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    assert.ok(Array.isArray(result.content));
    return {
      ...result,
      content: result.content,
      text: textOf({ ...result, content: result.content }),
    };
  };
  return {
    asked,
    call,
    inputs: () => provider.cdpCalls.filter((c) => c.method.startsWith("Input.")).length,
    async [Symbol.asyncDispose]() {
      await client.close();
      session.close();
      provider.close();
      await env[Symbol.asyncDispose]();
    },
  };
}

/** The ref of `name` in an observation's text. */
function refIn(text: string, name: string): string {
  const line = text.split("\n").find((row) => row.includes(`button "${name}"`));
  const ref = line === undefined ? undefined : /\b(e\d+)\b/.exec(line)?.[1];
  assert.ok(ref !== undefined, `"${name}" has a ref in:\n${text}`);
  return ref;
}

function steps(text: string) {
  return [1, 2, 3].map((n) => ({
    action: { kind: "click", ref: refIn(text, `Open order ${n}`) },
    expect: { textPresent: `Opened ${n}` },
  }));
}

Deno.test("browser_batch runs the plan in one call and answers with one delta", async () => {
  await using w = await world({ askBatchSteps: false });
  const claim = await w.call("browser_claim", { instance: "scripted-1" });
  assert.equal(claim.isError, undefined, claim.text);
  const observed = await w.call("browser_observe", {});
  const result = await w.call("browser_batch", {
    requestId: "mcp-plan",
    steps: steps(observed.text),
  });
  assert.equal(result.isError, undefined, result.text);
  assert.match(result.text, /^batch verified {2}3\/3 steps {2}requestId: mcp-plan\n/);
  for (const n of [1, 2, 3]) assert.ok(result.text.includes(`Opened ${n}`), result.text);
  assert.equal(w.inputs(), 9);
  assert.deepEqual(w.asked, [], "without the option nobody is asked");
  // A reserved ID is refused before anything runs.
  const reserved = await w.call("browser_batch", {
    requestId: "batch:x",
    steps: steps(observed.text),
  });
  assert.equal(reserved.isError, true);
  assert.match(reserved.text, /^INVALID_PARAMS/);
  assert.equal(w.inputs(), 9);
});

Deno.test("a server that asks per step stops the plan where the person declines", async () => {
  await using w = await world({ askBatchSteps: true, answers: ["accept", "decline"] });
  await w.call("browser_claim", { instance: "scripted-1" });
  const observed = await w.call("browser_observe", {});
  const plan = steps(observed.text);
  const result = await w.call("browser_batch", { steps: plan });
  assert.equal(result.isError, undefined, result.text);
  assert.match(result.text, /^batch unverified {2}1\/3 steps/);
  assert.match(result.text, /\nstopped at step 2: its approval was refused; steps 2–3 skipped/);
  assert.deepEqual(w.asked, [
    `Allow step 1 of 3 of the agent's browser plan: click ${plan[0].action.ref}?`,
    `Allow step 2 of 3 of the agent's browser plan: click ${plan[1].action.ref}?`,
  ]);
  assert.equal(w.inputs(), 3);
});

Deno.test("leash shell runs a plan with its batch verb on the lease it holds", async () => {
  const env = await startInProcess();
  const page = new ScriptedPage(ordersSnapshot(4), { onClick: opener });
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
    page,
  });
  try {
    const io = memoryIo([], false);
    const shell = runVerb("shell", ["--runtime-dir", env.runtimeDir], io);
    io.feed("claim --instance scripted-1");
    io.feed("observe");
    await until(() => io.outs.length === 2, "the claim and the observation");
    const plan = JSON.stringify(steps(io.outs[1]).slice(0, 2));
    io.feed(`batch --request-id shell-plan --steps '${plan}'`);
    await until(() => io.outs.length === 3, "the batch");
    assert.match(io.outs[2], /^batch verified {2}2\/2 steps {2}requestId: shell-plan\n/);
    assert.equal(provider.cdpCalls.filter((c) => c.method.startsWith("Input.")).length, 6);
    io.end();
    assert.equal(await shell, 0);
  } finally {
    provider.close();
    await env[Symbol.asyncDispose]();
  }
});
