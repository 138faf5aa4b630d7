/**
 * The screen and the active window under X11: ImageMagick's `import`
 * reads the root window as PNG on stdout; xdotool names the active
 * window, its title and geometry; xprop its program class and pid (a
 * window that does not publish `_NET_WM_PID` has none).
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool, type ToolResult } from "../desktop/mod.ts";
import {
  type ActiveWindow,
  ActiveWindowSchema,
  type BackendParts,
  type WindowsBackend,
} from "./backend.ts";

const FIELD_BYTES = 16 * 1024;

/** Window text as X11 gives it: UTF-8 when it is, else Latin-1 (`STRING`). */
function windowText(bytes: Uint8Array): string {
  const text = bytes.at(-1) === 0x0a ? bytes.subarray(0, -1) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(text);
  } catch {
    return new TextDecoder("latin1").decode(text);
  }
}

/** One quoted xprop string, its escapes undone. */
function unquote(quoted: string): string {
  return quoted.replace(/\\(.)/g, "$1");
}

async function activeWindowX11(parts: BackendParts): Promise<ActiveWindow> {
  const run = (executable: string, args: string[]): Promise<ToolResult> =>
    runTool(
      { executable, args, timeoutMs: parts.timeoutMs, maxOutputBytes: FIELD_BYTES },
      parts.session,
    );
  const xdotool = parts.tools.xdotool;
  const found = await run(xdotool, ["getactivewindow"]);
  const id = new TextDecoder().decode(found.stdout).trim();
  // No window has the focus (or the window manager names none).
  if (found.exitCode !== 0 || !/^\d+$/.test(id)) return { active: false };
  const name = await run(xdotool, ["getwindowname", id]);
  const geometry = await run(xdotool, ["getwindowgeometry", "--shell", id]);
  if (name.exitCode !== 0 || geometry.exitCode !== 0) return { active: false };
  const shell = new TextDecoder().decode(geometry.stdout);
  const number = (key: string) => Number(new RegExp(`^${key}=(-?\\d+)$`, "m").exec(shell)?.[1]);
  const props = await run(parts.tools.xprop, ["-id", id, "_NET_WM_PID", "WM_CLASS"]);
  const listed = props.exitCode === 0 ? new TextDecoder().decode(props.stdout) : "";
  const pid = /^_NET_WM_PID\(CARDINAL\) = (\d+)$/m.exec(listed)?.[1];
  // WM_CLASS holds the instance, then the class: the class names the program.
  const wmClass = /^WM_CLASS\(STRING\) = "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"$/m.exec(listed);
  const window = ActiveWindowSchema.safeParse({
    active: true,
    title: windowText(name.stdout),
    app: wmClass === null ? null : unquote(wmClass[2]).slice(0, 256),
    pid: pid === undefined ? null : Number(pid),
    bounds: { x: number("X"), y: number("Y"), width: number("WIDTH"), height: number("HEIGHT") },
  });
  if (!window.success) throw new DeskFailure("EXECUTION_FAILED", { reason: "window" });
  return window.data;
}

/** `import`, xdotool and xprop. */
export function x11Windows(parts: BackendParts): WindowsBackend {
  return {
    async captureScreen(maxBytes) {
      const shot = await runTool(
        {
          executable: parts.tools.import,
          args: ["-silent", "-window", "root", "-depth", "8", "png:-"],
          timeoutMs: parts.timeoutMs,
          maxOutputBytes: maxBytes,
        },
        parts.session,
      );
      if (shot.overflow) throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "size" });
      if (shot.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "capture" });
      return shot.stdout;
    },
    activeWindow: () => activeWindowX11(parts),
  };
}
