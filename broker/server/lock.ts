/**
 * The single-instance lock: an exclusive `flock` on `<runtime dir>/lock`,
 * held for the Broker's life. The kernel drops it when the process dies, so
 * a crashed Broker never blocks the next one, and whoever holds it owns the
 * socket path: any socket file found then is stale.
 *
 * @module
 */
import { runtimePath } from "../../local/dirs.ts";
import { FileLock } from "../file_lock.ts";
import { StartError } from "../journal/start_error.ts";

/** A held lock; {@linkcode InstanceLock.release} lets it go. */
export class InstanceLock {
  readonly #lock: FileLock;

  private constructor(lock: FileLock) {
    this.#lock = lock;
  }

  /**
   * Take the lock on `runtimeDir` without waiting. Throws
   * {@linkcode StartError} when another Broker holds it.
   */
  static acquire(runtimeDir: string): Promise<InstanceLock> {
    const path = runtimePath(runtimeDir, "lock");
    const lock = FileLock.tryAcquire(path);
    if (lock === undefined) {
      return Promise.reject(
        new StartError(
          `Cannot start the Broker: another Broker is running on ${runtimeDir} (it holds ${path})`,
        ),
      );
    }
    return Promise.resolve(new InstanceLock(lock));
  }

  /** Let the lock go. Idempotent. */
  release(): void {
    this.#lock.release();
  }
}
