/**
 * A Broker in the test's own process, on a real Unix socket, with its log
 * lines captured and (where a test needs speed) a shorter hello window.
 *
 * @module
 */
import { runtimePath } from "../../local/dirs.ts";
import { JsonLogger } from "../../local/log.ts";
import { Broker, type BrokerOptions } from "../../broker/server/server.ts";
import { freshDirs } from "./_broker_process.ts";

/** A running in-process Broker and what a test needs around it. */
export interface InProcessBroker {
  broker: Broker;
  socketPath: string;
  runtimeDir: string;
  token: string;
  /** Every log line written so far. */
  lines: string[];
  /** Stop the Broker and remove its dirs. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** Start a Broker in this process with `options` over fresh dirs. */
export async function startInProcess(
  options: Partial<BrokerOptions> = {},
): Promise<InProcessBroker> {
  const dirs = await freshDirs();
  const lines: string[] = [];
  const broker = await Broker.start({
    runtimeDir: dirs.runtimeDir,
    stateDir: dirs.stateDir,
    logger: new JsonLogger({ write: (line) => lines.push(line), minimum: "debug" }),
    ...options,
  });
  const token = (await Deno.readTextFile(runtimePath(dirs.runtimeDir, "token"))).trim();
  return {
    broker,
    socketPath: broker.socketPath,
    runtimeDir: dirs.runtimeDir,
    token,
    lines,
    async [Symbol.asyncDispose]() {
      await broker.stop();
      await Deno.remove(dirs.root, { recursive: true });
    },
  };
}

/** Resolve once `condition()` holds, checking every few milliseconds. */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Cannot wait for ${what}: it did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
