/**
 * Opaque random tokens for document epochs and cursors.
 *
 * @module
 */

const alphabet = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * A random lowercase base32 token: 5 bits per character, so the default 12
 * characters carry 60 bits — enough that a caller cannot guess another
 * lease's epoch or cursor, short enough to cost a model few tokens.
 */
export function randomToken(length = 12): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 256 is a multiple of 32, so masking keeps every character equally likely.
  let token = "";
  for (const byte of bytes) token += alphabet[byte & 31];
  return token;
}
