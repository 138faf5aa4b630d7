/**
 * The durable action journal. Before any input is dispatched, the intent is
 * committed to SQLite (WAL, `synchronous=FULL`); the dispatch mark and the
 * outcome follow, each committed before the call returns. Identity is
 * (journal scope, request ID); the payload hash tells an exact retry from a
 * changed request. Full results live only in the in-memory
 * {@linkcode ResultCache}: the file holds metadata, never page data, so a
 * restart leaves exact retries of completed requests with
 * `RECOVERY_REQUIRED`, and intents without an outcome as uncertain — never
 * replayed.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { dirname } from "node:path";
import type { ErrorCode } from "../../contracts/errors.ts";
import { type Durability, openDatabase, toJournalOpenError } from "./database.ts";
import { JournalOpenError } from "./open_error.ts";
import {
  compact,
  type CompactionReport,
  defaultRetention,
  type RetentionPolicy,
} from "./retention.ts";
import { defaultResultCacheLimits, ResultCache, type ResultCacheLimits } from "./result_cache.ts";
import { entryColumns, entryMeta, type EntryRow, parseEntryRow } from "./rows.ts";
import { migrate, NewerSchemaError } from "./schema.ts";
import { displayText, maxDescriptionLength } from "./summary.ts";
import type { BeginDecision, CompleteOptions, Completion, EntryMeta, Intent } from "./types.ts";
import { WriterLock } from "./writer_lock.ts";

/** How to open a {@linkcode Journal}. */
export interface JournalOptions {
  /** Milliseconds since the epoch; injected by tests. Default `Date.now`. */
  now?: () => number;
  /** How long to wait for another connection's lock before failing; default 2,000 ms. */
  busyTimeoutMs?: number;
  /** `off` is for the benchmark only: commits are not synced. Default `full`. */
  durability?: Durability;
  /** Overrides of the result cache's bounds (default 128 entries / 8 MiB / 120 s). */
  resultCache?: Partial<ResultCacheLimits>;
  /** Overrides of the retention policy (default {@linkcode defaultRetention}). */
  retention?: Partial<RetentionPolicy>;
  /** Compact after this many new intents (default 256) or an hour, whichever comes first. */
  compactEvery?: number;
  /** Told when an amortized compaction fails; the intent itself is already committed. */
  onCompactionError?: (error: unknown) => void;
}

interface Running {
  leaseId: string;
  /** Cleared when the lease is released mid-action, so its result is never cached. */
  cacheable: boolean;
  settled: Promise<void>;
  settle: () => void;
}

const compactIntervalMs = 60 * 60 * 1000;
/** IDs are at most 128 code points on the wire; a scope adds a short prefix to one. */
const maxIdLength = 128;
const maxScopeLength = 160;

function identity(name: string, value: string, max = maxIdLength): string {
  const length = [...value].length;
  if (length === 0 || length > max) {
    throw new TypeError(`Cannot record the intent: ${name} must be 1 to ${max} characters`);
  }
  return value;
}

function optionalLabel(value: string | undefined, max: number): string | null {
  return value === undefined ? null : displayText(value, max);
}

/** The state one Broker keeps about its actions; see the module doc. */
export class Journal<R = unknown> {
  /** The database file. */
  readonly path: string;
  /** Intents found without an outcome when this journal opened (their process died). */
  readonly recovered: number;

  readonly #db: DatabaseSync;
  readonly #lock: WriterLock;
  readonly #now: () => number;
  readonly #cache: ResultCache<R>;
  readonly #retention: RetentionPolicy;
  readonly #compactEvery: number;
  readonly #onCompactionError: (error: unknown) => void;
  readonly #running = new Map<number, Running>();
  readonly #statements: Record<
    "byIdentity" | "byId" | "insert" | "rearm" | "dispatch" | "complete" | "fail",
    StatementSync
  >;
  #newSinceCompaction = 0;
  #lastCompaction: number;
  #closed = false;

  private constructor(path: string, db: DatabaseSync, lock: WriterLock, options: JournalOptions) {
    this.path = path;
    this.#db = db;
    this.#lock = lock;
    this.#now = options.now ?? Date.now;
    this.#cache = new ResultCache<R>(
      { ...defaultResultCacheLimits, ...options.resultCache },
      this.#now,
    );
    this.#retention = { ...defaultRetention, ...options.retention };
    this.#compactEvery = options.compactEvery ?? 256;
    this.#onCompactionError = options.onCompactionError ?? (() => {});
    const select = `SELECT ${entryColumns} FROM entries`;
    this.#statements = {
      byIdentity: db.prepare(`${select} WHERE journal_scope = ? AND request_id = ?`),
      byId: db.prepare(`${select} WHERE id = ?`),
      insert: db.prepare(
        `INSERT INTO entries (journal_scope, request_id, payload_hash, lease_id, instance, tab,
          origin, client_name, action_kind, action_ref, action_description, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      rearm: db.prepare(
        `UPDATE entries SET attempts = attempts + 1, created_at = ?, completed_at = NULL,
          outcome = NULL, error_code = NULL, recovered_at = NULL, keep_long = 1 WHERE id = ?`,
      ),
      dispatch: db.prepare(
        "UPDATE entries SET dispatched_at = ? WHERE id = ? AND dispatched_at IS NULL",
      ),
      complete: db.prepare(
        `UPDATE entries SET outcome = ?, completed_at = ?, error_code = ?, keep_long = ?
        WHERE id = ?`,
      ),
      // SET expressions see the row before the update, so both read the old dispatched_at.
      fail: db.prepare(
        `UPDATE entries SET outcome = 'failed', error_code = ?1, completed_at = ?2,
          keep_long = CASE WHEN dispatched_at IS NULL AND ?3 = 0 THEN 0 ELSE 1 END,
          dispatched_at = CASE WHEN dispatched_at IS NULL AND ?3 = 1 THEN ?2 ELSE dispatched_at END
        WHERE id = ?4`,
      ),
    };
    const now = this.#now();
    // This process holds the writer lock, so no other journal is live: an intent without an
    // outcome was left by a process that died.
    this.recovered = Number(
      db.prepare(
        "UPDATE entries SET recovered_at = ? WHERE outcome IS NULL AND recovered_at IS NULL",
      ).run(now).changes,
    );
    this.#lastCompaction = now;
    compact(db, this.#retention, now);
  }

  /**
   * Open (creating if needed) the journal at `path`, migrate it, mark
   * intents left without an outcome by a dead process, and compact it.
   * Throws {@linkcode JournalOpenError} when the file is not a SQLite
   * database, is corrupted, is locked by another process (another Broker's
   * journal, or a SQLite lock held past the busy timeout) or was written by
   * a newer build. The file is never deleted or replaced.
   */
  static open<R = unknown>(path: string, options: JournalOptions = {}): Journal<R> {
    Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const lock = WriterLock.acquire(path);
    let db: DatabaseSync | undefined;
    try {
      db = openDatabase(path, options);
      try {
        migrate(db);
      } catch (error) {
        if (error instanceof NewerSchemaError) {
          throw new JournalOpenError(path, "newer-schema", { detail: error.message });
        }
        throw error;
      }
      return new Journal<R>(path, db, lock, options);
    } catch (error) {
      try {
        db?.close();
      } finally {
        lock.release();
      }
      throw toJournalOpenError(path, error);
    }
  }

  /**
   * Commit `intent` durably, or answer from what is known about its request
   * ID; see {@linkcode BeginDecision}. On `new`, the caller must end the
   * entry with {@linkcode Journal.complete} or {@linkcode Journal.fail}.
   *
   * An exact retry of a request that failed before anything was dispatched
   * is `new` again, under the same entry: nothing reached the page, so
   * running it is not a replay.
   */
  begin(intent: Intent): BeginDecision<R> {
    this.#assertOpen("begin an intent");
    const journalScope = identity("journalScope", intent.journalScope, maxScopeLength);
    const requestId = identity("requestId", intent.requestId);
    if (!/^[0-9a-f]{64}$/.test(intent.payloadHash)) {
      throw new TypeError("Cannot record the intent: payloadHash must be 64 lowercase hex digits");
    }
    const found = this.#statements.byIdentity.get(journalScope, requestId);
    if (found !== undefined) return this.#retry(intent, parseEntryRow(found));

    const { action } = intent;
    const inserted = this.#statements.insert.run(
      journalScope,
      requestId,
      intent.payloadHash,
      identity("leaseId", intent.leaseId),
      identity("instance", intent.instance),
      identity("tab", intent.tab),
      optionalLabel(intent.origin, 256),
      optionalLabel(intent.clientName, 64),
      displayText(action.kind, 32),
      optionalLabel(action.ref, 64),
      displayText(action.description, maxDescriptionLength),
      this.#now(),
    );
    const entryId = Number(inserted.lastInsertRowid);
    this.#track(entryId, intent.leaseId);
    this.#maybeCompact();
    return { kind: "new", entryId };
  }

  /**
   * Record, durably, that input is about to reach the page. Call it from the
   * action engine's `beforeDispatch` hook; if it throws, nothing may be
   * dispatched.
   */
  markDispatched(entryId: number): void {
    this.#assertOpen("mark an intent dispatched");
    this.#runningEntry(entryId, "mark it dispatched");
    this.#statements.dispatch.run(this.#now(), entryId);
  }

  /**
   * Record the outcome of an action that ran, and keep its full `result`
   * for exact retries (unless its lease was released meanwhile, or it is
   * larger than the cache). With `options.answer` the request is answered
   * with that error instead, durably: exact retries get it too, and no
   * result is kept.
   */
  complete(entryId: number, completion: Completion<R>, options: CompleteOptions = {}): void {
    this.#assertOpen("record an outcome");
    const running = this.#runningEntry(entryId, "record its outcome");
    const { status } = completion;
    if (status !== "verified" && status !== "unverified" && status !== "uncertain") {
      throw new TypeError(`Cannot record the outcome: unknown status ${String(status)}`);
    }
    try {
      const keepLong = status === "uncertain" ? 1 : 0;
      const answer = options.answer ?? null;
      this.#statements.complete.run(status, this.#now(), answer, keepLong, entryId);
      if (running.cacheable && answer === null) {
        this.#cache.put(entryId, running.leaseId, completion.result);
      }
    } finally {
      // Even if the write failed: the entry then has no outcome and retries are told uncertain.
      this.#settle(entryId, running);
    }
  }

  /**
   * Record that the action ended with the wire error `code`. `dispatched`
   * says whether input may have reached the page; a committed dispatch
   * mark counts as dispatched whatever is passed.
   */
  fail(entryId: number, code: ErrorCode, options: { dispatched: boolean }): void {
    this.#assertOpen("record a failure");
    const running = this.#runningEntry(entryId, "record its failure");
    try {
      this.#statements.fail.run(code, this.#now(), options.dispatched ? 1 : 0, entryId);
    } finally {
      this.#settle(entryId, running);
    }
  }

  /**
   * The lease ended: drop its cached results, and keep results of its
   * actions still running out of the cache. The identity fences stay, so an
   * exact retry gets `RECOVERY_REQUIRED`.
   */
  purgeLease(leaseId: string): void {
    this.#assertOpen("purge a lease");
    this.#cache.purgeLease(leaseId);
    for (const running of this.#running.values()) {
      if (running.leaseId === leaseId) running.cacheable = false;
    }
  }

  /** What is recorded about `entryId`, or `undefined` once compaction removed it. */
  entry(entryId: number): EntryMeta | undefined {
    this.#assertOpen("read an entry");
    const row = this.#statements.byId.get(entryId);
    return row === undefined ? undefined : entryMeta(parseEntryRow(row));
  }

  /** Apply the retention policy now (it also runs by itself); see {@linkcode compact}. */
  compact(): CompactionReport {
    this.#assertOpen("compact");
    const now = this.#now();
    this.#newSinceCompaction = 0;
    this.#lastCompaction = now;
    return compact(this.#db, this.#retention, now);
  }

  /**
   * Close the file and release the writer lock. Results in the cache are
   * dropped; entries still running keep no outcome and read as uncertain
   * when the journal is next opened. Idempotent.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const [entryId, running] of this.#running) this.#settle(entryId, running);
    this.#cache.clear();
    try {
      this.#db.close();
    } finally {
      this.#lock.release();
    }
  }

  #retry(intent: Intent, row: EntryRow): BeginDecision<R> {
    const meta = entryMeta(row);
    if (row.payload_hash !== intent.payloadHash) return { kind: "conflict", meta };
    const running = this.#running.get(row.id);
    if (running !== undefined) return { kind: "in-progress", meta, settled: running.settled };
    if (row.outcome === null) return { kind: "uncertain", meta };
    if (row.outcome === "failed") {
      if (meta.dispatched) return { kind: "uncertain", meta };
      this.#statements.rearm.run(this.#now(), row.id);
      this.#track(row.id, row.lease_id);
      return { kind: "new", entryId: row.id };
    }
    if (row.error_code !== null) return { kind: "answered", code: row.error_code, meta };
    const kept = this.#cache.lookup(row.id);
    if (kept !== undefined) return { kind: "cached", result: kept.result, meta };
    return { kind: "recovery-required", meta };
  }

  #track(entryId: number, leaseId: string): void {
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#running.set(entryId, { leaseId, cacheable: true, settled: promise, settle: resolve });
  }

  #settle(entryId: number, running: Running): void {
    this.#running.delete(entryId);
    running.settle();
  }

  #runningEntry(entryId: number, what: string): Running {
    const running = this.#running.get(entryId);
    if (running === undefined) {
      throw new Error(`Cannot ${what} for entry ${entryId}: it is not running in this journal`);
    }
    return running;
  }

  #maybeCompact(): void {
    this.#newSinceCompaction++;
    if (
      this.#newSinceCompaction < this.#compactEvery &&
      this.#now() - this.#lastCompaction < compactIntervalMs
    ) return;
    try {
      this.compact();
    } catch (error) {
      this.#onCompactionError(error);
    }
  }

  #assertOpen(what: string): void {
    if (this.#closed) throw new Error(`Cannot ${what}: the journal is closed`);
  }
}
