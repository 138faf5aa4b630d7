/**
 * Cutting text by UTF-16 units without splitting a surrogate pair, the
 * mark a shortened text ends with, and accessible names made flat. The
 * provider bounds and flattens page text with it, the Broker bounds what it
 * shows, splits what it types and compares names with it, so a cut never
 * leaves half a character and a name reads the same on either side.
 *
 * @module
 */

/** The mark a shortened text ends with. */
export const ellipsis = "…";

/** Whether `unit` is the first half of a surrogate pair. */
function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * Where to cut `text` at or before UTF-16 index `index`: `index` itself,
 * or one less when the unit before it is a high surrogate (cutting there
 * would split the pair). A cut at either end splits nothing.
 *
 * @example
 * ```ts
 * cutPoint("ab😀cd", 3); // 2: "ab" | "😀cd"
 * cutPoint("abcd", 3); // 3
 * ```
 */
export function cutPoint(text: string, index: number): number {
  if (index > 0 && index < text.length && isHighSurrogate(text.charCodeAt(index - 1))) {
    return index - 1;
  }
  return index;
}

/**
 * `text` shortened to at most `maxUnits` UTF-16 units, {@linkcode ellipsis}
 * included, and whether it was cut. A text that fits is returned whole.
 *
 * @example
 * ```ts
 * boundText("a longer text", 5); // { text: "a lo…", cut: true }
 * boundText("short", 10); // { text: "short", cut: false }
 * ```
 */
export function boundText(text: string, maxUnits: number): { text: string; cut: boolean } {
  if (text.length <= maxUnits) return { text, cut: false };
  const end = cutPoint(text, Math.max(0, maxUnits - ellipsis.length));
  return { text: text.slice(0, end) + ellipsis, cut: true };
}

/**
 * An accessible name as a flat string in the accname spec's sense: white
 * space trimmed and every run of it collapsed to one space. Chromium passes
 * the white space of the text it names a control from through unevenly
 * across versions (`<label><input> Subscribe</label>` names the box
 * " Subscribe" in Chromium 150), so names only stay comparable once
 * flattened: the provider flattens what it observes, the Broker what it
 * compares before an action.
 */
export function flatName(name: string): string {
  const flat = name.replace(/\s+/g, " ").trim();
  // A name of nothing but zero-width characters shows nothing: the zero-width space an editor
  // keeps its caret in (Tagify's input, empty lines of rich text) is no text of the page.
  return invisibleOnly.test(flat) ? "" : flat;
}

/** Whether a name has no letter or digit in any script: a star, a tick, an arrow. */
export function glyphOnly(name: string): boolean {
  return name !== "" && !/[\p{L}\p{N}]/u.test(name);
}

/** Zero-width spaces, joiners and the byte order mark, and nothing else. */
const invisibleOnly = /^[\u200b-\u200d\u2060\ufeff]+$/;
