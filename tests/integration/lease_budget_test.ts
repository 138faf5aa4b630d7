/**
 * The Broker-wide claim and lease budgets over real sockets: 32 pending
 * claims and 64 live or reserved leases. A full budget refuses the newcomer
 * with QUEUE_FULL and never evicts what is already admitted.
 */
import assert from "node:assert/strict";
import { LeashClient } from "../../broker/client/client.ts";
import { isLeashError } from "../../contracts/errors.ts";
import { limits } from "../../contracts/limits.ts";
import { startInProcess, until } from "./_in_process.ts";
import { type GrantAnswer, ScriptedProvider } from "./_scripted_provider.ts";

const instance = "opaque-instance";

Deno.test("the 33rd pending claim is QUEUE_FULL while the 32 others keep waiting and then succeed", async () => {
  await using env = await startInProcess();
  let hold = true;
  // One provider takes at most 16 waiting claims: spread the 32 over two browsers.
  const instances = ["browser-a", "browser-b"];
  const providers = await Promise.all(instances.map((instanceId) =>
    ScriptedProvider.connect({
      socketPath: env.socketPath,
      token: env.token,
      instanceId,
      onGrant: (): GrantAnswer => hold ? { kind: "hold" } : { kind: "grant" },
    })
  ));
  const asked = () => providers.reduce((sum, provider) => sum + provider.grants.length, 0);
  // One connection carries at most 32 requests in flight: spread the claims over two.
  const clients = await Promise.all(
    [0, 1].map(() => LeashClient.connect({ runtimeDir: env.runtimeDir })),
  );
  const waiting = Array.from(
    { length: limits.maxPendingClaims },
    (_, i) =>
      clients[i % 2].call("browser.claim", {
        sessionId: "s",
        instance: instances[i % 2],
        tab: `t${i}`,
      }),
  );
  await until(() => asked() === limits.maxPendingClaims, "32 grants asked");

  const late = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    late.call("browser.claim", { sessionId: "s", instance: instances[0], tab: "t-extra" }),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  assert.equal(asked(), limits.maxPendingClaims, "the 33rd never reached a provider");
  assert.deepEqual(providers.flatMap((provider) => provider.grantCancels), []);
  assert.equal(env.broker.state.claims.size, limits.maxPendingClaims);

  hold = false;
  for (const provider of providers) provider.releaseGrants();
  const leases = await Promise.all(waiting);
  assert.equal(new Set(leases.map((lease) => lease.leaseId)).size, limits.maxPendingClaims);
  assert.equal(env.broker.state.admission.used("claims"), 0);
  // With the queue drained the newcomer gets in.
  const lease = await late.call("browser.claim", {
    sessionId: "s",
    instance: instances[0],
    tab: "t-extra",
  });
  assert.equal(lease.tab, "t-extra");
  for (const client of [...clients, late]) client.close();
  for (const provider of providers) provider.close();
});

Deno.test("one browser takes at most 16 waiting claims, so its link stays open for its leases", async () => {
  await using env = await startInProcess();
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    onGrant: (): GrantAnswer => ({ kind: "hold" }),
  });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const waiting = Array.from(
    { length: limits.maxPendingClaimsPerProvider },
    (_, i) =>
      client.call("browser.claim", { sessionId: "s", instance, tab: `t${i}` }).catch(() =>
        undefined
      ),
  );
  await until(() => provider.grants.length === limits.maxPendingClaimsPerProvider, "16 asked");
  await assert.rejects(
    client.call("browser.claim", { sessionId: "s", instance, tab: "t-extra" }),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  assert.equal(provider.grants.length, limits.maxPendingClaimsPerProvider);
  client.close();
  await Promise.all(waiting);
  provider.close();
});

Deno.test("with 64 live or reserved leases the next claim is QUEUE_FULL and existing leases stay untouched", async () => {
  await using env = await startInProcess();
  let hold = false;
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    onGrant: (): GrantAnswer => hold ? { kind: "hold" } : { kind: "grant" },
  });
  const client = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const other = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  const live: string[] = [];
  for (let i = 0; i < limits.maxLeases - 1; i++) {
    live.push(
      (await client.call("browser.claim", { sessionId: "s", instance, tab: `t${i}` })).leaseId,
    );
  }
  // The 64th is reserved by a waiting claim: it counts although it is not granted yet.
  hold = true;
  const reserved = client.call("browser.claim", { sessionId: "s", instance, tab: "t-reserved" });
  await until(() => provider.grants.length === limits.maxLeases, "the reserving claim asked");

  await assert.rejects(
    other.call("browser.claim", { sessionId: "s", instance, tab: "t-over" }),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  const { state } = env.broker;
  assert.equal(provider.grants.length, limits.maxLeases, "the refused claim never reached it");
  assert.deepEqual(state.leases.list().map((lease) => lease.leaseId), live);
  assert.deepEqual(provider.revoked, []);

  hold = false;
  provider.releaseGrants();
  await reserved;
  assert.equal(state.leases.size, limits.maxLeases);
  await client.call("browser.release", { sessionId: "s", leaseId: live[0] });
  const fits = await other.call("browser.claim", { sessionId: "s", instance, tab: "t-over" });
  assert.equal(fits.tab, "t-over");
  client.close();
  other.close();
  provider.close();
});
