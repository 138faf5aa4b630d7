/**
 * Whether this machine can run allowlisted commands: the engine stops a
 * command with its whole process group, which needs POSIX process groups.
 *
 * @module
 */
import process from "node:process";
import type { SkillRuntime } from "../skill.ts";

/** The commands skill's runtime probe. */
export function commandsRuntime(platform: string = process.platform): SkillRuntime {
  if (platform === "win32") {
    return {
      available: false,
      missing: "process groups",
      reason: "Stopping a command with all its children needs POSIX process groups.",
    };
  }
  return { available: true };
}
