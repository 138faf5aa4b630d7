/**
 * The one path rule, applied to every path argument of every action:
 *
 * 1. the form is checked first ({@link ./syntax.ts});
 * 2. the workspace is chosen (by ID, or the one an absolute path is in, or
 *    the only one); none configured means the person opened nothing;
 * 3. the path is joined to the workspace root's real path (absolute paths
 *    only count when they land inside), `..` folded lexically;
 * 4. the deepest existing ancestor is resolved to its real path (a dangling
 *    link there is refused) and the missing rest appended;
 * 5. the result must stay inside the root **by path component** (so
 *    `ws_evil` is not inside `ws`), case-insensitively where the file
 *    system is, and outside the folder that holds the desk policy;
 * 6. a write must not pass through a link: the path the caller named must
 *    be its own real path, and an existing target must be a plain file
 *    with one link (no symlink, hard link, FIFO, device or socket);
 * 7. sensitive paths are refused for everything, execution sinks for writes.
 *
 * Every refusal is a {@linkcode DeskFailure} with a fixed sentence; the
 * reason word goes to the host's log, never a path.
 *
 * @module
 */
import { dirname, isAbsolute, join, normalize, relative, sep } from "node:path";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import type { DeskPolicy, DeskWorkspace } from "../../local/desk_policy.ts";
import { isExecutionSink, isSensitivePath } from "./sensitive.ts";
import { pathComponents, pathSyntaxProblem } from "./syntax.ts";

/** What the path rule needs to know about this machine. */
export interface PathRuleOptions {
  os: typeof Deno.build.os;
  /** Folders no action may touch: the one holding the desk policy. */
  protectedDirs: readonly string[];
}

/** Whether the path is read (or listed) or written (or created). */
export type PathIntent = "read" | "write";

/** A path argument after the rule: inside its workspace, by its real path. */
export interface WorkspaceTarget {
  workspace: DeskWorkspace;
  /** The workspace root's real path. */
  root: string;
  /** The target's path: real ancestors plus the part that does not exist yet. */
  absolute: string;
  /** The target relative to the root, `/`-separated; `""` for the root itself. */
  relative: string;
  /** The target's own entry (not followed), or `undefined` when it does not exist. */
  entry: Deno.FileInfo | undefined;
}

function violation(reason: string): DeskFailure {
  return new DeskFailure("WORKSPACE_VIOLATION", { reason });
}

async function lstatOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      return undefined;
    }
    throw error;
  }
}

async function realPathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await Deno.realPath(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      return undefined;
    }
    throw error;
  }
}

function fold(path: string, os: PathRuleOptions["os"]): string {
  return os === "darwin" || os === "windows" ? path.toLowerCase() : path;
}

/** `target` relative to `root` when it is `root` or inside it by component, else `undefined`. */
export function insideRoot(
  root: string,
  target: string,
  os: PathRuleOptions["os"],
): string | undefined {
  const rel = relative(fold(root, os), fold(target, os));
  if (rel === "") return "";
  if (isAbsolute(rel) || rel.split(sep)[0] === "..") return undefined;
  // Case folding only decided containment; the relative path keeps the target's own case.
  return target.slice(target.length - rel.length);
}

/** The workspace `id` names, or the one `path` is in, or the only one. */
async function chooseWorkspace(
  policy: DeskPolicy,
  id: string | undefined,
  path: string,
  options: PathRuleOptions,
): Promise<DeskWorkspace> {
  if (policy.workspaces.length === 0) throw new DeskFailure("PERMISSION_DENIED");
  if (id !== undefined) {
    const named = policy.workspaces.find((workspace) => workspace.id === id);
    if (named === undefined) throw violation("unknown-workspace");
    return named;
  }
  if (isAbsolute(path)) {
    const lexical = normalize(path);
    for (const workspace of policy.workspaces) {
      if (insideRoot(workspace.path, lexical, options.os) !== undefined) return workspace;
      const root = await realPathOrUndefined(workspace.path);
      if (root !== undefined && insideRoot(root, lexical, options.os) !== undefined) {
        return workspace;
      }
    }
    throw violation("outside-every-workspace");
  }
  if (policy.workspaces.length === 1) return policy.workspaces[0];
  throw new DeskFailure("INVALID_REQUEST", { reason: "workspace-needed" });
}

/** `path` as a lexical absolute path under `root` (the workspace root's real path). */
function lexicalTarget(workspace: DeskWorkspace, root: string, path: string, os: string): string {
  const posix = os === "windows" ? path : path.replaceAll("\\", "/");
  if (!isAbsolute(posix)) return normalize(join(root, ...pathComponents(posix)));
  const lexical = normalize(posix);
  // The configured path may differ from the real one (a linked home folder): map it onto the real root.
  const underConfigured = insideRoot(
    workspace.path,
    lexical,
    os === "windows" ? "windows" : "linux",
  );
  return underConfigured === undefined ? lexical : normalize(join(root, underConfigured));
}

/** The deepest existing ancestor of `path` (itself included) and the components after it. */
async function deepestExisting(path: string): Promise<{ existing: string; rest: string[] }> {
  const rest: string[] = [];
  let current = path;
  while (await lstatOrUndefined(current) === undefined) {
    const parent = dirname(current);
    if (parent === current) break;
    rest.unshift(current.slice(parent.length).replace(/^[\\/]/, ""));
    current = parent;
  }
  return { existing: current, rest };
}

async function isProtected(target: string, options: PathRuleOptions): Promise<boolean> {
  for (const dir of options.protectedDirs) {
    const real = await realPathOrUndefined(dir) ?? dir;
    if (insideRoot(real, target, options.os) !== undefined) return true;
    if (insideRoot(dir, target, options.os) !== undefined) return true;
  }
  return false;
}

/** Apply the path rule to `path` in the workspace `id` names (or the one it implies). */
export async function resolveTarget(
  policy: DeskPolicy,
  id: string | undefined,
  path: string,
  intent: PathIntent,
  options: PathRuleOptions,
): Promise<WorkspaceTarget> {
  const problem = pathSyntaxProblem(path, options.os);
  if (problem !== undefined) throw violation(problem);
  const workspace = await chooseWorkspace(policy, id, path, options);
  const root = await realPathOrUndefined(workspace.path);
  if (root === undefined) throw violation("workspace-missing");

  const lexical = lexicalTarget(workspace, root, path, options.os);
  const lexicalRelative = insideRoot(root, lexical, options.os);
  if (lexicalRelative === undefined) throw violation("outside-workspace");

  const { existing, rest } = await deepestExisting(lexical);
  const real = await realPathOrUndefined(existing);
  if (real === undefined) throw violation("dangling-link");
  const absolute = rest.length === 0 ? real : join(real, ...rest);
  const relativePath = insideRoot(root, absolute, options.os);
  if (relativePath === undefined) throw violation("escapes-workspace");
  if (await isProtected(absolute, options)) throw violation("desk-policy-folder");

  const relativeSlashed = relativePath.split(sep).join("/");
  const named = lexicalRelative.split(sep).join("/");
  if (isSensitivePath(relativeSlashed) || isSensitivePath(named)) {
    throw new DeskFailure("PERMISSION_DENIED", { reason: "sensitive" });
  }

  const entry = rest.length === 0 ? await lstatOrUndefined(lexical) : undefined;
  if (intent === "write") {
    if (isExecutionSink(relativeSlashed) || isExecutionSink(named)) {
      throw new DeskFailure("PERMISSION_DENIED", { reason: "execution-sink" });
    }
    // Any link on the way (the target itself or a parent) makes the real path differ.
    if (fold(real, options.os) !== fold(existing, options.os)) {
      throw violation("write-through-link");
    }
    if (entry !== undefined) refuseSpecial(entry, "write");
  }
  return { workspace, root, absolute, relative: relativeSlashed, entry };
}

/**
 * Refuse what no action may read or write as a file: FIFOs, devices,
 * sockets, symlinks (for writes) and files with more than one hard link
 * (another name, perhaps outside the workspace, shares their bytes).
 */
export function refuseSpecial(info: Deno.FileInfo, intent: PathIntent): void {
  if (info.isSymlink) {
    if (intent === "write") throw violation("write-through-link");
    return;
  }
  if (info.isDirectory) return;
  if (!info.isFile) throw violation("special-file");
  if ((info.nlink ?? 1) > 1) throw violation("hard-link");
}
