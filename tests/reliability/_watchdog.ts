/**
 * A watchdog client: it keeps asking the Broker while hostile peers do their
 * worst, counting answers and failures, so a test can show that existing
 * sessions were served all along.
 *
 * @module
 */
import { LeashClient } from "../../broker/client/client.ts";
import { limits } from "../../contracts/limits.ts";

/** What a watchdog saw. */
export interface WatchdogReport {
  answers: number;
  failures: string[];
  /** Connections it used: it moves to a new one every `callsPerConnection` calls. */
  connections: number;
}

/**
 * Calls one connection makes before the watchdog moves to a new one. The
 * protocol remembers every transport ID of a connection and closes it at
 * 10,000 rather than forget one, so no connection can make more calls than
 * that in its life; a long stress run would reach it.
 */
export const callsPerConnection: number = limits.rememberedIds / 2;

/**
 * A client that keeps calling `browser.instances` one call after another
 * until stopped, checking each answer with `expect`.
 */
export class Watchdog {
  readonly #runtimeDir: string;
  readonly #report: WatchdogReport = { answers: 0, failures: [], connections: 1 };
  readonly #loop: Promise<void>;
  #client: LeashClient;
  #stopped = false;

  private constructor(
    runtimeDir: string,
    client: LeashClient,
    expect: (ids: string[]) => string | undefined,
  ) {
    this.#runtimeDir = runtimeDir;
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
    return new Watchdog(runtimeDir, await LeashClient.connect({ runtimeDir }), expect);
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
    let calls = 0;
    while (!this.#stopped) {
      if (calls === callsPerConnection) {
        this.#client.close();
        this.#client = await this.#reconnect();
        this.#report.connections++;
        calls = 0;
      }
      calls++;
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

  /**
   * A new connection. While a flood holds every socket slot a newcomer is
   * refused (that is the cap working), so it tries again until one frees.
   */
  async #reconnect(): Promise<LeashClient> {
    for (let attempt = 0;; attempt++) {
      try {
        return await LeashClient.connect({ runtimeDir: this.#runtimeDir });
      } catch (error) {
        if (attempt === 200) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
}
