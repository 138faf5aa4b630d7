/**
 * One FIFO queue per tab: observations, actions, page windows and captures
 * on a tab run one at a time, in the order they arrived, so an action never
 * interleaves its DevTools calls with another read of the same page.
 *
 * Work that is still waiting leaves the queue when its caller aborts, and
 * fails `LEASE_NOT_FOUND` when its lease ends; work that is running sees its
 * signal aborted with the same error and the queue moves on once it settles.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** The tab a piece of work runs on. */
export interface TabKey {
  instance: string;
  tab: string;
}

/** One piece of queued work. */
export type TabWork<T> = (signal: AbortSignal) => Promise<T>;

interface Job {
  readonly leaseId: string;
  readonly controller: AbortController;
  start(): void;
  drop(error: unknown): void;
}

interface Line {
  running: Job | undefined;
  waiting: Job[];
}

function keyOf(key: TabKey): string {
  return JSON.stringify([key.instance, key.tab]);
}

/**
 * The Broker's tab queues.
 *
 * @example
 * ```ts
 * const queues = new TabQueues();
 * const tab = { instance: "i", tab: "i:7" };
 * const first = queues.run(tab, "lease-1", async () => "first");
 * const second = queues.run(tab, "lease-1", async () => "second"); // starts after `first` settles
 * ```
 */
export class TabQueues {
  readonly #lines = new Map<string, Line>();

  /**
   * Run `work` on `tab` once everything queued before it on that tab has
   * settled. `work` gets a signal that aborts when `signal` does or when
   * lease `leaseId` ends (reason `LeashError("LEASE_NOT_FOUND")`). Rejects
   * with `signal.reason` when the caller aborts while the work still waits.
   */
  run<T>(tab: TabKey, leaseId: string, work: TabWork<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = keyOf(tab);
    let line = this.#lines.get(id);
    if (line === undefined) {
      line = { running: undefined, waiting: [] };
      this.#lines.set(id, line);
    }
    const { promise, resolve, reject } = Promise.withResolvers<T>();
    const controller = new AbortController();
    const workSignal = signal === undefined
      ? controller.signal
      : AbortSignal.any([signal, controller.signal]);
    const onAbort = () => {
      const current = this.#lines.get(id);
      if (current === undefined || !current.waiting.includes(job)) return;
      current.waiting = current.waiting.filter((other) => other !== job);
      reject(signal?.reason);
    };
    const job: Job = {
      leaseId,
      controller,
      start: () => {
        signal?.removeEventListener("abort", onAbort);
        // A work function that throws synchronously still settles its job.
        Promise.resolve()
          .then(() => work(workSignal))
          .then(resolve, reject)
          .finally(() => this.#next(id, job));
      },
      drop: (error) => {
        signal?.removeEventListener("abort", onAbort);
        reject(error);
      },
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    if (line.running === undefined) {
      line.running = job;
      job.start();
    } else {
      line.waiting.push(job);
    }
    return promise;
  }

  /**
   * Lease `leaseId` ended: its waiting work fails `LEASE_NOT_FOUND` and its
   * running work is aborted with that error.
   */
  endLease(leaseId: string): void {
    const error = new LeashError("LEASE_NOT_FOUND");
    for (const line of this.#lines.values()) {
      const dropped = line.waiting.filter((job) => job.leaseId === leaseId);
      line.waiting = line.waiting.filter((job) => job.leaseId !== leaseId);
      for (const job of dropped) job.drop(error);
      if (line.running?.leaseId === leaseId) line.running.controller.abort(error);
    }
  }

  /** How many pieces of work `tab` holds, the running one included. */
  pending(tab: TabKey): number {
    const line = this.#lines.get(keyOf(tab));
    if (line === undefined) return 0;
    return line.waiting.length + (line.running === undefined ? 0 : 1);
  }

  #next(id: string, finished: Job): void {
    const line = this.#lines.get(id);
    if (line === undefined || line.running !== finished) return;
    const next = line.waiting.shift();
    line.running = next;
    if (next === undefined) this.#lines.delete(id);
    else next.start();
  }
}
