/**
 * Leases through the MCP server and the shell, against a real Broker and a
 * scripted provider that grants at once: the person's view (client name,
 * reason), the lease-revoked event, denial as a tool error, and leases that
 * end with the connection. The page tools join here once the Broker's
 * runtime serves them.
 */
import assert from "node:assert/strict";
import { errorCodes } from "../../contracts/errors.ts";
import { leaseEndNote } from "../../broker/mcp/leases.ts";
import { runVerb } from "../../broker/cli/mod.ts";
import { memoryIo } from "../../broker/cli/_memory_io.ts";
import { startInProcess, until } from "./_in_process.ts";
import { connectMcp, textOf } from "./_mcp_client.ts";
import { ScriptedProvider } from "./_scripted_provider.ts";

async function withProvider(options: Partial<Parameters<typeof ScriptedProvider.connect>[0]> = {}) {
  const env = await startInProcess();
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    instanceId: "scripted-1",
    ...options,
  });
  return {
    env,
    provider,
    async [Symbol.asyncDispose]() {
      provider.close();
      await env[Symbol.asyncDispose]();
    },
  };
}

Deno.test("a claim names the MCP client and the reason to the person, and release ends it", async () => {
  await using world = await withProvider();
  await using mcp = await connectMcp(world.env.runtimeDir);
  const claim = await mcp.call("browser_claim", {
    instance: "scripted-1",
    reason: "Fill the form",
  });
  assert.equal(claim.isError, undefined, textOf(claim));
  assert.match(textOf(claim), /^lease L1 on tab t1 for origin "https:\/\/example\.com"\n/);
  assert.equal(world.provider.grants[0].clientName, "test-agent");
  assert.equal(world.provider.grants[0].reason, "Fill the form");
  const leaseId = claim.structuredContent?.leaseId;
  assert.equal(typeof leaseId, "string");
  const release = await mcp.call("browser_release", { leaseId });
  assert.deepEqual(release.structuredContent, {
    text: "released lease L1",
    leaseId,
    released: true,
  });
  assert.equal(world.provider.live.size, 0);
});

Deno.test("after the person presses Stop, a call on the lease says it ended and why", async () => {
  await using world = await withProvider();
  await using mcp = await connectMcp(world.env.runtimeDir);
  const claim = await mcp.call("browser_claim", { instance: "scripted-1" });
  const leaseId = String(claim.structuredContent?.leaseId);
  world.provider.emit("lease.revoked", { leaseId, reason: "stop" });
  await until(() => world.env.broker.state.leases.get(leaseId) === undefined, "the lease to end");
  // The event may reach the server after the next call; either way the call names the end.
  const observe = await mcp.call("browser_observe", { leaseId });
  assert.equal(observe.isError, true);
  assert.match(textOf(observe), new RegExp(`^LEASE_NOT_FOUND: ${errorCodes.LEASE_NOT_FOUND}`));
  const release = await mcp.call("browser_release", { leaseId });
  assert.equal(release.isError, undefined);
  assert.deepEqual(release.structuredContent, {
    text: textOf(release),
    leaseId,
    released: false,
  });
});

Deno.test("a denied claim is a tool error telling the agent to ask the person", async () => {
  await using world = await withProvider({
    onGrant: () => ({ kind: "deny", code: "CLAIM_DENIED" }),
  });
  await using mcp = await connectMcp(world.env.runtimeDir);
  const claim = await mcp.call("browser_claim", { instance: "scripted-1" });
  assert.equal(claim.isError, true);
  assert.equal(textOf(claim), `CLAIM_DENIED: ${errorCodes.CLAIM_DENIED}`);
});

Deno.test("a shell's lease lives from line to line and ends when the shell does", async () => {
  await using world = await withProvider();
  const io = memoryIo([], false);
  const shell = runVerb("shell", ["--runtime-dir", world.env.runtimeDir], io);
  io.feed("claim --instance scripted-1 --json");
  await until(() => io.outs.length === 1, "the claim");
  const leaseId = JSON.parse(io.outs[0]).leaseId;
  io.feed("leases --json");
  await until(() => io.outs.length === 2, "the lease list");
  assert.equal(JSON.parse(io.outs[1]).leases[0].leaseId, leaseId);
  assert.ok(world.env.broker.state.leases.get(leaseId) !== undefined);
  io.end();
  assert.equal(await shell, 0);
  await until(() => world.env.broker.state.leases.get(leaseId) === undefined, "the lease to end");
});

Deno.test("a one-shot claim is released again before the command exits", async () => {
  await using world = await withProvider();
  const io = memoryIo();
  const code = await runVerb("claim", [
    "--instance",
    "scripted-1",
    "--runtime-dir",
    world.env.runtimeDir,
  ], io);
  assert.equal(code, 0, io.errs.join("\n"));
  // A command's session shows wire IDs: its handles would mean nothing to the next command.
  assert.match(io.outs[0], /^lease [0-9a-f-]{36} on tab instance:1 for /);
  assert.match(io.errs[0], /use leash shell to keep a lease/);
  assert.equal(world.provider.grants[0].clientName, "command-line client");
  await until(() => world.provider.live.size === 0, "the provider to drop the lease");
});

Deno.test("leaseEndNote is what a revoked lease's call says once the event arrived", async () => {
  await using world = await withProvider();
  await using mcp = await connectMcp(world.env.runtimeDir);
  const claim = await mcp.call("browser_claim", { instance: "scripted-1" });
  const leaseId = String(claim.structuredContent?.leaseId);
  world.provider.emit("lease.revoked", { leaseId, reason: "navigated" });
  await until(() => world.env.broker.state.leases.get(leaseId) === undefined, "the lease to end");
  // A round trip after the revocation: the event was sent before this answer.
  await mcp.call("browser_instances", {});
  const observe = await mcp.call("browser_observe", { leaseId });
  assert.equal(
    textOf(observe),
    `LEASE_NOT_FOUND: ${errorCodes.LEASE_NOT_FOUND}\n${leaseEndNote("revoked")}`,
  );
});
