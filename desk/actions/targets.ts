/**
 * The path rule as the handlers call it: a path argument of this call, in
 * the workspace it names, for reading or writing; and a folder that must
 * already be there (listing, search, a project's parent).
 *
 * @module
 */
import { DeskFailure } from "../../contracts/desk/codes.ts";
import type { DeskCall } from "../context.ts";
import { targetInfo } from "../paths/file_io.ts";
import { type PathIntent, resolveTarget, type WorkspaceTarget } from "../paths/resolve.ts";

/** `path` in `workspace` (an ID, or implied by the path) after the one path rule. */
export function resolvePath(
  call: DeskCall,
  workspace: string | undefined,
  path: string,
  intent: PathIntent,
): Promise<WorkspaceTarget> {
  return resolveTarget(call.policy, workspace, path, intent, call.context.pathRule);
}

/** Like {@linkcode resolvePath}, for a folder that exists: `FILE_NOT_FOUND` otherwise. */
export async function existingFolder(
  call: DeskCall,
  workspace: string | undefined,
  path: string,
  intent: PathIntent,
): Promise<WorkspaceTarget> {
  const target = await resolvePath(call, workspace, path, intent);
  const info = await targetInfo(target);
  if (info === undefined || !info.isDirectory) throw new DeskFailure("FILE_NOT_FOUND");
  return target;
}
