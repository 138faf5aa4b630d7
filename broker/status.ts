/**
 * `leash status`: whether a Broker is running on the runtime dir, its access
 * mode and its connected instances (asked by {@linkcode brokerStatus}).
 *
 * @module
 */
import { isLeashError } from "../contracts/errors.ts";
import { parseStrict } from "../local/cli_args.ts";
import { resolveRuntimeDir } from "../local/dirs.ts";
import { brokerStatus, type StatusReport } from "./client/status.ts";

/** Usage of `leash status`. */
export const statusUsage = "leash status [--runtime-dir D] [--json]";

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
