/**
 * The clipboard under Wayland through wl-clipboard, by the types
 * `wl-paste --list-types` offers (see `readTyped`); the text goes to
 * `wl-copy` on stdin, which forks the owner that serves it.
 *
 * @module
 */
import {
  type BackendParts,
  type ClipboardBackend,
  readTyped,
  type TypedClipboard,
  typedThrough,
  writeThrough,
} from "./backend.ts";

const textTypes = [
  ["text/plain;charset=utf-8", "utf-8"],
  ["UTF8_STRING", "utf-8"],
  ["text/plain", "utf-8"],
  ["STRING", "latin1"],
  ["TEXT", "latin1"],
] as const;

function types(parts: BackendParts): TypedClipboard {
  return typedThrough(parts, {
    executable: parts.tools["wl-paste"],
    pasteArgs: (type) => ["--no-newline", "--type", type],
    listArgs: ["--no-newline", "--list-types"],
    // wl-paste says "No selection" (or "Nothing is copied") when nothing owns the clipboard.
    empty: /no selection|nothing is copied/i,
  });
}

/** wl-paste reads, wl-copy writes. */
export function waylandClipboard(parts: BackendParts): ClipboardBackend {
  return {
    read: (maxBytes) => readTyped(types(parts), textTypes, maxBytes),
    write: (text) =>
      writeThrough(parts, {
        executable: parts.tools["wl-copy"],
        args: ["--type", "text/plain;charset=utf-8"],
        leavesOwner: true,
      }, text),
  };
}
