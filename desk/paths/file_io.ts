/**
 * Reading and writing a target the path rule passed. Reads open the real
 * path and check that the opened file is the one that was judged (same
 * inode), so a swap between the check and the open is refused. Writes go
 * to a temporary file in the same folder, then are renamed over the target
 * (or linked into place when the target must not exist yet), so a reader
 * never sees half a file and a link put in the target's place is replaced,
 * never followed.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { DeskFailure } from "../../contracts/desk/codes.ts";
import { refuseSpecial, type WorkspaceTarget } from "./resolve.ts";

/** The hex SHA-256 of `bytes`. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What the target is, following a link (whose real path the rule already checked). */
export async function targetInfo(target: WorkspaceTarget): Promise<Deno.FileInfo | undefined> {
  if (target.entry === undefined) return undefined;
  try {
    const info = await Deno.stat(target.absolute);
    refuseSpecial(info, "read");
    return info;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** A file's bytes, at most `maxBytes` of them, and its whole size. */
export interface FileBytes {
  bytes: Uint8Array<ArrayBuffer>;
  size: number;
  mode: number | null;
}

/** Read up to `maxBytes` of the plain file at `target`; `FILE_NOT_FOUND` when it is none. */
export async function readTarget(target: WorkspaceTarget, maxBytes: number): Promise<FileBytes> {
  const info = await targetInfo(target);
  if (info === undefined || !info.isFile) throw new DeskFailure("FILE_NOT_FOUND");
  using file = await Deno.open(target.absolute, { read: true });
  const opened = await file.stat();
  if (opened.ino !== info.ino || opened.dev !== info.dev || !opened.isFile) {
    throw new DeskFailure("WORKSPACE_VIOLATION", { reason: "changed-while-opening" });
  }
  const size = opened.size;
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let filled = 0;
  while (filled < bytes.length) {
    const read = await file.read(bytes.subarray(filled));
    if (read === null) break;
    filled += read;
  }
  return { bytes: bytes.subarray(0, filled), size, mode: opened.mode };
}

/** Create the folders of `target`'s parent that do not exist yet (none of them may be a link). */
export async function ensureParent(target: WorkspaceTarget): Promise<void> {
  const parent = dirname(target.absolute);
  const missing: string[] = [];
  for (let current = parent; current.length > target.root.length;) {
    try {
      const info = await Deno.lstat(current);
      if (!info.isDirectory) {
        throw new DeskFailure("FILE_ALREADY_EXISTS", { reason: "not-a-folder" });
      }
      break;
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      missing.unshift(current);
      current = dirname(current);
    }
  }
  for (const folder of missing) await Deno.mkdir(folder);
}

/**
 * Write `bytes` to `target` through a temporary file beside it. With
 * `createOnly`, an existing target is `FILE_ALREADY_EXISTS` and is left as
 * it was; otherwise it is replaced, keeping `mode` when given.
 */
export async function writeTarget(
  target: WorkspaceTarget,
  bytes: Uint8Array,
  options: { createOnly?: boolean; mode?: number | null } = {},
): Promise<void> {
  await ensureParent(target);
  const temp = join(
    dirname(target.absolute),
    `.${basename(target.absolute)}.${crypto.randomUUID()}.tmp`,
  );
  const mode = (options.mode ?? 0o644) & 0o7777;
  try {
    await Deno.writeFile(temp, bytes, { createNew: true, mode });
    if (Deno.build.os !== "windows") await Deno.chmod(temp, mode);
    if (options.createOnly) {
      try {
        await Deno.link(temp, target.absolute);
      } catch (error) {
        if (error instanceof Deno.errors.AlreadyExists) {
          throw new DeskFailure("FILE_ALREADY_EXISTS");
        }
        throw error;
      }
      await Deno.remove(temp);
    } else {
      await Deno.rename(temp, target.absolute);
    }
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}
