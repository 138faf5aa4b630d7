/**
 * An exclusive `flock` on a file, taken without waiting. The kernel drops it
 * when the process dies, so a crashed holder never blocks the next one. The
 * lock file itself stays after release, so no one races on re-creating it.
 *
 * @module
 */

/** A held lock; {@linkcode FileLock.release} lets it go. */
export class FileLock {
  #file: Deno.FsFile | undefined;

  private constructor(file: Deno.FsFile) {
    this.#file = file;
  }

  /** Take the lock on `path` (created 0600 when absent), or `undefined` when someone holds it. */
  static tryAcquire(path: string): FileLock | undefined {
    const file = Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 });
    let locked = false;
    try {
      locked = file.tryLockSync(true);
    } finally {
      if (!locked) file.close();
    }
    return locked ? new FileLock(file) : undefined;
  }

  /** Let the lock go. Idempotent. */
  release(): void {
    const file = this.#file;
    this.#file = undefined;
    if (file === undefined) return;
    file.unlockSync();
    file.close();
  }
}
