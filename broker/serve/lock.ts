/**
 * The single-instance lock: an exclusive `flock` on `<runtime dir>/lock`,
 * held for the Broker's life. The kernel drops it when the process dies, so
 * a crashed Broker never blocks the next one, and whoever holds it owns the
 * socket path: any socket file found then is stale.
 *
 * @module
 */
import { runtimePath } from "../dirs.ts";
import { StartError } from "./start_error.ts";

/** A held lock; {@linkcode InstanceLock.release} lets it go. */
export class InstanceLock {
  #file: Deno.FsFile | undefined;

  private constructor(file: Deno.FsFile) {
    this.#file = file;
  }

  /**
   * Take the lock on `runtimeDir` without waiting. Throws
   * {@linkcode StartError} when another Broker holds it.
   */
  static async acquire(runtimeDir: string): Promise<InstanceLock> {
    const path = runtimePath(runtimeDir, "lock");
    const file = await Deno.open(path, { read: true, write: true, create: true, mode: 0o600 });
    let locked = false;
    try {
      locked = await file.tryLock(true);
    } finally {
      if (!locked) file.close();
    }
    if (!locked) {
      throw new StartError(
        `Cannot start the Broker: another Broker is running on ${runtimeDir} (it holds ${path})`,
      );
    }
    return new InstanceLock(file);
  }

  /** Let the lock go. Idempotent. The lock file stays, so no one races on re-creating it. */
  release(): void {
    const file = this.#file;
    this.#file = undefined;
    if (file === undefined) return;
    file.unlockSync();
    file.close();
  }
}
