/**
 * Opening the journal's SQLite file: checks that turn a wrong, damaged or
 * locked file into a {@linkcode JournalOpenError}, and the pragmas that make
 * it durable (WAL, `synchronous=FULL`) and bounded (incremental vacuum, a
 * WAL size limit).
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { dirname } from "node:path";
import { JournalOpenError, type JournalOpenProblem } from "./open_error.ts";

/**
 * How commits reach the disk. `full` (every commit is synced before it
 * returns) is what the Broker uses; `off` exists only so the benchmark can
 * measure what durability costs.
 */
export type Durability = "full" | "off";

/** How to open the file. */
export interface OpenDatabaseOptions {
  /** Open for reading only (the audit view); the file must exist. */
  readOnly?: boolean;
  /** How long a statement waits for another connection's lock; default 2,000 ms. */
  busyTimeoutMs?: number;
  /** Default `full`. */
  durability?: Durability;
}

/** Default wait for a lock held by another connection. */
export const defaultBusyTimeoutMs = 2_000;

/** The WAL file is truncated back to this size after a checkpoint that grew it past. */
export const walSizeLimitBytes = 4 * 1024 * 1024;

const sqliteHeader = new TextEncoder().encode("SQLite format 3\0");

/** What the first bytes of the file at `path` say it is. */
function fileKind(path: string): "empty" | "sqlite" | "other" {
  const file = Deno.openSync(path, { read: true });
  try {
    const head = new Uint8Array(sqliteHeader.length);
    let filled = 0;
    while (filled < head.length) {
      const read = file.readSync(head.subarray(filled));
      if (read === null) break;
      filled += read;
    }
    if (filled === 0) return "empty";
    const same = filled === head.length && head.every((byte, i) => byte === sqliteHeader[i]);
    return same ? "sqlite" : "other";
  } finally {
    file.close();
  }
}

/**
 * SQLite's problem from its error. Deno's `node:sqlite` exposes no numeric
 * result code, only SQLite's fixed error strings (`sqlite3_errstr`), so
 * those strings are what is matched.
 */
export function sqliteProblem(error: unknown): JournalOpenProblem {
  const message = error instanceof Error ? error.message : String(error);
  if (/database is locked|database table is locked|database is busy/i.test(message)) {
    return "locked";
  }
  if (/file is not a database|file is encrypted/i.test(message)) return "not-a-database";
  if (/malformed|corrupt/i.test(message)) return "corrupted";
  return "unreadable";
}

/** `error` from opening or migrating `path` as a {@linkcode JournalOpenError}. */
export function toJournalOpenError(path: string, error: unknown): JournalOpenError {
  if (error instanceof JournalOpenError) return error;
  const problem = sqliteProblem(error);
  const detail = problem === "unreadable" && error instanceof Error ? error.message : undefined;
  return new JournalOpenError(path, problem, { cause: error, detail });
}

/** Create the file (0600) and its dir (0700) if missing, so page metadata is private. */
function ensureFile(path: string): void {
  Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  Deno.openSync(path, { write: true, create: true, mode: 0o600 }).close();
}

function pragma(db: DatabaseSync, statement: string): unknown {
  const row = db.prepare(`PRAGMA ${statement}`).get();
  return row === undefined ? undefined : Object.values(row)[0];
}

/**
 * Open `path` and set it up. Throws {@linkcode JournalOpenError} when the
 * file is missing (read-only), not a SQLite database, corrupted, locked by
 * another process past the busy timeout, or unreadable; it never deletes,
 * truncates or rewrites a file it could not open.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): DatabaseSync {
  const readOnly = options.readOnly ?? false;
  let db: DatabaseSync | undefined;
  let fresh: ReturnType<typeof fileKind> = "sqlite";
  try {
    if (readOnly) {
      try {
        Deno.statSync(path);
      } catch (error) {
        if (error instanceof Deno.errors.NotFound) {
          throw new JournalOpenError(path, "missing", { cause: error });
        }
        throw error;
      }
    } else {
      ensureFile(path);
      // Checked before SQLite sees the file; a reader in this process skips it, since closing
      // another descriptor of the file would drop SQLite's locks on it.
      fresh = fileKind(path);
      if (fresh === "other") throw new JournalOpenError(path, "not-a-database");
    }
    db = new DatabaseSync(path, {
      readOnly,
      timeout: options.busyTimeoutMs ?? defaultBusyTimeoutMs,
    });
    if (!readOnly) {
      // Only for a new file: on an existing one even setting the same mode writes to it, and a
      // file that turns out damaged must stay as it was found.
      if (fresh === "empty") db.exec("PRAGMA auto_vacuum = INCREMENTAL");
      const check = db.prepare("PRAGMA quick_check(1)").get();
      const verdict = check === undefined ? undefined : Object.values(check)[0];
      if (verdict !== "ok") {
        const detail = String(verdict).replaceAll(/\s*\n\s*/g, "; ");
        throw new JournalOpenError(path, "corrupted", { detail });
      }
      const mode = pragma(db, "journal_mode = WAL");
      if (mode !== "wal") {
        throw new JournalOpenError(path, "unreadable", {
          detail: `SQLite refused WAL mode and stayed in ${String(mode)} mode`,
        });
      }
      db.exec(`PRAGMA synchronous = ${options.durability === "off" ? "OFF" : "FULL"}`);
      db.exec(`PRAGMA journal_size_limit = ${walSizeLimitBytes}`);
    } else {
      // A first read makes SQLite parse the header, so a bad file fails here and not later.
      db.prepare("SELECT count(*) FROM sqlite_master").get();
    }
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // The open already failed; that error is the one to report.
    }
    throw toJournalOpenError(path, error);
  }
}
