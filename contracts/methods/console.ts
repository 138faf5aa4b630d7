/**
 * The console family: what the leased tab's page wrote to its console —
 * `console.*` calls, uncaught exceptions, unhandled promise rejections and
 * the browser's own log entries (a failed load, a blocked request) — from
 * the page's default world of documents of the lease's origin only, never
 * an extension's isolated world or another origin's frame.
 *
 * The provider keeps a bounded log per lease ({@linkcode consoleCaps}),
 * only in memory, and drops it when the lease ends. Capture starts with
 * the lease's first `browser.console` or `browser.network` call (pages can
 * notice the debugger's `Runtime` domain, so it stays off until wanted);
 * what the page logged earlier in the same document since the grant is
 * recovered then. Every entry is page data, redacted
 * (`contracts/redact_http.ts`) before it leaves the browser.
 *
 * @module
 */
import { z } from "zod";
import { CountSchema, LeaseHandleSchema, LeaseTokenSchema } from "./common.ts";
import { defineMethod } from "./define.ts";

/** The bounds of one lease's console log. */
export const consoleCaps = {
  /** Entries kept; the oldest go first. */
  entries: 500,
  /** UTF-16 units of entry text kept, all entries together. */
  textUnits: 256 * 1024,
  /** UTF-16 units of one entry's text (its arguments rendered by value). */
  entryUnits: 2_000,
  /** Stack frames kept of an exception or an error call. */
  stackFrames: 5,
  /** UTF-16 units of one stack frame's line. */
  frameUnits: 300,
  /** Entries one read returns by default. */
  defaultLimit: 50,
} as const;

/** Severities, least first; a `level` filter keeps that one and every graver one. */
export const consoleLevels = ["debug", "log", "info", "warn", "error"] as const;

export const ConsoleLevelSchema = z.enum(consoleLevels);

/** Where an entry came from. */
export const ConsoleSourceSchema = z.enum(["console", "exception", "rejection", "browser"]);

/**
 * A position in a lease's log: the sequence number of the last entry a
 * read returned. Pass it as `since` to read only what came after.
 */
export const LogCursorSchema = z.string().regex(/^\d{1,15}$/);

/** A URL of page data, already redacted. */
export const LoggedUrlSchema = z.string().max(2_048);

/** One console entry. All its text is page data. */
export const ConsoleEntrySchema = z.strictObject({
  /** Its place in the lease's log, from 1. */
  seq: CountSchema,
  /** When the page logged it, in ms since the epoch. */
  time: z.number().nonnegative(),
  level: ConsoleLevelSchema,
  source: ConsoleSourceSchema,
  /** The message, arguments rendered by value and bounded. */
  text: z.string().max(consoleCaps.entryUnits),
  /** The script or resource it names, redacted. */
  url: LoggedUrlSchema.optional(),
  /** 1-based line and column in `url`. */
  line: CountSchema.optional(),
  column: CountSchema.optional(),
  /** The innermost frames, `function (url:line:column)`. */
  stack: z.array(z.string().max(consoleCaps.frameUnits)).max(consoleCaps.stackFrames).optional(),
});

/** How far capture reaches back, and what a read left out. */
export const LogWindowShape = {
  /** The cursor of the newest entry returned (or of `since` when none was). */
  cursor: LogCursorSchema,
  /** Whether capture started with this call. */
  started: z.boolean(),
  /** When capture began, in ms since the epoch. */
  capturingSince: z.number().nonnegative(),
  /** Matching entries not returned because of `limit` (older ones without `since`, newer with). */
  omitted: CountSchema,
  /** Entries after `since` (or at all) that the caps pushed out before they were read. */
  dropped: CountSchema,
};

/** A read of the console log. */
export const ConsoleLogSchema = z.strictObject({
  entries: z.array(ConsoleEntrySchema).max(consoleCaps.entries),
  ...LogWindowShape,
});

/** How much of the log to read. */
export const consoleReadShape = {
  /** Only entries after this cursor, oldest first; without it, the newest `limit`. */
  since: LogCursorSchema.optional(),
  /** Only entries of this severity or graver. */
  level: ConsoleLevelSchema.optional(),
  limit: z.number().int().min(1).max(consoleCaps.entries).optional(),
};

/** The console methods. */
export const consoleMethods = {
  "browser.console": defineMethod({
    direction: "client→broker",
    title:
      "Read the leased tab's console messages and page errors, redacted, starting capture on first use.",
    capability: "runtime.console.v1",
    params: z.strictObject({ ...LeaseHandleSchema.shape, ...consoleReadShape }),
    result: ConsoleLogSchema,
  }),
  "console.read": defineMethod({
    direction: "broker→provider",
    title: "Read the lease's console log, starting capture on first use.",
    capability: "page.console.v1",
    params: z.strictObject({ lease: LeaseTokenSchema, ...consoleReadShape }),
    result: ConsoleLogSchema,
  }),
};

export type ConsoleLevel = z.infer<typeof ConsoleLevelSchema>;
export type ConsoleSource = z.infer<typeof ConsoleSourceSchema>;
export type ConsoleEntry = z.infer<typeof ConsoleEntrySchema>;
export type ConsoleLog = z.infer<typeof ConsoleLogSchema>;

/** How grave `level` is: `debug` 0 up to `error` 3 (`log` and `info` alike). */
export function levelRank(level: ConsoleLevel): number {
  return level === "debug" ? 0 : level === "warn" ? 2 : level === "error" ? 3 : 1;
}
