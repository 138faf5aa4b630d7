/**
 * The clipboard under Wayland through wl-clipboard, by the types
 * `wl-paste --list-types` offers (see `readTyped`); the text goes to
 * `wl-copy` on stdin, which forks the owner that serves it.
 *
 * @module
 */
import { runTool } from "../desktop/mod.ts";
import {
  type BackendParts,
  type ClipboardBackend,
  offeredTypes,
  readTyped,
  type TypedClipboard,
  writeThrough,
} from "./backend.ts";

const textTypes = [
  ["text/plain;charset=utf-8", "utf-8"],
  ["UTF8_STRING", "utf-8"],
  ["text/plain", "utf-8"],
  ["STRING", "latin1"],
  ["TEXT", "latin1"],
] as const;

function paste(parts: BackendParts, args: string[], maxOutputBytes: number) {
  return runTool(
    {
      executable: parts.tools["wl-paste"],
      args: ["--no-newline", ...args],
      timeoutMs: parts.timeoutMs,
      maxOutputBytes,
    },
    parts.session,
  );
}

function types(parts: BackendParts): TypedClipboard {
  return {
    async list() {
      // wl-paste says "No selection" (or "Nothing is copied") when nothing owns the clipboard.
      return offeredTypes(
        await paste(parts, ["--list-types"], 64 * 1024),
        /no selection|nothing is copied/i,
      );
    },
    async read(type, maxBytes) {
      const read = await paste(parts, ["--type", type], maxBytes);
      return read.exitCode === 0 || read.overflow ? read : undefined;
    },
  };
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
