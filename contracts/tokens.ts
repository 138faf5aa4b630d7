/**
 * Estimated tokens of text, one yardstick for the Broker's budgets and the
 * provider's bounded reads. {@linkcode estimateTokens} counts a
 * run of ASCII letters one token per six letters, a run of digits one
 * per three, any other ASCII character (punctuation, a newline) one, a run
 * of two or more spaces one, a single space nothing (tokenizers fold it into
 * the next word), and every non-ASCII code point one. Measured against the
 * o200k_base and cl100k_base encodings on this folder's fixtures and a
 * 2,000-row table, it overestimates by 5–25% on page text and markup, so
 * a budget errs towards spending less than it may. (A flat four
 * characters a token underestimated the table by 36%: rows are dense in
 * quotes, short numbers and indentation.)
 *
 * @module
 */

const lexeme = /[A-Za-z]+|[0-9]+|[ \t]+|[\u0080-\u{10ffff}]|[\s\S]/gu;

/** Estimated tokens of `text` (see the module notes). Additive over lines joined by newlines. */
export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const [piece] of text.matchAll(lexeme)) {
    const first = piece.charCodeAt(0);
    if ((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a)) {
      tokens += Math.ceil(piece.length / 6);
    } else if (first >= 0x30 && first <= 0x39) {
      tokens += Math.ceil(piece.length / 3);
    } else if (first === 0x20 || first === 0x09) {
      tokens += piece.length > 1 ? 1 : 0;
    } else {
      tokens += 1;
    }
  }
  return tokens;
}

/**
 * The tokens one row of a page read's bound (`ax.read`'s `maxNodes`) stands
 * for: the fewest a shown line costs (a role, a quoted name or a ref). The
 * Broker turns a budget into rows by it and the provider's walk weighs a
 * row's text by it, so the two must agree.
 */
export const tokensPerRow = 3;
