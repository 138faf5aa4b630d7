/**
 * Whether this machine can read the screen and the active window: a
 * display session and its programs (ImageMagick's `import`, xdotool and
 * xprop under X11; `screencapture` and osascript on macOS; PowerShell on
 * Windows). Wayland has no supported program. The PNG is written by the
 * image engine, so libvips must start too.
 *
 * @module
 */
import { desktopRuntime, type DesktopSession } from "../desktop/mod.ts";
import { imagesRuntime } from "../images/mod.ts";
import type { SkillRuntime } from "../skill.ts";

/** The windows skill's runtime probe. */
export async function windowsRuntime(session: DesktopSession): Promise<SkillRuntime> {
  const tools = desktopRuntime("windows", session);
  if (!tools.available) return tools;
  return await imagesRuntime();
}
