/**
 * `leash doctor [--browser B]… [--user-data-dir D] [--json]`: walk the chain
 * from Chrome to the Broker and say which link is broken and what fixes it.
 * Exit codes: 0 every link holds, 1 a link is broken, 2 usage error.
 *
 * @module
 */
import { hostConfigPath, hostRuntimeDir } from "../../local/host_config.ts";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import type { EnvReader } from "../../local/dirs.ts";
import { commandLine } from "../install/commands.ts";
import { targetChoice } from "../install/install.ts";
import { deskTarget, manifestTargets } from "../install/targets.ts";
import { deskPolicyPath } from "../../local/desk_policy.ts";
import {
  checkBroker,
  checkDeskPolicy,
  checkHostConfig,
  checkHostExecutable,
  checkManifest,
  deskManifestHost,
  type Link,
} from "./links.ts";

/** Usage of `leash doctor`. */
export const doctorUsage =
  "leash doctor [--browser chrome|chromium|edge|brave|all]... [--user-data-dir D] [--json]";

/** What `leash doctor --json` prints. */
export interface DoctorReport {
  ok: boolean;
  links: Link[];
}

/** Walk every link; never throws for a broken one. */
export async function diagnose(
  choice: ReturnType<typeof targetChoice>,
  env: EnvReader,
  os: typeof Deno.build.os,
): Promise<DoctorReport> {
  const links: Link[] = [];
  const { link: configLink, config } = await checkHostConfig(hostConfigPath(env, os));
  links.push(configLink);

  const targets = await manifestTargets(choice, env, os);
  if (targets.length === 0) {
    links.push({
      link: "manifest",
      state: "broken",
      detail: "no browser profile with a manifest location was found",
      fix: commandLine("install", ["--browser", "chrome"]),
    });
  }
  const hosts = new Set<string>();
  for (const target of targets) {
    const { link, manifest } = await checkManifest(target);
    links.push(link);
    if (manifest !== undefined) hosts.add(manifest.path);
  }
  for (const path of hosts) links.push(await checkHostExecutable(path, os));

  const desks = new Set<string>();
  for (const target of targets) {
    const { link, manifest } = await checkManifest(deskTarget(target), deskManifestHost);
    links.push(link);
    if (manifest !== undefined) desks.add(manifest.path);
  }
  for (const path of desks) links.push(await checkHostExecutable(path, os, "desk executable"));
  links.push(await checkDeskPolicy(deskPolicyPath(env, os)));

  const runtimeDir = hostRuntimeDir(env, () => Deno.uid() ?? 0, config);
  links.push(...await checkBroker(runtimeDir));
  return { ok: links.every((link) => link.state !== "broken"), links };
}

function describe(report: DoctorReport): string {
  const lines: string[] = [];
  const marks = { ok: "ok  ", broken: "FAIL", skipped: "skip" } as const;
  for (const link of report.links) {
    lines.push(`${marks[link.state]}  ${link.link}: ${link.detail}`);
    if (link.fix !== undefined) lines.push(`      fix: ${link.fix}`);
  }
  const first = report.links.find((link) => link.state === "broken");
  lines.push(first === undefined ? "Every link holds." : `Broken: ${first.link}`);
  return lines.join("\n");
}

/** Run `leash doctor`; resolves with the exit code. */
export async function runDoctor(args: readonly string[]): Promise<number> {
  const env: EnvReader = (name) => Deno.env.get(name);
  let json = false;
  try {
    const { values } = parseStrict(args, {
      browser: { type: "string", multiple: true },
      "user-data-dir": { type: "string" },
      json: { type: "boolean" },
    });
    json = values.json === true;
    const report = await diagnose(
      targetChoice(values.browser, values["user-data-dir"]),
      env,
      Deno.build.os,
    );
    console.log(json ? JSON.stringify(report) : describe(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage: ${doctorUsage}`);
      return 2;
    }
    const message = `Cannot run the doctor: ${
      error instanceof Error ? error.message : String(error)
    }`;
    if (json) console.log(JSON.stringify({ ok: false, error: message }));
    else console.error(message);
    return 1;
  }
}
