/**
 * `browser.claim` over real Unix sockets, with a scripted provider standing
 * in for the extension: grants, refusals, deadlines, tab ownership, access
 * modes and fences.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { BrokerProcess, freshDirs } from "./_broker_process.ts";
import { type InProcessBroker, startInProcess, until } from "./_in_process.ts";
import { type GrantAnswer, ScriptedProvider } from "./_scripted_provider.ts";

const instance = "opaque-instance";

function providerFor(env: InProcessBroker, onGrant?: () => GrantAnswer) {
  return ScriptedProvider.connect({ socketPath: env.socketPath, token: env.token, onGrant });
}

Deno.test("a granted claim returns the lease without its fence and names the client to the provider", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const lease = await client.call("browser.claim", {
    sessionId: "s",
    instance,
    tab: "instance:4",
    clientName: "Claude Code",
    reason: "fill the form",
  });
  assert.deepEqual(
    { ...lease, leaseId: "-", grantedAt: "-" },
    {
      leaseId: "-",
      sessionId: "s",
      instance,
      tab: "instance:4",
      scope: { kind: "origin", origin: "https://example.com" },
      grantedAt: "-",
    },
  );
  const [grant] = provider.grants;
  assert.deepEqual(grant, {
    lease: { leaseId: lease.leaseId, fence: grant.lease.fence },
    tab: "instance:4",
    scope: "origin",
    clientName: "Claude Code",
    reason: "fill the form",
  });
  assert.equal(env.broker.state.leases.get(lease.leaseId)?.fence, grant.lease.fence);
  client.close();
  provider.close();
});

Deno.test("a claim whose client name passes for Leash or shows nothing is INVALID_PARAMS, and the connection stays", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const refused = [
    { clientName: "Leash" },
    { clientName: "LEASH (official)" },
    { clientName: "Le\u200bash" },
    { clientName: "Leash\u202e (system check)\u202c" },
    { clientName: "L\u0435\u0430\u0455\u04bb helper" },
    { clientName: "\u200b\u2066 \u2069" },
    { clientName: "Claude Code", mcpClientName: "leash-agent" },
  ];
  for (const names of refused) {
    await assert.rejects(
      client.call("browser.claim", { sessionId: "s", instance, ...names }),
      (error) => isLeashError(error, "INVALID_PARAMS"),
      JSON.stringify(names),
    );
  }
  assert.equal(provider.grants.length, 0, "the provider is never asked");
  // Other hostile text is the window's to show escaped: it passes, and the connection still serves.
  const lease = await client.call("browser.claim", {
    sessionId: "s",
    instance,
    clientName: "Helper\u202e\u2066",
    mcpClientName: "claude-code",
    reason: "line one\nline two",
  });
  assert.equal(lease.sessionId, "s");
  const [grant] = provider.grants;
  assert.deepEqual(
    grant,
    {
      lease: grant.lease,
      scope: "origin",
      clientName: "Helper\u202e\u2066",
      mcpClientName: "claude-code",
      reason: "line one\nline two",
    },
  );
  const { state } = env.broker;
  assert.equal(state.admission.used("claims"), 0);
  client.close();
  provider.close();
});

Deno.test("a denied or timed-out claim passes the provider's code on and frees both slots", async () => {
  await using env = await startInProcess();
  const codes = ["CLAIM_DENIED", "CLAIM_TIMEOUT"] as const;
  let next = 0;
  const provider = await providerFor(env, () => ({ kind: "deny", code: codes[next++] }));
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  for (const code of codes) {
    await assert.rejects(
      client.call("browser.claim", { sessionId: "s", instance }),
      (error) => isLeashError(error, code),
    );
  }
  const { state } = env.broker;
  assert.equal(state.admission.used("claims"), 0);
  assert.equal(state.admission.used("leases"), 0);
  assert.deepEqual(provider.revoked, [], "a refused grant needs no withdrawal");
  client.close();
  provider.close();
});

Deno.test("a grant past the Broker's deadline is TIMEOUT, cancelled and withdrawn at the provider", async () => {
  await using env = await startInProcess({ grantTimeoutMs: 50 });
  const provider = await providerFor(env, () => ({ kind: "hang" }));
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    client.call("browser.claim", { sessionId: "s", instance }),
    (error) => isLeashError(error, "TIMEOUT"),
  );
  const token = provider.grants[0].lease;
  await until(() => provider.revoked.length === 1, "the withdrawal");
  assert.deepEqual(provider.grantCancels, [token]);
  assert.deepEqual(provider.revoked, [token]);
  client.close();
  provider.close();
});

Deno.test("an unknown instance is INSTANCE_NOT_FOUND", async () => {
  await using env = await startInProcess();
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    client.call("browser.claim", { sessionId: "s", instance: "nobody" }),
    (error) => isLeashError(error, "INSTANCE_NOT_FOUND"),
  );
  client.close();
});

Deno.test("a tab leased by another session is TAB_LEASED; the same session supersedes its own lease", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const alice = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const bob = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const tab = "instance:7";
  const first = await alice.call("browser.claim", { sessionId: "a", instance, tab });
  for (const [client, sessionId] of [[bob, "a"], [alice, "other"]] as const) {
    await assert.rejects(
      client.call("browser.claim", { sessionId, instance, tab }),
      (error) => isLeashError(error, "TAB_LEASED"),
    );
  }
  assert.equal(provider.grants.length, 1, "the person was never asked for a held tab");

  const second = await alice.call("browser.claim", { sessionId: "a", instance, tab });
  assert.notEqual(second.leaseId, first.leaseId);
  assert.deepEqual((await alice.events().next()).value, {
    event: "browser.lease-revoked",
    value: { sessionId: "a", leaseId: first.leaseId },
  });
  const [old, renewed] = provider.grants.map((grant) => grant.lease);
  assert.ok(renewed.fence > old.fence);
  await until(() => provider.revoked.length === 1, "the old lease withdrawn");
  assert.deepEqual(provider.revoked, [old]);
  assert.deepEqual(env.broker.state.leases.list().map((lease) => lease.leaseId), [second.leaseId]);
  alice.close();
  bob.close();
  provider.close();
});

Deno.test("tab scope is refused in restricted mode before the provider is asked", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env);
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    client.call("browser.claim", { sessionId: "s", instance, scope: "tab" }),
    (error) => isLeashError(error, "UNSUPPORTED"),
  );
  assert.deepEqual(provider.grants, []);
  client.close();
  provider.close();
});

Deno.test("a provider that grants tab scope in restricted mode has the grant withdrawn: INTERNAL", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env, () => ({
    kind: "grant",
    result: { tab: "instance:1", scope: { kind: "tab" }, url: "https://example.com/" },
  }));
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    client.call("browser.claim", { sessionId: "s", instance }),
    (error) => isLeashError(error, "INTERNAL"),
  );
  await until(() => provider.revoked.length === 1, "the withdrawal");
  assert.deepEqual(provider.revoked, [provider.grants[0].lease]);
  assert.equal(env.broker.state.leases.size, 0);
  client.close();
  provider.close();
});

Deno.test("a personal-mode Broker (the real `leash serve`) grants tab-scoped leases", async () => {
  const dirs = await freshDirs();
  const broker = await BrokerProcess.start(dirs, ["--access-mode", "personal"]);
  try {
    const token = await broker.token();
    const provider = await ScriptedProvider.connect({ socketPath: broker.socketPath, token });
    const client = await LeashClient.connect({ runtimeDir: dirs.runtimeDir, token });
    assert.ok(client.personalMode);
    const lease = await client.call("browser.claim", { sessionId: "s", instance, scope: "tab" });
    assert.deepEqual(lease.scope, { kind: "tab" });
    assert.equal(provider.grants[0].scope, "tab");
    const origin = await client.call("browser.claim", { sessionId: "s", instance, tab: "t2" });
    assert.deepEqual(origin.scope, { kind: "origin", origin: "https://example.com" });
    client.close();
    provider.close();
  } finally {
    await broker.stop();
    await Deno.remove(dirs.root, { recursive: true });
  }
});

Deno.test("fences strictly increase across grants, refusals and sessions, and withdrawals carry them", async () => {
  await using env = await startInProcess({ accessMode: "personal" });
  let calls = 0;
  const provider = await providerFor(
    env,
    () => calls++ % 3 === 1 ? { kind: "deny", code: "CLAIM_DENIED" } : { kind: "grant" },
  );
  const alice = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const bob = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const leases: string[] = [];
  for (let i = 0; i < 9; i++) {
    const client = i % 2 === 0 ? alice : bob;
    const claim = client.call("browser.claim", { sessionId: "s", instance, tab: `t${i}` });
    await claim.then((lease) => leases.push(lease.leaseId), () => {});
  }
  const fences = provider.grants.map((grant) => grant.lease.fence);
  assert.equal(fences.length, 9);
  for (let i = 1; i < fences.length; i++) assert.ok(fences[i] > fences[i - 1]);
  assert.equal(new Set(provider.grants.map((grant) => grant.lease.leaseId)).size, 9);

  alice.close();
  bob.close();
  await until(() => provider.revoked.length === leases.length, "every lease withdrawn");
  const granted = new Map(provider.grants.map((grant) => [grant.lease.leaseId, grant.lease]));
  for (const token of provider.revoked) assert.deepEqual(token, granted.get(token.leaseId));
  provider.close();
});

Deno.test("a claim waits for the person past the client's default call timeout", async () => {
  await using env = await startInProcess();
  const provider = await providerFor(env, () => ({ kind: "hold" }));
  // Every other call would give up after 50 ms; a claim waits for the Broker's own answer.
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir, defaultTimeoutMs: 50 });
  let settled = false;
  const claim = client.call("browser.claim", { sessionId: "s", instance }).finally(() => {
    settled = true;
  });
  await until(() => provider.grants.length === 1, "the person asked");
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(settled, false, "the claim is still waiting for the person");
  provider.releaseGrants();
  assert.equal((await claim).instance, instance);
  client.close();
  provider.close();
});
