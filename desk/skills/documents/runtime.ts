/**
 * Whether this machine can convert documents: the parsers ship inside the
 * host, but they run only in a worker that drops every permission, which
 * the runtime must allow.
 *
 * @module
 */
import type { SkillRuntime } from "../skill.ts";

/** The documents skill's runtime probe; `workerPermissions` as the host states it. */
export function documentsRuntime(workerPermissions: boolean): SkillRuntime {
  if (workerPermissions) return { available: true };
  return {
    available: false,
    missing: "worker permissions",
    reason:
      "Documents are converted only in a worker without permissions, which this runtime does not allow.",
  };
}
