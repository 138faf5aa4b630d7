/**
 * The desktop session the host runs in, as its environment (the
 * browser's) describes it, and the one environment desktop programs get:
 * the display variables and nothing else of the host's, so no secret the
 * browser was started with reaches them.
 *
 * @module
 */
import type { DesktopKind } from "../../../contracts/desk/desktop_tools.ts";

/** Reads one environment variable. */
export type EnvRead = (name: string) => string | undefined;

/** The session: its kind (none without a display) and the programs' environment. */
export interface DesktopSession {
  readonly kind: DesktopKind | undefined;
  readonly os: string;
  readonly env: Readonly<Record<string, string>>;
}

/**
 * The variables passed through: the X11 display and its cookie, the
 * Wayland display and the folder its socket lives in.
 */
const passedThrough = ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"] as const;

function set(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/** The session `read` describes on `os` (`Deno.build.os`). */
export function desktopSession(
  read: EnvRead = (name) => Deno.env.get(name),
  os: string = Deno.build.os,
): DesktopSession {
  const base: Record<string, string> = os === "windows"
    ? {}
    : { PATH: "/usr/bin:/bin:/usr/sbin", LANG: os === "darwin" ? "en_US.UTF-8" : "C.UTF-8" };
  if (os === "darwin" || os === "windows") {
    return { kind: os, os, env: os === "windows" ? windowsEnv(read) : base };
  }
  const env = { ...base };
  for (const name of passedThrough) {
    const value = set(read(name));
    if (value !== undefined) env[name] = value;
  }
  // Xlib falls back to ~/.Xauthority; name it, so HOME itself need not pass.
  const home = set(read("HOME"));
  if (env.XAUTHORITY === undefined && home !== undefined) env.XAUTHORITY = `${home}/.Xauthority`;
  const kind = env.WAYLAND_DISPLAY !== undefined
    ? "wayland"
    : env.DISPLAY !== undefined
    ? "x11"
    : undefined;
  return { kind, os, env };
}

/** PowerShell needs its system folders to start; nothing else passes. */
function windowsEnv(read: EnvRead): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["SystemRoot", "windir", "TEMP", "TMP"]) {
    const value = set(read(name));
    if (value !== undefined) env[name] = value;
  }
  return env;
}
