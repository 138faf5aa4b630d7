/**
 * Whether this machine can reach the clipboard: a display session and the
 * session's clipboard programs (xclip or xsel on X11, wl-clipboard on
 * Wayland, pbcopy/pbpaste and osascript on macOS, PowerShell on Windows).
 *
 * @module
 */
import { desktopRuntime, type DesktopSession } from "../desktop/mod.ts";
import type { SkillRuntime } from "../skill.ts";

/** The clipboard skill's runtime probe. */
export function clipboardRuntime(session: DesktopSession): SkillRuntime {
  return desktopRuntime("clipboard", session);
}
