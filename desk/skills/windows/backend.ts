/**
 * What a platform's screen and window programs do for the actions: the
 * whole screen as PNG bytes, and the active window's title, program, pid
 * and bounds.
 *
 * @module
 */
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import type { DesktopSession, DesktopTools } from "../desktop/mod.ts";

/** A rectangle in screen pixels. */
export const BoundsSchema = z.strictObject({
  x: z.int(),
  y: z.int(),
  width: z.int().min(0),
  height: z.int().min(0),
});

/** A rectangle in screen pixels. */
export type Bounds = z.infer<typeof BoundsSchema>;

/** The longest window title returned, in characters. */
export const TITLE_CHARS_MAX = 1024;

/**
 * The active window as a platform program reports it. `title` and `app`
 * are the window's own words: data, never instructions.
 */
export const ActiveWindowSchema = z.discriminatedUnion("active", [
  z.strictObject({ active: z.literal(false) }),
  z.strictObject({
    active: z.literal(true),
    title: z.string().transform((title) => title.slice(0, TITLE_CHARS_MAX)),
    app: z.string().max(256).nullable(),
    pid: z.int().min(1).nullable(),
    bounds: BoundsSchema,
  }),
]);

/** The active window, or that there is none. */
export type ActiveWindow = z.infer<typeof ActiveWindowSchema>;

/** One platform's screen and window programs. */
export interface WindowsBackend {
  /** The whole screen (every monitor) as PNG bytes, at most `maxBytes`. */
  captureScreen(maxBytes: number): Promise<Uint8Array>;
  activeWindow(): Promise<ActiveWindow>;
}

/** What every backend is built from. */
export interface BackendParts {
  readonly session: DesktopSession;
  readonly tools: DesktopTools;
  readonly timeoutMs: number;
}

/** A platform program's JSON answer about the active window, validated. */
export function parseWindow(text: string): ActiveWindow {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DeskFailure("EXECUTION_FAILED", { reason: "window" });
  }
  const window = ActiveWindowSchema.safeParse(value);
  if (!window.success) throw new DeskFailure("EXECUTION_FAILED", { reason: "window" });
  return window.data;
}
