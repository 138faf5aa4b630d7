/**
 * Where an asset lands in the workspace, through the host's path rule: a
 * file path the caller named, or a free name in a folder.
 *
 * @module
 */
import { stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import type { ResolveInside } from "./skill.ts";
import { safeFileName } from "./file_name.ts";

async function isFolder(path: string, resolveInside: ResolveInside): Promise<boolean> {
  let absolute: string;
  try {
    absolute = await resolveInside(path, { write: false });
  } catch (error) {
    if (error instanceof DeskFailure && error.code === "FILE_NOT_FOUND") return false;
    throw error;
  }
  return (await stat(absolute).catch(() => undefined))?.isDirectory() ?? false;
}

/**
 * The real path of the folder `path` names, through the host's path rule:
 * `FILE_NOT_FOUND` when nothing, or no folder, is there.
 */
export async function existingFolder(path: string, resolveInside: ResolveInside): Promise<string> {
  const absolute = await resolveInside(path, { write: false });
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) throw new DeskFailure("FILE_NOT_FOUND");
  return absolute;
}

/**
 * Where a new asset goes: the caller's file path with its name made safe,
 * or in the caller's folder (the workspace root when absent) under
 * `suggested`, numbered until the name is free. `relative` is what the
 * result shows: the caller's own words, never an absolute path.
 */
export async function destination(
  dest: string | undefined,
  suggested: string,
  options: { readonly extension: string; readonly resolveInside: ResolveInside },
): Promise<{ relative: string; absolute: string }> {
  const { extension, resolveInside } = options;
  if (dest !== undefined && !/[/\\]$/.test(dest) && !await isFolder(dest, resolveInside)) {
    const relative = join(dirname(dest), safeFileName(dest, extension));
    await existingFolder(dirname(relative), resolveInside);
    return { relative, absolute: await resolveInside(relative, { write: true }) };
  }
  await existingFolder(dest ?? ".", resolveInside);
  const stem = suggested.slice(0, -extension.length - 1);
  for (let n = 0; n < 100; n++) {
    const name = n === 0 ? suggested : `${stem}-${n}.${extension}`;
    const relative = join(dest ?? ".", name);
    const absolute = await resolveInside(relative, { write: true });
    if (await stat(absolute).catch(() => undefined) === undefined) {
      return { relative, absolute };
    }
  }
  throw new DeskFailure("FILE_ALREADY_EXISTS");
}
