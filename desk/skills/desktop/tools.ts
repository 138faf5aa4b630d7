/**
 * The desktop programs an area needs in this session, found by absolute
 * path in the platform's fixed folders only (never on `PATH`), or the
 * runtime probe's answer saying which are missing and why.
 *
 * @module
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import {
  desktopToolDirs,
  desktopToolSets,
  toolSetNames,
} from "../../../contracts/desk/desktop_tools.ts";
import type { SkillRuntime } from "../skill.ts";
import type { DesktopSession } from "./session.ts";

/** A desktop area that runs programs. */
export type DesktopArea = "clipboard" | "windows";

/** The programs found, by their common name, as absolute paths. */
export type DesktopTools = Readonly<Record<string, string>>;

/** Whether `path` is a file (an executable is judged by the system when it starts). */
export type IsFile = (path: string) => boolean;

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The absolute path of `name` in the fixed folders of `os`, or `undefined`. */
export function findTool(name: string, os: string, exists: IsFile = isFile): string | undefined {
  const dirs = os === "darwin" || os === "windows" ? desktopToolDirs[os] : desktopToolDirs.linux;
  for (const dir of dirs) {
    const path = os === "windows" ? `${dir}\\${name}` : join(dir, name);
    if (exists(path)) return path;
  }
  return undefined;
}

/** The tools `area` uses in `session`, or why it cannot run here. */
export function desktopTools(
  area: DesktopArea,
  session: DesktopSession,
  exists: IsFile = isFile,
): { available: true; tools: DesktopTools } | Extract<SkillRuntime, { available: false }> {
  if (session.kind === undefined) {
    return {
      available: false,
      missing: "display",
      reason: "leash-desk runs with no X11 or Wayland display (DISPLAY, WAYLAND_DISPLAY unset).",
    };
  }
  const sets = desktopToolSets[area][session.kind];
  if (sets.length === 0) {
    return {
      available: false,
      missing: "X11 session",
      reason:
        "Wayland lets no ordinary program read the screen or the active window; this skill runs under X11.",
    };
  }
  for (const set of sets) {
    const tools: Record<string, string> = {};
    for (const name of set) {
      const path = findTool(name, session.os, exists);
      if (path !== undefined) tools[name] = path;
    }
    if (Object.keys(tools).length === set.length) return { available: true, tools };
  }
  return {
    available: false,
    missing: toolSetNames(sets),
    reason: "The program this skill runs on this desktop is not installed.",
  };
}

/** `desktopTools` as a runtime probe's answer. */
export function desktopRuntime(area: DesktopArea, session: DesktopSession): SkillRuntime {
  const found = desktopTools(area, session);
  return found.available ? { available: true } : found;
}
