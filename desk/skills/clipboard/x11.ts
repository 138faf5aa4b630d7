/**
 * The clipboard under X11 through xclip, by its `TARGETS` list (see
 * `readTyped`); text is read by the best text target offered. xsel cannot
 * list targets, so with xsel alone the clipboard can be written but not
 * read.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool } from "../desktop/mod.ts";
import {
  type BackendParts,
  type ClipboardBackend,
  offeredTypes,
  readTyped,
  type TypedClipboard,
  writeThrough,
} from "./backend.ts";

const textTargets = [
  ["UTF8_STRING", "utf-8"],
  ["text/plain;charset=utf-8", "utf-8"],
  ["STRING", "latin1"],
  ["TEXT", "latin1"],
  ["text/plain", "latin1"],
] as const;

function xclip(parts: BackendParts, target: string, maxOutputBytes: number) {
  return runTool(
    {
      executable: parts.tools.xclip,
      args: ["-selection", "clipboard", "-o", "-t", target],
      timeoutMs: parts.timeoutMs,
      maxOutputBytes,
    },
    parts.session,
  );
}

function targets(parts: BackendParts): TypedClipboard {
  return {
    async list() {
      // xclip says a target is "not available" when nothing owns the clipboard.
      return offeredTypes(await xclip(parts, "TARGETS", 64 * 1024), /not available/);
    },
    async read(target, maxBytes) {
      const read = await xclip(parts, target, maxBytes);
      return read.exitCode === 0 || read.overflow ? read : undefined;
    },
  };
}

/** xclip reads and writes; xsel only writes. */
export function x11Clipboard(parts: BackendParts): ClipboardBackend {
  const viaXclip = parts.tools.xclip !== undefined;
  return {
    async read(maxBytes) {
      if (!viaXclip) {
        throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE", {
          missing: "xclip",
          reason:
            "Reading the clipboard needs xclip: xsel cannot list its targets, so concealed content would pass unseen.",
        });
      }
      return await readTyped(targets(parts), textTargets, maxBytes);
    },
    // The program forks an owner that serves the text until another takes the clipboard.
    write: (text) =>
      writeThrough(parts, {
        executable: viaXclip ? parts.tools.xclip : parts.tools.xsel,
        args: viaXclip
          ? ["-selection", "clipboard", "-i", "-t", "UTF8_STRING"]
          : ["--clipboard", "--input"],
        leavesOwner: true,
      }, text),
  };
}
