/**
 * The screen and the active window on macOS: `screencapture` writes the
 * screen to a private temporary folder (it cannot write to stdout), and a
 * fixed JavaScript for Automation program asks System Events for the
 * frontmost window. Both need the person's consent in System Settings
 * (Screen Recording, Accessibility); without it they fail:
 * `EXECUTION_FAILED`.
 *
 * @module
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool } from "../desktop/mod.ts";
import { type BackendParts, parseWindow, type WindowsBackend } from "./backend.ts";

const frontmost = [
  "const se = Application('System Events');",
  "let out = { active: false };",
  "try {",
  "  const p = se.applicationProcesses.whose({ frontmost: true })[0];",
  "  const w = p.windows[0];",
  "  const at = w.position(); const size = w.size();",
  "  out = { active: true, title: String(w.name() || ''), app: String(p.name()), pid: p.unixId(),",
  "    bounds: { x: at[0], y: at[1], width: size[0], height: size[1] } };",
  "} catch (e) {}",
  "JSON.stringify(out);",
].join("\n");

/** `screencapture` and osascript. */
export function darwinWindows(parts: BackendParts): WindowsBackend {
  return {
    async captureScreen(maxBytes) {
      const folder = await mkdtemp(join(tmpdir(), "leash-desk-screen-"));
      try {
        const file = join(folder, "screen.png");
        const shot = await runTool(
          {
            executable: parts.tools.screencapture,
            args: ["-x", "-t", "png", file],
            timeoutMs: parts.timeoutMs,
            maxOutputBytes: 0,
          },
          parts.session,
        );
        if (shot.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "capture" });
        const bytes = new Uint8Array(await readFile(file));
        if (bytes.length > maxBytes) {
          throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "size" });
        }
        return bytes;
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async activeWindow() {
      const asked = await runTool(
        {
          executable: parts.tools.osascript,
          args: ["-l", "JavaScript", "-e", frontmost],
          timeoutMs: parts.timeoutMs,
          maxOutputBytes: 64 * 1024,
        },
        parts.session,
      );
      if (asked.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "window" });
      return parseWindow(new TextDecoder().decode(asked.stdout));
    },
  };
}
