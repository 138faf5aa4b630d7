/**
 * The clipboard under X11 through xclip, by its `TARGETS` list (see
 * `readTyped`); text is read by the best text target offered. xsel cannot
 * list targets, so with xsel alone the clipboard can be written but not
 * read.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import {
  type BackendParts,
  type ClipboardBackend,
  readTyped,
  type TypedClipboard,
  typedThrough,
  writeThrough,
} from "./backend.ts";

const textTargets = [
  ["UTF8_STRING", "utf-8"],
  ["text/plain;charset=utf-8", "utf-8"],
  ["STRING", "latin1"],
  ["TEXT", "latin1"],
  ["text/plain", "latin1"],
] as const;

function targets(parts: BackendParts): TypedClipboard {
  return typedThrough(parts, {
    executable: parts.tools.xclip,
    pasteArgs: (target) => ["-selection", "clipboard", "-o", "-t", target],
    listArgs: ["-selection", "clipboard", "-o", "-t", "TARGETS"],
    // xclip says a target is "not available" when nothing owns the clipboard.
    empty: /not available/,
  });
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
