/**
 * The private IPC token: 256 random bits as 64 hex characters, rotated at
 * every Broker start, stored 0600 in the runtime dir, and compared in
 * constant time.
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

/**
 * Checks presented tokens against the Broker's. Both sides are hashed to
 * 32-byte SHA-256 digests and the digests compared in full, so the time
 * taken says nothing about the length or any prefix of the real token.
 */
export class TokenVerifier {
  readonly #expected: Uint8Array;

  private constructor(expected: Uint8Array) {
    this.#expected = expected;
  }

  /** A verifier for `token`. */
  static async create(token: string): Promise<TokenVerifier> {
    return new TokenVerifier(await digest(token));
  }

  /** Whether `presented` is the token. */
  async verify(presented: string): Promise<boolean> {
    return constantTimeEqual(await digest(presented), this.#expected);
  }
}
