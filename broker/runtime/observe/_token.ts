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

/** Draw tokens from `next` until one is not in use: a collision must never alias two things. */
export function freshToken(next: () => string, inUse: (token: string) => boolean): string {
  for (let attempt = 0; attempt < 16; attempt++) {
    const token = next();
    if (!inUse(token)) return token;
  }
  throw new Error("Cannot mint a token: the generator keeps returning tokens already in use");
}
