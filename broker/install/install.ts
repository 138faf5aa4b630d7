/**
 * `leash install [--browser chrome|chromium|edge|brave|all]… [--user-data-dir D] [--dev]
 * [--runtime-dir D] [--host-path P] [--desk-path P] [--allow-origin O]…`
 *
 * Writes the host config, the native-messaging manifests of both hosts for
 * each browser — the relay's and, beside it, DeskBridge's `leash-desk`
 * (and their registry keys on Windows) — with `--dev` launchers that run
 * them from source, and a receipt of all of it for `leash uninstall`.
 * `leash-desk`'s manifest also admits the origins the desk policy allows.
 *
 * @module
 */
import { dirname, resolve } from "node:path";
import { extensionOrigin } from "../../contracts/identity.ts";
import {
  formatHostConfig,
  hostConfigPath,
  type HostOs,
  userConfigRoot,
} from "../../local/host_config.ts";
import { extensionOriginPattern } from "../../contracts/identity.ts";
import { deskDenoArgs, hostDenoArgs } from "../../local/host_run_args.ts";
import { deskPolicyPath, readDeskPolicy } from "../../local/desk_policy.ts";
import { parseStrict, UsageError } from "../../local/cli_args.ts";
import { type EnvReader, resolveRuntimeDir } from "../../local/dirs.ts";
import { type BrowserId, browserIds, isBrowserId } from "./browsers.ts";
import { commandLine, defaultHostBinary, deskBinaryName } from "./commands.ts";
import { devLauncherName, devLauncherScript } from "./dev_launcher.ts";
import { RecordingWriter } from "./files.ts";
import { deskManifest, formatManifest, hostManifest } from "./manifest.ts";
import { formatReceipt, mergeReceipts, readReceipt, receiptPath } from "./receipt.ts";
import { setRegistryDefault } from "./registry.ts";
import { deskTarget, manifestTargets, type TargetChoice } from "./targets.ts";

/** Usage of `leash install`. */
export const installUsage =
  "leash install [--browser chrome|chromium|edge|brave|all]... [--user-data-dir D] [--dev] [--runtime-dir D] [--host-path P] [--desk-path P] [--allow-origin chrome-extension://ID/]...";

/** Usage of the shared `--browser` / `--user-data-dir` options, parsed. */
export function targetChoice(
  browserArgs: readonly string[] | undefined,
  userDataDir: string | undefined,
): TargetChoice {
  if (userDataDir !== undefined) {
    if (browserArgs !== undefined && browserArgs.length > 0) {
      throw new UsageError(
        "Cannot combine --browser with --user-data-dir: the profile folder already names the browser",
      );
    }
    return { browsers: "all", userDataDir: resolve(userDataDir) };
  }
  if (browserArgs === undefined || browserArgs.length === 0 || browserArgs.includes("all")) {
    return { browsers: "all" };
  }
  const chosen: BrowserId[] = [];
  for (const name of browserArgs) {
    if (!isBrowserId(name)) {
      throw new UsageError(
        `Cannot use --browser ${name}: expected one of ${[...browserIds, "all"].join(", ")}`,
      );
    }
    if (!chosen.includes(name)) chosen.push(name);
  }
  return { browsers: chosen };
}

/** What the install is about to write, decided before anything is written. */
interface Plan {
  os: HostOs;
  hostConfig: string;
  appDir: string;
  runtimeDir: string;
  origins: string[];
  dev: boolean;
  hostPath: string;
  /** `leash-desk`, or its dev launcher. */
  deskPath: string;
  /** The desk policy file its dev launcher names. */
  deskPolicy: string;
  /** Origins `leash-desk`'s manifest admits: the relay's plus the desk policy's. */
  deskOrigins: string[];
  choice: TargetChoice;
}

async function plan(args: readonly string[], env: EnvReader, os: HostOs): Promise<Plan> {
  const { values } = parseStrict(args, {
    browser: { type: "string", multiple: true },
    "user-data-dir": { type: "string" },
    dev: { type: "boolean" },
    "runtime-dir": { type: "string" },
    "host-path": { type: "string" },
    "desk-path": { type: "string" },
    "allow-origin": { type: "string", multiple: true },
  });
  const extra = values["allow-origin"] ?? [];
  for (const origin of extra) {
    if (!extensionOriginPattern.test(origin)) {
      throw new UsageError(
        `Cannot allow origin ${origin}: expected chrome-extension://<32 letters a-p>/`,
      );
    }
  }
  const dev = values.dev === true;
  if (dev && (values["host-path"] !== undefined || values["desk-path"] !== undefined)) {
    throw new UsageError(
      "Cannot combine --dev with --host-path or --desk-path: --dev writes its own launchers",
    );
  }
  const hostConfig = hostConfigPath(env, os);
  const appDir = dirname(hostConfig);
  const runtimeDir = resolveRuntimeDir(env, () => Deno.uid() ?? 0, values["runtime-dir"]);
  const hostPath = dev
    ? resolve(appDir, devLauncherName(os))
    : resolve(values["host-path"] ?? defaultHostBinary(os));
  const deskPath = dev
    ? resolve(appDir, devLauncherName(os, "desk"))
    : resolve(values["desk-path"] ?? defaultHostBinary(os, deskBinaryName(os)));
  const deskPolicy = deskPolicyPath(env, os);
  const origins = [...new Set([extensionOrigin, ...extra])];
  const policyOrigins = (await readDeskPolicy(deskPolicy)).allowedOrigins;
  return {
    os,
    hostConfig,
    appDir,
    runtimeDir,
    origins,
    dev,
    hostPath,
    deskPath,
    deskPolicy,
    deskOrigins: [...new Set([...origins, ...policyOrigins])],
    choice: targetChoice(values.browser, values["user-data-dir"]),
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Carry out `plan`, printing each path written; resolves with the exit code. */
async function apply(plan: Plan, env: EnvReader): Promise<number> {
  const targets = await manifestTargets(plan.choice, env, plan.os);
  if (targets.length === 0) {
    console.error(
      `Cannot install: no browser profile found under ${userConfigRoot(env, plan.os)}; ` +
        `name one with ${commandLine("install", ["--browser", "chrome"])} ` +
        `(or chromium, edge, brave) or pass --user-data-dir`,
    );
    return 1;
  }
  const writer = new RecordingWriter(plan.os);
  await writer.writeFile(
    plan.hostConfig,
    formatHostConfig({ runtimeDir: plan.runtimeDir, allowedOrigins: plan.origins }),
    0o600,
    0o700,
  );
  if (plan.dev) {
    const script = devLauncherScript(plan.os, {
      deno: Deno.execPath(),
      args: hostDenoArgs({ runtimeDir: plan.runtimeDir, hostConfig: plan.hostConfig }),
      hostConfig: plan.hostConfig,
    });
    await writer.writeFile(plan.hostPath, script, 0o755, 0o700);
    const deskScript = devLauncherScript(plan.os, {
      deno: Deno.execPath(),
      args: deskDenoArgs(),
      hostConfig: plan.deskPolicy,
      host: "desk",
    });
    await writer.writeFile(plan.deskPath, deskScript, 0o755, 0o700);
  }
  const manifest = formatManifest(hostManifest(plan.hostPath, plan.origins));
  const desk = formatManifest(deskManifest(plan.deskPath, plan.deskOrigins));
  for (const target of targets) {
    for (const [place, text] of [[target, manifest], [deskTarget(target), desk]] as const) {
      await writer.writeFile(place.manifestPath, text, 0o644, 0o755);
      if (place.registryKey !== undefined) {
        await setRegistryDefault(place.registryKey, place.manifestPath);
        writer.recordRegistryKey(place.registryKey);
      }
    }
  }
  const receiptFile = receiptPath(plan.appDir);
  const previous = await readReceipt(receiptFile);
  const receipt = previous === undefined ? writer.receipt : mergeReceipts(previous, writer.receipt);
  await Deno.writeTextFile(receiptFile, formatReceipt(receipt), { mode: 0o600 });
  if (plan.os !== "windows") await Deno.chmod(receiptFile, 0o600);

  console.log(`Host config: ${plan.hostConfig} (runtime dir ${plan.runtimeDir})`);
  console.log(`Host: ${plan.hostPath}${plan.dev ? " (dev launcher, runs from source)" : ""}`);
  console.log(`DeskBridge: ${plan.deskPath} (policy ${plan.deskPolicy}; edit it with leash desk)`);
  for (const target of targets) {
    for (const place of [target, deskTarget(target)]) {
      const key = place.registryKey === undefined ? "" : ` (registry ${place.registryKey})`;
      console.log(`Manifest for ${place.label}: ${place.manifestPath}${key}`);
    }
  }
  console.log(`Receipt: ${receiptFile} (${commandLine("uninstall")} removes what it lists)`);
  for (const [path, flag] of [[plan.hostPath, "--host-path"], [plan.deskPath, "--desk-path"]]) {
    if (plan.dev || await isFile(path)) continue;
    console.error(
      `Warning: ${path} does not exist yet; build it with deno task compile, ` +
        `pass ${flag}, or install the dev launchers with ${commandLine("install", ["--dev"])}`,
    );
  }
  return 0;
}

/**
 * Run `leash install` with `args`; resolves with the exit code: 0 written,
 * 1 failed, 2 usage error.
 */
export async function runInstall(args: readonly string[]): Promise<number> {
  const env: EnvReader = (name) => Deno.env.get(name);
  try {
    return await apply(await plan(args, env, Deno.build.os), env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\nusage: ${installUsage}`);
      return 2;
    }
    console.error(
      error instanceof Error && error.message.startsWith("Cannot ")
        ? error.message
        : `Cannot install: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}
