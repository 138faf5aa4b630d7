/**
 * In-memory standard streams for verb tests: stdin from given lines (or fed
 * one at a time), stdout and stderr collected.
 *
 * @module
 */
import type { VerbIo } from "./io.ts";

/** A verb's streams in memory. */
export interface MemoryIo extends VerbIo {
  /** Every block written to stdout. */
  outs: string[];
  /** Every block written to stderr. */
  errs: string[];
  /** Add a line to stdin. */
  feed(line: string): void;
  /** End stdin. */
  end(): void;
}

/** Streams whose stdin holds `lines` and stays open until `end()` unless `closed`. */
export function memoryIo(lines: readonly string[] = [], closed = true): MemoryIo {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stdin = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const line of lines) c.enqueue(encoder.encode(`${line}\n`));
      if (closed) c.close();
    },
  });
  const outs: string[] = [];
  const errs: string[] = [];
  return {
    outs,
    errs,
    stdin: () => stdin,
    out: (text) => outs.push(text),
    err: (text) => errs.push(text),
    feed: (line) => controller?.enqueue(encoder.encode(`${line}\n`)),
    end: () => controller?.close(),
  };
}
