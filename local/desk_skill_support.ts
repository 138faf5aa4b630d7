/**
 * Which DeskBridge skill areas `leash-desk` can serve on a platform, as the
 * person's `leash desk status` shows it without starting the host. The
 * host's own probes (`get_skill_profile`) are the final word: they also
 * find a runtime that fails to start on this machine.
 *
 * @module
 */
import type { DeskArea } from "../contracts/desk/codes.ts";
import type { HostOs } from "./host_config.ts";

/** One area's support: served here, or what is missing and why. */
export type DeskSkillSupport =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

const notBuilt: DeskSkillSupport = {
  available: false,
  reason: "this build of leash-desk does not serve it yet",
};

/** Whether `leash-desk` on `os` serves `area`. */
export function deskSkillSupport(area: DeskArea, os: HostOs): DeskSkillSupport {
  switch (area) {
    case "clipboard":
    case "windows":
      return notBuilt;
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
