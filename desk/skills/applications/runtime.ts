/**
 * Whether this machine can open folders and URLs: the platform's opener
 * must be there. `open_app` needs only its registry, but an area is served
 * whole or not at all.
 *
 * @module
 */
import type { SkillRuntime } from "../skill.ts";
import { currentHost, findOpener, type OpenerHost, openerName } from "./opener.ts";

const reasons: Readonly<Record<string, string>> = {
  "xdg-open": "Opening folders and URLs on Linux needs xdg-open (the xdg-utils package).",
  open: "Opening folders and URLs on macOS needs /usr/bin/open.",
  "explorer.exe": "Opening folders and URLs on Windows needs explorer.exe.",
};

/** The applications skill's runtime probe. */
export async function applicationsRuntime(host: OpenerHost = currentHost()): Promise<SkillRuntime> {
  if (await findOpener(host) !== undefined) return { available: true };
  const missing = openerName(host.platform);
  return { available: false, missing, reason: reasons[missing] };
}
