/**
 * The error a journal that cannot be opened raises. It is a `StartError`, so
 * a Broker that cannot open its journal refuses to start with this message
 * instead of running without one; the file is never deleted or replaced.
 *
 * @module
 */
import { StartError } from "./start_error.ts";

/** Why a journal could not be opened. */
export type JournalOpenProblem =
  | "missing"
  | "not-a-database"
  | "corrupted"
  | "locked"
  | "newer-schema"
  | "unreadable";

const reasons: Record<JournalOpenProblem, string> = {
  missing: "the file does not exist",
  "not-a-database": "the file is not a SQLite database",
  corrupted: "the database file is corrupted",
  locked: "it is locked by another process",
  "newer-schema": "it was written by a newer Leash",
  unreadable: "SQLite cannot read it",
};

/**
 * `Cannot open journal <path>: <reason>`, with the problem as a field so
 * callers branch on it rather than on the text.
 */
export class JournalOpenError extends StartError {
  /** The journal file. */
  readonly path: string;
  /** What is wrong. */
  readonly problem: JournalOpenProblem;

  constructor(
    path: string,
    problem: JournalOpenProblem,
    options?: ErrorOptions & { detail?: string },
  ) {
    const detail = options?.detail;
    const reason = detail === undefined ? reasons[problem] : `${reasons[problem]} (${detail})`;
    super(`Cannot open journal ${path}: ${reason}`, options);
    this.name = "JournalOpenError";
    this.path = path;
    this.problem = problem;
  }
}
