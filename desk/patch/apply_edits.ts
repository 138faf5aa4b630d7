/**
 * `patch_file`'s engine, pure text in and out. The file's text is matched
 * with its line endings normalized to `\n` and its BOM set aside; each
 * edit's `oldText` must match exactly once (overlapping matches count: `aa`
 * is in `aaa` twice) unless it says `replaceAll`; edits apply in order to
 * the text the previous ones left, and any failure fails them all.
 * Replacement is by slicing, so `$&` and friends are just text. The result
 * gets the BOM back and the file's line ending (its dominant one, when it
 * mixed them).
 *
 * @module
 */
import { DeskFailure } from "../../contracts/desk/codes.ts";
import { deskFileLimits } from "../../contracts/desk/limits.ts";

/** One edit, as the request gives it. */
export interface TextEdit {
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/** A file's text taken apart for matching. */
export interface SplitText {
  bom: boolean;
  eol: "\n" | "\r\n";
  /** The text without BOM, every `\r\n` made `\n`. */
  text: string;
}

/** Take `raw` apart: BOM, dominant line ending, normalized text. */
export function splitText(raw: string): SplitText {
  const bom = raw.startsWith("\uFEFF");
  const body = bom ? raw.slice(1) : raw;
  const crlf = body.split("\r\n").length - 1;
  const lf = body.split("\n").length - 1 - crlf;
  return { bom, eol: crlf > lf ? "\r\n" : "\n", text: body.replaceAll("\r\n", "\n") };
}

/** Put normalized `text` back together with `split`'s BOM and line ending. */
export function joinText(split: SplitText, text: string): string {
  const body = split.eol === "\r\n" ? text.replaceAll("\n", "\r\n") : text;
  return split.bom ? `\uFEFF${body}` : body;
}

/** Every start of `needle` in `haystack`, overlapping ones included. */
export function matchStarts(haystack: string, needle: string): number[] {
  const starts: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    starts.push(at);
  }
  return starts;
}

/** The 1-based line of offset `at` in `text`. */
function lineOf(text: string, at: number): number {
  let line = 1;
  for (
    let index = text.indexOf("\n");
    index !== -1 && index < at;
    index = text.indexOf("\n", index + 1)
  ) {
    line++;
  }
  return line;
}

function squeeze(line: string): string {
  return line.replace(/\s+/g, " ").trim();
}

/**
 * The 1-based line where `needle` would match if whitespace did not count,
 * or `undefined`. Named to the caller, never applied.
 */
export function whitespaceNearMiss(text: string, needle: string): number | undefined {
  const lines = text.split("\n").map(squeeze);
  const wanted = needle.split("\n").map(squeeze);
  while (wanted.length > 1 && wanted.at(-1) === "") wanted.pop();
  while (wanted.length > 1 && wanted[0] === "") wanted.shift();
  if (wanted.every((line) => line === "")) return undefined;
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    const fits = wanted.every((line, offset) => {
      const have = lines[start + offset];
      if (wanted.length === 1) return have.includes(line);
      if (offset === 0) return have.endsWith(line);
      if (offset === wanted.length - 1) return have.startsWith(line);
      return have === line;
    });
    if (fits) return start + 1;
  }
  return undefined;
}

/** What applying the edits did. */
export interface EditOutcome {
  /** The new normalized text. */
  text: string;
  /** Replacements made, over all edits. */
  replacements: number;
}

/** Apply `edits` in order to normalized `text`; throws the first edit's failure, changing nothing. */
export function applyEdits(text: string, edits: readonly TextEdit[]): EditOutcome {
  let current = text;
  let replacements = 0;
  edits.forEach((edit, index) => {
    const oldText = edit.oldText.replaceAll("\r\n", "\n");
    const newText = edit.newText.replaceAll("\r\n", "\n");
    const starts = matchStarts(current, oldText);
    if (starts.length === 0) {
      const nearMiss = whitespaceNearMiss(current, oldText);
      throw new DeskFailure("PATCH_TARGET_NOT_FOUND", {
        edit: index,
        ...(nearMiss === undefined ? {} : { whitespaceNearMissLine: nearMiss }),
      });
    }
    if (starts.length > 1 && !edit.replaceAll) {
      throw new DeskFailure("PATCH_TARGET_NOT_UNIQUE", {
        edit: index,
        matches: starts.length,
        lines: starts.slice(0, deskFileLimits.matchLinesNamed).map((at) => lineOf(current, at)),
      });
    }
    // Left to right, each match starting after the previous one ended.
    let out = "";
    let from = 0;
    for (const at of starts) {
      if (at < from) continue;
      out += current.slice(from, at) + newText;
      from = at + oldText.length;
      replacements++;
    }
    current = out + current.slice(from);
  });
  return { text: current, replacements };
}
