/**
 * The Projects area. `create_project` builds the whole project in a staging
 * folder beside its destination and renames it into place, so a project
 * either appears whole or not at all. `update_project` applies one change
 * set inside a project folder, all or nothing: every change passes the
 * path rule before the first is made, and a failure part-way restores what
 * was there.
 *
 * @module
 */
import { join } from "node:path";
import type { DeskArguments } from "../../contracts/desk/actions.ts";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import type { DeskCall } from "../context.ts";
import { readTarget, targetInfo, writeTarget } from "../paths/file_io.ts";
import type { WorkspaceTarget } from "../paths/resolve.ts";
import { existingFolder, resolvePath } from "./targets.ts";
import { isExecutionSink, isSensitivePath } from "../paths/sensitive.ts";
import { pathComponents, pathSyntaxProblem } from "../paths/syntax.ts";
import { fromWireContent } from "./content.ts";

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,127}$/;

/** Whether `name` is one safe path segment for a new project folder. */
export function isSafeProjectName(name: string, os: typeof Deno.build.os): boolean {
  return safeSegment.test(name) && pathSyntaxProblem(name, os) === undefined &&
    !isSensitivePath(name);
}

/** A template file's path inside the project: relative, no `..`, nothing sensitive or executable. */
function templateParts(path: string, os: typeof Deno.build.os): string[] {
  const parts = pathComponents(path);
  if (
    parts.length === 0 || /^[\\/]/.test(path) || /^[A-Za-z]:/.test(path) ||
    parts.includes("..") || pathSyntaxProblem(path, os) !== undefined
  ) {
    throw new DeskFailure("WORKSPACE_VIOLATION", { reason: "template-path" });
  }
  const joined = parts.join("/");
  if (isSensitivePath(joined) || isExecutionSink(joined)) {
    throw new DeskFailure("PERMISSION_DENIED", { reason: "template-path" });
  }
  return parts;
}

function under(parent: WorkspaceTarget, child: string): string {
  return parent.relative === "" ? child : `${parent.relative}/${child}`;
}

/** `create_project`. */
export async function createProject(args: DeskArguments<"create_project">, call: DeskCall) {
  const { pathRule } = call.context;
  if (!isSafeProjectName(args.name, pathRule.os)) throw new DeskFailure("PROJECT_PATH_INVALID");
  const parent = await existingFolder(call, args.workspace, args.parent ?? ".", "write");
  const target = await resolvePath(call, parent.workspace.id, under(parent, args.name), "write");
  if (target.entry !== undefined) throw new DeskFailure("PROJECT_PATH_INVALID");
  const files = (args.files ?? []).map((file) => ({
    parts: templateParts(file.path, pathRule.os),
    bytes: fromWireContent(file.content, file.encoding),
  }));
  const stage = join(parent.absolute, `.leash-stage-${crypto.randomUUID()}`);
  await Deno.mkdir(stage, { mode: 0o755 });
  try {
    for (const file of files) {
      const path = join(stage, ...file.parts);
      await Deno.mkdir(join(path, ".."), { recursive: true });
      await Deno.writeFile(path, file.bytes, { createNew: true, mode: 0o644 });
    }
    if ((await Deno.lstat(target.absolute).then(() => true, () => false))) {
      throw new DeskFailure("PROJECT_PATH_INVALID");
    }
    await Deno.rename(stage, target.absolute);
  } catch (error) {
    await Deno.remove(stage, { recursive: true }).catch(() => {});
    if (error instanceof Deno.errors.AlreadyExists) throw new DeskFailure("FILE_ALREADY_EXISTS");
    throw error;
  }
  return { path: target.relative, files: files.map((file) => file.parts.join("/")) };
}

/** What to put back if a change set fails part-way. */
type Undo =
  | { kind: "restore"; target: WorkspaceTarget; bytes: Uint8Array; mode: number | null }
  | { kind: "remove-file"; target: WorkspaceTarget }
  | { kind: "remove-folder"; target: WorkspaceTarget }
  | { kind: "make-folder"; target: WorkspaceTarget };

type Change = DeskArguments<"update_project">["changes"][number];

async function checkChange(
  change: Change,
  project: WorkspaceTarget,
  call: DeskCall,
): Promise<WorkspaceTarget> {
  templateParts(change.path, call.context.pathRule.os);
  const relative = under(project, pathComponents(change.path).join("/"));
  const target = await resolvePath(call, project.workspace.id, relative, "write");
  const info = await targetInfo(target);
  if (change.op === "write" && info?.isDirectory) throw new DeskFailure("FILE_ALREADY_EXISTS");
  if (change.op === "create_folder" && info !== undefined && !info.isDirectory) {
    throw new DeskFailure("FILE_ALREADY_EXISTS");
  }
  if (change.op === "delete" && info === undefined) throw new DeskFailure("FILE_NOT_FOUND");
  return target;
}

async function applyChange(
  change: Change,
  target: WorkspaceTarget,
  undo: Undo[],
): Promise<void> {
  const info = await targetInfo(target);
  if (change.op === "create_folder") {
    if (info !== undefined) return;
    await Deno.mkdir(target.absolute, { recursive: true });
    undo.push({ kind: "remove-folder", target });
    return;
  }
  if (change.op === "delete") {
    if (info === undefined) throw new DeskFailure("FILE_NOT_FOUND");
    if (info.isDirectory) {
      // Only an empty folder: a change set never deletes a tree it has not listed.
      await Deno.remove(target.absolute);
      undo.push({ kind: "make-folder", target });
      return;
    }
    const before = await readTarget(target, Number.MAX_SAFE_INTEGER);
    await Deno.remove(target.absolute);
    undo.push({ kind: "restore", target, bytes: before.bytes, mode: before.mode });
    return;
  }
  const bytes = fromWireContent(change.content, change.encoding);
  if (info === undefined) {
    await writeTarget(target, bytes, { createOnly: true });
    undo.push({ kind: "remove-file", target });
  } else {
    const before = await readTarget(target, Number.MAX_SAFE_INTEGER);
    await writeTarget(target, bytes, { mode: before.mode });
    undo.push({ kind: "restore", target, bytes: before.bytes, mode: before.mode });
  }
}

async function rollBack(undo: Undo[]): Promise<void> {
  for (const step of undo.reverse()) {
    try {
      if (step.kind === "restore") await writeTarget(step.target, step.bytes, { mode: step.mode });
      else if (step.kind === "make-folder") await Deno.mkdir(step.target.absolute);
      else await Deno.remove(step.target.absolute);
    } catch {
      // Keep restoring the rest; what could not be put back stays as the change left it.
    }
  }
}

/** `update_project`. */
export async function updateProject(args: DeskArguments<"update_project">, call: DeskCall) {
  const project = await existingFolder(call, args.workspace, args.project, "write");
  const planned: string[] = [];
  for (const change of args.changes) {
    planned.push((await checkChange(change, project, call)).relative);
  }
  if (args.dryRun === true) return { project: project.relative, dryRun: true, changed: planned };
  const undo: Undo[] = [];
  try {
    for (const change of args.changes) {
      await applyChange(change, await checkChange(change, project, call), undo);
    }
  } catch (error) {
    await rollBack(undo);
    throw error;
  }
  return { project: project.relative, dryRun: false, changed: planned };
}
