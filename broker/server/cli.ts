/**
 * `leash serve`: run the Broker in the foreground until SIGINT or SIGTERM.
 *
 * @module
 */
import type { AccessMode } from "../../contracts/negotiate.ts";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import { resolveDirs } from "../../local/dirs.ts";
import { JsonLogger, type LogLevel } from "../../local/log.ts";
import { Broker } from "./server.ts";

/** Usage of `leash serve`. */
export const serveUsage =
  "leash serve [--runtime-dir D] [--state-dir S] [--access-mode restricted|personal] [--log-level debug|info|warn|error]";

const accessModes: readonly AccessMode[] = ["restricted", "personal"];
const logLevels: readonly LogLevel[] = ["debug", "info", "warn", "error"];

function pick<T extends string>(value: string | undefined, allowed: readonly T[], flag: string) {
  if (value === undefined) return undefined;
  const found = allowed.find((item) => item === value);
  if (found === undefined) {
    throw new UsageError(`Cannot use ${flag} ${value}: expected one of ${allowed.join(", ")}`);
  }
  return found;
}

/**
 * Run the Broker until a signal stops it. Resolves with the exit code once
 * it has shut down; throws `StartError` when it cannot start.
 */
export async function runServe(args: readonly string[]): Promise<number> {
  const { values } = parseStrict(args, {
    "runtime-dir": { type: "string" },
    "state-dir": { type: "string" },
    "access-mode": { type: "string" },
    "log-level": { type: "string" },
  });
  const accessMode = pick(values["access-mode"], accessModes, "--access-mode") ?? "restricted";
  const minimum = pick(values["log-level"], logLevels, "--log-level") ?? "info";
  const dirs = resolveDirs((name) => Deno.env.get(name), () => Deno.uid(), {
    runtimeDir: values["runtime-dir"],
    stateDir: values["state-dir"],
  });
  const { promise: stopped, resolve } = Promise.withResolvers<number>();
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  // The listeners come before the start: a signal that arrives once the socket
  // listens but before they would be in place would take the default action and
  // leave the socket and the token behind. One that arrives while starting
  // stops the Broker as soon as it has started. They stay until the stop is
  // done: Ctrl-C reaches both the launcher and this process, and the launcher
  // forwards it, so a second signal must not kill the cleanup halfway.
  let broker: Broker | undefined;
  let signalled = false;
  const stop = (started: Broker) => void started.stop().then(() => resolve(0), () => resolve(1));
  const onSignal = () => {
    if (broker === undefined) signalled = true;
    else stop(broker);
  };
  for (const signal of signals) Deno.addSignalListener(signal, onSignal);
  try {
    broker = await Broker.start({ ...dirs, accessMode, logger: new JsonLogger({ minimum }) });
    if (signalled) stop(broker);
    return await stopped;
  } finally {
    for (const signal of signals) Deno.removeSignalListener(signal, onSignal);
  }
}
