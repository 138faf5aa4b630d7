/**
 * What a clipboard program pair does for the actions: read the clipboard's
 * text, saying when a password manager marked it concealed, and replace it
 * with text given on stdin.
 *
 * @module
 */
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import {
  type DesktopSession,
  type DesktopTools,
  runTool,
  type ToolResult,
} from "../desktop/mod.ts";

/** What was on the clipboard. */
export type ClipboardContent =
  | { readonly kind: "concealed" }
  | { readonly kind: "empty" }
  | {
    readonly kind: "text";
    readonly bytes: Uint8Array;
    /** How the bytes are encoded: X11's `STRING` is Latin-1. */
    readonly encoding: "utf-8" | "latin1";
    /** More bytes were on the clipboard than were read. */
    readonly overflow: boolean;
  };

/** One platform's way to the clipboard. */
export interface ClipboardBackend {
  read(maxBytes: number): Promise<ClipboardContent>;
  write(text: Uint8Array): Promise<void>;
}

/** What every backend is built from. */
export interface BackendParts {
  readonly session: DesktopSession;
  readonly tools: DesktopTools;
  readonly timeoutMs: number;
}

/**
 * The mark KDE's clipboard and KeePassXC (and others following them) put
 * beside a copied password, on X11 and Wayland alike: a target of this
 * name whose content is `secret`.
 */
export const passwordManagerHint = "x-kde-passwordManagerHint";

/** A clipboard that lists the types it offers and reads one of them. */
export interface TypedClipboard {
  /** The types offered; none when nothing owns the clipboard. */
  list(): Promise<string[]>;
  /** The content under `type`: `undefined` when it cannot be read, `overflow` past `maxBytes`. */
  read(
    type: string,
    maxBytes: number,
  ): Promise<{ stdout: Uint8Array; overflow: boolean } | undefined>;
}

/** Whether the offered types carry the password managers' mark set to `secret`. */
async function concealed(clipboard: TypedClipboard, offered: readonly string[]) {
  if (!offered.includes(passwordManagerHint)) return false;
  const hint = await clipboard.read(passwordManagerHint, 256);
  // A mark that cannot be read is taken as set.
  if (hint === undefined) return true;
  return new TextDecoder().decode(hint.stdout).trim() === "secret";
}

/**
 * The text of a typed clipboard by the first of `textTypes` it offers. The
 * types are listed before and after the text, so content marked concealed
 * is refused even when the clipboard's owner changes in between.
 */
export async function readTyped(
  clipboard: TypedClipboard,
  textTypes: readonly (readonly [string, "utf-8" | "latin1"])[],
  maxBytes: number,
): Promise<ClipboardContent> {
  const offered = await clipboard.list();
  if (await concealed(clipboard, offered)) return { kind: "concealed" };
  const type = textTypes.find(([name]) => offered.includes(name));
  if (type === undefined) return { kind: "empty" };
  const text = await clipboard.read(type[0], maxBytes);
  if (text === undefined) return { kind: "empty" };
  if (await concealed(clipboard, await clipboard.list())) return { kind: "concealed" };
  return { kind: "text", bytes: text.stdout, encoding: type[1], overflow: text.overflow };
}

/** Gives `text` to a program on stdin; `leavesOwner` for one that forks the clipboard's owner. */
export async function writeThrough(
  parts: BackendParts,
  program: { executable: string; args: string[]; leavesOwner: boolean },
  text: Uint8Array,
): Promise<void> {
  const written = await runTool(
    { ...program, stdin: text, timeoutMs: parts.timeoutMs, maxOutputBytes: 0 },
    parts.session,
  );
  if (written.exitCode !== 0) throw new DeskFailure("EXECUTION_FAILED", { reason: "write" });
}

/** A program that pastes the clipboard under one type, and lists the types when asked. */
export interface PasteProgram {
  readonly executable: string;
  /** Its arguments to paste `type`. */
  readonly pasteArgs: (type: string) => string[];
  /** Its arguments to list the types, one a line. */
  readonly listArgs: readonly string[];
  /** What its error says when nothing owns the clipboard. */
  readonly empty: RegExp;
}

/** The clipboard as `program` reads it, for {@linkcode readTyped}. */
export function typedThrough(parts: BackendParts, program: PasteProgram): TypedClipboard {
  const paste = (args: readonly string[], maxOutputBytes: number) =>
    runTool(
      {
        executable: program.executable,
        args: [...args],
        timeoutMs: parts.timeoutMs,
        maxOutputBytes,
      },
      parts.session,
    );
  return {
    async list() {
      return offeredTypes(await paste(program.listArgs, 64 * 1024), program.empty);
    },
    async read(type, maxBytes) {
      const read = await paste(program.pasteArgs(type), maxBytes);
      return read.exitCode === 0 || read.overflow ? read : undefined;
    },
  };
}

/**
 * The types a listing program printed, one a line; none when its error
 * says nothing owns the clipboard (`empty`), else `EXECUTION_FAILED`.
 */
function offeredTypes(listed: ToolResult, empty: RegExp): string[] {
  if (listed.exitCode !== 0) {
    if (empty.test(listed.stderr)) return [];
    throw new DeskFailure("EXECUTION_FAILED", { reason: "types" });
  }
  return new TextDecoder().decode(listed.stdout).split("\n").map((line) => line.trim());
}
