/**
 * `leash status`: whether a Broker is running on the runtime dir, its access
 * mode and its connected instances. It asks the Broker itself, as a client:
 * a socket file alone proves nothing (a crashed Broker leaves one behind).
 *
 * @module
 */
import { isLeashError } from "../contracts/errors.ts";
import { parseStrict } from "../local/cli_args.ts";
import { LeashClient } from "./client/client.ts";
import { resolveRuntimeDir, runtimePath } from "../local/dirs.ts";
import type { InstanceInfo } from "./authority/registry.ts";

/** Usage of `leash status`. */
export const statusUsage = "leash status [--runtime-dir D] [--json]";

/** What `leash status --json` prints. */
export type StatusReport =
  | {
    running: true;
    runtimeDir: string;
    socket: string;
    accessMode: "restricted" | "personal";
    instances: InstanceInfo[];
  }
  | { running: false; runtimeDir: string; socket: string; reason: string };

/** Errors that mean "nobody is listening", as opposed to a Broker that answered badly. */
function notRunning(error: unknown): string | undefined {
  if (error instanceof Deno.errors.NotFound) return "no socket or token in the runtime dir";
  if (error instanceof Deno.errors.ConnectionRefused) return "the socket is stale (nobody listens)";
  if (isLeashError(error, "CONNECTION_LOST")) return "the Broker closed the connection";
  return undefined;
}

/** Ask the Broker on `runtimeDir` how it is. */
export async function brokerStatus(runtimeDir: string): Promise<StatusReport> {
  const socket = runtimePath(runtimeDir, "socket");
  let client: LeashClient;
  try {
    client = await LeashClient.connect({ runtimeDir });
  } catch (error) {
    const reason = notRunning(error);
    if (reason === undefined) throw error;
    return { running: false, runtimeDir, socket, reason };
  }
  try {
    const instances = await client.call("browser.instances", {}, { timeoutMs: 5_000 });
    const accessMode = client.personalMode ? "personal" : "restricted";
    return { running: true, runtimeDir, socket, accessMode, instances };
  } finally {
    client.close();
  }
}

function describe(report: StatusReport): string {
  if (!report.running) return `Broker: not running on ${report.runtimeDir} (${report.reason})`;
  const lines = [
    `Broker: running on ${report.socket}`,
    `Access mode: ${report.accessMode}`,
    `Instances: ${report.instances.length}`,
  ];
  for (const instance of report.instances) {
    lines.push(
      `  ${instance.id}  ${instance.brand} ${instance.version} (${instance.family}), ` +
        `profile "${instance.profileLabel}", connected since ${instance.connectedSince}`,
    );
  }
  return lines.join("\n");
}

/** Run `leash status`; 0 when a Broker runs, 3 when none does, 1 when one answered badly. */
export async function runStatus(args: readonly string[]): Promise<number> {
  const { values } = parseStrict(args, {
    "runtime-dir": { type: "string" },
    json: { type: "boolean" },
  });
  const runtimeDir = resolveRuntimeDir(
    (name) => Deno.env.get(name),
    () => Deno.uid(),
    values["runtime-dir"],
  );
  let report: StatusReport;
  try {
    report = await brokerStatus(runtimeDir);
  } catch (error) {
    if (!isLeashError(error)) throw error;
    if (values.json) console.log(JSON.stringify({ running: true, runtimeDir, error: error.code }));
    else console.error(`Cannot query the Broker on ${runtimeDir}: ${error.message}`);
    return 1;
  }
  console.log(values.json ? JSON.stringify(report) : describe(report));
  return report.running ? 0 : 3;
}
