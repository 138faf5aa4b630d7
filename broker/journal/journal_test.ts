import assert from "node:assert/strict";
import { Journal } from "./journal.ts";
import { journalKey, ManualClock, sampleIntent, tempJournal } from "./_testing.ts";
import type { BeginDecision } from "./types.ts";

type Result = { requestId: string; status: string; page: string };

function newEntry(decision: BeginDecision<Result>): number {
  assert.equal(decision.kind, "new");
  if (decision.kind !== "new") throw new Error("unreachable");
  return decision.entryId;
}

/** Begin, dispatch and complete one request; returns its entry ID. */
function runOnce(journal: Journal<Result>, requestId: string, page = "page data"): number {
  const entryId = newEntry(journal.begin(sampleIntent(requestId)));
  journal.markDispatched(entryId);
  journal.complete(entryId, {
    status: "verified",
    result: { requestId, status: "verified", page },
  });
  return entryId;
}

async function withJournal(
  run: (journal: Journal<Result>, path: string) => void | Promise<void>,
  options: Parameters<typeof Journal.open>[1] = {},
): Promise<void> {
  const { dir, path } = await tempJournal();
  const journal = Journal.open<Result>(path, options);
  try {
    await run(journal, path);
  } finally {
    journal.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("an exact retry of a completed request gets the cached result without a new entry", async () => {
  await withJournal((journal) => {
    const entryId = runOnce(journal, "r1");
    const retry = journal.begin(sampleIntent("r1"));
    assert.equal(retry.kind, "cached");
    if (retry.kind !== "cached") return;
    assert.deepEqual(retry.result, { requestId: "r1", status: "verified", page: "page data" });
    assert.equal(retry.meta.entryId, entryId);
    assert.equal(retry.meta.outcome, "verified");
    assert.equal(retry.meta.dispatched, true);
  });
});

Deno.test("the intent is in the file before begin() returns, the outcome after complete()", async () => {
  await withJournal((journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    const meta = journal.entry(entryId);
    assert.equal(meta?.outcome, null);
    assert.equal(meta?.dispatched, false);
    journal.markDispatched(entryId);
    assert.equal(journal.entry(entryId)?.dispatched, true);
    journal.complete(entryId, {
      status: "unverified",
      result: { requestId: "r1", status: "u", page: "" },
    });
    assert.equal(journal.entry(entryId)?.outcome, "unverified");
  });
});

Deno.test("an exact retry while the first still runs is in-progress until it settles", async () => {
  await withJournal(async (journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    const retry = journal.begin(sampleIntent("r1"));
    assert.equal(retry.kind, "in-progress");
    if (retry.kind !== "in-progress") return;
    let settled = false;
    const waiting = retry.settled.then(() => settled = true);
    await Promise.resolve();
    assert.equal(settled, false);
    journal.complete(entryId, {
      status: "verified",
      result: { requestId: "r1", status: "v", page: "p" },
    });
    await waiting;
    assert.equal(journal.begin(sampleIntent("r1")).kind, "cached");
  });
});

Deno.test("the same request ID with a changed payload conflicts, running or completed", async () => {
  await withJournal((journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    const changed = sampleIntent("r1", { documentEpoch: "doc-2" });
    assert.equal(journal.begin(changed).kind, "conflict");
    journal.complete(entryId, {
      status: "verified",
      result: { requestId: "r1", status: "v", page: "" },
    });
    assert.equal(journal.begin(changed).kind, "conflict");
    assert.equal(journal.begin(sampleIntent("r1")).kind, "cached");
  });
});

Deno.test("different journal keys are isolated: the same request ID is another request", async () => {
  await withJournal((journal) => {
    runOnce(journal, "r1", "client A's page");
    const other = sampleIntent("r1", { journalScope: journalKey("b"), documentEpoch: "doc-9" });
    const entryId = newEntry(journal.begin(other));
    journal.complete(entryId, {
      status: "verified",
      result: { requestId: "r1", status: "v", page: "B" },
    });
    const a = journal.begin(sampleIntent("r1"));
    const b = journal.begin(other);
    assert.ok(a.kind === "cached" && b.kind === "cached");
    assert.equal(a.result.page, "client A's page");
    assert.equal(b.result.page, "B");
  });
});

Deno.test("eviction by count leaves the fence: an exact retry is recovery-required", async () => {
  await withJournal((journal) => {
    for (const id of ["r1", "r2", "r3"]) runOnce(journal, id);
    const evicted = journal.begin(sampleIntent("r1"));
    assert.equal(evicted.kind, "recovery-required");
    if (evicted.kind === "recovery-required") assert.equal(evicted.meta.outcome, "verified");
    assert.equal(journal.begin(sampleIntent("r3")).kind, "cached");
    assert.equal(journal.begin(sampleIntent("r1", { documentEpoch: "x" })).kind, "conflict");
  }, { resultCache: { entries: 2 } });
});

Deno.test("eviction by size: results past the byte bound make retries recovery-required", async () => {
  await withJournal((journal) => {
    runOnce(journal, "r1", "x".repeat(600));
    runOnce(journal, "r2", "y".repeat(600));
    assert.equal(journal.begin(sampleIntent("r1")).kind, "recovery-required");
    assert.equal(journal.begin(sampleIntent("r2")).kind, "cached");
    runOnce(journal, "r3", "z".repeat(5_000));
    assert.equal(journal.begin(sampleIntent("r3")).kind, "recovery-required");
  }, { resultCache: { bytes: 1_000 } });
});

Deno.test("eviction by age: after 120 s an exact retry is recovery-required", async () => {
  const clock = new ManualClock();
  await withJournal((journal) => {
    runOnce(journal, "r1");
    clock.advance(119_999);
    assert.equal(journal.begin(sampleIntent("r1")).kind, "cached");
    clock.advance(1);
    assert.equal(journal.begin(sampleIntent("r1")).kind, "recovery-required");
  }, { now: clock.now });
});

Deno.test("purgeLease() drops cached results of the lease but keeps its fences", async () => {
  await withJournal((journal) => {
    runOnce(journal, "r1");
    const other = sampleIntent("r2", { leaseId: "lease-2" });
    const entryId = newEntry(journal.begin(other));
    journal.complete(entryId, {
      status: "verified",
      result: { requestId: "r2", status: "v", page: "" },
    });
    journal.purgeLease("lease-1");
    assert.equal(journal.begin(sampleIntent("r1")).kind, "recovery-required");
    assert.equal(journal.begin(other).kind, "cached");
  });
});

Deno.test("a lease released while its action runs never caches that action's result", async () => {
  await withJournal((journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    journal.markDispatched(entryId);
    journal.purgeLease("lease-1");
    journal.complete(entryId, {
      status: "verified",
      result: { requestId: "r1", status: "v", page: "p" },
    });
    assert.equal(journal.begin(sampleIntent("r1")).kind, "recovery-required");
  });
});

Deno.test("a failure before dispatch lets an exact retry run again under the same entry", async () => {
  await withJournal((journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    journal.fail(entryId, "TARGET_COVERED", { dispatched: false });
    assert.equal(journal.entry(entryId)?.code, "TARGET_COVERED");
    const again = journal.begin(sampleIntent("r1"));
    assert.deepEqual(again, { kind: "new", entryId });
    assert.equal(journal.entry(entryId)?.outcome, null);
    assert.equal(journal.begin(sampleIntent("r1", { documentEpoch: "x" })).kind, "conflict");
  });
});

Deno.test("a failure after dispatch makes an exact retry uncertain", async () => {
  await withJournal((journal) => {
    const entryId = newEntry(journal.begin(sampleIntent("r1")));
    journal.markDispatched(entryId);
    // A committed dispatch mark wins over what the caller says.
    journal.fail(entryId, "TIMEOUT", { dispatched: false });
    const retry = journal.begin(sampleIntent("r1"));
    assert.equal(retry.kind, "uncertain");
    if (retry.kind === "uncertain") {
      assert.equal(retry.meta.dispatched, true);
      assert.equal(retry.meta.code, "TIMEOUT");
    }
    const second = newEntry(journal.begin(sampleIntent("r2")));
    journal.fail(second, "CONNECTION_LOST", { dispatched: true });
    assert.equal(journal.begin(sampleIntent("r2")).kind, "uncertain");
  });
});

Deno.test("an action answered ORIGIN_CHANGED keeps that answer for every exact retry, also after a restart", async () => {
  const { dir, path } = await tempJournal();
  try {
    const first = Journal.open<Result>(path);
    const entryId = newEntry(first.begin(sampleIntent("away")));
    first.markDispatched(entryId);
    first.complete(
      entryId,
      { status: "uncertain", result: { requestId: "away", status: "uncertain", page: "old" } },
      { answer: "ORIGIN_CHANGED" },
    );
    const retry = first.begin(sampleIntent("away"));
    assert.equal(retry.kind, "answered");
    if (retry.kind === "answered") {
      assert.equal(retry.code, "ORIGIN_CHANGED");
      assert.equal(retry.meta.outcome, "uncertain");
      assert.equal(retry.meta.dispatched, true);
    }
    assert.equal(first.begin(sampleIntent("away", { documentEpoch: "x" })).kind, "conflict");
    first.close();

    const second = Journal.open<Result>(path);
    try {
      const after = second.begin(sampleIntent("away"));
      assert.ok(after.kind === "answered" && after.code === "ORIGIN_CHANGED");
    } finally {
      second.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("restart: completed requests need recovery, intents without an outcome are uncertain", async () => {
  const { dir, path } = await tempJournal();
  try {
    const first = Journal.open<Result>(path);
    runOnce(first, "done");
    const undispatched = newEntry(first.begin(sampleIntent("begun")));
    const dispatched = newEntry(first.begin(sampleIntent("dispatched")));
    first.markDispatched(dispatched);
    first.close();

    const second = Journal.open<Result>(path);
    try {
      assert.equal(second.recovered, 2);
      assert.equal(second.begin(sampleIntent("done")).kind, "recovery-required");
      const begun = second.begin(sampleIntent("begun"));
      assert.equal(begun.kind, "uncertain");
      if (begun.kind === "uncertain") {
        assert.equal(begun.meta.entryId, undispatched);
        assert.equal(begun.meta.dispatched, false);
        assert.notEqual(begun.meta.recoveredAt, null);
      }
      const sent = second.begin(sampleIntent("dispatched"));
      assert.ok(sent.kind === "uncertain" && sent.meta.dispatched);
      assert.equal(
        second.begin(sampleIntent("dispatched", { documentEpoch: "x" })).kind,
        "conflict",
      );
    } finally {
      second.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("markDispatched(), complete() and fail() refuse an entry that is not running", async () => {
  await withJournal((journal) => {
    const entryId = runOnce(journal, "r1");
    assert.throws(() => journal.markDispatched(entryId), /not running/);
    assert.throws(() => journal.fail(entryId, "INTERNAL", { dispatched: false }), /not running/);
    assert.throws(() => journal.markDispatched(999), /not running/);
  });
});

Deno.test("begin() refuses an intent with a malformed hash or an empty ID", async () => {
  await withJournal((journal) => {
    assert.throws(() => journal.begin({ ...sampleIntent("r1"), payloadHash: "abc" }), TypeError);
    assert.throws(() => journal.begin(sampleIntent("")), TypeError);
    assert.throws(() => journal.begin(sampleIntent("x".repeat(129))), TypeError);
  });
});

Deno.test("a closed journal refuses calls, settles running entries and closes once", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open<Result>(path);
  const entryId = newEntry(journal.begin(sampleIntent("r1")));
  const retry = journal.begin(sampleIntent("r1"));
  journal.close();
  journal.close();
  if (retry.kind === "in-progress") await retry.settled;
  assert.throws(() => journal.begin(sampleIntent("r2")), /closed/);
  assert.throws(() => journal.markDispatched(entryId), /closed/);
  const reopened = Journal.open<Result>(path);
  assert.equal(reopened.begin(sampleIntent("r1")).kind, "uncertain");
  reopened.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("the journal file is private to its user", async () => {
  await withJournal((_journal, path) => {
    assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
  });
});
