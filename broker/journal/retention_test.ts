import assert from "node:assert/strict";
import { Journal } from "./journal.ts";
import { walSizeLimitBytes } from "./database.ts";
import { ManualClock, sampleIntent, tempJournal } from "./_testing.ts";

const day = 24 * 60 * 60 * 1000;

function fileSize(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0;
  }
}

/** One action with a realistic result; every 10th ends uncertain, every 50th fails before dispatch. */
function record(journal: Journal, i: number): void {
  const decision = journal.begin(sampleIntent(`request-${i}`));
  if (decision.kind !== "new") throw new Error(`expected a new entry, got ${decision.kind}`);
  if (i % 50 === 0) {
    journal.fail(decision.entryId, "STALE_TARGET", { dispatched: false });
    return;
  }
  journal.markDispatched(decision.entryId);
  const status = i % 10 === 0 ? "uncertain" : "verified";
  journal.complete(decision.entryId, { status, result: { requestId: `request-${i}`, status } });
}

Deno.test("retention keeps the journal file bounded under 20,000 actions", async () => {
  const { dir, path } = await tempJournal();
  const retention = { maxSettled: 1_000, maxInDoubt: 200 };
  // Durability is beside the point here; unsynced commits keep the test short.
  const journal = Journal.open(path, { durability: "off", retention, compactEvery: 256 });
  let sizeAt5k = 0;
  for (let i = 1; i <= 20_000; i++) {
    record(journal, i);
    if (i === 5_000) {
      journal.compact();
      sizeAt5k = fileSize(path);
    }
  }
  journal.compact();
  const sizeAt20k = fileSize(path);
  journal.close();

  const reader = Journal.open(path);
  // The newest entries are still fenced; the oldest are gone.
  assert.equal(reader.begin(sampleIntent("request-19999")).kind, "recovery-required");
  assert.equal(reader.begin(sampleIntent("request-19998")).kind, "recovery-required");
  const forgotten = reader.begin(sampleIntent("request-1"));
  assert.equal(forgotten.kind, "new");
  reader.close();

  // 20,000 rows of this size take about 6 MiB; the bound keeps at most 1,200 of them.
  assert.ok(sizeAt20k < 1024 * 1024, `the file grew to ${sizeAt20k} bytes`);
  assert.ok(sizeAt20k <= sizeAt5k * 1.25, `${sizeAt20k} bytes at 20,000 vs ${sizeAt5k} at 5,000`);
  assert.ok(fileSize(`${path}-wal`) <= walSizeLimitBytes);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retention counts settled and doubtful entries separately", async () => {
  const { dir, path } = await tempJournal();
  const journal = Journal.open(path, {
    durability: "off",
    retention: { maxSettled: 100, maxInDoubt: 10 },
    compactEvery: 1_000_000,
  });
  for (let i = 1; i <= 500; i++) record(journal, i);
  const report = journal.compact();
  // 500 actions: 50 uncertain (every 10th), 10 failed before dispatch, 440 verified.
  assert.equal(report.deleted, 500 - 100 - 10);
  // The newest uncertain entry is kept, an older one is gone.
  assert.equal(journal.begin(sampleIntent("request-490")).kind, "cached");
  assert.equal(journal.begin(sampleIntent("request-370")).kind, "new");
  journal.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("retention ages settled entries out after 7 days and doubtful ones after 30", async () => {
  const { dir, path } = await tempJournal();
  const clock = new ManualClock();
  const journal = Journal.open(path, { now: clock.now });
  record(journal, 1); // verified
  record(journal, 10); // uncertain
  const running = journal.begin(sampleIntent("running"));
  assert.equal(running.kind, "new");

  clock.advance(7 * day + 1);
  journal.compact();
  assert.equal(journal.begin(sampleIntent("request-1")).kind, "new", "settled entry is gone");
  assert.equal(journal.begin(sampleIntent("request-10")).kind, "recovery-required");

  clock.advance(23 * day);
  journal.compact();
  assert.equal(journal.begin(sampleIntent("request-10")).kind, "new", "doubtful entry is gone");
  assert.equal(
    journal.begin(sampleIntent("running")).kind,
    "in-progress",
    "a running intent is never compacted",
  );
  journal.close();
  await Deno.remove(dir, { recursive: true });
});
