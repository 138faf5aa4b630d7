import assert from "node:assert/strict";
import { isLeashError } from "../../contracts/errors.ts";
import type { ActResult } from "../../contracts/methods/mod.ts";
import { Journal } from "../journal/journal.ts";
import { sampleIntent, tempJournal } from "../journal/_testing.ts";
import { silentLogger } from "../../local/log.ts";
import { BrokerState } from "../authority/state.ts";
import { RuntimeServices } from "./services.ts";

Deno.test("a lease that ends takes its queued work, continuations, epochs, cursors and cached results", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open<ActResult>(path);
  try {
    const runtime = new RuntimeServices({ journal });
    const state = new BrokerState(silentLogger);
    const stop = runtime.attach(state);
    const lease = state.leases.add({
      owner: "c1",
      sessionId: "s",
      instance: "i",
      tab: "i:1",
      scope: { kind: "tab" },
    });
    const leaseId = lease.leaseId;
    const epoch = runtime.books.epochs.epochFor(leaseId, "frame", "loader");
    const cursor = runtime.books.cursors.record({
      leaseId,
      documentEpoch: epoch,
      scope: { kind: "page" },
      rows: [],
    });
    const token = runtime.continuations.issue({
      leaseId,
      documentEpoch: epoch,
      frameId: "frame",
      loaderId: "loader",
      root: null,
      provider: "p1",
    });
    const intent = sampleIntent("r1", { leaseId });
    const begun = journal.begin(intent);
    assert.equal(begun.kind, "new");
    if (begun.kind !== "new") return;
    const result: ActResult = {
      requestId: "r1",
      status: "verified",
      documentChanged: false,
      documentEpoch: epoch,
      observation: null,
    };
    journal.complete(begun.entryId, { status: "verified", result });
    assert.equal(journal.begin(intent).kind, "cached");
    const tab = { instance: "i", tab: "i:1" };
    const running = runtime.queues.run(tab, leaseId, (signal) =>
      new Promise((_resolve, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }));
    const waiting = runtime.queues.run(tab, leaseId, () => Promise.resolve("ran"));

    const gone = (error: unknown) => isLeashError(error, "LEASE_NOT_FOUND");
    const failures = [assert.rejects(running, gone), assert.rejects(waiting, gone)];

    state.leases.end(leaseId, "released");

    await Promise.all(failures);
    assert.equal(runtime.books.epochs.describe(epoch), undefined);
    assert.equal(runtime.books.cursors.latest(leaseId, epoch, { kind: "page" }), undefined);
    assert.notEqual(cursor, undefined);
    assert.throws(
      () => runtime.continuations.take(token, { leaseId }),
      (error) => isLeashError(error, "STALE_CURSOR"),
    );
    assert.equal(journal.begin(intent).kind, "recovery-required");

    // Once detached, a lease's end no longer reaches the runtime.
    stop();
    const other = state.leases.add({
      owner: "c1",
      sessionId: "s",
      instance: "i",
      tab: "i:2",
      scope: { kind: "tab" },
    });
    const kept = runtime.books.epochs.epochFor(other.leaseId, "frame", "loader");
    state.leases.end(other.leaseId, "released");
    assert.ok(runtime.books.epochs.describe(kept) !== undefined);
  } finally {
    journal.close();
    await Deno.remove(dir, { recursive: true });
  }
});
