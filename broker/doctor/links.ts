/**
 * The links of the chain from Chrome to the Broker, each checked on its
 * own: host config, manifest per browser, the executable a manifest names,
 * the Broker, and an extension connected to it; and DeskBridge's: its
 * manifest beside the relay's, `leash-desk`, and the desk policy. A link
 * that fails says why and which command fixes it.
 *
 * @module
 */
import { isLeashError } from "../../contracts/errors.ts";
import { deskHostName, extensionOrigin, nativeHostName } from "../../contracts/identity.ts";
import { DeskPolicyError, readDeskPolicy } from "../../local/desk_policy.ts";
import { type HostConfig, HostConfigError, readHostConfig } from "../../local/host_config.ts";
import { commandLine } from "../install/commands.ts";
import { type HostManifest, HostManifestSchema } from "../install/manifest.ts";
import { readRegistryDefault } from "../install/registry.ts";
import type { ManifestTarget } from "../install/targets.ts";
import { brokerStatus } from "../client/status.ts";

/** The verdict on one link. */
export interface Link {
  /** Which link, e.g. `manifest (Google Chrome)`. */
  link: string;
  /** `ok`, `broken`, or `skipped` when an earlier broken link makes it unanswerable. */
  state: "ok" | "broken" | "skipped";
  /** What was found. */
  detail: string;
  /** The command (or step) that fixes a broken link. */
  fix?: string;
}

function ok(link: string, detail: string): Link {
  return { link, state: "ok", detail };
}

function broken(link: string, detail: string, fix: string): Link {
  return { link, state: "broken", detail, fix };
}

/** The host config link; also hands back the config when it is usable. */
export async function checkHostConfig(
  path: string,
): Promise<{ link: Link; config?: HostConfig }> {
  const name = "host config";
  try {
    const config = await readHostConfig(path);
    if (config === undefined) {
      return { link: broken(name, `missing: ${path}`, commandLine("install")) };
    }
    return { link: ok(name, `${path} (runtime dir ${config.runtimeDir})`), config };
  } catch (error) {
    const detail = error instanceof HostConfigError ? error.message : String(error);
    return { link: broken(name, detail, commandLine("install")) };
  }
}

/** The manifest link for one target; also hands back the manifest when it is valid. */
export async function checkManifest(
  target: ManifestTarget,
  host: { name: string; link: string } = { name: nativeHostName, link: "manifest" },
): Promise<{ link: Link; manifest?: HostManifest }> {
  const name = `${host.link} (${target.label})`;
  const fix = commandLine("install", target.args);
  if (target.registryKey !== undefined) {
    const registered = await readRegistryDefault(target.registryKey);
    if (registered === undefined) {
      return { link: broken(name, `registry key missing: ${target.registryKey}`, fix) };
    }
    if (registered !== target.manifestPath) {
      return {
        link: broken(name, `${target.registryKey} points at ${registered}`, fix),
      };
    }
  }
  let text: string;
  try {
    text = await Deno.readTextFile(target.manifestPath);
  } catch (error) {
    const detail = error instanceof Deno.errors.NotFound
      ? `missing: ${target.manifestPath}`
      : `unreadable: ${target.manifestPath}`;
    return { link: broken(name, detail, fix) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { link: broken(name, `not JSON: ${target.manifestPath}`, fix) };
  }
  const parsed = HostManifestSchema.safeParse(value);
  if (!parsed.success) return { link: broken(name, `invalid: ${target.manifestPath}`, fix) };
  const manifest = parsed.data;
  if (manifest.name !== host.name) {
    return { link: broken(name, `names host "${manifest.name}", not ${host.name}`, fix) };
  }
  if (!manifest.allowed_origins.includes(extensionOrigin)) {
    return { link: broken(name, `does not allow ${extensionOrigin}`, fix) };
  }
  return { link: ok(name, `${target.manifestPath} → ${manifest.path}`), manifest };
}

/** The host name and link label of DeskBridge's manifest, for {@linkcode checkManifest}. */
export const deskManifestHost = { name: deskHostName, link: "desk manifest" } as const;

/** The link for the executable a manifest names: present, a file, executable. */
export async function checkHostExecutable(
  path: string,
  os: typeof Deno.build.os,
  name = "host executable",
): Promise<Link> {
  const fix = `deno task compile, then ${commandLine("install")}; or ${
    commandLine("install", ["--dev"])
  }`;
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch {
    return broken(name, `missing: ${path}`, fix);
  }
  if (!info.isFile) return broken(name, `not a file: ${path}`, fix);
  if (os !== "windows" && info.mode !== null && (info.mode & 0o111) === 0) {
    return broken(name, `not executable: ${path}`, `chmod +x ${path}`);
  }
  return ok(name, path);
}

/** The Broker and extension links, from one question to the Broker. */
export async function checkBroker(runtimeDir: string): Promise<[Link, Link]> {
  const brokerLink = "broker reachable";
  const extensionLink = "extension connected";
  const serve = commandLine("serve");
  const skipped: Link = {
    link: extensionLink,
    state: "skipped",
    detail: "needs a reachable Broker",
  };
  let report;
  try {
    report = await brokerStatus(runtimeDir);
  } catch (error) {
    const detail = isLeashError(error)
      ? `the Broker on ${runtimeDir} refused the hello (${error.code})`
      : `cannot reach the Broker on ${runtimeDir}: ${
        error instanceof Error ? error.name : String(error)
      }`;
    return [broken(brokerLink, detail, serve), skipped];
  }
  if (!report.running) {
    return [broken(brokerLink, `not running on ${runtimeDir}: ${report.reason}`, serve), skipped];
  }
  const first = ok(brokerLink, `${report.socket} (${report.accessMode} mode)`);
  if (report.instances.length === 0) {
    return [
      first,
      broken(
        extensionLink,
        "the Broker lists no browser instance",
        "open the browser with the Leash extension loaded (deno task build, then load " +
          "dist/extension/ in chrome://extensions); it connects through the host on start",
      ),
    ];
  }
  const names = report.instances.map((instance) => `${instance.brand} ${instance.id}`);
  return [first, ok(extensionLink, names.join(", "))];
}

/**
 * The desk policy link: a policy that cannot be read is broken (leash-desk
 * refuses to start); no policy, or one without a workspace, holds but says
 * that every file action is refused until the person adds one.
 */
export async function checkDeskPolicy(path: string): Promise<Link> {
  const name = "desk policy";
  try {
    const policy = await readDeskPolicy(path);
    const count = policy.workspaces.length;
    const detail = count === 0
      ? `${path}: no workspace, every file action is refused (add one: leash desk workspace add PATH)`
      : `${path}: ${count} workspace${count === 1 ? "" : "s"}, skills ${
        ["control", ...policy.enabledAreas].join(", ")
      }`;
    return ok(name, detail);
  } catch (error) {
    const detail = error instanceof DeskPolicyError ? error.message : String(error);
    return broken(name, detail, `fix or remove ${path}, then leash desk status`);
  }
}
