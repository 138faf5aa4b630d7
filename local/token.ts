/**
 * The private IPC token: 256 random bits as 64 hex characters, rotated at
 * every Broker start, stored 0600 in the runtime dir, compared in constant
 * time, and searched for in other text without a timing that tells it.
 *
 * @module
 */
import { runtimePath } from "./dirs.ts";
import { limits } from "../contracts/limits.ts";

const encoder = new TextEncoder();
const tokenPattern = new RegExp(`^[0-9a-f]{${limits.tokenLength}}$`);

/** `length` lowercase hex characters from a cryptographic random source. */
export function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("").slice(0, length);
}

/** A fresh token: 256 random bits as 64 lowercase hex characters. */
export function generateToken(): string {
  return randomHex(limits.tokenLength);
}

/** Whether `text` has the shape of a token (64 lowercase hex characters). */
export function isTokenShaped(text: string): boolean {
  return tokenPattern.test(text);
}

/**
 * Write `token` to the runtime dir's `token` file, mode 0600. It goes to a
 * fresh temporary file first and is renamed into place, so a reader never
 * sees half a token and the file never exists with a wider mode.
 */
export async function writeToken(runtimeDir: string, token: string): Promise<void> {
  const target = runtimePath(runtimeDir, "token");
  const temporary = `${target}.${crypto.randomUUID()}.tmp`;
  // Exactly the 64 characters, no newline, so a reader that does not trim still gets the token.
  await Deno.writeTextFile(temporary, token, { createNew: true, mode: 0o600 });
  try {
    await Deno.chmod(temporary, 0o600);
    await Deno.rename(temporary, target);
  } catch (error) {
    await Deno.remove(temporary).catch(() => {});
    throw error;
  }
}

/** Remove the token file, when it is there. */
export async function removeToken(runtimeDir: string): Promise<void> {
  await Deno.remove(runtimePath(runtimeDir, "token")).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
}

/**
 * Read the token a running Broker wrote. Throws when the file is missing or
 * does not hold a token.
 */
export async function readToken(runtimeDir: string): Promise<string> {
  const path = runtimePath(runtimeDir, "token");
  const text = (await Deno.readTextFile(path)).trim();
  if (!isTokenShaped(text)) throw new Error(`Cannot read token ${path}: it is not 64 hex digits`);
  return text;
}

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Compare two equal-length byte arrays without an early exit. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ (b[i] ?? 0);
  return difference === 0;
}

/** A random odd multiplier, so the rolling hash of a window cannot be predicted. */
function randomBase(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] | 1;
}

/**
 * Checks presented tokens against the Broker's, and finds the token inside
 * other text. Both sides of a check are hashed to 32-byte SHA-256 digests
 * and the digests compared in full, so the time taken says nothing about
 * the length or any prefix of the real token.
 */
export class TokenVerifier {
  readonly #expected: Uint8Array;
  /** The token's UTF-16 code units, compared only where the rolling hash matched. */
  readonly #units: Uint16Array;
  readonly #base: number;
  /** `#base` to the power of the token's length minus one, modulo 2³². */
  readonly #high: number;
  readonly #hash: number;

  private constructor(expected: Uint8Array, token: string) {
    this.#expected = expected;
    this.#units = new Uint16Array(token.length);
    for (let i = 0; i < token.length; i++) this.#units[i] = token.charCodeAt(i);
    this.#base = randomBase();
    let high = 1;
    for (let i = 1; i < token.length; i++) high = Math.imul(high, this.#base);
    this.#high = high;
    this.#hash = this.#windowHash(token, 0);
  }

  /** A verifier for `token`. */
  static async create(token: string): Promise<TokenVerifier> {
    if (token.length === 0) throw new RangeError("Cannot create verifier: the token is empty");
    return new TokenVerifier(await digest(token), token);
  }

  /** Whether `presented` is the token. */
  async verify(presented: string): Promise<boolean> {
    return constantTimeEqual(await digest(presented), this.#expected);
  }

  /**
   * Whether the token occurs anywhere in `text`. A rolling hash keyed with a
   * random multiplier (Rabin–Karp) walks every window; only a window whose
   * hash equals the token's is compared, in full and without an early exit.
   * The time taken grows with the length of `text`, not with how much of it
   * resembles the token, so a search over text a peer chose cannot be
   * timed to learn the token bit by bit, as a plain substring search could.
   */
  foundIn(text: string): boolean {
    const length = this.#units.length;
    if (text.length < length) return false;
    const base = this.#base;
    const high = this.#high;
    let hash = this.#windowHash(text, 0);
    for (let end = length;; end++) {
      if (hash === this.#hash && this.#matchesAt(text, end - length)) return true;
      if (end === text.length) return false;
      const dropped = Math.imul(text.charCodeAt(end - length), high);
      hash = (Math.imul(hash - dropped, base) + text.charCodeAt(end)) | 0;
    }
  }

  /** The hash of the token-long window of `text` starting at `start`. */
  #windowHash(text: string, start: number): number {
    let hash = 0;
    for (let i = 0; i < this.#units.length; i++) {
      hash = (Math.imul(hash, this.#base) + text.charCodeAt(start + i)) | 0;
    }
    return hash;
  }

  /** Whether the window of `text` at `start` is the token, compared without an early exit. */
  #matchesAt(text: string, start: number): boolean {
    let difference = 0;
    for (let i = 0; i < this.#units.length; i++) {
      difference |= this.#units[i] ^ text.charCodeAt(start + i);
    }
    return difference === 0;
  }
}
