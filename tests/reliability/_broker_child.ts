/**
 * The real Broker as a child process, started exactly as `deno task broker`
 * starts it (`broker/main.ts serve` with the permission table's flags), with
 * what the reliability suite needs beyond the integration helper: its pid,
 * so its resident memory can be read from `/proc`, and both its stdout and
 * its stderr, so the token check can search everything it ever wrote.
 *
 * @module
 */
import { denoRunArgs } from "../../broker/launch.ts";
import { type BrokerDirs, runtimePath } from "../../local/dirs.ts";
import { freshDirs } from "../integration/_broker_process.ts";

/** Resident and peak resident memory of a process, in KiB. */
export interface MemoryFigures {
  rssKiB: number;
  peakKiB: number;
}

/**
 * What `/proc/<pid>/<name>` holds (Linux only), read through `cat`: Deno
 * grants `/proc` of another process only to `--allow-all`, and the test task
 * runs with `--allow-run` but not that.
 */
export async function procText(pid: number, name: string): Promise<string> {
  const output = await new Deno.Command("cat", {
    args: [`/proc/${pid}/${name}`],
    stdin: "null",
    stderr: "null",
  }).output();
  if (!output.success) throw new Error(`Cannot read /proc/${pid}/${name}: cat failed`);
  return new TextDecoder().decode(output.stdout);
}

/** Read `VmRSS` and `VmHWM` of `pid` from `/proc/<pid>/status` (Linux only). */
export async function memoryOf(pid: number): Promise<MemoryFigures> {
  const status = await procText(pid, "status");
  const field = (name: string) => {
    const match = status.match(new RegExp(`^${name}:\\s+(\\d+) kB$`, "m"));
    if (match === null) throw new Error(`Cannot read ${name} of process ${pid}: no such field`);
    return Number(match[1]);
  };
  return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
}

/** KiB as MiB with one decimal, for figure lines. */
export function mib(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

/** A change in KiB as signed MiB, e.g. `+9.3 MiB` or `-27.5 MiB`. */
export function mibChange(kib: number): string {
  return `${kib < 0 ? "-" : "+"}${mib(Math.abs(kib))}`;
}

/** A running Broker child and everything it wrote. */
export class BrokerChild {
  readonly dirs: BrokerDirs & { root: string };
  readonly socketPath: string;
  readonly pid: number;
  readonly status: Promise<Deno.CommandStatus>;
  readonly #child: Deno.ChildProcess;
  readonly #decoder = { out: new TextDecoder(), err: new TextDecoder() };
  #stdout = "";
  #stderr = "";
  readonly #drained: Promise<void>;

  private constructor(dirs: BrokerDirs & { root: string }, child: Deno.ChildProcess) {
    this.dirs = dirs;
    this.socketPath = runtimePath(dirs.runtimeDir, "socket");
    this.#child = child;
    this.pid = child.pid;
    this.status = child.status;
    this.#drained = Promise.all([this.#collect("out"), this.#collect("err")]).then(() => {});
  }

  /** Start `leash serve` on fresh dirs with `args` and wait until it listens. */
  static async start(args: readonly string[] = []): Promise<BrokerChild> {
    const dirs = await freshDirs();
    const child = new Deno.Command(Deno.execPath(), {
      args: denoRunArgs("serve", dirs, args),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const broker = new BrokerChild(dirs, child);
    while (!broker.#stderr.includes('"event":"listening"')) {
      const exited = await Promise.race([
        broker.status.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 20)),
      ]);
      if (exited) {
        await broker.#drained;
        throw new Error(`Cannot start the Broker: it exited\n${broker.#stderr}`);
      }
    }
    return broker;
  }

  /** Everything it wrote on stdout so far. */
  get stdout(): string {
    return this.#stdout;
  }

  /** Everything it wrote on stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** The log events it wrote so far, by name, with how often. */
  eventCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const line of this.#stderr.split("\n")) {
      const match = line.match(/"event":"([^"]+)"/);
      if (match !== null) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
    }
    return counts;
  }

  /** The token it wrote. */
  async token(): Promise<string> {
    return (await Deno.readTextFile(runtimePath(this.dirs.runtimeDir, "token"))).trim();
  }

  /** Its memory now. */
  memory(): Promise<MemoryFigures> {
    return memoryOf(this.pid);
  }

  /** Whether it is still running. */
  async alive(): Promise<boolean> {
    return await Promise.race([
      this.status.then(() => false),
      new Promise<true>((resolve) => setTimeout(() => resolve(true), 0)),
    ]);
  }

  /** SIGTERM it and wait for the exit and the end of its output; its dirs stay. */
  async stop(): Promise<Deno.CommandStatus> {
    try {
      this.#child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    const status = await this.status;
    await this.#drained;
    return status;
  }

  /** Stop it and remove its dirs. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
    await Deno.remove(this.dirs.root, { recursive: true }).catch(() => {});
  }

  async #collect(which: "out" | "err"): Promise<void> {
    const stream = which === "out" ? this.#child.stdout : this.#child.stderr;
    const decoder = this.#decoder[which];
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      if (which === "out") this.#stdout += text;
      else this.#stderr += text;
    }
  }
}
