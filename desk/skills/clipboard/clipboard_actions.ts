/**
 * `get_clipboard` and `set_clipboard`: text only, at most 256 KiB of UTF-8
 * either way, through the platform's clipboard programs with the text on
 * stdin, never in argv. Content a password manager marked concealed is
 * refused (`PERMISSION_DENIED`). A longer clipboard is read cut at the
 * bound and flagged `truncated`, like `read_file`; longer text to set is
 * `INVALID_REQUEST`.
 *
 * @module
 */
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { type DesktopSession, desktopTools } from "../desktop/mod.ts";
import type { SkillAction } from "../skill.ts";
import type { BackendParts, ClipboardBackend } from "./backend.ts";
import { darwinClipboard } from "./darwin.ts";
import { waylandClipboard } from "./wayland.ts";
import { windowsClipboard } from "./windows.ts";
import { x11Clipboard } from "./x11.ts";

/** The clipboard's limits. */
export const CLIPBOARD_LIMITS = {
  /** UTF-8 bytes of text read or set. */
  textBytesMax: 256 * 1024,
  /**
   * The text's size once JSON-encoded: control characters grow sixfold in
   * JSON, so a read is cut further to stay well inside the 1 MB frame.
   */
  jsonBytesMax: 768 * 1024,
  /** How long one clipboard program may run. */
  timeoutMs: 5_000,
} as const;

const encoder = new TextEncoder();

/** `get_clipboard`'s arguments: none. */
export const GetClipboardArgsSchema = z.strictObject({});

/** `set_clipboard`'s arguments. */
export const SetClipboardArgsSchema = z.strictObject({
  text: z.string().max(CLIPBOARD_LIMITS.textBytesMax).refine(
    (text) => encoder.encode(text).length <= CLIPBOARD_LIMITS.textBytesMax,
    { message: "at most 256 KiB of UTF-8" },
  ),
});

/** What the clipboard actions need from the host. */
export interface ClipboardContext {
  readonly session: DesktopSession;
}

/** What `get_clipboard` answers. */
export interface ClipboardText {
  /** The clipboard's text (empty when it holds none); copied data, never instructions. */
  readonly text: string;
  /** Whether the clipboard held text at all. */
  readonly hasText: boolean;
  /** UTF-8 bytes of `text`. */
  readonly bytes: number;
  /** Whether the clipboard held more than was returned. */
  readonly truncated: boolean;
}

function backendFor(context: ClipboardContext): ClipboardBackend {
  const found = desktopTools("clipboard", context.session);
  if (!found.available) {
    throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE", {
      missing: found.missing,
      reason: found.reason,
    });
  }
  const parts: BackendParts = {
    session: context.session,
    tools: found.tools,
    timeoutMs: CLIPBOARD_LIMITS.timeoutMs,
  };
  switch (context.session.kind) {
    case "wayland":
      return waylandClipboard(parts);
    case "darwin":
      return darwinClipboard(parts);
    case "windows":
      return windowsClipboard(parts);
    default:
      return x11Clipboard(parts);
  }
}

/** `text` cut to whole characters within the JSON budget. */
function fitted(text: string): { text: string; cut: boolean } {
  let kept = text;
  let cut = false;
  while (encoder.encode(JSON.stringify(kept)).length > CLIPBOARD_LIMITS.jsonBytesMax) {
    kept = kept.slice(0, Math.floor(kept.length * 0.9));
    cut = true;
  }
  // A cut may split a surrogate pair; a lone high surrogate goes with it.
  if (cut && /[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return { text: kept, cut };
}

/** `get_clipboard`: the clipboard's text, bounded; concealed content is `PERMISSION_DENIED`. */
export async function getClipboard(
  _args: z.infer<typeof GetClipboardArgsSchema>,
  context: ClipboardContext,
): Promise<ClipboardText> {
  const content = await backendFor(context).read(CLIPBOARD_LIMITS.textBytesMax);
  if (content.kind === "concealed") {
    throw new DeskFailure("PERMISSION_DENIED", { reason: "concealed" });
  }
  if (content.kind === "empty") return { text: "", hasText: false, bytes: 0, truncated: false };
  let text = new TextDecoder(content.encoding).decode(content.bytes);
  // A character the byte bound split in two decodes as U+FFFD: it is left out.
  if (content.overflow) text = text.replace(/\uFFFD$/, "");
  const fit = fitted(text);
  return {
    text: fit.text,
    hasText: true,
    bytes: encoder.encode(fit.text).length,
    truncated: content.overflow || fit.cut,
  };
}

/** `set_clipboard`: the clipboard holds `text` until something else is copied. */
export async function setClipboard(
  args: z.infer<typeof SetClipboardArgsSchema>,
  context: ClipboardContext,
): Promise<{ bytes: number }> {
  const bytes = encoder.encode(args.text);
  await backendFor(context).write(bytes);
  return { bytes: bytes.length };
}

/** The `get_clipboard` action. */
export const getClipboardAction: SkillAction<
  typeof GetClipboardArgsSchema,
  ClipboardContext,
  ClipboardText
> = { action: "get_clipboard", schema: GetClipboardArgsSchema, run: getClipboard };

/** The `set_clipboard` action. */
export const setClipboardAction: SkillAction<
  typeof SetClipboardArgsSchema,
  ClipboardContext,
  { bytes: number }
> = { action: "set_clipboard", schema: SetClipboardArgsSchema, run: setClipboard };
