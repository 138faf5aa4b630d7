/**
 * Which DeskBridge skill areas `leash-desk` can serve on a platform, as the
 * person's `leash desk status` shows it without starting the host. The
 * host's own probes (`get_skill_profile`) are the final word: they also
 * find a runtime that fails to start on this machine.
 *
 * @module
 */
import type { DeskArea } from "../contracts/desk/codes.ts";
import { desktopToolDirs, desktopToolSets, toolSetNames } from "../contracts/desk/desktop_tools.ts";
import type { HostOs } from "./host_config.ts";

/** One area's support: served here, or what is missing and why. */
export type DeskSkillSupport =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Whether the programs a desktop area runs are installed, in the fixed
 * folders the host looks in. The display is the browser's session's,
 * which this command may not share: the host's probe judges it.
 */
function desktopSupport(
  area: "clipboard" | "windows",
  os: HostOs,
  exists: (path: string) => boolean,
): DeskSkillSupport {
  const kinds = os === "darwin" || os === "windows" ? [os] : (["x11", "wayland"] as const);
  const dirs = os === "darwin" || os === "windows" ? desktopToolDirs[os] : desktopToolDirs.linux;
  const sep = os === "windows" ? "\\" : "/";
  const sets = kinds.flatMap((kind) => desktopToolSets[area][kind]);
  const found = sets.some((set) =>
    set.every((name) => dirs.some((dir) => exists(`${dir}${sep}${name}`)))
  );
  if (found) return { available: true };
  return { available: false, reason: `needs ${toolSetNames(sets)}` };
}

/**
 * Whether the platform's opener the applications area starts is there:
 * `xdg-open` in the folders the host looks in, macOS's `open`; Windows
 * always has `explorer.exe`.
 */
function openerSupport(os: HostOs, exists: (path: string) => boolean): DeskSkillSupport {
  if (os === "windows") return { available: true };
  const openers = os === "darwin"
    ? ["/usr/bin/open"]
    : ["/usr/local/bin/xdg-open", "/usr/bin/xdg-open", "/bin/xdg-open"];
  return openers.some(exists)
    ? { available: true }
    : { available: false, reason: os === "darwin" ? "needs open" : "needs xdg-open (xdg-utils)" };
}

/** Whether `leash-desk` on `os` serves `area`; `exists` judges a program's path. */
export function deskSkillSupport(
  area: DeskArea,
  os: HostOs,
  exists: (path: string) => boolean = isFile,
): DeskSkillSupport {
  switch (area) {
    case "clipboard":
    case "windows":
      return desktopSupport(area, os, exists);
    case "applications":
      return openerSupport(os, exists);
    case "commands":
      return os === "windows"
        ? {
          available: false,
          reason: "stopping a command with all its children needs POSIX process groups",
        }
        : { available: true };
    default:
      return { available: true };
  }
}
