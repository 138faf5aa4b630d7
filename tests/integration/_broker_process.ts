/**
 * The real Broker as a child process, started exactly as `deno task broker`
 * starts it: `broker/main.ts serve` with the permission table's flags for
 * its dirs.
 *
 * @module
 */
import { join } from "node:path";
import { denoRunArgs } from "../../broker/launch.ts";
import { type BrokerDirs, runtimePath } from "../../local/dirs.ts";

/** Fresh dirs under a new private temp dir; the runtime dir does not exist yet. */
export async function freshDirs(): Promise<BrokerDirs & { root: string }> {
  const root = await Deno.makeTempDir({ prefix: "leash-test-" });
  return { root, runtimeDir: join(root, "run"), stateDir: join(root, "state") };
}

/** A Broker child process. */
export class BrokerProcess implements AsyncDisposable {
  readonly dirs: BrokerDirs;
  readonly socketPath: string;
  readonly status: Promise<Deno.CommandStatus>;
  readonly #child: Deno.ChildProcess;
  #stderr = "";
  readonly #listening: Promise<boolean>;
  readonly #drained: Promise<void>;

  private constructor(dirs: BrokerDirs, child: Deno.ChildProcess) {
    this.dirs = dirs;
    this.socketPath = runtimePath(dirs.runtimeDir, "socket");
    this.#child = child;
    this.status = child.status;
    const listening = Promise.withResolvers<boolean>();
    this.#listening = listening.promise;
    this.#drained = this.#collect(listening.resolve);
  }

  /** Spawn `leash serve` for `dirs` with extra `args` (and `env` added); does not wait. */
  static spawn(
    dirs: BrokerDirs,
    args: readonly string[] = [],
    env: Record<string, string> = {},
  ): BrokerProcess {
    const child = new Deno.Command(Deno.execPath(), {
      args: denoRunArgs("serve", dirs, args),
      env,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    return new BrokerProcess(dirs, child);
  }

  /** Spawn and wait until it listens. Throws with its stderr when it exits first. */
  static async start(
    dirs: BrokerDirs,
    args: readonly string[] = [],
    env: Record<string, string> = {},
  ): Promise<BrokerProcess> {
    const broker = BrokerProcess.spawn(dirs, args, env);
    if (!await broker.#listening) {
      const status = await broker.status;
      throw new Error(`Cannot start test Broker: exit ${status.code}\n${broker.stderr}`);
    }
    return broker;
  }

  /** Everything it wrote on stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** Its stderr as parsed JSON log lines. */
  get logLines(): Record<string, unknown>[] {
    return this.#stderr.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line));
  }

  /** The token it wrote. */
  token(): Promise<string> {
    return Deno.readTextFile(runtimePath(this.dirs.runtimeDir, "token")).then((text) =>
      text.trim()
    );
  }

  /** Send `signal` unless it already exited, then wait for the exit. */
  async stop(signal: Deno.Signal = "SIGTERM"): Promise<Deno.CommandStatus> {
    try {
      this.#child.kill(signal);
    } catch {
      // Already gone.
    }
    const status = await this.status;
    await this.#drained;
    return status;
  }

  /** Stop it (SIGTERM) unless it already exited. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

  /** Read stderr to its end; `listening` learns whether the Broker got as far as listening. */
  async #collect(listening: (ready: boolean) => void): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.#child.stderr) {
        this.#stderr += decoder.decode(chunk, { stream: true });
        if (this.#stderr.includes('"event":"listening"')) listening(true);
      }
    } finally {
      listening(false);
    }
  }
}
