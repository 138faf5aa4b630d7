/**
 * Structured logs: one JSON object per line on stderr, with a timestamp, a
 * level, an event name and the connection's short id. Fields are plain
 * scalars chosen at each call site; nothing a peer sent is logged wholesale,
 * so the token cannot end up here.
 *
 * @module
 */

/** How much a log line matters. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** Extra scalar fields of one line. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** Writes log lines. */
export interface Logger {
  /** Log `event` at `level`, for connection `conn` when given. */
  log(level: LogLevel, event: string, fields?: LogFields & { conn?: string }): void;
}

const encoder = new TextEncoder();
const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Writes every byte of `bytes` to stderr, synchronously, so lines never interleave. */
function writeStderr(line: string): void {
  const bytes = encoder.encode(line);
  let offset = 0;
  while (offset < bytes.length) offset += Deno.stderr.writeSync(bytes.subarray(offset));
}

/** A {@linkcode Logger} writing JSON lines. */
export class JsonLogger implements Logger {
  readonly #write: (line: string) => void;
  readonly #minimum: number;

  /** Write lines of `minimum` level and above with `write` (stderr by default). */
  constructor(options: { write?: (line: string) => void; minimum?: LogLevel } = {}) {
    this.#write = options.write ?? writeStderr;
    this.#minimum = rank[options.minimum ?? "info"];
  }

  log(level: LogLevel, event: string, fields: LogFields & { conn?: string } = {}): void {
    if (rank[level] < this.#minimum) return;
    const { conn, ...rest } = fields;
    const line = { ts: new Date().toISOString(), level, event, conn, ...rest };
    this.#write(`${JSON.stringify(line)}\n`);
  }
}

/** A logger that drops everything, for tests and embedded use. */
export const silentLogger: Logger = { log() {} };
