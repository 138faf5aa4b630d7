/**
 * The clipboard on macOS: the pasteboard's types are listed by a fixed
 * JavaScript for Automation program (no caller data in it), so content
 * marked `org.nspasteboard.ConcealedType` is refused; `pbpaste` reads and
 * `pbcopy` writes the text from stdin.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { runTool } from "../desktop/mod.ts";
import {
  type BackendParts,
  type ClipboardBackend,
  type ClipboardContent,
  writeThrough,
} from "./backend.ts";

const listTypes = [
  "ObjC.import('AppKit');",
  "const types = $.NSPasteboard.generalPasteboard.types;",
  "const out = [];",
  "for (let i = 0; types && i < types.count; i++) out.push(ObjC.unwrap(types.objectAtIndex(i)));",
  "out.join('\\n');",
].join("\n");

const concealedTypes = ["org.nspasteboard.ConcealedType"];

async function readDarwin(parts: BackendParts, maxBytes: number): Promise<ClipboardContent> {
  const listed = await runTool(
    {
      executable: parts.tools.osascript,
      args: ["-l", "JavaScript", "-e", listTypes],
      timeoutMs: parts.timeoutMs,
      maxOutputBytes: 64 * 1024,
    },
    parts.session,
  );
  if (listed.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "types" });
  const offered = new TextDecoder().decode(listed.stdout).split("\n").map((line) => line.trim());
  if (offered.some((type) => concealedTypes.includes(type))) return { kind: "concealed" };
  if (!offered.includes("public.utf8-plain-text")) return { kind: "empty" };
  const text = await runTool(
    {
      executable: parts.tools.pbpaste,
      args: [],
      timeoutMs: parts.timeoutMs,
      maxOutputBytes: maxBytes,
    },
    parts.session,
  );
  if (text.exitCode !== 0 && !text.overflow) throw new DeskFailure("EXECUTION_FAILED");
  return { kind: "text", bytes: text.stdout, encoding: "utf-8", overflow: text.overflow };
}

/** pbpaste reads, pbcopy writes. */
export function darwinClipboard(parts: BackendParts): ClipboardBackend {
  return {
    read: (maxBytes) => readDarwin(parts, maxBytes),
    write: (text) =>
      writeThrough(parts, { executable: parts.tools.pbcopy, args: [], leavesOwner: false }, text),
  };
}
