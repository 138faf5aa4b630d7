/**
 * The files of an upload, read where an agent's own files are: under the
 * working directory the MCP server (or the CLI) was started in — the
 * agent's project — and nowhere else. A path that leads out of it (through
 * `..` or a symbolic link), or through a hidden name (`.env`, `.ssh/`,
 * `.git/`), is refused, so a page that talks an agent into uploading a
 * secret gets nothing but an error. The files then travel by value; the
 * Broker, the extension and the page never see a path.
 *
 * @module
 */
import { basename, extname, isAbsolute, join, relative, sep } from "node:path";
import { maxUploadBytes, maxUploadFiles, type UploadFile } from "../../contracts/methods/mod.ts";
import { NotedError } from "./errors.ts";

/** Media types by file extension, for the common kinds a page checks. */
const mediaTypes: Readonly<Record<string, string>> = {
  ".avif": "image/avif",
  ".csv": "text/csv",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".gif": "image/gif",
  ".htm": "text/html",
  ".html": "text/html",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".json": "application/json",
  ".md": "text/markdown",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain",
  ".webp": "image/webp",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".xml": "application/xml",
  ".zip": "application/zip",
};

/** Why a path is refused, each a fixed sentence. */
export const uploadRefusals = {
  outside:
    "the path leads outside the working directory the server was started in; only files under it can be uploaded",
  hidden: "the path goes through a hidden file or folder (a name starting with a dot)",
  missing: "no file is at that path",
  notFile: "the path is not a regular file",
  tooLarge: "the files hold more than 512 KiB together",
  tooMany: "at most 16 files go in one upload",
  unreadable: "the file could not be read",
} as const;

function refuse(index: number, why: keyof typeof uploadRefusals): NotedError {
  return new NotedError("INVALID_PARAMS", `paths[${index}]: ${uploadRefusals[why]}.`);
}

/** The real path of `path`, or the refusal for a path with nothing at it. */
async function realPathOf(path: string, index: number): Promise<string> {
  try {
    return await Deno.realPath(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) throw refuse(index, "missing");
    throw refuse(index, "unreadable");
  }
}

/** Refuse `path` unless it lies under `root` and passes no hidden name on the way. */
function judge(root: string, path: string, index: number): void {
  const inside = relative(root, path);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
    throw refuse(index, "outside");
  }
  if (inside.split(sep).some((part) => part.startsWith("."))) throw refuse(index, "hidden");
}

/**
 * Read `paths` (relative to `workDir`, or absolute inside it) as upload
 * files: each a regular file, not hidden, inside `workDir` once every link
 * is followed, all of them together at most `maxUploadBytes`. Refusals are
 * `INVALID_PARAMS` naming the path's index.
 */
export async function readUploadFiles(
  paths: readonly string[],
  workDir: string,
): Promise<UploadFile[]> {
  if (paths.length > maxUploadFiles) throw refuse(maxUploadFiles, "tooMany");
  const root = await Deno.realPath(workDir);
  const files: UploadFile[] = [];
  let total = 0;
  for (const [index, path] of paths.entries()) {
    const asked = isAbsolute(path) ? path : join(root, path);
    // Where it was asked for, then where it really is: neither may leave the root or pass a
    // hidden name (the first is judged before anything outside is even looked at).
    judge(root, asked, index);
    const real = await realPathOf(asked, index);
    judge(root, real, index);
    const info = await Deno.stat(real);
    if (!info.isFile) throw refuse(index, "notFile");
    total += info.size;
    if (total > maxUploadBytes) throw refuse(index, "tooLarge");
    let bytes: Uint8Array;
    try {
      bytes = await Deno.readFile(real);
    } catch {
      throw refuse(index, "unreadable");
    }
    // The file may have grown since it was measured.
    if (total - info.size + bytes.length > maxUploadBytes) throw refuse(index, "tooLarge");
    const type = mediaTypes[extname(real).toLowerCase()];
    files.push({
      name: basename(asked),
      ...(type === undefined ? {} : { type }),
      data: bytes.toBase64(),
    });
  }
  return files;
}
