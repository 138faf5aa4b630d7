/**
 * The first half of the one path rule: what a path argument may look like
 * before anything on disk is touched. Refused on every OS alike, so a
 * workspace behaves the same wherever it is opened: NUL and control
 * characters, UNC and device forms (`\\server\share`, `\\.\`, `\\?\`),
 * NTFS stream syntax (a colon), Windows' reserved names (`CON`, `nul.txt`,
 * `COM1`…), and components ending in a dot or a space.
 *
 * @module
 */

const reservedNames = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

/** The path's components, split on both separators, without empty ones and `.`. */
export function pathComponents(path: string): string[] {
  return path.split(/[\\/]/).filter((part) => part !== "" && part !== ".");
}

/** Whether `path` names the drive or root of a Windows path (`C:\…`, `C:`). */
function hasDrive(path: string): boolean {
  return /^[A-Za-z]:/.test(path);
}

/**
 * Why `path` is refused before resolution, or `undefined` when its form is
 * acceptable. `os` decides only whether a leading drive letter is a drive
 * (Windows) or a refused colon (elsewhere).
 */
export function pathSyntaxProblem(path: string, os: typeof Deno.build.os): string | undefined {
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return "control-character";
  if (/^[\\/]{2}/.test(path)) return "unc-or-device";
  let rest = path;
  if (os === "windows" && hasDrive(path)) {
    if (!/^[A-Za-z]:[\\/]/.test(path)) return "drive-relative";
    rest = path.slice(2);
  }
  for (const part of pathComponents(rest)) {
    if (part === "..") continue;
    if (part.includes(":")) return "stream-or-drive";
    if (/[. ]$/.test(part)) return "trailing-dot-or-space";
    if (reservedNames.test(part)) return "reserved-name";
    if (/[<>"|?*]/.test(part)) return "reserved-character";
  }
  return undefined;
}
