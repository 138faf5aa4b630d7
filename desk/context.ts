/**
 * What every handler gets: the policy as it is on disk now, the path rule's
 * view of this machine, the Agent tab run table of this connection, a clock
 * and the log.
 *
 * @module
 */
import { DeskFailure } from "../contracts/desk/codes.ts";
import { type DeskPolicy, DeskPolicyError, readDeskPolicy } from "../local/desk_policy.ts";
import type { Logger } from "../local/log.ts";
import type { PathRuleOptions } from "./paths/resolve.ts";
import type { RunTable } from "./runs.ts";
import type { NetworkPolicy } from "./skills/assets/mod.ts";
import type { PreviewServers } from "./skills/applications/mod.ts";

/** What the skill engines need from how the host was started. */
export interface SkillHostOptions {
  /**
   * Whether the runtime lets a worker drop its permissions
   * (`--unstable-worker-options`): the document converter runs only then.
   */
  workerPermissions: boolean;
  /** How downloads resolve and dial; the default refuses every private address. */
  network: NetworkPolicy;
  /** `preview_web`'s running servers; all stop when the host's port closes. */
  previews: PreviewServers;
}

/** The host's state for one connection. */
export interface DeskContext {
  /** The desk policy file, read again for every request. */
  policyPath: string;
  pathRule: PathRuleOptions;
  runs: RunTable;
  skills: SkillHostOptions;
  /** Milliseconds, for run idleness. */
  now: () => number;
  logger: Logger;
}

/** One call: the context and the policy read for it. */
export interface DeskCall {
  context: DeskContext;
  policy: DeskPolicy;
}

/**
 * The policy as it is now. A policy that went bad while the host ran
 * refuses the request (`PERMISSION_DENIED`): failing closed, never falling
 * back to an older copy.
 */
export async function currentPolicy(context: DeskContext): Promise<DeskPolicy> {
  try {
    return await readDeskPolicy(context.policyPath);
  } catch (error) {
    if (!(error instanceof DeskPolicyError)) throw error;
    context.logger.log("error", "desk-policy-invalid");
    throw new DeskFailure("PERMISSION_DENIED", { reason: "policy-invalid" });
  }
}
