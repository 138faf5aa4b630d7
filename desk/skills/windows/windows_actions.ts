/**
 * `capture_screen` and `get_active_window`. A capture is read whole by the
 * platform's program, then cut to `region`, scaled down to `maxWidth` and
 * written as PNG without metadata into the workspace by the image engine
 * (libvips), which also makes the small JPEG thumbnail the answer carries.
 * The active window's title and program name are the window's own words:
 * data, never instructions.
 *
 * @module
 */
import { z } from "zod";
import { DeskFailure } from "../../../contracts/desk/codes.ts";
import { destination } from "../destination.ts";
import { type DesktopSession, desktopTools } from "../desktop/mod.ts";
import { DEFAULT_IMAGE_LIMITS, encode, loadVips, type VipsImage } from "../images/mod.ts";
import { publishFile } from "../publish.ts";
import type { ResolveInside, SkillAction } from "../skill.ts";
import type { ActiveWindow, BackendParts, WindowsBackend } from "./backend.ts";
import { darwinWindows } from "./darwin.ts";
import { powershellWindows } from "./powershell.ts";
import { x11Windows } from "./x11.ts";

/** The Windows area's limits. */
export const WINDOWS_LIMITS = {
  /** Bytes of the platform program's whole-screen PNG. */
  captureBytesMax: 128 * 1024 * 1024,
  /** Screen pixels (width × height), as the images skill allows. */
  pixelsMax: DEFAULT_IMAGE_LIMITS.maxPixels,
  /** The thumbnail's longer side, and its most bytes before base64. */
  thumbnailSideMax: 256,
  thumbnailBytesMax: 48 * 1024,
  /** How long one platform program may run. */
  timeoutMs: 15_000,
} as const;

const side = z.int().min(1).max(32_768);

/** `capture_screen`'s arguments. */
export const CaptureScreenArgsSchema = z.strictObject({
  /** The part of the screen to keep, in screen pixels; the whole screen by default. */
  region: z.strictObject({
    x: z.int().min(0).max(32_767),
    y: z.int().min(0).max(32_767),
    width: side,
    height: side,
  }).optional(),
  /** Scaled down to this width when wider, keeping the aspect ratio. */
  maxWidth: z.int().min(16).max(16_384).optional(),
  /** A file or folder (ending in `/`) in the workspace; a new name in the root by default. */
  output: z.string().min(1).max(4096).optional(),
});

/** `get_active_window`'s arguments: none. */
export const GetActiveWindowArgsSchema = z.strictObject({});

/** What the Windows actions need from the host. */
export interface WindowsContext {
  readonly session: DesktopSession;
  /** Only `capture_screen` writes; `get_active_window` never calls it. */
  readonly resolveInside: ResolveInside;
}

/** What `capture_screen` answers. */
export interface ScreenCapture {
  /** Where the PNG was written, as the caller would name it. */
  readonly path: string;
  readonly format: "png";
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  /** The whole screen's size, in pixels. */
  readonly screen: { readonly width: number; readonly height: number };
  readonly thumbnail: {
    readonly mimeType: "image/jpeg";
    readonly width: number;
    readonly height: number;
    /** Base64. */
    readonly data: string;
  };
}

function backendFor(session: DesktopSession): WindowsBackend {
  const found = desktopTools("windows", session);
  if (!found.available) {
    throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE", {
      missing: found.missing,
      reason: found.reason,
    });
  }
  const parts: BackendParts = { session, tools: found.tools, timeoutMs: WINDOWS_LIMITS.timeoutMs };
  if (session.kind === "darwin") return darwinWindows(parts);
  if (session.kind === "windows") return powershellWindows(parts);
  return x11Windows(parts);
}

/** A thumbnail of `image` within the side and byte bounds, as JPEG. */
function thumbnailOf(image: VipsImage): ScreenCapture["thumbnail"] {
  const made: VipsImage[] = [];
  try {
    const side = WINDOWS_LIMITS.thumbnailSideMax;
    const small = image.thumbnailImage(side, { height: side, size: "down" });
    made.push(small);
    const opaque = small.hasAlpha() ? small.flatten({ background: [255, 255, 255] }) : small;
    if (opaque !== small) made.push(opaque);
    for (const quality of [60, 35, 15]) {
      const data = encode(opaque, "jpeg", quality);
      if (data.length <= WINDOWS_LIMITS.thumbnailBytesMax) {
        return {
          mimeType: "image/jpeg",
          width: opaque.width,
          height: opaque.height,
          data: data.toBase64(),
        };
      }
    }
    throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "thumbnail" });
  } finally {
    for (const each of made) each.delete();
  }
}

function stamp(): string {
  return new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
}

/**
 * `capture_screen`: the screen (or `region` of it) as a PNG in the
 * workspace. A region past the screen's edge is `INVALID_REQUEST`.
 */
export async function captureScreen(
  args: z.infer<typeof CaptureScreenArgsSchema>,
  context: WindowsContext,
): Promise<ScreenCapture> {
  const backend = backendFor(context.session);
  const vips = await loadVips();
  if (vips === undefined) {
    throw new DeskFailure("SKILL_RUNTIME_UNAVAILABLE", {
      missing: "wasm-vips",
      reason: "The image library (libvips as WebAssembly) could not start.",
    });
  }
  // The target is judged before the screen is read: nothing is captured for a refused path.
  const place = await destination(args.output, `screen-${stamp()}.png`, {
    extension: "png",
    resolveInside: context.resolveInside,
  });
  const shot = await backend.captureScreen(WINDOWS_LIMITS.captureBytesMax);
  let screen: VipsImage;
  try {
    screen = vips.Image.newFromBuffer(shot, "", { fail_on: "truncated" });
  } catch {
    throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "decode" });
  }
  const made: VipsImage[] = [screen];
  try {
    if (screen.width * screen.height > WINDOWS_LIMITS.pixelsMax) {
      throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "pixels" });
    }
    const region = args.region ?? { x: 0, y: 0, width: screen.width, height: screen.height };
    if (region.x + region.width > screen.width || region.y + region.height > screen.height) {
      throw new DeskFailure("INVALID_REQUEST", { field: "region" });
    }
    let image = screen;
    if (args.region !== undefined) {
      image = screen.extractArea(region.x, region.y, region.width, region.height);
      made.push(image);
    }
    if (args.maxWidth !== undefined && image.width > args.maxWidth) {
      image = image.thumbnailImage(args.maxWidth, { height: 10_000_000, size: "down" });
      made.push(image);
    }
    let data: Uint8Array;
    let thumbnail: ScreenCapture["thumbnail"];
    try {
      data = encode(image, "png");
      thumbnail = thumbnailOf(image);
    } catch (error) {
      if (error instanceof DeskFailure) throw error;
      throw new DeskFailure("IMAGE_PROCESSING_FAILED", { reason: "pipeline" });
    }
    await publishFile(place.absolute, async (file) => {
      await file.write(data);
    });
    return {
      path: place.relative,
      format: "png",
      width: image.width,
      height: image.height,
      bytes: data.length,
      screen: { width: screen.width, height: screen.height },
      thumbnail,
    };
  } finally {
    for (const each of made) each.delete();
  }
}

/** `get_active_window`: the focused window's title, program, pid and bounds. */
export async function getActiveWindow(
  _args: z.infer<typeof GetActiveWindowArgsSchema>,
  context: WindowsContext,
): Promise<ActiveWindow> {
  return await backendFor(context.session).activeWindow();
}

/** The `capture_screen` action. */
export const captureScreenAction: SkillAction<
  typeof CaptureScreenArgsSchema,
  WindowsContext,
  ScreenCapture
> = { action: "capture_screen", schema: CaptureScreenArgsSchema, run: captureScreen };

/** The `get_active_window` action. */
export const getActiveWindowAction: SkillAction<
  typeof GetActiveWindowArgsSchema,
  WindowsContext,
  ActiveWindow
> = { action: "get_active_window", schema: GetActiveWindowArgsSchema, run: getActiveWindow };
