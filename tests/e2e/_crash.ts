/**
 * Crashing and restarting the Broker of an end-to-end world. The world's
 * own Broker cannot be armed, so a test stops it and starts
 * {@linkcode TestBroker}s on the same runtime and state dirs instead, one
 * at a time: one armed with a crash point (it SIGKILLs itself there, see
 * `broker/journal/crash_points.ts`), then a clean one. The extension
 * reconnects by itself on its backoff; {@linkcode connectAgent} waits for
 * it to register again.
 *
 * ```ts
 * await world.broker.stop();
 * await using armed = await TestBroker.start(world, { crashAt: "after-intent" });
 * const agent = await connectAgent(world, journalKey);
 * // … an action: the Broker dies …
 * await armed.status;
 * await using clean = await TestBroker.start(world);
 * ```
 *
 * @module
 */
import { z } from "zod";
import { type LeashClient } from "../../broker/client/client.ts";
import { type BrokerDirs } from "../../local/dirs.ts";
import { type CrashPoint, crashPointVariable } from "../../broker/journal/crash_points.ts";
import { denoRunArgs } from "../../broker/launch.ts";
import type { World } from "./harness.ts";
import { until } from "./_wait.ts";

/** How to start a {@linkcode TestBroker}. */
export interface TestBrokerOptions {
  /** Arm the crash hook at this point of the first action. */
  crashAt?: CrashPoint;
}

/** A Broker child process on a world's dirs, in the world's access mode. */
export class TestBroker implements AsyncDisposable {
  /** Resolves when the process exited; `signal` is `SIGKILL` after a crash point. */
  readonly status: Promise<Deno.CommandStatus>;
  readonly #child: Deno.ChildProcess;
  readonly #drained: Promise<void>;
  #stderr = "";

  private constructor(child: Deno.ChildProcess, listening: (ready: boolean) => void) {
    this.#child = child;
    this.status = child.status;
    this.#drained = this.#collect(listening);
  }

  /**
   * Start `leash serve` on `world`'s dirs exactly as `deno task broker`
   * runs it, and wait until it listens. The previous Broker must have
   * exited (the dirs are locked while it runs).
   */
  static async start(world: World, options: TestBrokerOptions = {}): Promise<TestBroker> {
    const dirs: BrokerDirs = world.broker.dirs;
    const args = world.accessMode === "personal" ? ["--access-mode=personal"] : [];
    const env: Record<string, string> = options.crashAt === undefined
      ? {}
      : { [crashPointVariable]: options.crashAt };
    const child = new Deno.Command(Deno.execPath(), {
      args: denoRunArgs("serve", dirs, args),
      env,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const listening = Promise.withResolvers<boolean>();
    const broker = new TestBroker(child, listening.resolve);
    if (!await listening.promise) {
      const status = await broker.status;
      throw new Error(`Cannot start the test Broker: exit ${status.code}\n${broker.stderr}`);
    }
    return broker;
  }

  /** Everything it wrote on stderr so far (JSON log lines). */
  get stderr(): string {
    return this.#stderr;
  }

  /** Send `signal` unless it already exited, then wait for the exit. */
  async stop(signal: Deno.Signal = "SIGTERM"): Promise<Deno.CommandStatus> {
    try {
      this.#child.kill(signal);
    } catch {
      // Already gone (a crash point killed it).
    }
    const status = await this.status;
    await this.#drained;
    return status;
  }

  /** Stop it (SIGTERM) unless it already exited. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.stop();
  }

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

/**
 * A client of the world's current Broker saying hello with `journalKey`,
 * once the extension registered with that Broker (default deadline 20 s,
 * which covers the extension's reconnect backoff).
 */
export async function connectAgent(
  world: World,
  journalKey: string,
  timeoutMs = 20_000,
): Promise<LeashClient> {
  const agent = await world.client({ journalKey });
  await until("the extension to register with the new Broker", async () => {
    const instances = await agent.call("browser.instances", {});
    return instances.some((instance) => instance.id === world.instance.id) ? true : undefined;
  }, { timeoutMs, intervalMs: 100 });
  return agent;
}

const AuditEntrySchema = z.object({
  entryId: z.number(),
  time: z.string(),
  client: z.string(),
  clientName: z.string().nullable(),
  instance: z.string(),
  tab: z.string(),
  origin: z.string().nullable(),
  action: z.object({ kind: z.string(), ref: z.string().nullable(), description: z.string() }),
  outcome: z.string().nullable(),
  code: z.string().nullable(),
  dispatched: z.boolean(),
  restarted: z.boolean(),
  attempts: z.number(),
  summary: z.string(),
});

/** One entry of `leash journal --json`, as the test reads it. */
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const AuditJsonSchema = z.object({ journal: z.string(), entries: z.array(AuditEntrySchema) });

/**
 * Run `leash journal --state-dir <world's> …args` exactly as `deno task
 * journal` runs it (its permission set included); resolves with its
 * stdout, or throws with its stderr when it exits non-zero.
 */
export async function leashJournal(world: World, args: readonly string[] = []): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: denoRunArgs("journal", world.broker.dirs, args),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (code !== 0) {
    throw new Error(`Cannot list the journal: exit ${code}\n${decoder.decode(stderr)}`);
  }
  return decoder.decode(stdout);
}

/** `leash journal --json` for the world's state dir, validated: its entries, oldest first. */
export async function auditEntries(world: World): Promise<AuditEntry[]> {
  const printed = await leashJournal(world, ["--json"]);
  return AuditJsonSchema.parse(JSON.parse(printed)).entries;
}
