/**
 * What a client says about itself, as the person is shown it: the client's
 * name and its reason in the approval window and the toolbar popup. A client
 * chooses these words, so two rules hold them:
 *
 * - {@linkcode visibleText}: nothing it sends is invisible or reorders what
 *   the person reads. Control characters (line breaks and tabs included),
 *   format characters (bidi embeddings, overrides and isolates, marks such as
 *   LRM, zero-width spaces and joiners, word joiners, tags, the BOM), line
 *   and paragraph separators, private-use and lone surrogate code points,
 *   and the characters that draw nothing (Hangul fillers, the braille blank,
 *   the combining grapheme joiner, variation selectors, Mongolian and Khmer
 *   invisibles) are shown escaped, `\u202E`; a combining mark is shown only
 *   on a character drawn before it, at most three in a row; other white space
 *   is shown as a plain space. The result is bounded by UTF-16 units after
 *   escaping, and a cut never splits an escape or a character. A client that
 *   writes a literal `\u202E` looks the same as one that sends U+202E: both
 *   are visible, which is all the rule promises.
 * - {@linkcode clientNameProblem}: a client may not call itself Leash, nor
 *   send a name with nothing visible in it. A name impersonates Leash when
 *   its skeleton's words begin with the letters `leash` or have `leash` as
 *   one word (see {@linkcode impersonatesLeash}). The Broker refuses such a
 *   claim with `INVALID_PARAMS`; the extension refuses such a grant the same
 *   way, since it trusts no text the Broker relays.
 *
 * Neither name is authenticated: any program running as the person can
 * reach the Broker and send any name, so the window says what the client
 * *says it is*.
 *
 * @module
 */
import { ellipsis } from "./text.ts";

/** Longest client name a claim carries, in UTF-16 units (the wire's cap). */
export const maxClientNameUnits = 64;
/** Longest reason a claim carries, in UTF-16 units (the wire's cap). */
export const maxReasonUnits = 200;

/** A combining mark shown in a row beyond this many is shown escaped. */
const maxMarksInRow = 3;

// Drawn as nothing, or change how the characters around them are drawn.
const invisible =
  /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\u{e0100}-\u{e01ef}]$/u;
const mark = /^\p{M}$/u;
const space = /^\p{Zs}$/u;

/** One code point (or lone surrogate) as `\uXXXX`, or `\u{XXXXX}` beyond the BMP. */
function escape(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  const hex = point.toString(16).toUpperCase();
  return point > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

/**
 * `text` as the person is shown it: every invisible or format character
 * escaped, other white space plain, at most `maxUnits` UTF-16 units with
 * {@linkcode ellipsis} when cut (see the module notes for the rule).
 *
 * @example
 * ```ts
 * visibleText("Helper\u202E (system)\u202C", 64); // "Helper\\u202E (system)\\u202C"
 * visibleText("line one\nline two", 64); // "line one\\u000Aline two"
 * visibleText("a longer name", 8); // "a longe…"
 * ```
 */
export function visibleText(text: string, maxUnits: number): string {
  const pieces: string[] = [];
  // Whether the last piece is a character drawn as itself, which a mark may sit on.
  let drawn = false;
  let marks = 0;
  for (const char of text) {
    if (invisible.test(char)) {
      pieces.push(escape(char));
      drawn = false;
    } else if (mark.test(char)) {
      const sits: boolean = drawn && marks < maxMarksInRow;
      pieces.push(sits ? char : escape(char));
      marks++;
      drawn = sits;
      continue;
    } else if (space.test(char)) {
      pieces.push(" ");
      drawn = false;
    } else {
      pieces.push(char);
      drawn = true;
    }
    marks = 0;
  }
  const whole = pieces.join("");
  if (whole.length <= maxUnits) return whole;
  const budget = maxUnits - ellipsis.length;
  let shown = "";
  for (const piece of pieces) {
    if (shown.length + piece.length > budget) break;
    shown += piece;
  }
  return shown + ellipsis;
}

/**
 * Look-alikes of the letters of "leash" that NFKD leaves apart: Latin,
 * Greek, Cyrillic, Armenian and Cherokee letters, digits and symbols drawn
 * like l, e, a, s or h in common fonts, each with the letter it passes for.
 */
const lookAlikes: Readonly<Record<string, string>> = {
  // l
  "I": "l",
  "1": "l",
  "|": "l",
  "\u01c0": "l",
  "\u0196": "l",
  "\u0399": "l",
  "\u0406": "l",
  "\u04c0": "l",
  "\u04cf": "l",
  "\u05c0": "l",
  "\u2223": "l",
  // e
  "\u0395": "E",
  "\u0415": "E",
  "\u0435": "e",
  "\u04bd": "e",
  "\u212e": "e",
  // a
  "\u0391": "A",
  "\u0410": "A",
  "\u0430": "a",
  "\u0251": "a",
  "\u03b1": "a",
  "\u237a": "a",
  // s
  "\u0405": "S",
  "\u0455": "s",
  "\ua731": "s",
  "\u01bd": "s",
  // h
  "\u0397": "H",
  "\u041d": "H",
  "\u04ba": "H",
  "\u04bb": "h",
  "\u0570": "h",
  "\u13bb": "H",
};

/**
 * The words a name reads as, lower case: the name decomposed (NFKD, so
 * fullwidth, circled, styled and ligature letters become plain ones) with
 * its combining marks and every character {@linkcode visibleText} escapes
 * removed (they do not part what the eye reads as one word), look-alikes
 * replaced by the letter they pass for, then cut into runs of letters and
 * digits. White space, punctuation and symbols part words, and so does a
 * lower-case letter followed by an upper-case one (`ClaudeLeash`).
 */
function skeletonWords(name: string): string[] {
  const plain = [...name.normalize("NFKD")]
    .filter((char) => !mark.test(char) && !invisible.test(char))
    .map((char) => lookAlikes[char] ?? char)
    .join("");
  return plain
    .replace(/(\p{Ll})(?=\p{Lu})/gu, "$1 ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

/**
 * Whether `name` passes for Leash itself: its skeleton's words (see
 * {@linkcode skeletonWords}) begin with the letters `leash` when read
 * together, or one of them is `leash`. So `Leash`, `LEASH (official)`,
 * `Le\u200Bash`, `L e a s h`, `Leashed` and `Claude for Leash` do;
 * `Unleash` and `Cole Ashton` do not.
 *
 * @example
 * ```ts
 * impersonatesLeash("Leash\u202E (system check)\u202C"); // true
 * impersonatesLeash("claude-code"); // false
 * ```
 */
export function impersonatesLeash(name: string): boolean {
  const words = skeletonWords(name);
  return words.includes("leash") || words.join("").startsWith("leash");
}

/** Why a client name is refused. */
export type ClientNameProblem = "impersonates-leash" | "nothing-visible";

/**
 * Why `name` may not be shown as a client's name, or `undefined` when it
 * may: it passes for Leash ({@linkcode impersonatesLeash}), or nothing in it
 * is drawn (only white space and invisible characters).
 */
export function clientNameProblem(name: string): ClientNameProblem | undefined {
  if (impersonatesLeash(name)) return "impersonates-leash";
  const drawn = [...name].some((char) => !invisible.test(char) && !/^\s$/u.test(char));
  return drawn ? undefined : "nothing-visible";
}
