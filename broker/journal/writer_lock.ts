/**
 * One writing journal per file. A Broker holds an exclusive `flock` on
 * `<journal>-lock` for as long as its journal is open; the kernel drops it
 * when the process dies. Holding it is what lets a starting journal treat
 * every intent without an outcome as left behind by a dead process.
 *
 * The lock is on a separate file because SQLite's own POSIX locks on the
 * database file are dropped when any descriptor of that file in the process
 * is closed.
 *
 * @module
 */
import { FileLock } from "../file_lock.ts";
import { JournalOpenError } from "./open_error.ts";

/** A held writer lock. */
export class WriterLock {
  readonly #lock: FileLock;

  private constructor(lock: FileLock) {
    this.#lock = lock;
  }

  /** The lock file of the journal at `path`. */
  static pathFor(journalPath: string): string {
    return `${journalPath}-lock`;
  }

  /**
   * Take the lock without waiting; throws {@linkcode JournalOpenError}
   * (`locked`) when another process (or another journal in this one) holds it.
   */
  static acquire(journalPath: string): WriterLock {
    const path = WriterLock.pathFor(journalPath);
    const lock = FileLock.tryAcquire(path);
    if (lock === undefined) {
      throw new JournalOpenError(journalPath, "locked", {
        detail: `another Broker holds ${path}`,
      });
    }
    return new WriterLock(lock);
  }

  /** Let the lock go. Idempotent; the lock file stays. */
  release(): void {
    this.#lock.release();
  }
}
