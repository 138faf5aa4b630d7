import assert from "node:assert/strict";
import { isLeashError, LeashError } from "../../contracts/errors.ts";
import { Journal } from "./journal.ts";
import { type JournaledAction, runJournaled } from "./run_journaled.ts";
import { sampleIntent, tempJournal } from "./_testing.ts";
import type { Completion } from "./types.ts";

type Result = { requestId: string; submissions: number };

/** A page that counts submissions, and an action that submits once per dispatch. */
class Page {
  submissions = 0;
  leaseLive = true;
  /** Whether the lease, once ended, ended because the page left its origin. */
  leftOrigin = false;

  action(
    options: { failBeforeDispatch?: LeashError; failAfterDispatch?: Error; gate?: Promise<void> } =
      {},
  ): JournaledAction<Result> {
    return {
      authorize: () => {
        if (!this.leaseLive) throw new LeashError("LEASE_NOT_FOUND");
      },
      leftOrigin: () => this.leftOrigin,
      perform: async (beforeDispatch): Promise<Completion<Result>> => {
        await options.gate;
        if (options.failBeforeDispatch) throw options.failBeforeDispatch;
        beforeDispatch();
        this.submissions++;
        if (options.failAfterDispatch) throw options.failAfterDispatch;
        return { status: "verified", result: { requestId: "r1", submissions: this.submissions } };
      },
    };
  }
}

async function withJournal(run: (journal: Journal<Result>) => Promise<void>): Promise<void> {
  const { dir, path } = await tempJournal();
  const journal = Journal.open<Result>(path);
  try {
    await run(journal);
  } finally {
    journal.close();
    await Deno.remove(dir, { recursive: true });
  }
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error) => isLeashError(error) && error.code === code);
}

Deno.test("runJournaled() dispatches once and answers an exact retry from the cache", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const first = await runJournaled(journal, sampleIntent("r1"), page.action());
    const retry = await runJournaled(journal, sampleIntent("r1"), page.action());
    assert.deepEqual(retry, first);
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() makes a concurrent duplicate wait for the first and share its result", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const { promise: gate, resolve: open } = Promise.withResolvers<void>();
    const first = runJournaled(journal, sampleIntent("r1"), page.action({ gate }));
    const duplicate = runJournaled(journal, sampleIntent("r1"), page.action());
    open();
    assert.deepEqual(await duplicate, await first);
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() stops waiting for a duplicate when its signal aborts", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const { promise: gate, resolve: open } = Promise.withResolvers<void>();
    const first = runJournaled(journal, sampleIntent("r1"), page.action({ gate }));
    const controller = new AbortController();
    const duplicate = runJournaled(journal, sampleIntent("r1"), {
      ...page.action(),
      signal: controller.signal,
    });
    controller.abort(new LeashError("CANCELLED"));
    await rejectsWith(duplicate, "CANCELLED");
    open();
    await first;
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() answers a changed payload with REQUEST_CONFLICT without dispatching", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    await runJournaled(journal, sampleIntent("r1"), page.action());
    await rejectsWith(
      runJournaled(journal, sampleIntent("r1", { documentEpoch: "doc-2" }), page.action()),
      "REQUEST_CONFLICT",
    );
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() records a failure before dispatch, and its exact retry runs", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const covered = page.action({ failBeforeDispatch: new LeashError("TARGET_COVERED") });
    await rejectsWith(runJournaled(journal, sampleIntent("r1"), covered), "TARGET_COVERED");
    assert.equal(page.submissions, 0);
    const result = await runJournaled(journal, sampleIntent("r1"), page.action());
    assert.equal(result.submissions, 1);
  });
});

Deno.test("runJournaled() never replays a request that failed after dispatch", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const broken = page.action({ failAfterDispatch: new Error("socket closed") });
    await assert.rejects(runJournaled(journal, sampleIntent("r1"), broken), /socket closed/);
    await rejectsWith(runJournaled(journal, sampleIntent("r1"), page.action()), "OUTCOME_UNKNOWN");
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() re-checks authority before delivering a result, and says a dispatched action ran", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const { promise: gate, resolve: open } = Promise.withResolvers<void>();
    const running = runJournaled(journal, sampleIntent("r1"), page.action({ gate }));
    await Promise.resolve();
    // The lease is released while the action runs.
    page.leaseLive = false;
    journal.purgeLease("lease-1");
    open();
    // Its input reached the page: the caller hears so, not "claim again".
    await rejectsWith(running, "RECOVERY_REQUIRED");
    page.leaseLive = true;
    await rejectsWith(
      runJournaled(journal, sampleIntent("r1"), page.action()),
      "RECOVERY_REQUIRED",
    );
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() answers ORIGIN_CHANGED when the page left the origin under a dispatched action, and so does its exact retry", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    const { promise: gate, resolve: open } = Promise.withResolvers<void>();
    const running = runJournaled(journal, sampleIntent("r1"), page.action({ gate }));
    const duplicate = runJournaled(journal, sampleIntent("r1"), page.action());
    await Promise.resolve();
    // The action takes the page to another origin; the provider ends the lease.
    page.leaseLive = false;
    page.leftOrigin = true;
    journal.purgeLease("lease-1");
    const answers = [
      rejectsWith(running, "ORIGIN_CHANGED"),
      rejectsWith(duplicate, "ORIGIN_CHANGED"),
    ];
    open();
    await Promise.all(answers);
    await rejectsWith(runJournaled(journal, sampleIntent("r1"), page.action()), "ORIGIN_CHANGED");
    assert.equal(page.submissions, 1);
  });
});

Deno.test("runJournaled() answers a new action on a lease that left its origin with the lease's own code", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    page.leaseLive = false;
    page.leftOrigin = true;
    await rejectsWith(runJournaled(journal, sampleIntent("r1"), page.action()), "LEASE_NOT_FOUND");
    assert.equal(page.submissions, 0);
  });
});

Deno.test("runJournaled() refuses a new action on a lease the caller no longer holds", async () => {
  await withJournal(async (journal) => {
    const page = new Page();
    page.leaseLive = false;
    await rejectsWith(runJournaled(journal, sampleIntent("r1"), page.action()), "LEASE_NOT_FOUND");
    assert.equal(page.submissions, 0);
  });
});
