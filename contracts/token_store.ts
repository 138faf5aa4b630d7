/**
 * Bounded stores of opaque tokens, each standing for a value its holder
 * keeps (a continuation, a cursor) so that the value itself never leaves
 * it. A token is unguessable, never stands for two values at once, and
 * goes when it is spent, when its time runs out, when its group (say, its
 * lease) or the whole store is over its bound (oldest first), or when the
 * holder forgets it. Callers decide what a token may be presented with.
 *
 * @module
 */

/** Options for a {@linkcode TokenStore}. */
export interface TokenStoreOptions<T> {
  /** The group a value counts against, e.g. its lease. */
  groupOf: (value: T) => string;
  /** Tokens kept per group, oldest dropped first. */
  perGroup: number;
  /** Tokens kept in all, oldest dropped first. */
  total: number;
  /** How long a token stays usable after it was issued, in ms. Default: no limit. */
  ttlMs?: number;
  /** Milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Makes a token. Default {@linkcode randomHexToken}; tests pass a counter. */
  token?: () => string;
}

interface Entry<T> {
  value: T;
  issuedAt: number;
}

/**
 * `prefix` followed by 128 random bits as 32 hex digits: unguessable, and
 * the prefix says what the token is.
 */
export function randomHexToken(prefix = ""): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return prefix + Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Draw tokens from `next` until one is not in use: a collision must never
 * make one token stand for two things. Throws after 16 draws in use.
 */
export function freshToken(next: () => string, inUse: (token: string) => boolean): string {
  for (let attempt = 0; attempt < 16; attempt++) {
    const token = next();
    if (!inUse(token)) return token;
  }
  throw new Error("Cannot mint a token: the generator keeps returning tokens already in use");
}

/**
 * Values by token, bounded per group and in total, with an optional time to
 * live.
 *
 * @example
 * ```ts
 * const store = new TokenStore<{ leaseId: string }>({
 *   groupOf: (value) => value.leaseId, perGroup: 8, total: 256, ttlMs: 60_000,
 * });
 * const token = store.issue({ leaseId: "l" });
 * store.take(token); // { leaseId: "l" }
 * store.take(token); // undefined: spent
 * ```
 */
export class TokenStore<T> {
  /** Oldest (least recently touched) first. */
  readonly #entries = new Map<string, Entry<T>>();
  readonly #groupOf: (value: T) => string;
  readonly #perGroup: number;
  readonly #total: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #token: () => string;

  constructor(options: TokenStoreOptions<T>) {
    this.#groupOf = options.groupOf;
    this.#perGroup = options.perGroup;
    this.#total = options.total;
    this.#ttlMs = options.ttlMs ?? Infinity;
    this.#now = options.now ?? Date.now;
    this.#token = options.token ?? (() => randomHexToken());
  }

  /** Tokens held: usable, or expired and not yet dropped. */
  get size(): number {
    return this.#entries.size;
  }

  /** Keep `value` and return a new token that stands for it. */
  issue(value: T): string {
    this.#dropExpired();
    const token = freshToken(this.#token, (candidate) => this.#entries.has(candidate));
    this.#entries.set(token, { value, issuedAt: this.#now() });
    this.#bound(this.#groupOf(value));
    return token;
  }

  /**
   * What a usable `token` stands for, without spending it; `undefined` when
   * it is unknown, spent, dropped or expired (an expired one is dropped).
   */
  get(token: string): T | undefined {
    const entry = this.#entries.get(token);
    if (entry === undefined) return undefined;
    if (this.#expired(entry, this.#now())) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** Spend `token`: what it stood for if it was usable, else `undefined`. Either way it is gone. */
  take(token: string): T | undefined {
    const value = this.get(token);
    this.#entries.delete(token);
    return value;
  }

  /** Count `token` as just used: it is dropped last for room. Its time to live does not restart. */
  touch(token: string): void {
    const entry = this.#entries.get(token);
    if (entry === undefined) return;
    this.#entries.delete(token);
    this.#entries.set(token, entry);
  }

  /** The most recently issued or touched usable token whose value matches `where`. */
  newest(where: (value: T) => boolean): string | undefined {
    const now = this.#now();
    let found: string | undefined;
    for (const [token, entry] of this.#entries) {
      if (!this.#expired(entry, now) && where(entry.value)) found = token;
    }
    return found;
  }

  /** The usable values that match `where`, the most recently issued or touched first. */
  values(where: (value: T) => boolean): T[] {
    const now = this.#now();
    const found: T[] = [];
    for (const entry of this.#entries.values()) {
      if (!this.#expired(entry, now) && where(entry.value)) found.push(entry.value);
    }
    return found.reverse();
  }

  /** Drop every token whose value matches `where` (its lease ended, say). */
  forget(where: (value: T) => boolean): void {
    for (const [token, entry] of this.#entries) {
      if (where(entry.value)) this.#entries.delete(token);
    }
  }

  #expired(entry: Entry<T>, now: number): boolean {
    return now - entry.issuedAt > this.#ttlMs;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [token, entry] of this.#entries) {
      if (this.#expired(entry, now)) this.#entries.delete(token);
    }
  }

  #bound(group: string): void {
    let count = 0;
    for (const entry of this.#entries.values()) if (this.#groupOf(entry.value) === group) count++;
    for (const [token, entry] of this.#entries) {
      if (count <= this.#perGroup) break;
      if (this.#groupOf(entry.value) !== group) continue;
      this.#entries.delete(token);
      count--;
    }
    for (const token of this.#entries.keys()) {
      if (this.#entries.size <= this.#total) break;
      this.#entries.delete(token);
    }
  }
}
