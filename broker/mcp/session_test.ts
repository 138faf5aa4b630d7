import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import { fakeBroker, sampleLease, sampleObservation, settle } from "./_fake_link.ts";
import { NotedError } from "./errors.ts";
import { leaseEndNote } from "./leases.ts";
import type { AgentSession } from "./session.ts";

function instances(session: AgentSession) {
  return session.withConnection(1, (connection) => connection.call("browser.instances", {}));
}

async function claim(session: AgentSession, leaseId = "L1") {
  await session.withConnection(1, async (connection) => {
    const lease = await connection.call("browser.claim", {
      sessionId: session.sessionId,
      instance: "i1",
    });
    session.leases.granted(lease, connection.generation);
  });
  return leaseId;
}

function observe(session: AgentSession, leaseId: string) {
  return session.withLease(
    leaseId,
    1,
    (connection) => connection.call("browser.observe", { sessionId: session.sessionId, leaseId }),
  );
}

const handlers = {
  "browser.instances": () => [],
  "browser.claim": () => sampleLease(),
  "browser.observe": () => sampleObservation(),
};

Deno.test("a session connects on its first call and reuses the connection", async () => {
  const fake = fakeBroker(handlers);
  assert.equal(fake.session.connections, 0);
  await instances(fake.session);
  await instances(fake.session);
  assert.equal(fake.session.connections, 1);
  assert.deepEqual(fake.calls.map((call) => call.link), [1, 1]);
});

Deno.test("the next call after a lost connection reconnects", async () => {
  const fake = fakeBroker(handlers);
  await instances(fake.session);
  fake.links[0].close();
  await settle();
  await instances(fake.session);
  assert.equal(fake.session.connections, 2);
  assert.equal(fake.calls.at(-1)?.link, 2);
});

Deno.test("a lease from a lost connection is reported ended without asking the Broker", async () => {
  const fake = fakeBroker(handlers);
  const leaseId = await claim(fake.session);
  fake.links[0].close();
  await settle();
  const before = fake.calls.length;
  await assert.rejects(observe(fake.session, leaseId), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.code, "LEASE_NOT_FOUND");
    assert.equal(error.note, leaseEndNote("connection-lost"));
    return true;
  });
  assert.equal(fake.calls.length, before);
});

Deno.test("a lease-revoked event for this session ends the lease for later calls", async () => {
  const fake = fakeBroker(handlers);
  const leaseId = await claim(fake.session);
  fake.links[0].emit({ event: "browser.lease-revoked", value: { sessionId: "other", leaseId } });
  await settle();
  await observe(fake.session, leaseId);
  fake.links[0].emit({ event: "browser.lease-revoked", value: { sessionId: "s1", leaseId } });
  await settle();
  await assert.rejects(observe(fake.session, leaseId), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.note, leaseEndNote("revoked"));
    return true;
  });
  assert.equal(fake.calls.filter((call) => call.method === "browser.observe").length, 1);
});

Deno.test("an unknown lease goes to the Broker, which judges it", async () => {
  const fake = fakeBroker(handlers);
  await observe(fake.session, "never-seen");
  assert.equal(fake.calls[0].method, "browser.observe");
});

Deno.test("an idle connection without leases is renewed past the soft ID budget", async () => {
  // The hello spends one ID; the soft budget of 4 leaves room for three calls.
  const fake = fakeBroker(handlers, { soft: 4, hard: 8 });
  for (let i = 0; i < 3; i++) await instances(fake.session);
  assert.equal(fake.session.connections, 1);
  await instances(fake.session);
  assert.equal(fake.session.connections, 2);
  assert.equal(fake.links[0].open, false);
});

Deno.test("a connection holding a lease is kept past the soft budget, renewed at the hard one", async () => {
  const fake = fakeBroker(handlers, { soft: 3, hard: 6 });
  const leaseId = await claim(fake.session); // 2 IDs spent
  await observe(fake.session, leaseId); // 3
  await observe(fake.session, leaseId); // 4: past soft, kept for the lease
  await observe(fake.session, leaseId); // 5
  await observe(fake.session, leaseId); // 6
  assert.equal(fake.session.connections, 1);
  await assert.rejects(observe(fake.session, leaseId), (error) => {
    assert.ok(error instanceof NotedError);
    assert.equal(error.note, leaseEndNote("renewed"));
    return true;
  });
  assert.equal(fake.session.connections, 2);
  assert.equal(fake.links[0].open, false);
  await instances(fake.session);
  assert.equal(fake.calls.at(-1)?.link, 2);
});

Deno.test("a retired connection closes only after the call holding it ends", async () => {
  const release = Promise.withResolvers<void>();
  const fake = fakeBroker({
    ...handlers,
    "browser.tabs": async () => {
      await release.promise;
      return [];
    },
  }, { soft: 2, hard: 3 });
  const slow = fake.session.withConnection(
    1,
    (connection) => connection.call("browser.tabs", { instance: "i1" }),
  );
  await settle();
  await instances(fake.session); // 3 spent: the next call must renew
  await instances(fake.session);
  assert.equal(fake.session.connections, 2);
  assert.equal(fake.links[0].open, true);
  release.resolve();
  await slow;
  assert.equal(fake.links[0].open, false);
});

Deno.test("a closed session refuses calls and closes its connection", async () => {
  const fake = fakeBroker(handlers);
  await instances(fake.session);
  fake.session.close();
  assert.equal(fake.links[0].open, false);
  await assert.rejects(instances(fake.session), (error) => isLeashError(error, "CONNECTION_LOST"));
});

/** `browser.instances` that loses link 1 under the call, as a Broker that stopped would. */
const losesFirstLink = {
  ...handlers,
  "browser.instances": (_params: unknown, link: { number: number; close(): void }) => {
    if (link.number !== 1) return [];
    link.close();
    throw new LeashError("CONNECTION_LOST");
  },
};

Deno.test("a read whose connection closes under it runs once more on a new connection", async () => {
  const fake = fakeBroker(losesFirstLink);
  const answer = await fake.session.withReadConnection(
    1,
    (connection) => connection.call("browser.instances", {}),
  );
  assert.deepEqual(answer, []);
  assert.equal(fake.session.connections, 2);
  assert.deepEqual(fake.calls.map((call) => call.link), [1, 2]);
});

Deno.test("a call that is not a read is not sent again when its connection closes under it", async () => {
  const fake = fakeBroker(losesFirstLink);
  await assert.rejects(instances(fake.session), (error) => isLeashError(error, "CONNECTION_LOST"));
  assert.equal(fake.calls.length, 1);
});

Deno.test("a read answered CONNECTION_LOST on a connection that stays open is not repeated", async () => {
  const fake = fakeBroker({
    ...handlers,
    "browser.instances": () => {
      throw new LeashError("CONNECTION_LOST");
    },
  });
  await assert.rejects(
    fake.session.withReadConnection(1, (connection) => connection.call("browser.instances", {})),
    (error) => isLeashError(error, "CONNECTION_LOST"),
  );
  assert.equal(fake.calls.length, 1);
  assert.equal(fake.session.connections, 1);
});
