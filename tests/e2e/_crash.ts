/**
 * Crashing and restarting the Broker of an end-to-end world. The world's
 * own Broker cannot be armed, so a test stops it and starts
 * test Brokers ({@linkcode startTestBroker}) on the same runtime and state dirs instead, one
 * at a time: one armed with a crash point (it SIGKILLs itself there, see
 * `broker/journal/crash_points.ts`), then a clean one. The extension
 * reconnects by itself on its backoff; {@linkcode connectAgent} waits for
 * it to register again.
 *
 * ```ts
 * import type { World } from "./harness.ts";
 *
 * async function crashAfterIntent(world: World, journalKey: string) {
 *   await world.broker.stop();
 *   await using armed = await startTestBroker(world, { crashAt: "after-intent" });
 *   const agent = await connectAgent(world, journalKey);
 *   // … an action through `agent`: the Broker dies …
 *   await armed.status;
 *   await using clean = await startTestBroker(world);
 *   // … the same request again, through a new agent on the clean Broker …
 * }
 * ```
 *
 * @module
 */
import { z } from "zod";
import { type LeashClient } from "../../broker/client/client.ts";
import { type ArmedPoint, crashPointVariable } from "../../broker/journal/crash_points.ts";
import { denoRunArgs } from "../../broker/launch.ts";
import { BrokerProcess } from "../integration/_broker_process.ts";
import type { World } from "./harness.ts";
import { until } from "./_wait.ts";

/** How to start a test Broker. */
export interface TestBrokerOptions {
  /** Arm the crash hook at this point of the first action. */
  crashAt?: ArmedPoint;
}

/**
 * Start `leash serve` on `world`'s dirs exactly as `deno task broker` runs
 * it, in the world's access mode, and wait until it listens. The previous
 * Broker must have exited (the dirs are locked while it runs). After a crash
 * point, its `status` has `signal` `SIGKILL`.
 */
export function startTestBroker(
  world: World,
  options: TestBrokerOptions = {},
): Promise<BrokerProcess> {
  const args = world.accessMode === "personal" ? ["--access-mode=personal"] : [];
  const env: Record<string, string> = options.crashAt === undefined
    ? {}
    : { [crashPointVariable]: options.crashAt };
  return BrokerProcess.start(world.broker.dirs, args, env);
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
