/**
 * A watchdog client: it keeps asking the Broker while hostile peers do their
 * worst, counting answers and failures, so a test can show that existing
 * sessions were served all along.
 *
 * @module
 */
import { LeashClient } from "../../broker/client/client.ts";

/** What a watchdog saw. */
export interface WatchdogReport {
  answers: number;
  failures: string[];
}

/**
 * A client that keeps calling `browser.instances` one call after another
 * until stopped, checking each answer with `expect`. It keeps one
 * connection for the whole run, however long: its transport IDs count, so
 * the Broker remembers them without reaching the 10,000-ID cap.
 */
export class Watchdog {
  readonly #report: WatchdogReport = { answers: 0, failures: [] };
  readonly #loop: Promise<void>;
  readonly #client: LeashClient;
  #stopped = false;

  private constructor(client: LeashClient, expect: (ids: string[]) => string | undefined) {
    this.#client = client;
    this.#loop = this.#run(expect);
  }

  /**
   * Connect to the Broker in `runtimeDir` and start asking; `expect` returns
   * a failure description for a wrong answer.
   */
  static async start(
    runtimeDir: string,
    expect: (ids: string[]) => string | undefined = () => undefined,
  ): Promise<Watchdog> {
    return new Watchdog(await LeashClient.connect({ runtimeDir }), expect);
  }

  /** Answers so far. */
  get answers(): number {
    return this.#report.answers;
  }

  /** Stop asking, close the connection and report. */
  async stop(): Promise<WatchdogReport> {
    this.#stopped = true;
    await this.#loop;
    this.#client.close();
    return this.#report;
  }

  async #run(expect: (ids: string[]) => string | undefined): Promise<void> {
    while (!this.#stopped) {
      try {
        const instances = await this.#client.call("browser.instances", {}, { timeoutMs: 10_000 });
        const wrong = expect(instances.map((instance) => instance.id));
        if (wrong !== undefined) this.#report.failures.push(wrong);
        else this.#report.answers++;
      } catch (error) {
        this.#report.failures.push(String(error));
        if (this.#report.failures.length > 20) return;
      }
      // Yield to the timers so a run of answers cannot starve the rest of the test.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}
