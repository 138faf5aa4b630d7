/**
 * A lease's bounded log: entries numbered from 1 in the order they were
 * heard, at most `maxEntries` of them and `maxUnits` of text all together,
 * the oldest going first, and a read by cursor like an observation's
 * `since`. The console and network logs are both one.
 *
 * @module
 */
import { LeashError } from "../../contracts/errors.ts";

/** What a log keeps of every entry. */
export interface Logged {
  /** Its place in the log, from 1. */
  seq: number;
}

/** The caps of one log. */
export interface LogCaps {
  maxEntries: number;
  /** Text units (as each entry's `units` counts them) all entries may hold. */
  maxUnits: number;
}

/** What a read asks for. */
export interface LogQuery<T> {
  /** Entries after this cursor, oldest first; without it, the newest `limit`. */
  since?: string;
  /** Entries to keep. */
  where?: (entry: T) => boolean;
  limit: number;
}

/** What a read returns, in the shape of the wire's log window. */
export interface LogSlice<T> {
  entries: T[];
  cursor: string;
  omitted: number;
  dropped: number;
}

interface Held<T> {
  entry: T;
  units: number;
}

/** A bounded log of entries. */
export class LogBuffer<T extends Logged> {
  readonly #caps: LogCaps;
  readonly #held: Held<T>[] = [];
  #units = 0;
  #lastSeq = 0;
  /** The highest sequence number pushed out by the caps. */
  #droppedThrough = 0;

  constructor(caps: LogCaps) {
    this.#caps = caps;
  }

  /** The next entry's sequence number. */
  nextSeq(): number {
    return this.#lastSeq + 1;
  }

  /** How many entries are kept. */
  get size(): number {
    return this.#held.length;
  }

  /** Units of text kept. */
  get units(): number {
    return this.#units;
  }

  /** Keep `entry` (numbered with {@linkcode nextSeq}), pushing out the oldest past the caps. */
  push(entry: T, units: number): void {
    this.#lastSeq = entry.seq;
    this.#held.push({ entry, units });
    this.#units += units;
    this.#bound();
  }

  /** `entry` (already kept) now holds `more` units of text besides. */
  grew(entry: T, more: number): void {
    const held = this.#held.find((item) => item.entry === entry);
    if (held === undefined) return;
    held.units += more;
    this.#units += more;
    this.#bound();
  }

  /** The kept entry numbered `seq`. */
  find(where: (entry: T) => boolean): T | undefined {
    for (let index = this.#held.length - 1; index >= 0; index--) {
      const entry = this.#held[index].entry;
      if (where(entry)) return entry;
    }
    return undefined;
  }

  /**
   * Read by `query`. A cursor past the newest entry is another log's:
   * `STALE_CURSOR`.
   */
  read(query: LogQuery<T>): LogSlice<T> {
    const since = query.since === undefined ? undefined : Number(query.since);
    if (since !== undefined && since > this.#lastSeq) {
      throw new LeashError("STALE_CURSOR", { cause: new Error("the cursor is of another log") });
    }
    const after = since ?? 0;
    const where = query.where ?? (() => true);
    const matching = this.#held
      .filter((held) => held.entry.seq > after && where(held.entry))
      .map((held) => held.entry);
    const dropped = Math.max(0, this.#droppedThrough - after);
    const entries = since === undefined
      ? matching.slice(-query.limit)
      : matching.slice(0, query.limit);
    const last = entries.at(-1)?.seq ?? (since === undefined ? this.#lastSeq : since);
    // Reading the newest returns the whole log's position: nothing older is pending.
    const cursor = since === undefined ? this.#lastSeq : last;
    return {
      entries,
      cursor: String(cursor),
      omitted: matching.length - entries.length,
      dropped,
    };
  }

  /** Drop everything, keeping the numbering (a cursor stays valid and sees the loss). */
  clear(): void {
    this.#droppedThrough = this.#lastSeq;
    this.#held.length = 0;
    this.#units = 0;
  }

  #bound(): void {
    while (
      this.#held.length > 0 &&
      (this.#held.length > this.#caps.maxEntries || this.#units > this.#caps.maxUnits)
    ) {
      const oldest = this.#held.shift();
      if (oldest === undefined) break;
      this.#units -= oldest.units;
      this.#droppedThrough = oldest.entry.seq;
    }
  }
}
