/**
 * The desktop programs the Clipboard and Windows areas run, by platform and
 * session, and the only folders they are looked for in. The host never
 * searches the browser's `PATH` for them: a program planted earlier on it
 * would otherwise read the clipboard or the screen. `leash desk status`
 * and the host's probes read the same table.
 *
 * @module
 */

/** Where desktop programs are looked for, per platform. */
export const desktopToolDirs: Readonly<Record<"linux" | "darwin" | "windows", readonly string[]>> =
  {
    linux: ["/usr/bin", "/bin", "/usr/local/bin"],
    darwin: ["/usr/bin", "/usr/sbin"],
    windows: ["C:\\Windows\\System32\\WindowsPowerShell\\v1.0"],
  };

/** A desktop session kind: the platform, and on Linux the display server. */
export type DesktopKind = "x11" | "wayland" | "darwin" | "windows";

/**
 * Per area and session, the sets of programs that serve it, in order of
 * preference: the first set found whole is used.
 */
export const desktopToolSets: Readonly<
  Record<"clipboard" | "windows", Readonly<Record<DesktopKind, readonly (readonly string[])[]>>>
> = {
  clipboard: {
    x11: [["xclip"], ["xsel"]],
    wayland: [["wl-copy", "wl-paste"]],
    darwin: [["pbcopy", "pbpaste", "osascript"]],
    windows: [["powershell.exe"]],
  },
  windows: {
    // ImageMagick's `import` reads the screen; xdotool and xprop the active window.
    x11: [["import", "xdotool", "xprop"]],
    // Wayland lets no ordinary client read the screen or the active window.
    wayland: [],
    darwin: [["screencapture", "osascript"]],
    windows: [["powershell.exe"]],
  },
};

/** The programs of `sets` by their common names, for a "missing" line: `xclip or xsel`. */
export function toolSetNames(sets: readonly (readonly string[])[]): string {
  return sets.map((set) => set.join(" + ")).join(" or ");
}
