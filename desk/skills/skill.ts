/**
 * What every skill engine shares: the shape of an action the host
 * dispatches to, the containment rule the host injects, and the answer of a
 * runtime probe. The engines never own the path rule or the policy; the
 * host passes them in, so one rule serves every action.
 *
 * @module
 */
import type { z } from "zod";
import type { DeskAction } from "../../contracts/desk/codes.ts";

/**
 * The host's path rule: the real path of `path` inside the workspace, or a
 * thrown `DeskFailure("WORKSPACE_VIOLATION")` (or another of its codes).
 * `write` says the engine will create or replace the target.
 */
export type ResolveInside = (path: string, options: { write: boolean }) => Promise<string>;

/** One action's engine: its strict argument schema and what it does. */
export interface SkillAction<Schema extends z.ZodType, Context, Data> {
  readonly action: DeskAction;
  /** Refuses unknown and ill-typed fields; the host answers `INVALID_REQUEST`. */
  readonly schema: Schema;
  /** Throws `DeskFailure` with one of the protocol's codes, never a foreign error. */
  run(args: z.infer<Schema>, context: Context): Promise<Data>;
}

/** Whether this machine has what a skill area needs, and if not, what and why. */
export type SkillRuntime =
  | { readonly available: true }
  | {
    readonly available: false;
    /** The binary or library that is missing, by its common name. */
    readonly missing: string;
    /** A fixed sentence the skill profile shows the person. */
    readonly reason: string;
  };
