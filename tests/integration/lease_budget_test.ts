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
  const provider = await ScriptedProvider.connect({
    socketPath: env.socketPath,
    token: env.token,
    onGrant: (): GrantAnswer => hold ? { kind: "hold" } : { kind: "grant" },
  });
  // One connection carries at most 32 requests in flight: spread the claims over two.
  const clients = await Promise.all(
    [0, 1].map(() => LeashClient.connect({ runtimeDir: env.runtimeDir })),
  );
  const waiting = Array.from(
    { length: limits.maxPendingClaims },
    (_, i) => clients[i % 2].call("browser.claim", { sessionId: "s", instance, tab: `t${i}` }),
  );
  await until(() => provider.grants.length === limits.maxPendingClaims, "32 grants asked");

  const late = await LeashClient.connect({ runtimeDir: env.runtimeDir });
  await assert.rejects(
    late.call("browser.claim", { sessionId: "s", instance, tab: "t-extra" }),
    (error) => isLeashError(error, "QUEUE_FULL"),
  );
  assert.equal(provider.grants.length, limits.maxPendingClaims, "the 33rd never reached it");
  assert.deepEqual(provider.grantCancels, []);
  assert.equal(env.broker.state.claims.size, limits.maxPendingClaims);

  hold = false;
  provider.releaseGrants();
  const leases = await Promise.all(waiting);
  assert.equal(new Set(leases.map((lease) => lease.leaseId)).size, limits.maxPendingClaims);
  assert.equal(env.broker.state.admission.used("claims"), 0);
  // With the queue drained the newcomer gets in.
  const lease = await late.call("browser.claim", { sessionId: "s", instance, tab: "t-extra" });
  assert.equal(lease.tab, "t-extra");
  for (const client of [...clients, late]) client.close();
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
