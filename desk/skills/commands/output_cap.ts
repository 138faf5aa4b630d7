/**
 * A command's output kept head and tail: the first and last bytes of a
 * stream of any length, so a command that prints 50 MB costs a few hundred
 * KB and its result still fits DeskBridge's 1 MB frame once JSON-encoded.
 *
 * @module
 */
import { concatBytes } from "../bytes.ts";

/** How many bytes of a stream's start and of its end are kept. */
export interface OutputCapLimits {
  readonly headBytes: number;
  readonly tailBytes: number;
  /** The most UTF-8 bytes the text may take once JSON-encoded as a string. */
  readonly jsonBytes: number;
}

/**
 * Two streams' share of a 1 MB frame, with room for the rest of the result:
 * JSON escapes can make a control byte six bytes long, so the text is fitted
 * to `jsonBytes` after decoding as well as capped in bytes while reading.
 */
export const COMMAND_OUTPUT_LIMITS: OutputCapLimits = {
  headBytes: 192 * 1024,
  tailBytes: 192 * 1024,
  jsonBytes: 448 * 1024,
};

/** One stream's text, as the result carries it. */
export interface CappedText {
  /** The head, a marker naming what was left out, and the tail. */
  readonly text: string;
  /** Every byte the stream produced. */
  readonly totalBytes: number;
  /** Whether anything was left out. */
  readonly truncated: boolean;
}

const encoder = new TextEncoder();

function jsonSize(text: string): number {
  return encoder.encode(JSON.stringify(text)).length;
}

/** Collects one stream, keeping at most its head and its tail. */
export class OutputCap {
  readonly #limits: OutputCapLimits;
  #head = new Uint8Array(0);
  #tail: Uint8Array[] = [];
  #tailBytes = 0;
  #total = 0;

  constructor(limits: OutputCapLimits = COMMAND_OUTPUT_LIMITS) {
    this.#limits = limits;
  }

  /** Takes one chunk of the stream. */
  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    const room = this.#limits.headBytes - this.#head.length;
    if (room > 0) {
      const taken = chunk.subarray(0, room);
      const head = new Uint8Array(this.#head.length + taken.length);
      head.set(this.#head);
      head.set(taken, this.#head.length);
      this.#head = head;
      chunk = chunk.subarray(taken.length);
    }
    if (chunk.length === 0) return;
    // Copied, so a reused read buffer cannot change what was kept.
    this.#tail.push(chunk.slice(Math.max(0, chunk.length - this.#limits.tailBytes)));
    this.#tailBytes += this.#tail.at(-1)!.length;
    while (this.#tailBytes - this.#tail[0].length >= this.#limits.tailBytes) {
      this.#tailBytes -= this.#tail.shift()!.length;
    }
  }

  /** The stream so far, decoded as UTF-8 and fitted to the JSON budget. */
  result(): CappedText {
    const tail = concatBytes(this.#tail);
    const keptTail = tail.subarray(Math.max(0, tail.length - this.#limits.tailBytes));
    const omitted = this.#total - this.#head.length - keptTail.length;
    const decoder = new TextDecoder();
    let head = decoder.decode(this.#head);
    let end = decoder.decode(keptTail);
    if (omitted === 0 && jsonSize(head + end) <= this.#limits.jsonBytes) {
      return { text: head + end, totalBytes: this.#total, truncated: false };
    }
    const marker = (left: number) => `\n[… ${left} bytes of output left out …]\n`;
    // Control bytes grow sixfold in JSON: shrink both ends until the text fits.
    for (;;) {
      const text = head + marker(this.#total - encoder.encode(head + end).length) + end;
      const size = jsonSize(text);
      if (size <= this.#limits.jsonBytes) {
        return { text, totalBytes: this.#total, truncated: true };
      }
      const keep = this.#limits.jsonBytes / size * 0.9;
      head = head.slice(0, Math.floor(head.length * keep));
      end = end.slice(end.length - Math.floor(end.length * keep));
    }
  }
}
