/**
 * How a skill puts a new file into a workspace: written in full to a temp
 * file beside the target, then published in one step, so no reader ever
 * sees half a file and a failure leaves nothing behind. A new file is
 * published with a hard link, which refuses to replace anything that
 * appeared meanwhile; a replacement is a rename.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { type FileHandle, link, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { DeskFailure } from "../../contracts/desk/codes.ts";

/** Whether a publish may replace a file already at the target. */
export interface PublishOptions {
  readonly replace?: boolean;
}

/**
 * Writes `target` through `write`, which receives the temp file's handle.
 * Throws `FILE_ALREADY_EXISTS` when `target` exists and `replace` is not set;
 * whatever `write` throws passes through after the temp file is removed.
 */
export async function publishFile(
  target: string,
  write: (file: FileHandle) => Promise<void>,
  options: PublishOptions = {},
): Promise<void> {
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID().slice(0, 8)}.part`);
  const file = await open(temp, "wx", 0o644);
  try {
    try {
      await write(file);
      await file.sync();
    } finally {
      await file.close();
    }
    if (options.replace) {
      await rename(temp, target);
      return;
    }
    try {
      await link(temp, target);
    } catch (error) {
      if (error instanceof Error && "code" in error && error.code === "EEXIST") {
        throw new DeskFailure("FILE_ALREADY_EXISTS");
      }
      throw error;
    }
  } finally {
    await rm(temp, { force: true });
  }
}
