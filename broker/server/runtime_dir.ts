/**
 * Creating and checking the private runtime dir. Everything in it (socket,
 * token, lock) is only as safe as the dir, so an existing dir that another
 * user owns, that others can enter, or that is a symlink is refused rather
 * than repaired.
 *
 * @module
 */
import { StartError } from "../journal/start_error.ts";

/** Mode bits that give the group or others any access. */
const groupOrOther = 0o077;

function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8)}`;
}

/** Why `info` is not a safe runtime dir for `uid`, or `undefined` when it is. */
export function runtimeDirProblem(info: Deno.FileInfo, uid: number): string | undefined {
  // lstat, so a symlink is seen as one and never followed to someone else's dir.
  if (info.isSymlink) return "it is a symlink";
  if (!info.isDirectory) return "it is not a directory";
  if (info.uid !== null && info.uid !== uid) return `it is owned by uid ${info.uid}, not ${uid}`;
  if (info.mode !== null && (info.mode & groupOrOther) !== 0) {
    return `it is accessible to group or others (mode ${octal(info.mode)})`;
  }
  return undefined;
}

async function lstatOrUndefined(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.lstat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/**
 * Make sure `path` is a runtime dir only `uid` can use: create it 0700 when
 * absent, otherwise check it with lstat. Throws {@linkcode StartError} with
 * the reason when the dir is unsafe.
 */
export async function prepareRuntimeDir(path: string, uid: number): Promise<void> {
  if (await lstatOrUndefined(path) === undefined) {
    await Deno.mkdir(path, { recursive: true, mode: 0o700 });
    // mkdir's mode passes through the umask; set it exactly.
    await Deno.chmod(path, 0o700);
  }
  const info = await lstatOrUndefined(path);
  if (info === undefined) throw new StartError(`Cannot use runtime dir ${path}: it vanished`);
  const problem = runtimeDirProblem(info, uid);
  if (problem !== undefined) {
    throw new StartError(
      `Cannot use runtime dir ${path}: ${problem}; use a private dir (mode 0700, yours, not a symlink)`,
    );
  }
}

/** Create the state dir 0700 when it is absent; an existing one is left as it is. */
export async function prepareStateDir(path: string): Promise<void> {
  if (await lstatOrUndefined(path) !== undefined) return;
  await Deno.mkdir(path, { recursive: true, mode: 0o700 });
}
