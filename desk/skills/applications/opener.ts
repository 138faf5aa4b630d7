/**
 * The platform's own opener, which hands a folder or a URL to whatever the
 * person chose for it: `xdg-open` on Linux and the BSDs, `open` on macOS,
 * `explorer.exe` on Windows. It is found by absolute path before anything
 * runs, and started with only the environment variables an opener reads
 * (the display, the session, the desktop's choice of handlers), never the
 * host's whole environment.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { delimiter, join } from "node:path";
import process from "node:process";

/** A program to start, by absolute path, argv only. */
export interface Launch {
  readonly executable: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** What is asked of the machine: its platform and its environment. */
export interface OpenerHost {
  readonly platform: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** This process's platform and environment. */
export function currentHost(): OpenerHost {
  return { platform: process.platform, env: process.env };
}

/**
 * Variables a desktop opener and the program it starts read, by platform:
 * where the display is, which desktop runs (xdg-open picks its method by
 * it), where the handler choices live, and the locale. Everything else
 * (tokens, the browser's own variables) stays with the host.
 */
const openerEnvNames: Readonly<Record<string, readonly string[]>> = {
  linux: [
    "PATH",
    "HOME",
    "USER",
    "LOGNAME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_MESSAGES",
    "DISPLAY",
    "WAYLAND_DISPLAY",
    "XAUTHORITY",
    "DBUS_SESSION_BUS_ADDRESS",
    "XDG_CONFIG_HOME",
    "XDG_CONFIG_DIRS",
    "XDG_DATA_HOME",
    "XDG_DATA_DIRS",
    "XDG_RUNTIME_DIR",
    "XDG_CURRENT_DESKTOP",
    "XDG_SESSION_DESKTOP",
    "XDG_SESSION_TYPE",
    "DESKTOP_SESSION",
    "KDE_FULL_SESSION",
    "KDE_SESSION_VERSION",
    "GNOME_DESKTOP_SESSION_ID",
    "MATE_DESKTOP_SESSION_ID",
    "BROWSER",
  ],
  darwin: ["PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR"],
  win32: [
    "PATH",
    "PATHEXT",
    "SystemRoot",
    "SystemDrive",
    "windir",
    "USERPROFILE",
    "USERNAME",
    "APPDATA",
    "LOCALAPPDATA",
    "ProgramData",
    "ProgramFiles",
    "ProgramFiles(x86)",
    "TEMP",
    "TMP",
  ],
};

/** The part of `host.env` an opener, and the program it starts, may see. */
export function openerEnv(host: OpenerHost): Record<string, string> {
  const names = openerEnvNames[host.platform] ?? openerEnvNames.linux;
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = host.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** The opener's name on `platform`, as the skill profile reports it missing. */
export function openerName(platform: string): string {
  if (platform === "darwin") return "open";
  if (platform === "win32") return "explorer.exe";
  return "xdg-open";
}

/** Folders searched for `xdg-open`: the person's `PATH`, then the usual system ones. */
function searchPath(host: OpenerHost): string[] {
  const given = (host.env.PATH ?? "").split(delimiter).filter((dir) => dir.startsWith("/"));
  return [...new Set([...given, "/usr/local/bin", "/usr/bin", "/bin"])];
}

async function isExecutableFile(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  // Any execute bit: the opener runs as the person, who owns their session.
  return info !== undefined && info.isFile() && (info.mode & 0o111) !== 0;
}

/** The opener's absolute path on this machine, or `undefined` when it has none. */
export async function findOpener(host: OpenerHost): Promise<string | undefined> {
  if (host.platform === "darwin") {
    return await isExecutableFile("/usr/bin/open") ? "/usr/bin/open" : undefined;
  }
  if (host.platform === "win32") {
    const root = host.env.SystemRoot ?? host.env.windir ?? "C:\\Windows";
    const explorer = `${root.replace(/[\\/]$/, "")}\\explorer.exe`;
    return await stat(explorer).then((info) => info.isFile(), () => false) ? explorer : undefined;
  }
  for (const dir of searchPath(host)) {
    const candidate = join(dir, "xdg-open");
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/**
 * How the opener opens `target` (an absolute folder path or a checked
 * http(s) URL): one argument, never a command line. `xdg-open` would take a
 * leading `-` for an option, so a target must start with `/` or a scheme,
 * which every target here does.
 */
export function openWith(opener: string, target: string, host: OpenerHost): Launch {
  return { executable: opener, args: [target], env: openerEnv(host) };
}
