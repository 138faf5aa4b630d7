/**
 * Compaction: the journal forgets old entries so its file stays bounded.
 *
 * Two classes of rows, each bounded by age and by count, oldest deleted first:
 * - settled (`verified`, `unverified`, or failed before anything was
 *   dispatched): kept 7 days, at most 50,000 rows;
 * - in doubt (no outcome, `uncertain`, or failed after dispatch): kept 30
 *   days, at most 10,000 rows, because a person may still need to audit them.
 *   An intent still running in this process is never deleted.
 *
 * Deleting a row also drops its identity fence: an exact retry older than
 * the bound is treated as a new request. Rows are bounded in size (IDs are
 * at most 128 code points, descriptions 160), so the file is bounded too;
 * see the README's "Journal" section for the measured figures.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** How long and how many entries are kept. */
export interface RetentionPolicy {
  /** Age after which a settled entry is deleted. */
  settledMs: number;
  /** Settled entries kept at most. */
  maxSettled: number;
  /** Age after which an entry in doubt is deleted. */
  inDoubtMs: number;
  /** Entries in doubt kept at most. */
  maxInDoubt: number;
}

const day = 24 * 60 * 60 * 1000;

/** The defaults: 7 days / 50,000 settled rows; 30 days / 10,000 rows in doubt. */
export const defaultRetention: RetentionPolicy = {
  settledMs: 7 * day,
  maxSettled: 50_000,
  inDoubtMs: 30 * day,
  maxInDoubt: 10_000,
};

/** What one compaction did. */
export interface CompactionReport {
  deleted: number;
  /** Pages returned to the file system by the incremental vacuum. */
  vacuumedPages: number;
}

// A row of this process still running has no outcome and was not recovered at start.
const deletable = "(outcome IS NOT NULL OR recovered_at IS NOT NULL)";

function count(db: DatabaseSync, sql: string): number {
  const value = db.prepare(sql).get()?.n;
  return typeof value === "number" ? value : 0;
}

/**
 * Delete what the policy no longer keeps, give free pages back when they
 * are a quarter of the file, and truncate the WAL. Deletions commit in one
 * transaction; the checkpoint is best effort (a reader may hold the WAL).
 */
export function compact(db: DatabaseSync, policy: RetentionPolicy, now: number): CompactionReport {
  let deleted = 0;
  db.exec("BEGIN IMMEDIATE");
  try {
    deleted += Number(
      db.prepare("DELETE FROM entries WHERE keep_long = 0 AND created_at < ?")
        .run(now - policy.settledMs).changes,
    );
    deleted += Number(
      db.prepare(`DELETE FROM entries WHERE keep_long = 1 AND ${deletable} AND created_at < ?`)
        .run(now - policy.inDoubtMs).changes,
    );
    const excessSettled = count(db, "SELECT count(*) AS n FROM entries WHERE keep_long = 0") -
      policy.maxSettled;
    if (excessSettled > 0) {
      deleted += Number(
        db.prepare(
          `DELETE FROM entries WHERE id IN
            (SELECT id FROM entries WHERE keep_long = 0 ORDER BY created_at, id LIMIT ?)`,
        ).run(excessSettled).changes,
      );
    }
    const excessInDoubt =
      count(db, `SELECT count(*) AS n FROM entries WHERE keep_long = 1 AND ${deletable}`) -
      policy.maxInDoubt;
    if (excessInDoubt > 0) {
      deleted += Number(
        db.prepare(
          `DELETE FROM entries WHERE id IN (SELECT id FROM entries
            WHERE keep_long = 1 AND ${deletable} ORDER BY created_at, id LIMIT ?)`,
        ).run(excessInDoubt).changes,
      );
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
  let vacuumedPages = 0;
  const free = count(db, "SELECT freelist_count AS n FROM pragma_freelist_count");
  const pages = count(db, "SELECT page_count AS n FROM pragma_page_count");
  if (free > 0 && free * 4 >= pages) {
    vacuumedPages = db.prepare("PRAGMA incremental_vacuum").all().length;
  }
  db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").all();
  return { deleted, vacuumedPages };
}
