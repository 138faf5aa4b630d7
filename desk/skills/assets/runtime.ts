/**
 * Whether this machine can fetch and import assets: the engines use only
 * the runtime's own network, DNS and file system, so the skill is there
 * wherever the host runs.
 *
 * @module
 */
import type { SkillRuntime } from "../skill.ts";

/** The assets skill's runtime probe. */
export function assetsRuntime(): SkillRuntime {
  return { available: true };
}
