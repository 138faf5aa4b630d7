/**
 * The journal's schema and its migrations. The version lives in SQLite's
 * `user_version`; each migration runs in its own `BEGIN IMMEDIATE`
 * transaction together with the version bump, so a crash mid-migration
 * leaves the previous version intact.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** One schema step: from `version - 1` to `version`. */
export interface Migration {
  version: number;
  up(db: DatabaseSync): void;
}

/**
 * Version 1. One row per intent (`kind = 'action'`); `kind = 'plan'`,
 * `plan_id` and `parent_entry` are reserved for whole-plan fences of
 * `runtime.batch.v1` (a plan row, and child action rows pointing at it).
 * `keep_long` marks rows kept for the longer retention: no outcome yet, or
 * an outcome that leaves the page state in doubt. IDs are `AUTOINCREMENT`,
 * never reused after compaction, so an entry ID names one intent for good
 * (the result cache is keyed by it).
 */
const v1: Migration = {
  version: 1,
  up(db) {
    db.exec(`
      CREATE TABLE entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL DEFAULT 'action' CHECK (kind IN ('action', 'plan')),
        plan_id TEXT,
        parent_entry INTEGER,
        journal_scope TEXT NOT NULL,
        request_id TEXT NOT NULL,
        payload_hash TEXT NOT NULL,
        lease_id TEXT NOT NULL,
        instance TEXT NOT NULL,
        tab TEXT NOT NULL,
        origin TEXT,
        client_name TEXT,
        action_kind TEXT NOT NULL,
        action_ref TEXT,
        action_description TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        dispatched_at INTEGER,
        completed_at INTEGER,
        outcome TEXT CHECK (outcome IN ('verified', 'unverified', 'uncertain', 'failed')),
        error_code TEXT,
        recovered_at INTEGER,
        keep_long INTEGER NOT NULL DEFAULT 1,
        UNIQUE (journal_scope, request_id)
      );
      CREATE INDEX entries_retention ON entries (keep_long, created_at);
      CREATE INDEX entries_lease ON entries (lease_id);
      CREATE INDEX entries_parent ON entries (parent_entry) WHERE parent_entry IS NOT NULL;
    `);
  },
};

/** Every migration, in order; append new ones, never edit a released one. */
export const migrations: readonly Migration[] = [v1];

/** The schema version this build writes. */
export const schemaVersion = migrations[migrations.length - 1].version;

/** The file's schema version. */
export function readSchemaVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get();
  const version = row?.user_version;
  if (typeof version !== "number") {
    throw new Error("Cannot read the journal's schema version: SQLite returned no number");
  }
  return version;
}

/** Thrown when the file is newer than every migration this build knows. */
export class NewerSchemaError extends Error {
  readonly found: number;
  constructor(found: number, known: number) {
    super(`schema version ${found}; this build knows up to ${known}`);
    this.name = "NewerSchemaError";
    this.found = found;
  }
}

/**
 * Bring `db` to the newest version by running, in order, every migration
 * above its current version. Returns the versions it applied. Throws
 * {@linkcode NewerSchemaError} for a file written by a newer build, which
 * this one must not touch.
 */
export function migrate(db: DatabaseSync, steps: readonly Migration[] = migrations): number[] {
  const known = steps.length === 0 ? 0 : steps[steps.length - 1].version;
  const applied: number[] = [];
  for (const step of steps) {
    db.exec("BEGIN IMMEDIATE");
    try {
      // Read inside the transaction: another process may have migrated meanwhile.
      const current = readSchemaVersion(db);
      if (current > known) throw new NewerSchemaError(current, known);
      if (step.version <= current) {
        db.exec("ROLLBACK");
        continue;
      }
      if (step.version !== current + 1) {
        throw new Error(
          `Cannot migrate the journal: no step from version ${current} to ${step.version}`,
        );
      }
      step.up(db);
      db.exec(`PRAGMA user_version = ${step.version}`);
      db.exec("COMMIT");
      applied.push(step.version);
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
  if (steps.length === 0 && readSchemaVersion(db) > known) {
    throw new NewerSchemaError(readSchemaVersion(db), known);
  }
  return applied;
}
